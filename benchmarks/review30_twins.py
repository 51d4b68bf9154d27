"""Adversarial twins of handed needs (drift/handed_needs.py): fork carries correct after the real change.

#42749 (2cab53ddee) made ``BaseKVCacheMethod.process_weights_after_loading(layer)`` fill
``layer._k_scale_cpu``/``_v_scale_cpu``, which only upstream's own attention layers create
(``set_default_quant_scales``).  Each twin replays that commit under a fork cache layer handing itself (or a
local it builds) to the method, written the way a maintainer writes a correct carry: the call in a ``try``
catching ``AttributeError``, under ``hasattr``/``getattr(..., None)``, in ``contextlib.suppress``; the host
copies registered in a loop over f-string names or over a module constant of names; a fork mixin from
another fork module; upstream's helper called through its module or by keyword; a fork helper of the file
that calls upstream's helper; a factory of the file that stores the copies on the object it builds; the
fork's own method class of the same method name (a receiver typed as it); ``vars(layer)`` filled; a
dataclass field; ``object.__setattr__``.  Every error on a twin's line is a false one (a warning is counted
apart: the read sits under a test of the layer, so the class only warns on this commit).  The CASES are true
catches kept to show the reach stays.

Main's engine (feb942ff), round 1 (3 cases, 16 twins): 0 caught, 3 warned of 3 (warnings by design on this
commit); 0 false errors of 16, but 7 twins warned: the call in a ``try`` catching ``AttributeError`` and in
``contextlib.suppress(AttributeError)`` (2), the copies registered under computed names (an f-string, a
module constant of names, a name built from a dict's keys: 3), a ``getattr(self, "_k_scale_cpu", None)``
guard (1, on ``_v_scale_cpu`` alone, which the guard does not name), the file's factory storing the copies on
the layer it builds (1).
Round 2, this branch: 0 caught, 3 warned of 3 (the cases keep their warnings); 0 false errors of 16, 1 twin
warned (the ``getattr`` guard naming ``_k_scale_cpu`` alone: the class still never has ``_v_scale_cpu``, a
warning kept on purpose).  Mended by general rules in ``drift/handed_needs.py``: a handing call shielded from
``AttributeError`` (a ``try`` catching it, ``Exception`` or anything; ``contextlib.suppress``) is quiet; a
class registering attributes under a name it computes may set any; a function of the file that builds the
class and stores the attribute on it gives it; and (found probing sure reads, not on this commit) a read
upstream's def makes after rebinding its parameter (``layer = layer.inner``) may be off another object.
``tests/audits/test_handed_needs_shields.py`` (4 tests, each failing on feb942ff, where the synthetic read
runs on every path and so errs).

  PYTHONPATH=.. python review30_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

QUANT = "vllm.model_executor.layers.quantization"
KV = ("#42749", "2cab53ddee", "BaseKVCacheMethod writes the layer's host scale copies")
HEAD = (
    "import contextlib\n\nimport torch\n\n"
    "from vllm.model_executor.layers.attention import attention\n"
    "from vllm.model_executor.layers.attention.attention import set_default_quant_scales\n"
    f"from {QUANT}.kv_cache import BaseKVCacheMethod\n\n\n"
)
INIT = (
    "    def __init__(self, method: BaseKVCacheMethod) -> None:\n"
    "        super().__init__()\n"
    '        self.kv_cache_dtype = "fp8"\n'
    "        self.calculate_kv_scales = False\n"
    "        method.create_weights(self)\n"
    '        self.register_buffer("_k_scale", torch.tensor(1.0))\n'
    '        self.register_buffer("_v_scale", torch.tensor(1.0))\n'
)
CALL = "method.process_weights_after_loading(self)"
LOAD = f"    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n        {CALL}\n"


def _k(name: str, text: str, line: str = CALL) -> Killer:
    return K(*KV, f"vllm/aeon/r30_{name}.py", HEAD + text, line)


CASES += [
    (
        "#42749 handed need",
        "a fork layer with hand-made scales",
        _k("c1", "class AeonCache(torch.nn.Module):\n" + INIT + "\n" + LOAD),
    ),
    (
        "#42749 handed need",
        "a local built from the fork class and handed in",
        _k(
            "c2",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n\n"
            "def aeon_build(method: BaseKVCacheMethod) -> AeonCache:\n"
            "    layer = AeonCache(method)\n"
            "    method.process_weights_after_loading(layer)\n"
            "    return layer\n",
            "method.process_weights_after_loading(layer)",
        ),
    ),
    (
        "#42749 handed need",
        "a call in a try that catches only a ValueError",
        _k(
            "c3",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            "        try:\n"
            f"            {CALL}\n"
            "        except ValueError:\n"
            "            pass\n",
        ),
    ),
]

TWINS += [
    (
        "#42749 handed need",
        "twin: the call in a try catching AttributeError",
        _k(
            "t1",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            "        try:\n"
            f"            {CALL}\n"
            "        except AttributeError:  # AEON: older upstreams keep no host copies\n"
            "            pass\n",
        ),
    ),
    (
        "#42749 handed need",
        "twin: the call in contextlib.suppress(AttributeError)",
        _k(
            "t2",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            "        with contextlib.suppress(AttributeError):\n"
            f"            {CALL}\n",
        ),
    ),
    (
        "#42749 handed need",
        "twin: the host copies made when the layer lacks them (hasattr)",
        _k(
            "t3",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            '        if not hasattr(self, "_k_scale_cpu"):\n'
            "            set_default_quant_scales(self, register_buffer=True)\n"
            f"        {CALL}\n",
        ),
    ),
    (
        "#42749 handed need",
        "twin: the host copies registered in a loop of f-string names",
        _k(
            "t4",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n"
            "    def aeon_host_copies(self) -> None:\n"
            '        for side in ("k", "v"):\n'
            '            self.register_buffer(f"_{side}_scale_cpu", torch.tensor(1.0), persistent=False)\n\n'
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            "        self.aeon_host_copies()\n"
            f"        {CALL}\n",
        ),
    ),
    (
        "#42749 handed need",
        "twin: the host copies registered from a module constant of names",
        _k(
            "t5",
            '_HOST_SCALES = ("_k_scale_cpu", "_v_scale_cpu")\n\n\n'
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            "        for name in _HOST_SCALES:\n"
            "            self.register_buffer(name, torch.tensor(1.0), persistent=False)\n"
            f"        {CALL}\n",
        ),
    ),
    (
        "#42749 handed need",
        "twin: a mixin of another fork module brings the copies",
        _k(
            "t6",
            "from vllm.aeon.host_scales import AeonHostScales\n\n\n"
            "class AeonCache(AeonHostScales, torch.nn.Module):\n" + INIT + "\n" + LOAD,
        ),
    ),
    (
        "#42749 handed need",
        "twin: upstream's helper called through its module",
        _k(
            "t7",
            "class AeonCache(torch.nn.Module):\n"
            + INIT
            + "        attention.set_default_quant_scales(self)\n\n"
            + LOAD,
        ),
    ),
    (
        "#42749 handed need",
        "twin: upstream's helper called by keyword",
        _k(
            "t8",
            "class AeonCache(torch.nn.Module):\n"
            + INIT
            + "        set_default_quant_scales(layer=self, register_buffer=True)\n\n"
            + LOAD,
        ),
    ),
    (
        "#42749 handed need",
        "twin: a fork helper of the file calls upstream's helper",
        _k(
            "t9",
            "def aeon_default_scales(layer: torch.nn.Module) -> None:\n"
            "    set_default_quant_scales(layer, register_buffer=True)\n\n\n"
            "class AeonCache(torch.nn.Module):\n" + INIT + "        aeon_default_scales(self)\n\n" + LOAD,
        ),
    ),
    (
        "#42749 handed need",
        "twin: the file's factory stores the copies on the layer it builds",
        _k(
            "t10",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n" + LOAD + "\n\n"
            "def aeon_cache(method: BaseKVCacheMethod) -> AeonCache:\n"
            "    cache = AeonCache(method)\n"
            "    cache._k_scale_cpu = torch.tensor(1.0)\n"
            "    cache._v_scale_cpu = torch.tensor(1.0)\n"
            "    return cache\n",
        ),
    ),
    (
        "#42749 handed need",
        "twin: the fork's own method class of the same method name",
        _k(
            "t11",
            "class AeonKVMethod:\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer._k_scale.fill_(1.0)\n\n\n"
            "class AeonCache(torch.nn.Module):\n"
            "    def aeon_load_scales(self, method: AeonKVMethod) -> None:\n"
            f"        {CALL}\n",
        ),
    ),
    (
        "#42749 handed need",
        "twin: a built local's vars() filled from a dict of scales",
        _k(
            "t12",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n\n"
            "def aeon_build(method: BaseKVCacheMethod, host: dict[str, torch.Tensor]) -> AeonCache:\n"
            "    layer = AeonCache(method)\n"
            "    vars(layer).update(host)\n"
            "    method.process_weights_after_loading(layer)\n"
            "    return layer\n",
            "method.process_weights_after_loading(layer)",
        ),
    ),
    (
        "#42749 handed need",
        "twin: object.__setattr__ of the copies",
        _k(
            "t13",
            "class AeonCache(torch.nn.Module):\n"
            + INIT
            + '        object.__setattr__(self, "_k_scale_cpu", torch.tensor(1.0))\n'
            '        object.__setattr__(self, "_v_scale_cpu", torch.tensor(1.0))\n\n' + LOAD,
        ),
    ),
    (
        "#42749 handed need",
        "twin: getattr(..., None) decides the call",
        _k(
            "t14",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            '        if getattr(self, "_k_scale_cpu", None) is not None:\n'
            f"            {CALL}\n",
        ),
    ),
    (
        "#42749 handed need",
        "twin: a local built and handed to a fork helper of the file first",
        _k(
            "t15",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n\n"
            "def aeon_host(layer: AeonCache) -> None:\n"
            "    set_default_quant_scales(layer, register_buffer=True)\n\n\n"
            "def aeon_build(method: BaseKVCacheMethod) -> AeonCache:\n"
            "    layer = AeonCache(method)\n"
            "    aeon_host(layer)\n"
            "    method.process_weights_after_loading(layer)\n"
            "    return layer\n",
            "method.process_weights_after_loading(layer)",
        ),
    ),
    (
        "#42749 handed need",
        "twin: the copies registered in a loop over a zip of names and values",
        _k(
            "t16",
            "class AeonCache(torch.nn.Module):\n" + INIT + "\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod, scales: dict[str, float]) -> None:\n"
            "        for name, value in scales.items():\n"
            '            self.register_buffer(name + "_cpu", torch.tensor(value), persistent=False)\n'
            f"        {CALL}\n",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review30-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
