"""Adversarial twins of killers163's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- the call a builtin makes of a handed callable (``drift/mapped_calls.py``; #38442 ``materialize_layer(layer)``
  -> ``materialize_layer(layer, info)``): ``map`` over two iterables (the new spelling), the fork's own
  namesake handed to ``map``, a ``try``/``except TypeError`` around the old spelling, a probe of the
  signature, a method of the fork's own class of the name, a lambda, a ``functools.partial``;
- a call of a module-level class alias (``_function_alias``; #36903 ``DefaultModelLoader.Source`` given a
  ``subfolder`` before ``prefix``): the alias built by keyword, an alias of the fork's own dataclass, a
  local rebinding of the alias's name to the fork's class, an alias of an unchanged class, ``**kwargs``;
- a local an ``isinstance`` test narrows (``drift/isinstance_types.py``; #35309 removed
  ``DefaultModelLoader.track_weights_loading``): a ``hasattr`` and-ed into the test, the fork's own subclass
  keeping the method, a parameter annotated with that subclass, a nested def's parameter of the name
  annotated with the fork's own tracker, a ``getattr(..., None)`` probe, a ``try``/``except AttributeError``;
- returns of one length merged place by place (``_merged`` in ``drift/returns.py``; #14950
  ``_get_weight_files`` returns ``(folder, files, pattern)``): ``[-1]`` (the pattern, last in both), the new
  three-name unpack, ``[0]`` off the fork's own override, ``[0]`` of ``_prepare_weights`` (its returns' spelling
  changed, not their length).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's four
catches of these widenings, kept to show the reach stays, a ``getattr(..., None)`` probe off the narrowed
local, and #18646's narrowed parameter.

Round 1 (main at bcb108af), 4 cases and 24 twins as first written: 4 caught of 4; 6 false errors of 24:
the builtin-made call in a ``try``/``except TypeError`` and under a probe of the signature (2: the call
``map`` makes is a node of its own, outside the tree, so the guards above the ``map(...)`` were never
seen), a parameter annotated with the fork's subclass that keeps the method, tested against upstream's
base class (1: the test narrowed it *up* to the class that lost the method), a lambda's parameter of the
local's name inside the narrowed body (1: the lambda binds its own), and two that were not twins:
``Source(path, revision, None, 'mtp.', False)`` (written for upstream's fields, wrong at the base: dropped)
and ``getattr(loader, 'track_weights_loading', None)`` then ``if track is not None: track(...)`` (after the
merge the fork's own check silently never runs, which is what the string-read check is for: moved to the
CASES).  So round 1 on the final set: 5 caught of 5; 4 false errors of 22 twins.
Round 2 (this branch): the call a builtin makes gets the ``map(...)``'s place in the parent map (the guards
above it are its guards: the two guarded twins warn, as a guarded written call does); a local already typed as
a subclass of the tested class keeps its class (a test narrows down, never up: ``_narrowed_class``); a lambda
or nested def taking a parameter of the local's name is not narrowed.  5 caught of 5; 0 false errors of 22
twins (3 warned: the two guarded made calls, and the narrowed call in a ``try``/``except AttributeError``).
``blind_replay_loaderint.py`` as before: 40 caught, 1 warned, 1 missed of 42, 20 twins quiet.
Round 3 (another real commit, written after the mends): #18646 (1f1b1bc03b) removed
``GGUFUninitializedParameter.materialize_nested``: a case (a ``torch.nn.Parameter`` narrowed after ``if not
isinstance(...): return``) and three twins (the fork's own subclass keeping the method as the parameter's
annotation, a ``hasattr`` or-ed into the exiting test, a kept member off the narrowed parameter).  On main
(bcb108af): 1 caught, 1 false error of 3 (the annotated subclass, narrowed up).  This branch: 1 caught, 0 false.
Two more twins of #38442 (a module-level ``functools.partial`` binding ``info`` handed to ``map``, the fork's own
class's method of the name, unbound, as a ``sorted`` key): quiet on both engines.
All rounds, main (bcb108af): 6 caught of 6; 5 false errors of 27 twins.  This branch: 6 caught of 6; 0 false
errors of 27 twins (3 warned).

  PYTHONPATH=.. python review75_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- d28d86e8a3 (#38442): materialize_layer(layer) -> materialize_layer(layer, info)
ML = ("#38442", "d28d86e8a3", "materialize_layer gains a required info")
META = "from vllm.model_executor.model_loader.reload.meta import materialize_layer\n\n\n"
CASES += [
    (
        "#38442 builtin-made call",
        "a callback handed to map",
        K(
            *ML,
            "vllm/aeon/r75ml0.py",
            META + "def aeon_all(layers: list) -> None:\n    list(map(materialize_layer, layers))\n",
            "    list(map(materialize_layer, layers))",
        ),
    ),
]
TWINS += [
    (
        "#38442 builtin-made call",
        "twin: map over the layers and their infos (the new spelling)",
        K(
            *ML,
            "vllm/aeon/r75ml1.py",
            META
            + "def aeon_all(layers: list, infos: list) -> None:\n    list(map(materialize_layer, layers, infos))\n",
            "    list(map(materialize_layer, layers, infos))",
        ),
    ),
    (
        "#38442 builtin-made call",
        "twin: the fork's own materialize_layer handed to map",
        K(
            *ML,
            "vllm/aeon/r75ml2.py",
            "import torch\n\n\n"
            "def materialize_layer(layer: torch.nn.Module) -> None:\n"
            "    layer.to_empty(device='cuda')  # AEON: the Spark's own one-argument materializer\n\n\n"
            "def aeon_all(layers: list) -> None:\n    list(map(materialize_layer, layers))\n",
            "    list(map(materialize_layer, layers))",
        ),
    ),
    (
        "#38442 builtin-made call",
        "twin: the old spelling in a try, the new one in except TypeError",
        K(
            *ML,
            "vllm/aeon/r75ml3.py",
            META + "def aeon_all(layers: list, infos: list) -> None:\n"
            "    try:\n"
            "        list(map(materialize_layer, layers))\n"
            "    except TypeError:  # AEON: newer upstreams take each layer's reload info too\n"
            "        list(map(materialize_layer, layers, infos))\n",
            "        list(map(materialize_layer, layers))",
        ),
    ),
    (
        "#38442 builtin-made call",
        "twin: the old spelling under a probe of the signature",
        K(
            *ML,
            "vllm/aeon/r75ml4.py",
            "import inspect\n\n" + META + "def aeon_all(layers: list, infos: list) -> None:\n"
            "    if len(inspect.signature(materialize_layer).parameters) == 1:\n"
            "        list(map(materialize_layer, layers))\n"
            "    else:\n"
            "        list(map(materialize_layer, layers, infos))\n",
            "        list(map(materialize_layer, layers))",
        ),
    ),
    (
        "#38442 builtin-made call",
        "twin: a method of the fork's own class of the name handed to map",
        K(
            *ML,
            "vllm/aeon/r75ml5.py",
            "import torch\n\n\n"
            "class AeonReloader:\n"
            "    def materialize_layer(self, layer: torch.nn.Module) -> None:\n"
            "        layer.to_empty(device='cuda')\n\n"
            "    def aeon_all(self, layers: list) -> None:\n"
            "        list(map(self.materialize_layer, layers))\n",
            "        list(map(self.materialize_layer, layers))",
        ),
    ),
    (
        "#38442 builtin-made call",
        "twin: a lambda passing the info",
        K(
            *ML,
            "vllm/aeon/r75ml6.py",
            META + "def aeon_all(layers: list, info_of) -> None:\n"
            "    list(map(lambda layer: materialize_layer(layer, info_of(layer)), layers))\n",
            "    list(map(lambda layer: materialize_layer(layer, info_of(layer)), layers))",
        ),
    ),
    (
        "#38442 builtin-made call",
        "twin: a local map of the fork's own (a thread pool's) handed the callable and the infos",
        K(
            *ML,
            "vllm/aeon/r75ml7.py",
            "from concurrent.futures import ThreadPoolExecutor\n\n"
            + META
            + "def aeon_all(layers: list, infos: list) -> None:\n"
            "    with ThreadPoolExecutor(4) as pool:\n"
            "        map = pool.map  # AEON: the Spark materializes layers four at a time\n"
            "        list(map(materialize_layer, layers, infos))\n",
            "        list(map(materialize_layer, layers, infos))",
        ),
    ),
]

TWINS += [
    (
        "#38442 builtin-made call",
        "twin: a module-level partial binding the info, handed to map",
        K(
            *ML,
            "vllm/aeon/r75ml8.py",
            "import functools\n\n" + META + "_AEON_INFO = None  # AEON: filled by the trainer before a reload\n"
            "_materialize = functools.partial(materialize_layer, info=_AEON_INFO)\n\n\n"
            "def aeon_all(layers: list) -> None:\n"
            "    list(map(_materialize, layers))\n",
            "    list(map(_materialize, layers))",
        ),
    ),
    (
        "#38442 builtin-made call",
        "twin: the fork's own class's method, unbound, as a sort key",
        K(
            *ML,
            "vllm/aeon/r75ml9.py",
            META + "class AeonLayerOrder:\n"
            "    def materialize_layer(self) -> int:\n"
            "        return 0\n\n\n"
            "def aeon_sorted(orders: list[AeonLayerOrder]) -> list[AeonLayerOrder]:\n"
            "    return sorted(orders, key=AeonLayerOrder.materialize_layer)\n",
            "    return sorted(orders, key=AeonLayerOrder.materialize_layer)",
        ),
    ),
]

# --- a8e8d62dd8 (#36903): DefaultModelLoader.Source gains subfolder before prefix
SF = ("#36903", "a8e8d62dd8", "Source gains subfolder before prefix")
DL = "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
CASES += [
    (
        "#36903 class alias call",
        "an alias of the nested class built positionally",
        K(
            *SF,
            "vllm/aeon/r75sf0.py",
            DL + "Source = DefaultModelLoader.Source\n\n\n"
            "def aeon_mtp_source(path: str, revision: str | None):\n"
            "    return Source(path, revision, 'mtp.', False)\n",
            "    return Source(path, revision, 'mtp.', False)",
        ),
    ),
]
TWINS += [
    (
        "#36903 class alias call",
        "twin: the alias built by keyword",
        K(
            *SF,
            "vllm/aeon/r75sf1.py",
            DL + "Source = DefaultModelLoader.Source\n\n\n"
            "def aeon_mtp_source(path: str, revision: str | None):\n"
            "    return Source(path, revision, prefix='mtp.', fall_back_to_pt=False)\n",
            "    return Source(path, revision, prefix='mtp.', fall_back_to_pt=False)",
        ),
    ),
    (
        "#36903 class alias call",
        "twin: an alias of the fork's own dataclass",
        K(
            *SF,
            "vllm/aeon/r75sf2.py",
            "import dataclasses\n\n\n"
            "@dataclasses.dataclass\n"
            "class AeonSource:\n"
            "    model_or_path: str\n"
            "    revision: str | None\n"
            "    prefix: str = ''\n"
            "    fall_back_to_pt: bool = True\n\n\n"
            "Source = AeonSource\n\n\n"
            "def aeon_mtp_source(path: str, revision: str | None):\n"
            "    return Source(path, revision, 'mtp.', False)\n",
            "    return Source(path, revision, 'mtp.', False)",
        ),
    ),
    (
        "#36903 class alias call",
        "twin: the alias's name rebound locally to the fork's own class",
        K(
            *SF,
            "vllm/aeon/r75sf3.py",
            "import dataclasses\n\n" + DL + "Source = DefaultModelLoader.Source\n\n\n"
            "@dataclasses.dataclass\n"
            "class AeonSource:\n"
            "    model_or_path: str\n"
            "    revision: str | None\n"
            "    prefix: str = ''\n"
            "    fall_back_to_pt: bool = True\n\n\n"
            "def aeon_mtp_source(path: str, revision: str | None):\n"
            "    Source = AeonSource  # AEON: the draft's weights load through the fork's own source\n"
            "    return Source(path, revision, 'mtp.', False)\n",
            "    return Source(path, revision, 'mtp.', False)",
        ),
    ),
    (
        "#36903 class alias call",
        "twin: an alias of the loader (its constructor unchanged)",
        K(
            *SF,
            "vllm/aeon/r75sf4.py",
            DL + "Loader = DefaultModelLoader\n\n\ndef aeon_loader(load_config):\n    return Loader(load_config)\n",
            "    return Loader(load_config)",
        ),
    ),
    (
        "#36903 class alias call",
        "twin: the alias built from keyword arguments",
        K(
            *SF,
            "vllm/aeon/r75sf5.py",
            DL + "Source = DefaultModelLoader.Source\n\n\n"
            "def aeon_mtp_source(**fields):\n"
            "    return Source(**fields)\n",
            "    return Source(**fields)",
        ),
    ),
]

# --- 15d76f74e2 (#35309): DefaultModelLoader.track_weights_loading removed (a revert)
TW = ("#35309", "15d76f74e2", "DefaultModelLoader.track_weights_loading removed")
GL = "from vllm.model_executor.model_loader import get_model_loader\n"
KEEP = (
    "class AeonTrackingLoader(DefaultModelLoader):\n"
    "    def track_weights_loading(self, model, loaded: set[str]) -> None:\n"
    "        # AEON: the Spark's fp4 checkpoints skip some scales; the fork keeps the check\n"
    "        self.aeon_missing = {n for n, _ in model.named_parameters()} - loaded\n\n\n"
)
CASES += [
    (
        "#35309 isinstance-narrowed receiver",
        "a call off an isinstance-narrowed loader",
        K(
            *TW,
            "vllm/aeon/r75tw0.py",
            GL + DL + "def aeon_check(load_config, model, loaded: set[str]) -> None:\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, DefaultModelLoader):\n"
            "        loader.track_weights_loading(model, loaded)\n",
            "        loader.track_weights_loading(model, loaded)",
        ),
    ),
]
TWINS += [
    (
        "#35309 isinstance-narrowed receiver",
        "twin: a hasattr and-ed into the test",
        K(
            *TW,
            "vllm/aeon/r75tw1.py",
            GL + DL + "def aeon_check(load_config, model, loaded: set[str]) -> None:\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, DefaultModelLoader) and hasattr(loader, 'track_weights_loading'):\n"
            "        loader.track_weights_loading(model, loaded)\n",
            "        loader.track_weights_loading(model, loaded)",
        ),
    ),
    (
        "#35309 isinstance-narrowed receiver",
        "twin: narrowed to the fork's own subclass keeping the method",
        K(
            *TW,
            "vllm/aeon/r75tw2.py",
            GL + DL + KEEP + "def aeon_check(load_config, model, loaded: set[str]) -> None:\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, AeonTrackingLoader):\n"
            "        loader.track_weights_loading(model, loaded)\n",
            "        loader.track_weights_loading(model, loaded)",
        ),
    ),
    (
        "#35309 isinstance-narrowed receiver",
        "twin: a parameter annotated with the fork's subclass, tested against the base class",
        K(
            *TW,
            "vllm/aeon/r75tw3.py",
            DL + KEEP + "def aeon_check(loader: AeonTrackingLoader, model, loaded: set[str]) -> None:\n"
            "    if isinstance(loader, DefaultModelLoader):  # AEON: the dummy loader skips the check\n"
            "        loader.track_weights_loading(model, loaded)\n",
            "        loader.track_weights_loading(model, loaded)",
        ),
    ),
    (
        "#35309 isinstance-narrowed receiver",
        "twin: a nested def's parameter of the name, annotated with the fork's tracker",
        K(
            *TW,
            "vllm/aeon/r75tw4.py",
            GL + DL + KEEP + "def aeon_check(load_config, model, loaded: set[str]) -> None:\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, DefaultModelLoader):\n"
            "        def track(loader: AeonTrackingLoader) -> None:\n"
            "            loader.track_weights_loading(model, loaded)\n\n"
            "        track(AeonTrackingLoader(loader.load_config))\n",
            "            loader.track_weights_loading(model, loaded)",
        ),
    ),
    (
        "#35309 isinstance-narrowed receiver",
        "twin: a try/except AttributeError around the call",
        K(
            *TW,
            "vllm/aeon/r75tw6.py",
            GL + DL + "def aeon_check(load_config, model, loaded: set[str]) -> None:\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, DefaultModelLoader):\n"
            "        try:\n"
            "            loader.track_weights_loading(model, loaded)\n"
            "        except AttributeError:  # AEON: upstream reverted the check; keep loading\n"
            "            pass\n",
            "            loader.track_weights_loading(model, loaded)",
        ),
    ),
    (
        "#35309 isinstance-narrowed receiver",
        "twin: a lambda's parameter of the name, the fork's tracker",
        K(
            *TW,
            "vllm/aeon/r75tw7.py",
            GL
            + DL
            + KEEP
            + "def aeon_check(load_config, model, loaded: set[str], trackers: list[AeonTrackingLoader]) -> None:\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, DefaultModelLoader):\n"
            "        loader.load_weights(model, loader.load_config)\n"
            "        list(map(lambda loader: loader.track_weights_loading(model, loaded), trackers))\n",
            "        list(map(lambda loader: loader.track_weights_loading(model, loaded), trackers))",
        ),
    ),
]

CASES += [
    (
        "#35309 isinstance-narrowed receiver",
        "a getattr(..., None) probe of the method (the fork's check silently stops)",
        K(
            *TW,
            "vllm/aeon/r75tw5.py",
            GL + DL + "def aeon_check(load_config, model, loaded: set[str]) -> None:\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, DefaultModelLoader):\n"
            "        track = getattr(loader, 'track_weights_loading', None)\n"
            "        if track is not None:\n"
            "            track(model, loaded)\n",
            "        track = getattr(loader, 'track_weights_loading', None)",
        ),
    ),
]

# --- 5eeabc2a44 (#14950): BitsAndBytesModelLoader._get_weight_files returns (folder, files, pattern)
WF = ("#14950", "5eeabc2a44", "bnb _get_weight_files returns a 3-tuple")
BNB = "from vllm.model_executor.model_loader.loader import BitsAndBytesModelLoader\n\n\n"
CASES += [
    (
        "#14950 merged return orders",
        "[0] of the grown tuple",
        K(
            *WF,
            "vllm/aeon/r75wf0.py",
            BNB + "class AeonBnb0(BitsAndBytesModelLoader):\n"
            "    def aeon_count(self, model_name_or_path: str) -> int:\n"
            "        return len(self._get_weight_files(model_name_or_path, ['*.bin'])[0])\n",
            "        return len(self._get_weight_files(model_name_or_path, ['*.bin'])[0])",
        ),
    ),
]
TWINS += [
    (
        "#14950 merged return orders",
        "twin: [-1], the pattern, last in both",
        K(
            *WF,
            "vllm/aeon/r75wf1.py",
            BNB + "class AeonBnb1(BitsAndBytesModelLoader):\n"
            "    def aeon_pattern(self, model_name_or_path: str) -> str:\n"
            "        return self._get_weight_files(model_name_or_path, ['*.bin'])[-1]\n",
            "        return self._get_weight_files(model_name_or_path, ['*.bin'])[-1]",
        ),
    ),
    (
        "#14950 merged return orders",
        "twin: the fork's own override returning two, read at [0]",
        K(
            *WF,
            "vllm/aeon/r75wf2.py",
            "import glob\n\n" + BNB + "class AeonBnb2(BitsAndBytesModelLoader):\n"
            "    def _get_weight_files(self, model_name_or_path: str, allowed_patterns: list[str], revision=None):\n"
            "        # AEON: the Spark reads local shards only\n"
            "        for pattern in allowed_patterns:\n"
            "            files = glob.glob(f'{model_name_or_path}/{pattern}')\n"
            "            if files:\n"
            "                return files, pattern\n"
            "        return [], allowed_patterns[0]\n\n"
            "    def aeon_count(self, model_name_or_path: str) -> int:\n"
            "        return len(self._get_weight_files(model_name_or_path, ['*.bin'])[0])\n",
            "        return len(self._get_weight_files(model_name_or_path, ['*.bin'])[0])",
        ),
    ),
    (
        "#14950 merged return orders",
        "twin: [0] of _prepare_weights (its returns respelt, not grown)",
        K(
            *WF,
            "vllm/aeon/r75wf3.py",
            BNB + "class AeonBnb3(BitsAndBytesModelLoader):\n"
            "    def aeon_count(self, model_name_or_path: str, revision) -> int:\n"
            "        return len(self._prepare_weights(model_name_or_path, revision)[0])\n",
            "        return len(self._prepare_weights(model_name_or_path, revision)[0])",
        ),
    ),
    (
        "#14950 merged return orders",
        "twin: [1] of _prepare_weights (the safetensors flag in both)",
        K(
            *WF,
            "vllm/aeon/r75wf4.py",
            BNB + "class AeonBnb4(BitsAndBytesModelLoader):\n"
            "    def aeon_safetensors(self, model_name_or_path: str, revision) -> bool:\n"
            "        return self._prepare_weights(model_name_or_path, revision)[1]\n",
            "        return self._prepare_weights(model_name_or_path, revision)[1]",
        ),
    ),
]


# --- 1f1b1bc03b (#18646): GGUFUninitializedParameter.materialize_nested removed
MN = ("#18646", "1f1b1bc03b", "GGUFUninitializedParameter.materialize_nested removed")
GU = "import torch\n\nfrom vllm.model_executor.layers.quantization.gguf import GGUFUninitializedParameter\n\n\n"
CASES += [
    (
        "#18646 isinstance-narrowed receiver",
        "a parameter narrowed after a negated test that exits",
        K(
            *MN,
            "vllm/aeon/r75mn0.py",
            GU + "def aeon_weight(param: torch.nn.Parameter) -> torch.nn.Parameter:\n"
            "    if not isinstance(param, GGUFUninitializedParameter):\n"
            "        return param\n"
            "    return param.materialize_nested()\n",
            "    return param.materialize_nested()",
        ),
    ),
]
TWINS += [
    (
        "#18646 isinstance-narrowed receiver",
        "twin: the fork's own subclass keeping materialize_nested, the parameter annotated with it",
        K(
            *MN,
            "vllm/aeon/r75mn1.py",
            GU + "class AeonGGUFParameter(GGUFUninitializedParameter):\n"
            "    def materialize_nested(self) -> torch.nn.Parameter:\n"
            "        return torch.nn.Parameter(torch.cat(list(self.data_container)))  # AEON: the fork keeps it\n\n\n"
            "def aeon_weight(param: AeonGGUFParameter) -> torch.nn.Parameter:\n"
            "    if isinstance(param, GGUFUninitializedParameter):\n"
            "        return param.materialize_nested()\n"
            "    return param\n",
            "        return param.materialize_nested()",
        ),
    ),
    (
        "#18646 isinstance-narrowed receiver",
        "twin: a hasattr test exiting before the narrowed read",
        K(
            *MN,
            "vllm/aeon/r75mn2.py",
            GU + "def aeon_weight(param: torch.nn.Parameter) -> torch.nn.Parameter:\n"
            "    if not isinstance(param, GGUFUninitializedParameter) or not hasattr(param, 'materialize_nested'):\n"
            "        return param\n"
            "    return param.materialize_nested()\n",
            "    return param.materialize_nested()",
        ),
    ),
    (
        "#18646 isinstance-narrowed receiver",
        "twin: a kept member off the narrowed parameter",
        K(
            *MN,
            "vllm/aeon/r75mn3.py",
            GU + "def aeon_weight(param: torch.nn.Parameter) -> list:\n"
            "    if isinstance(param, GGUFUninitializedParameter):\n"
            "        return param.data_container\n"
            "    return [param]\n",
            "        return param.data_container",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review75-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
