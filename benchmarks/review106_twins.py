"""Adversarial twins of killers197's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an object built in the handing call itself (``_handing_built`` in ``drift/handed_needs.py``; #23014
  ``get_quant_config`` now reads ``model_config.hf_overrides``, #49797 ``model_config.model_arch_config``): the
  fork's stand-in class naming the attribute (in ``__init__``, as a class attribute, a dataclass field, a
  property, a ``NamedTuple`` field, on a base class of the file), a namespace built with it or spread from
  the real config, a class under an outside base (``ModelConfig``), a ``__getattr__`` forwarding to the real
  config, a ``__dict__.update`` of keywords, the fork's own ``get_quant_config`` namesake, a build under
  ``try``/``except AttributeError``;
- a module function handed on to a forwarder (``_forwarded`` in ``drift/patched_functions.py``; #41499
  ``loop.run_in_executor(executor, _prefetch_checkpoint, path, block_size)``): a replacement taking the new
  ``block_size`` (defaulted), ``*args`` alone, a lambda taking ``*_``, a callable object, a ``setattr``
  patch, a ``functools.wraps`` wrapper, a replacement chosen by a probe of the original's signature, the
  fork's own one-argument namesake handed to ``asyncio.to_thread`` in its own file, a replacement of the
  kept ``_get_fs_type`` (called with its one argument);
- a list the fork ordered, handed to a def that now sorts it (``drift/reordered_inputs.py``, a warning; #33491
  and #34190): the list sorted by the fork, the ordered list handed to the kept unsorted ``pt_weights_iterator``
  or to a filter, the fork's own namesake iterator, a local rebound to its sorted self, a comprehension.

The same shape on a second real commit, where the new reads are unconditional (so a false finding is a false
error, where #23014's and #49797's reads after the def's tests are warnings): #18042 (ea6ae8cb45) made
``check_moe_marlin_supports_layer(layer, group_size)`` read ``layer.apply_router_weight_on_input`` and
``layer.activation``; twins built in the call: a namespace with the names, a frozen dataclass setting them with
``object.__setattr__`` in ``__post_init__``, a ``setattr`` loop over a table, a helper its ``__init__`` calls, a
base of the file with a ``__getattr__``, the names stored on the class after its body, the fork's own method of
the name off ``self``, the build wrapped by a fork helper filling the names, the unchanged linear check, a
``try``/``except AttributeError``, a function's own class of the file class's name, a class whose ``__new__``
returns a copy of the real layer.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings (``blind_replay_wutils.py`` ho2, so1, fs1, pf1), kept to show the reach stays, and two
builds in the call under #18042 lacking the names (a namespace, a shape class of the file).

Round 1 (main at fa1da528), 4 cases and 29 twins as first written (#23014, #49797, #41499, #33491, #34190): 4
warned of 4 (pf1's error sits on its patch line, the spelling is labelled on the ``def``); 0 false errors of 29
(1 warned: the one-argument replacement installed only when a probe of the original's signature finds one
parameter).  Two namespace twins first watched a continuation line of a call spread over three lines, no line
a finding can land on: rewritten as one-line calls.  Then #18042 (errors, main's engine): 2 caught of 2, 1
false error of 11: the function's own ``class AeonMoeShape`` holding the names, shadowing the file's class of
that name (the file's class was read as the one built).  Round 2 (this branch): a class the function defines
itself (or any name it binds, ``held_partials.local_names``) is not the file's namesake, for a build in place
as for a local bound once.  Two more twins written after: a one-argument replacement beside the fork's own
``_prefetch_all_checkpoints`` (upstream's forwarder never runs: quiet, ``within`` as before) and a class whose
``__new__`` returns a copy of the real layer with its ``activation`` set (a false error: its call builds no
object of its class).  Mended: a class whose ``__new__`` (or a file base's) returns an object it did not make
with ``....__new__(cls)`` builds none of its own.  All rounds, main (fa1da528): 2 caught, 4 warned of 6; 2
false errors of 42 twins (r106e12, r106e13).  This branch: 2 caught, 4 warned of 6; 0 false errors of 42 twins
(1 warned).  Regression as recorded: blind_replay_wutils 11 caught, 6 warned, 3 missed of 20 (12 quiet, 0
false), killer_replay 26/26, kind_change_replay 12/12, review84_twins 9/9 (0 false of 29),
blind_replay_quantkern 13 caught, 4 missed of 17, blind_replay_fp8meth 21 caught, 1 warned of 22, review31_twins
5 caught, 1 warned of 6 (0 false of 41, 1 warned), review82_twins 11/11 (0 false of 29, 4 warned).

  PYTHONPATH=.. python review106_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from blind_replay_wutils import CASES as WUTILS
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = [
    c for c in WUTILS if c[2].edits[0].path.rsplit("/", 1)[-1] in ("ho2.py", "so1.py", "fs1.py", "pf1.py")
]
TWINS: list[tuple[str, str, Killer]] = []
WU = "vllm.model_executor.model_loader.weight_utils"

# --- c31246800c (#23014): get_quant_config now reads model_config.hf_overrides
HO = ("#23014", "c31246800c", "get_quant_config reads model_config.hf_overrides")
GQ = f"from {WU} import get_quant_config\n\n\n"
HOC = "#23014 object built in the handing call"
CALL = "    return get_quant_config(model_config=AeonDraftView(hf_config, path), load_config=load_config)\n"
LINE = CALL.strip()
FN = "def aeon_draft_quant(hf_config, path: str, load_config):\n" + CALL


def _view(body: str) -> str:
    return (
        "class AeonDraftView:\n    # AEON: the speculative draft's quant config, read without a full ModelConfig\n"
        + body
    )


INIT = (
    "    def __init__(self, hf_config, path: str) -> None:\n"
    '        self.quantization = "modelopt_fp4"\n'
    "        self.hf_config = hf_config\n"
    "        self.model = path\n"
    "        self.revision = None\n"
)
TWINS += [
    (
        HOC,
        "twin: the stand-in class sets hf_overrides in its __init__",
        K(*HO, "vllm/aeon/r106h1.py", GQ + _view(INIT + "        self.hf_overrides = {}\n") + "\n\n" + FN, LINE),
    ),
    (
        HOC,
        "twin: hf_overrides a class attribute of the stand-in",
        K(*HO, "vllm/aeon/r106h2.py", GQ + _view("    hf_overrides: dict = {}\n\n" + INIT) + "\n\n" + FN, LINE),
    ),
    (
        HOC,
        "twin: a dataclass stand-in with an hf_overrides field",
        K(
            *HO,
            "vllm/aeon/r106h3.py",
            "import dataclasses\n\n"
            + GQ
            + "@dataclasses.dataclass\n"
            + _view(
                "    hf_config: object\n"
                "    model: str\n"
                '    quantization: str = "modelopt_fp4"\n'
                "    revision: str | None = None\n"
                "    hf_overrides: dict = dataclasses.field(default_factory=dict)\n"
            )
            + "\n\n"
            + FN,
            LINE,
        ),
    ),
    (
        HOC,
        "twin: hf_overrides a property of the stand-in",
        K(
            *HO,
            "vllm/aeon/r106h4.py",
            GQ
            + _view(INIT + "\n    @property\n    def hf_overrides(self) -> dict:\n        return {}\n")
            + "\n\n"
            + FN,
            LINE,
        ),
    ),
    (
        HOC,
        "twin: a NamedTuple stand-in with an hf_overrides field",
        K(
            *HO,
            "vllm/aeon/r106h5.py",
            "from typing import NamedTuple\n\n" + GQ + "class AeonDraftView(NamedTuple):\n"
            "    hf_config: object\n"
            "    model: str\n"
            '    quantization: str = "modelopt_fp4"\n'
            "    revision: str | None = None\n"
            "    hf_overrides: dict = {}\n\n\n" + FN,
            LINE,
        ),
    ),
    (
        HOC,
        "twin: hf_overrides set by a base class of the file",
        K(
            *HO,
            "vllm/aeon/r106h6.py",
            GQ + "class AeonViewBase:\n"
            "    def __init__(self) -> None:\n"
            "        self.hf_overrides: dict = {}\n\n\n"
            "class AeonDraftView(AeonViewBase):\n"
            "    def __init__(self, hf_config, path: str) -> None:\n"
            "        super().__init__()\n"
            '        self.quantization = "modelopt_fp4"\n'
            "        self.hf_config = hf_config\n"
            "        self.model = path\n"
            "        self.revision = None\n\n\n" + FN,
            LINE,
        ),
    ),
    (
        HOC,
        "twin: a stand-in under ModelConfig (an outside base)",
        K(
            *HO,
            "vllm/aeon/r106h7.py",
            "from vllm.config import ModelConfig\n" + GQ + "class AeonDraftView(ModelConfig):\n"
            "    # AEON: the draft's ModelConfig, its hf config swapped in\n"
            "    def __init__(self, hf_config, path: str) -> None:\n"
            "        super().__init__(model=path)\n"
            "        self.hf_config = hf_config\n\n\n" + FN,
            LINE,
        ),
    ),
    (
        HOC,
        "twin: a stand-in forwarding unknown names to the target's config",
        K(
            *HO,
            "vllm/aeon/r106h8.py",
            GQ + "class AeonDraftView:\n"
            "    # AEON: the draft's hf config over the target's ModelConfig\n"
            "    def __init__(self, target, hf_config) -> None:\n"
            "        self._target = target\n"
            "        self.hf_config = hf_config\n\n"
            "    def __getattr__(self, name: str):\n"
            "        return getattr(self._target, name)\n\n\n"
            "def aeon_draft_quant(target, hf_config, load_config):\n"
            "    return get_quant_config(AeonDraftView(target, hf_config), load_config)\n",
            "return get_quant_config(AeonDraftView(target, hf_config), load_config)",
        ),
    ),
    (
        HOC,
        "twin: a stand-in taking every field by keyword into its __dict__",
        K(
            *HO,
            "vllm/aeon/r106h9.py",
            GQ + "class AeonDraftView:\n"
            "    def __init__(self, **fields) -> None:\n"
            "        self.__dict__.update(fields)\n\n\n"
            "def aeon_draft_quant(target, hf_config, load_config):\n"
            "    # AEON: every field of the target's config, the draft's hf config over it\n"
            "    return get_quant_config(AeonDraftView(**{**vars(target), 'hf_config': hf_config}), load_config)\n",
            "return get_quant_config(AeonDraftView(**{**vars(target), 'hf_config': hf_config}), load_config)",
        ),
    ),
    (
        HOC,
        "twin: a namespace built with hf_overrides in the call",
        K(
            *HO,
            "vllm/aeon/r106h10.py",
            "from types import SimpleNamespace\n\n" + GQ + "def aeon_draft_quant(hf_config, path: str, load_config):\n"
            "    return get_quant_config(SimpleNamespace(quantization='modelopt_fp4', hf_config=hf_config, "
            "hf_overrides={}, model=path, revision=None), load_config)\n",
            "return get_quant_config(SimpleNamespace(quantization='modelopt_fp4', hf_config=hf_config, "
            "hf_overrides={}, model=path, revision=None), load_config)",
        ),
    ),
    (
        HOC,
        "twin: a namespace spread from the target's config in the call",
        K(
            *HO,
            "vllm/aeon/r106h11.py",
            "from types import SimpleNamespace\n\n" + GQ + "def aeon_draft_quant(target, hf_config, load_config):\n"
            "    return get_quant_config(SimpleNamespace(**vars(target), hf_config=hf_config), load_config)\n",
            "return get_quant_config(SimpleNamespace(**vars(target), hf_config=hf_config), load_config)",
        ),
    ),
    (
        HOC,
        "twin: the fork's own get_quant_config namesake",
        K(
            *HO,
            "vllm/aeon/r106h12.py",
            _view(INIT) + "\n\ndef get_quant_config(model_config, load_config):\n"
            "    # AEON: the fork's own reader of the draft's hf_quant_config.json\n"
            "    return model_config.hf_config.quantization_config\n\n\n" + FN,
            LINE,
        ),
    ),
    (
        HOC,
        "twin: the build under try/except AttributeError, the real config after",
        K(
            *HO,
            "vllm/aeon/r106h13.py",
            GQ + _view(INIT) + "\n\ndef aeon_draft_quant(hf_config, path: str, load_config, model_config):\n"
            "    try:\n"
            "        return get_quant_config(AeonDraftView(hf_config, path), load_config)\n"
            "    except AttributeError:  # AEON: newer upstreams read more of the config: fall back to the real one\n"
            "        return get_quant_config(model_config, load_config)\n",
            "return get_quant_config(AeonDraftView(hf_config, path), load_config)",
        ),
    ),
]

# --- 70b84f0bcb (#49797): get_quant_config now reads model_config.model_arch_config
MA = ("#49797", "70b84f0bcb", "get_quant_config reads model_config.model_arch_config")
TWINS += [
    (
        "#49797 object built in the handing call",
        "twin: a namespace built with every field upstream reads",
        K(
            *MA,
            "vllm/aeon/r106m1.py",
            "from types import SimpleNamespace\n\n"
            + GQ
            + "def aeon_ct_quant(hf_config, arch, path: str, load_config):\n"
            "    return get_quant_config(model_config=SimpleNamespace(quantization='compressed-tensors', "
            "hf_config=hf_config, model_arch_config=arch, hf_overrides={}, quantization_config=None, model=path, "
            "revision=None), load_config=load_config)\n",
            "return get_quant_config(model_config=SimpleNamespace(quantization='compressed-tensors', "
            "hf_config=hf_config, model_arch_config=arch, hf_overrides={}, quantization_config=None, model=path, "
            "revision=None), load_config=load_config)",
        ),
    ),
    (
        "#49797 object built in the handing call",
        "twin: the stand-in class deriving model_arch_config in a property",
        K(
            *MA,
            "vllm/aeon/r106m2.py",
            GQ
            + _view(
                INIT.replace("modelopt_fp4", "compressed-tensors") + "        self.hf_overrides: dict = {}\n"
                "        self.quantization_config = None\n\n"
                "    @property\n"
                "    def model_arch_config(self):\n"
                "        return self.hf_config  # AEON: the draft's head counts from its own config\n"
            )
            + "\n\n"
            + FN,
            LINE,
        ),
    ),
]

# --- ea6ae8cb45 (#18042): check_moe_marlin_supports_layer reads layer.apply_router_weight_on_input, .activation
# (an error: the reads are unconditional, so an inline build's false finding would be a false error here)
EM = ("#18042", "ea6ae8cb45", "check_moe_marlin_supports_layer reads apply_router_weight_on_input and activation")
EMC = "#18042 object built in the handing call"
MU = "vllm.model_executor.layers.quantization.utils.marlin_utils"
CM = f"from {MU} import check_moe_marlin_supports_layer\n\n\n"
SHAPE = (
    "    def __init__(self, hidden_size: int, inter: int) -> None:\n"
    "        self.hidden_size = hidden_size\n"
    "        self.intermediate_size_per_partition = inter\n"
)
ASK = "    return check_moe_marlin_supports_layer(AeonMoeShape(hidden_size, inter), group_size)\n"
ASKFN = "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n" + ASK
CASES += [
    (
        EMC,
        "a namespace probe without the names, built in the call",
        K(
            *EM,
            "vllm/aeon/r106e0.py",
            "from types import SimpleNamespace\n\n" + CM + "def aeon_moe_marlin_ok(h: int, i: int, gs: int) -> bool:\n"
            "    return check_moe_marlin_supports_layer(SimpleNamespace(hidden_size=h, intermediate_size_per_partition=i), gs)\n",
            "return check_moe_marlin_supports_layer(SimpleNamespace(hidden_size=h, intermediate_size_per_partition=i), gs)",
        ),
    ),
    (
        EMC,
        "a shape class without the names, built in the call",
        K(*EM, "vllm/aeon/r106e1.py", CM + "class AeonMoeShape:\n" + SHAPE + "\n\n" + ASKFN, ASK.strip()),
    ),
]
TWINS += [
    (
        EMC,
        "twin: a namespace with the new names, built in the call",
        K(
            *EM,
            "vllm/aeon/r106e2.py",
            "from types import SimpleNamespace\n\n" + CM + "def aeon_moe_marlin_ok(h: int, i: int, gs: int) -> bool:\n"
            "    return check_moe_marlin_supports_layer(SimpleNamespace(hidden_size=h, intermediate_size_per_partition=i, "
            "apply_router_weight_on_input=False, activation='silu'), gs)\n",
            "return check_moe_marlin_supports_layer(SimpleNamespace(hidden_size=h, intermediate_size_per_partition=i, "
            "apply_router_weight_on_input=False, activation='silu'), gs)",
        ),
    ),
    (
        EMC,
        "twin: a frozen dataclass setting the names in __post_init__ through object.__setattr__",
        K(
            *EM,
            "vllm/aeon/r106e3.py",
            "import dataclasses\n\n" + CM + "@dataclasses.dataclass(frozen=True)\n"
            "class AeonMoeShape:\n"
            "    hidden_size: int\n"
            "    intermediate_size_per_partition: int\n\n"
            "    def __post_init__(self) -> None:\n"
            "        # AEON: the Spark's MoE oracle: Marlin's own defaults for the router and the activation\n"
            '        object.__setattr__(self, "apply_router_weight_on_input", False)\n'
            '        object.__setattr__(self, "activation", "silu")\n\n\n' + ASKFN,
            ASK.strip(),
        ),
    ),
    (
        EMC,
        "twin: a shape class setting its names from a table with setattr",
        K(
            *EM,
            "vllm/aeon/r106e4.py",
            CM + "_AEON_MOE_DEFAULTS = {'apply_router_weight_on_input': False, 'activation': 'silu'}\n\n\n"
            "class AeonMoeShape:\n" + SHAPE + "        for name, value in _AEON_MOE_DEFAULTS.items():\n"
            "            setattr(self, name, value)\n\n\n" + ASKFN,
            ASK.strip(),
        ),
    ),
    (
        EMC,
        "twin: a shape class setting the names in a helper its __init__ calls",
        K(
            *EM,
            "vllm/aeon/r106e5.py",
            CM + "class AeonMoeShape:\n" + SHAPE + "        self._defaults()\n\n"
            "    def _defaults(self) -> None:\n"
            "        self.apply_router_weight_on_input = False\n"
            "        self.activation = 'silu'\n\n\n" + ASKFN,
            ASK.strip(),
        ),
    ),
    (
        EMC,
        "twin: a base class of the file answering any name from a table",
        K(
            *EM,
            "vllm/aeon/r106e6.py",
            CM + "_AEON_MOE_DEFAULTS = {'apply_router_weight_on_input': False, 'activation': 'silu'}\n\n\n"
            "class AeonDefaults:\n"
            "    def __getattr__(self, name: str):\n"
            "        try:\n"
            "            return _AEON_MOE_DEFAULTS[name]\n"
            "        except KeyError:\n"
            "            raise AttributeError(name) from None\n\n\n"
            "class AeonMoeShape(AeonDefaults):\n" + SHAPE + "\n\n" + ASKFN,
            ASK.strip(),
        ),
    ),
    (
        EMC,
        "twin: the names stored on the class after its body",
        K(
            *EM,
            "vllm/aeon/r106e7.py",
            CM + "class AeonMoeShape:\n" + SHAPE + "\n\n"
            "AeonMoeShape.apply_router_weight_on_input = False  # AEON: Marlin's defaults\n"
            "AeonMoeShape.activation = 'silu'\n\n\n" + ASKFN,
            ASK.strip(),
        ),
    ),
    (
        EMC,
        "twin: the fork's own method of the name, called off self",
        K(
            *EM,
            "vllm/aeon/r106e8.py",
            "class AeonMoeShape:\n" + SHAPE + "\n\n"
            "class AeonOracle:\n"
            "    def check_moe_marlin_supports_layer(self, shape: AeonMoeShape, group_size: int) -> bool:\n"
            "        # AEON: the Spark's own shape-only test\n"
            "        return shape.hidden_size % 128 == 0 and group_size in (-1, 32, 64, 128)\n\n"
            "    def ok(self, hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "        return self.check_moe_marlin_supports_layer(AeonMoeShape(hidden_size, inter), group_size)\n",
            "return self.check_moe_marlin_supports_layer(AeonMoeShape(hidden_size, inter), group_size)",
        ),
    ),
    (
        EMC,
        "twin: the build wrapped by a fork helper filling the names",
        K(
            *EM,
            "vllm/aeon/r106e9.py",
            CM + "class AeonMoeShape:\n" + SHAPE + "\n\n"
            "def aeon_with_defaults(shape: AeonMoeShape) -> AeonMoeShape:\n"
            "    shape.apply_router_weight_on_input = False\n"
            "    shape.activation = 'silu'\n"
            "    return shape\n\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    return check_moe_marlin_supports_layer(aeon_with_defaults(AeonMoeShape(hidden_size, inter)), group_size)\n",
            "return check_moe_marlin_supports_layer(aeon_with_defaults(AeonMoeShape(hidden_size, inter)), group_size)",
        ),
    ),
    (
        EMC,
        "twin: the shape class handed to the unchanged linear check",
        K(
            *EM,
            "vllm/aeon/r106e10.py",
            f"from {MU} import check_marlin_supports_layer\n\n\n"
            "class AeonLinearShape:\n"
            "    def __init__(self, n: int, k: int) -> None:\n"
            "        self.output_size = n\n"
            "        self.input_size = k\n\n\n"
            "def aeon_linear_marlin_ok(n: int, k: int, group_size: int) -> bool:\n"
            "    return check_marlin_supports_layer(AeonLinearShape(n, k), group_size)\n",
            "return check_marlin_supports_layer(AeonLinearShape(n, k), group_size)",
        ),
    ),
    (
        EMC,
        "twin: the build under try/except AttributeError",
        K(
            *EM,
            "vllm/aeon/r106e11.py",
            CM + "class AeonMoeShape:\n" + SHAPE + "\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    try:\n"
            "        return check_moe_marlin_supports_layer(AeonMoeShape(hidden_size, inter), group_size)\n"
            "    except AttributeError:  # AEON: newer upstreams ask the layer more: Marlin is then not for us\n"
            "        return False\n",
            "return check_moe_marlin_supports_layer(AeonMoeShape(hidden_size, inter), group_size)",
        ),
    ),
    (
        EMC,
        "twin: a local class of the name with the names shadowing the file's",
        K(
            *EM,
            "vllm/aeon/r106e12.py",
            CM + "class AeonMoeShape:\n" + SHAPE + "\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    class AeonMoeShape:  # AEON: the oracle's full probe\n"
            "        apply_router_weight_on_input = False\n"
            "        activation = 'silu'\n\n"
            "        def __init__(self, hidden_size: int, inter: int) -> None:\n"
            "            self.hidden_size = hidden_size\n"
            "            self.intermediate_size_per_partition = inter\n\n" + ASK,
            ASK.strip(),
        ),
    ),
    (
        EMC,
        "twin: a class whose __new__ returns a copy of the real layer",
        K(
            *EM,
            "vllm/aeon/r106e13.py",
            "import copy\n\n" + CM + "class AeonSiluProbe:\n"
            "    # AEON: the real layer, asked as if its activation were silu\n"
            "    def __new__(cls, layer, activation: str = 'silu'):\n"
            "        probe = copy.copy(layer)\n"
            "        probe.activation = activation\n"
            "        return probe\n\n\n"
            "def aeon_moe_marlin_ok(layer, group_size: int) -> bool:\n"
            "    return check_moe_marlin_supports_layer(AeonSiluProbe(layer), group_size)\n",
            "return check_moe_marlin_supports_layer(AeonSiluProbe(layer), group_size)",
        ),
    ),
]

# --- 21943d4c25 (#41499): _prefetch_checkpoint handed on to run_in_executor with a block size
PF = ("#41499", "21943d4c25", "_prefetch_all_checkpoints hands _prefetch_checkpoint(path, block_size) on")
PFC = "#41499 patched callee handed on to a forwarder"
WM = "from vllm.model_executor.model_loader import weight_utils\n\n"
ORIG = "_aeon_orig = weight_utils._prefetch_checkpoint\n\n\n"
TWINS += [
    (
        PFC,
        "twin: the replacement takes the new block_size, defaulted",
        K(
            *PF,
            "vllm/aeon/r106p1.py",
            "import os\n\n" + WM + ORIG + "def aeon_prefetch(file_path: str, block_size: int = 16 << 20) -> None:\n"
            "    # AEON: GB10's unified memory: page-caching a huge shard evicts the KV cache\n"
            "    if os.path.getsize(file_path) > 40 << 30:\n"
            "        return\n"
            "    with open(file_path, 'rb') as f:\n"
            "        while f.read(block_size):\n"
            "            pass\n\n\n"
            "weight_utils._prefetch_checkpoint = aeon_prefetch\n",
            "weight_utils._prefetch_checkpoint = aeon_prefetch",
        ),
    ),
    (
        PFC,
        "twin: the replacement forwards *args alone",
        K(
            *PF,
            "vllm/aeon/r106p2.py",
            "import os\n\n" + WM + ORIG + "def aeon_prefetch(file_path: str, *args) -> None:\n"
            "    if os.path.getsize(file_path) > 40 << 30:\n"
            "        return\n"
            "    _aeon_orig(file_path, *args)\n\n\n"
            "weight_utils._prefetch_checkpoint = aeon_prefetch\n",
            "weight_utils._prefetch_checkpoint = aeon_prefetch",
        ),
    ),
    (
        PFC,
        "twin: a lambda taking *_ (the prefetch turned off)",
        K(
            *PF,
            "vllm/aeon/r106p3.py",
            WM + "# AEON: GB10's unified memory: no page-cache prefetch at all\n"
            "weight_utils._prefetch_checkpoint = lambda file_path, *_: None\n",
            "weight_utils._prefetch_checkpoint = lambda file_path, *_: None",
        ),
    ),
    (
        PFC,
        "twin: a callable object taking the block size",
        K(
            *PF,
            "vllm/aeon/r106p4.py",
            WM + ORIG + "class AeonPrefetch:\n"
            "    def __init__(self) -> None:\n"
            "        self.seen: list[str] = []\n\n"
            "    def __call__(self, file_path: str, *args, **kwargs) -> None:\n"
            "        self.seen.append(file_path)  # AEON: logged for the Spark's load report\n"
            "        _aeon_orig(file_path, *args, **kwargs)\n\n\n"
            "weight_utils._prefetch_checkpoint = AeonPrefetch()\n",
            "weight_utils._prefetch_checkpoint = AeonPrefetch()",
        ),
    ),
    (
        PFC,
        "twin: a setattr patch with the block size defaulted",
        K(
            *PF,
            "vllm/aeon/r106p5.py",
            WM + "def aeon_prefetch(file_path: str, block_size: int = 1 << 20) -> None:\n"
            "    with open(file_path, 'rb') as f:  # AEON: smaller blocks on the Spark's NFS share\n"
            "        while f.read(block_size):\n"
            "            pass\n\n\n"
            'setattr(weight_utils, "_prefetch_checkpoint", aeon_prefetch)\n',
            'setattr(weight_utils, "_prefetch_checkpoint", aeon_prefetch)',
        ),
    ),
    (
        PFC,
        "twin: a functools.wraps wrapper forwarding everything",
        K(
            *PF,
            "vllm/aeon/r106p6.py",
            "import functools\nimport time\n\n" + WM + ORIG + "@functools.wraps(_aeon_orig)\n"
            "def aeon_timed_prefetch(*args, **kwargs) -> None:\n"
            "    start = time.monotonic()\n"
            "    _aeon_orig(*args, **kwargs)\n"
            "    print('AEON prefetch', time.monotonic() - start)\n\n\n"
            "weight_utils._prefetch_checkpoint = aeon_timed_prefetch\n",
            "weight_utils._prefetch_checkpoint = aeon_timed_prefetch",
        ),
    ),
    (
        PFC,
        "twin: the one-argument replacement installed only when the original takes one argument",
        K(
            *PF,
            "vllm/aeon/r106p7.py",
            "import inspect\nimport os\n\n" + WM + ORIG + "def aeon_prefetch1(file_path: str) -> None:\n"
            "    if os.path.getsize(file_path) <= 40 << 30:\n"
            "        _aeon_orig(file_path)\n\n\n"
            "def aeon_prefetch2(file_path: str, block_size: int) -> None:\n"
            "    if os.path.getsize(file_path) <= 40 << 30:\n"
            "        _aeon_orig(file_path, block_size)\n\n\n"
            "if len(inspect.signature(_aeon_orig).parameters) == 1:\n"
            "    weight_utils._prefetch_checkpoint = aeon_prefetch1\n"
            "else:\n"
            "    weight_utils._prefetch_checkpoint = aeon_prefetch2\n",
            "    weight_utils._prefetch_checkpoint = aeon_prefetch1",
        ),
    ),
    (
        PFC,
        "twin: the fork's own one-argument namesake handed to asyncio.to_thread in its own file",
        K(
            *PF,
            "vllm/aeon/r106p8.py",
            "import asyncio\n\n\n"
            "def _prefetch_checkpoint(file_path: str) -> None:\n"
            "    with open(file_path, 'rb') as f:  # AEON: the draft's file, read whole\n"
            "        f.read()\n\n\n"
            "async def aeon_warm(paths: list[str]) -> None:\n"
            "    await asyncio.gather(*(asyncio.to_thread(_prefetch_checkpoint, p) for p in paths))\n",
            "await asyncio.gather(*(asyncio.to_thread(_prefetch_checkpoint, p) for p in paths))",
        ),
    ),
    (
        PFC,
        "twin: a one-argument replacement of the kept _get_fs_type",
        K(
            *PF,
            "vllm/aeon/r106p9.py",
            WM + "_aeon_orig_fs = weight_utils._get_fs_type\n\n\n"
            "def aeon_fs_type(files: list[str]) -> str:\n"
            "    # AEON: the Spark's NVMe is local even when mounted through a fuse layer\n"
            '    return "" if all(f.startswith("/nvme/") for f in files) else _aeon_orig_fs(files)\n\n\n'
            "weight_utils._get_fs_type = aeon_fs_type\n",
            "weight_utils._get_fs_type = aeon_fs_type",
        ),
    ),
    (
        PFC,
        "twin: the one-argument replacement beside the fork's own _prefetch_all_checkpoints (upstream's never runs)",
        K(
            *PF,
            "vllm/aeon/r106p10.py",
            "import threading\n\n" + WM + "def aeon_prefetch(file_path: str) -> None:\n"
            "    with open(file_path, 'rb') as f:\n"
            "        while f.read(1 << 20):\n"
            "            pass\n\n\n"
            "def aeon_prefetch_all(sorted_files: list[str], *args, **kwargs) -> None:\n"
            "    # AEON: GB10's unified memory: one thread, one file at a time\n"
            "    threading.Thread(target=lambda: [aeon_prefetch(f) for f in sorted_files], daemon=True).start()\n\n\n"
            "weight_utils._prefetch_all_checkpoints = aeon_prefetch_all\n"
            "weight_utils._prefetch_checkpoint = aeon_prefetch\n",
            "weight_utils._prefetch_checkpoint = aeon_prefetch",
        ),
    ),
]

# --- 42d5d705f9 (#33491), 8d48d0a9d9 (#34190): the safetensors iterators now sort their files
SO = ("#33491", "42d5d705f9", "safetensors_weights_iterator sorts hf_weights_files")
FS = ("#34190", "8d48d0a9d9", "fastsafetensors_weights_iterator sorts hf_weights_files")
SOC = "#33491 ordered list handed to a def that now sorts it"
TWINS += [
    (
        SOC,
        "twin: the fork sorts the ordered list itself",
        K(
            *SO,
            "vllm/aeon/r106s1.py",
            f"from {WU} import safetensors_weights_iterator\n\n\n"
            "def aeon_all(draft_file: str, shards: list[str]) -> dict:\n"
            "    return dict(safetensors_weights_iterator(sorted([draft_file, *shards]), False))\n",
            "return dict(safetensors_weights_iterator(sorted([draft_file, *shards]), False))",
        ),
    ),
    (
        SOC,
        "twin: the ordered list handed to the kept pt iterator (which does not sort)",
        K(
            *SO,
            "vllm/aeon/r106s2.py",
            f"from {WU} import pt_weights_iterator\n\n\n"
            "def aeon_draft_first(draft_bin: str, bins: list[str]):\n"
            "    # AEON: the draft's .bin first\n"
            "    return pt_weights_iterator([draft_bin, *bins], False)\n",
            "return pt_weights_iterator([draft_bin, *bins], False)",
        ),
    ),
    (
        SOC,
        "twin: the fork's own namesake iterator keeping the order",
        K(
            *SO,
            "vllm/aeon/r106s3.py",
            "from safetensors.torch import safe_open\n\n\n"
            "def safetensors_weights_iterator(files: list[str], use_tqdm_on_load: bool):\n"
            "    for f in files:  # AEON: in the order handed\n"
            '        with safe_open(f, framework="pt") as st:\n'
            "            for name in st.keys():\n"
            "                yield name, st.get_tensor(name)\n\n\n"
            "def aeon_draft_first(draft_file: str, shards: list[str]):\n"
            "    return safetensors_weights_iterator([draft_file, *shards], False)\n",
            "return safetensors_weights_iterator([draft_file, *shards], False)",
        ),
    ),
    (
        SOC,
        "twin: a comprehension over the shards",
        K(
            *SO,
            "vllm/aeon/r106s4.py",
            f"from {WU} import safetensors_weights_iterator\n\n\n"
            "def aeon_local(shards: list[str]) -> dict:\n"
            "    return dict(safetensors_weights_iterator([s for s in shards if s.startswith('/nvme/')], False))\n",
            "return dict(safetensors_weights_iterator([s for s in shards if s.startswith('/nvme/')], False))",
        ),
    ),
    (
        "#34190 ordered list handed to a def that now sorts it",
        "twin: the ordered local rebound to its sorted self",
        K(
            *FS,
            "vllm/aeon/r106s5.py",
            f"from {WU} import fastsafetensors_weights_iterator\n\n\n"
            "def aeon_gds(draft_file: str, shards: list[str]) -> dict:\n"
            "    files = [draft_file] + shards\n"
            "    files = sorted(files)\n"
            "    return dict(fastsafetensors_weights_iterator(files, False))\n",
            "return dict(fastsafetensors_weights_iterator(files, False))",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review106-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
