"""Synthetic spellings for spelling_replay.py --synthetic: each class is one upstream change (base ->
upstream file texts) and the fork modules different maintainers would write against it, each with the
text of its killer line.  A class whose upstream side is ``None`` is a change upstream's own line
carries (a narrowed capability check): the fork adds an unrelated module, and the killer line is
upstream's.  ``m`` is a package of the throwaway repository the replay builds."""

# ruff: noqa: E501

E_BASE = {
    "m/modes.py": """\
import enum


class KVMode(enum.IntEnum):
    NONE = 0
    FP8 = 1
    NVFP4 = 2
    INT4 = 3
""",
    "m/attn.py": """\
from m.modes import KVMode


def pick(mode: KVMode) -> str:
    if mode == KVMode.NVFP4:
        return "fp4"
    return "other"
""",
}
E_UP = {
    "m/modes.py": """\
import enum


class KVMode(enum.IntEnum):
    NONE = 0
    FP8 = 1
    FP8_BLOCK = 2
    NVFP4 = 3
    INT4 = 4
"""
}


def ef(text):
    return {"m/fork_kv.py": text}


ENUM = [
    (
        "comment",
        ef("from m.modes import KVMode\n\n\ndef fast(mode: KVMode) -> bool:\n    return mode == 2  # NVFP4\n"),
        "return mode == 2",
    ),
    (
        "typed param",
        ef("from m.modes import KVMode\n\n\ndef fast(mode: KVMode) -> bool:\n    return mode == 2\n"),
        "return mode == 2",
    ),
    (
        "alias import",
        ef("from m.modes import KVMode as KM\n\n\ndef fast(q: KM) -> bool:\n    return q == 2\n"),
        "return q == 2",
    ),
    (
        "module import",
        ef("import m.modes as mm\n\n\ndef fast(q: mm.KVMode) -> bool:\n    return q == 2\n"),
        "return q == 2",
    ),
    (
        "in tuple",
        ef("from m.modes import KVMode\n\n\ndef fast(q: KVMode) -> bool:\n    return q in (2, 3)\n"),
        "return q in (2, 3)",
    ),
    (
        "in set",
        ef("from m.modes import KVMode\n\n\ndef fast(q: KVMode) -> bool:\n    return q in {2, 3}\n"),
        "return q in {2, 3}",
    ),
    (
        "not in",
        ef("from m.modes import KVMode\n\n\ndef fast(q: KVMode) -> bool:\n    return q not in (0, 2)\n"),
        "return q not in (0, 2)",
    ),
    (
        "reversed cmp",
        ef("from m.modes import KVMode\n\n\ndef fast(q: KVMode) -> bool:\n    return 2 == q\n"),
        "return 2 == q",
    ),
    (
        "ordering",
        ef("from m.modes import KVMode\n\n\ndef fast(q: KVMode) -> bool:\n    return q >= 2\n"),
        "return q >= 2",
    ),
    (
        "module const",
        ef("from m.modes import KVMode\n\nFP4_MODE = 2\n\n\ndef fast(q: KVMode) -> bool:\n    return q == FP4_MODE\n"),
        "FP4_MODE = 2",
    ),
    (
        "self attr",
        ef(
            "from m.modes import KVMode\n\n\nclass W:\n    def __init__(self, mode: KVMode) -> None:\n        self.kv_mode = mode\n\n    def fast(self) -> bool:\n        return self.kv_mode == 2\n"
        ),
        "return self.kv_mode == 2",
    ),
    (
        "match case",
        ef(
            "from m.modes import KVMode\n\n\ndef fast(q: KVMode) -> bool:\n    match q:\n        case 2:\n            return True\n    return False\n"
        ),
        "case 2:",
    ),
    (
        "default arg",
        ef("from m.modes import KVMode\n\n\ndef fast(q: KVMode = 2) -> bool:\n    return q == KVMode.INT4\n"),
        "def fast(q: KVMode = 2)",
    ),
    (
        "kw call",
        ef("from m.attn import pick\n\n\ndef fast() -> str:\n    return pick(mode=2)\n"),
        "return pick(mode=2)",
    ),
    ("pos call", ef("from m.attn import pick\n\n\ndef fast() -> str:\n    return pick(2)\n"), "return pick(2)"),
    (
        "partial",
        ef("import functools\n\nfrom m.attn import pick\n\nfast = functools.partial(pick, mode=2)\n"),
        "fast = functools.partial(pick, mode=2)",
    ),
    ("Enum(N)", ef("from m.modes import KVMode\n\nFAST = KVMode(2)\n"), "FAST = KVMode(2)"),
    (
        "value cmp",
        ef("from m.modes import KVMode\n\n\ndef fast(q) -> bool:\n    return q.value == 2 and isinstance(q, KVMode)\n"),
        "return q.value",
    ),
    (
        "int() cmp",
        ef("from m.modes import KVMode\n\n\ndef fast(q: KVMode) -> bool:\n    return int(q) == 2\n"),
        "return int(q) == 2",
    ),
    (
        "dict key",
        ef(
            "from m.modes import KVMode\n\nNAMES = {2: 'fp4', 1: 'fp8'}\n\n\ndef name(q: KVMode) -> str:\n    return NAMES[q]\n"
        ),
        "NAMES = {2",
    ),
    (
        "test file",
        {
            "tests/test_fork_kv.py": "from m.modes import KVMode\n\n\ndef test_fp4() -> None:\n    assert KVMode.NVFP4 == 2\n"
        },
        "assert KVMode.NVFP4 == 2",
        "tests/test_fork_kv.py",
    ),
    (
        "re-export",
        {
            "m/__init__.py": "from m.modes import KVMode\n",
            "m/fork_kv.py": "from m import KVMode\n\n\ndef fast(q: KVMode) -> bool:\n    return q == 2\n",
        },
        "return q == 2",
    ),
    (
        "member alias",
        ef(
            "from m.modes import KVMode\n\nFP4 = KVMode.NVFP4\n\n\ndef fast(q: int) -> bool:\n    return q == 2  # FP4\n"
        ),
        "return q == 2",
    ),
    (
        "dataclass field",
        ef(
            "from dataclasses import dataclass\n\nfrom m.modes import KVMode\n\n\n@dataclass\nclass Opts:\n    kv_mode: KVMode = 2\n"
        ),
        "kv_mode: KVMode = 2",
    ),
    (
        "fstring key",
        ef(
            "from m.modes import KVMode\n\n\ndef key(q: KVMode) -> str:\n    return f\"kv{int(q)}\" if int(q) != 2 else 'fp4'\n"
        ),
        "return f",
    ),
]
S_BASE = {
    "m/backends.py": """\
import enum


class Backend(str, enum.Enum):
    FLASH = "flash"
    TRITON = "triton"
"""
}
S_UP = {
    "m/backends.py": """\
import enum


class Backend(str, enum.Enum):
    FLASH = "flash_attn"
    TRITON = "triton"
"""
}


def sf(t):
    return {"m/fork_be.py": t}


STRENUM = [
    (
        "typed ==",
        sf('from m.backends import Backend\n\n\ndef fast(b: Backend) -> bool:\n    return b == "flash"\n'),
        "return b ==",
    ),
    (
        ".value ==",
        sf('from m.backends import Backend\n\n\ndef fast(b: Backend) -> bool:\n    return b.value == "flash"\n'),
        "return b.value",
    ),
    ("Backend(str)", sf('from m.backends import Backend\n\nDEFAULT = Backend("flash")\n'), "DEFAULT = Backend"),
    (
        "in tuple",
        sf('from m.backends import Backend\n\n\ndef fast(b: Backend) -> bool:\n    return b in ("flash", "triton")\n'),
        "return b in",
    ),
    (
        "alias import",
        sf('from m.backends import Backend as BE\n\n\ndef fast(b: BE) -> bool:\n    return b == "flash"\n'),
        "return b ==",
    ),
    (
        "module import",
        sf('import m.backends as mb\n\n\ndef fast(b: mb.Backend) -> bool:\n    return b == "flash"\n'),
        "return b ==",
    ),
    (
        "match",
        sf(
            'from m.backends import Backend\n\n\ndef fast(b: Backend) -> bool:\n    match b:\n        case "flash":\n            return True\n    return False\n'
        ),
        'case "flash"',
    ),
    (
        "dict key",
        sf(
            'from m.backends import Backend\n\nKERNELS = {"flash": 1, "triton": 2}\n\n\ndef k(b: Backend) -> int:\n    return KERNELS[b.value]\n'
        ),
        "KERNELS = {",
    ),
    (
        "self attr",
        sf(
            'from m.backends import Backend\n\n\nclass W:\n    def __init__(self, b: Backend) -> None:\n        self.backend = b\n\n    def fast(self) -> bool:\n        return self.backend == "flash"\n'
        ),
        "return self.backend ==",
    ),
    ("comment", sf('def fast(name: str) -> bool:\n    return name == "flash"  # Backend.FLASH\n'), "return name =="),
]
SYM_BASE = {
    "m/ops.py": """\
def fused_rope(q, k, pos):
    return q, k


class Runner:
    def prepare_inputs(self, batch):
        return batch

    def execute(self, batch, cache):
        return self.prepare_inputs(batch)
"""
}
SYM_UP_RM = {
    "m/ops.py": """\
def apply_rotary(q, k, pos):
    return q, k


class Runner:
    def prepare_batch(self, batch):
        return batch

    def execute(self, batch, cache, stream):
        return self.prepare_batch(batch)
"""
}


def yf(t):
    return {"m/fork_ops.py": t}


SYMBOL = [
    (
        "from import",
        yf("from m.ops import fused_rope\n\n\ndef f(q, k, p):\n    return fused_rope(q, k, p)\n"),
        "from m.ops import fused_rope",
    ),
    (
        "as alias",
        yf("from m.ops import fused_rope as rope\n\n\ndef f(q, k, p):\n    return rope(q, k, p)\n"),
        "from m.ops import fused_rope as rope",
    ),
    (
        "import mod as",
        yf("import m.ops as ops\n\n\ndef f(q, k, p):\n    return ops.fused_rope(q, k, p)\n"),
        "return ops.fused_rope",
    ),
    (
        "dotted",
        yf("import m.ops\n\n\ndef f(q, k, p):\n    return m.ops.fused_rope(q, k, p)\n"),
        "return m.ops.fused_rope",
    ),
    (
        "from pkg import mod",
        yf("from m import ops\n\n\ndef f(q, k, p):\n    return ops.fused_rope(q, k, p)\n"),
        "return ops.fused_rope",
    ),
    ("reference in dict", yf('from m import ops\n\nKERNELS = {"rope": ops.fused_rope}\n'), "KERNELS = {"),
    (
        "partial ref",
        yf("import functools\n\nfrom m import ops\n\nrope3 = functools.partial(ops.fused_rope, pos=3)\n"),
        "rope3 =",
    ),
    ("getattr literal", yf('from m import ops\n\nrope = getattr(ops, "fused_rope")\n'), "rope = getattr"),
    (
        "lazy import in fn",
        yf("def f(q, k, p):\n    from m.ops import fused_rope\n    return fused_rope(q, k, p)\n"),
        "from m.ops import fused_rope",
    ),
    (
        "subclass override",
        yf(
            "from m.ops import Runner\n\n\nclass MyRunner(Runner):\n    def prepare_inputs(self, batch):\n        return super().prepare_inputs(batch)\n"
        ),
        "def prepare_inputs",
    ),
    (
        "self method call",
        yf(
            "from m.ops import Runner\n\n\nclass MyRunner(Runner):\n    def go(self, b):\n        return self.prepare_inputs(b)\n"
        ),
        "return self.prepare_inputs",
    ),
    (
        "annotated obj call",
        yf("from m.ops import Runner\n\n\ndef go(r: Runner, b):\n    return r.prepare_inputs(b)\n"),
        "return r.prepare_inputs",
    ),
    (
        "super() old arity",
        yf(
            "from m.ops import Runner\n\n\nclass MyRunner(Runner):\n    def execute(self, batch, cache, stream=None):\n        return super().execute(batch, cache)\n"
        ),
        "return super().execute",
    ),
    (
        "old arity kw",
        yf("from m.ops import Runner\n\n\ndef go(r: Runner, b, c):\n    return r.execute(batch=b, cache=c)\n"),
        "return r.execute",
    ),
    (
        "override old arity",
        yf(
            "from m.ops import Runner\n\n\nclass MyRunner(Runner):\n    def execute(self, batch, cache):\n        return batch\n"
        ),
        "def execute",
    ),
    (
        "test file",
        {
            "tests/test_fork_ops.py": "from m.ops import fused_rope\n\n\ndef test_rope():\n    assert fused_rope(1, 2, 3)\n"
        },
        "from m.ops import fused_rope",
        "tests/test_fork_ops.py",
    ),
    (
        "scripts file",
        {"scripts/bench_rope.py": "from m.ops import fused_rope\n\nprint(fused_rope(1, 2, 3))\n"},
        "from m.ops import fused_rope",
        "scripts/bench_rope.py",
    ),
    (
        "pkg __init__ re-export",
        {"m/__init__.py": 'from m.ops import fused_rope\n\n__all__ = ["fused_rope"]\n'},
        "from m.ops import fused_rope",
        "m/__init__.py",
    ),
    ("pyi stub", {"m/ops.pyi": "def fused_rope(q, k, pos): ...\n"}, "def fused_rope", "m/ops.pyi"),
    (
        "TYPE_CHECKING import",
        yf("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from m.ops import fused_rope\n"),
        "from m.ops import fused_rope",
    ),
    (
        "instance attr call",
        yf(
            "from m.ops import Runner\n\n\nclass Svc:\n    def __init__(self) -> None:\n        self.runner = Runner()\n\n    def go(self, b):\n        return self.runner.prepare_inputs(b)\n"
        ),
        "return self.runner.prepare_inputs",
    ),
    (
        "monkeypatch",
        yf("from m import ops\n\n\ndef mine(q, k, pos):\n    return q, k\n\n\nops.fused_rope = mine\n"),
        "ops.fused_rope = mine",
    ),
    (
        "Class.method patch",
        yf(
            "from m.ops import Runner\n\n\ndef mine(self, batch):\n    return batch\n\n\nRunner.prepare_inputs = mine\n"
        ),
        "Runner.prepare_inputs = mine",
    ),
    ("string path", yf('KERNEL = "m.ops.fused_rope"\n'), "KERNEL ="),
]
D_BASE = {
    "m/config.py": """\
from dataclasses import dataclass


@dataclass
class CacheConfig:
    block_size: int = 16
    enable_prefix_caching: bool = False


def alloc(n, block_size=16, causal=True):
    return n
"""
}
D_UP = {
    "m/config.py": """\
from dataclasses import dataclass


@dataclass
class CacheConfig:
    block_size: int = 32
    enable_prefix_caching: bool = True


def alloc(n, block_size=32, causal=False):
    return n
"""
}


def df(t):
    return {"m/fork_cfg.py": t}


DEFAULT = [
    (
        "construct",
        df("from m.config import CacheConfig\n\n\ndef make():\n    return CacheConfig()\n"),
        "return CacheConfig()",
    ),
    (
        "construct alias",
        df("from m.config import CacheConfig as CC\n\n\ndef make():\n    return CC()\n"),
        "return CC()",
    ),
    (
        "construct module",
        df("import m.config as mc\n\n\ndef make():\n    return mc.CacheConfig()\n"),
        "return mc.CacheConfig()",
    ),
    (
        "read cfg field",
        df(
            "from m.config import CacheConfig\n\n\ndef fast(cache_config: CacheConfig) -> bool:\n    return not cache_config.enable_prefix_caching\n"
        ),
        "return not cache_config",
    ),
    (
        "getattr cfg",
        df('def fast(cache_config) -> bool:\n    return not getattr(cache_config, "enable_prefix_caching", False)\n'),
        "return not getattr",
    ),
    ("call default", df("from m.config import alloc\n\n\ndef go(n):\n    return alloc(n)\n"), "return alloc(n)"),
    ("call alias", df("from m.config import alloc as al\n\n\ndef go(n):\n    return al(n)\n"), "return al(n)"),
    ("call module", df("from m import config\n\n\ndef go(n):\n    return config.alloc(n)\n"), "return config.alloc(n)"),
    (
        "partial, called later",
        df(
            "import functools\n\nfrom m.config import alloc\n\ngo = functools.partial(alloc, 4)\n\n\ndef run():\n    return go()\n"
        ),
        "return go()",
    ),
    (
        "subclass field",
        df(
            "from dataclasses import dataclass\n\nfrom m.config import CacheConfig\n\n\n@dataclass\nclass MyCache(CacheConfig):\n    pinned: bool = True\n\n\ndef make():\n    return MyCache()\n"
        ),
        "return MyCache()",
    ),
    (
        "self.cfg read",
        df(
            "class W:\n    def __init__(self, cache_config) -> None:\n        self.cache_config = cache_config\n\n    def fast(self) -> bool:\n        return self.cache_config.block_size == 16\n"
        ),
        "return self.cache_config.block_size",
    ),
]
O_BASE = {
    "m/layers.py": """\
def aux_layers(n):
    return [n // 2, n - 3]


def hidden(states, ids):
    out = []
    for i in ids:
        out.append(states[i])
    return out
"""
}
O_UP = {
    "m/layers.py": """\
def aux_layers(n):
    return [n // 2 + 1, n - 3 + 1]


def hidden(states, ids):
    out = []
    for i in ids:
        out.append(states[i])
    return out
"""
}


def of(t):
    return {"m/fork_aux.py": t}


OFFSET = [
    (
        "loop over call",
        of("from m.layers import aux_layers\n\n\ndef pick(h, n):\n    return [h[i + 1] for i in aux_layers(n)]\n"),
        "return [h[i + 1]",
    ),
    (
        "alias import",
        of("from m.layers import aux_layers as al\n\n\ndef pick(h, n):\n    return [h[i + 1] for i in al(n)]\n"),
        "return [h[i + 1]",
    ),
    (
        "module import",
        of("import m.layers as ml\n\n\ndef pick(h, n):\n    return [h[i + 1] for i in ml.aux_layers(n)]\n"),
        "return [h[i + 1]",
    ),
    (
        "assigned then loop",
        of(
            "from m.layers import aux_layers\n\n\ndef pick(h, n):\n    ids = aux_layers(n)\n    out = []\n    for i in ids:\n        out.append(h[i + 1])\n    return out\n"
        ),
        "out.append(h[i + 1])",
    ),
    (
        "self attr",
        of(
            "from m.layers import aux_layers\n\n\nclass W:\n    def __init__(self, n):\n        self.aux_ids = aux_layers(n)\n\n    def pick(self, h):\n        return [h[i + 1] for i in self.aux_ids]\n"
        ),
        "return [h[i + 1]",
    ),
    (
        "map lambda",
        of("from m.layers import aux_layers\n\n\ndef pick(n):\n    return list(map(lambda i: i + 1, aux_layers(n)))\n"),
        "return list(map",
    ),
    (
        "list comp shift",
        of("from m.layers import aux_layers\n\n\ndef pick(n):\n    return [i + 1 for i in aux_layers(n)]\n"),
        "return [i + 1",
    ),
    (
        "tuple unpack",
        of(
            "from m.layers import aux_layers\n\n\ndef pick(h, n):\n    a, b = aux_layers(n)\n    return h[a + 1], h[b + 1]\n"
        ),
        "return h[a + 1]",
    ),
    (
        "index [0]",
        of(
            "from m.layers import aux_layers\n\n\ndef pick(h, n):\n    first = aux_layers(n)[0]\n    return h[first + 1]\n"
        ),
        "return h[first + 1]",
    ),
]
CLASSES = {
    "enum renumber": (E_BASE, E_UP, ENUM),
    "enum string value": (S_BASE, S_UP, STRENUM),
    "symbol removed/renamed/re-signatured": (SYM_BASE, SYM_UP_RM, SYMBOL),
    "default changed": (D_BASE, D_UP, DEFAULT),
    "offset twice": (O_BASE, O_UP, OFFSET),
}
PLAT = {
    "m/platforms.py": "class DeviceCapability:\n    def __init__(self, major, minor):\n        self.major, self.minor = major, minor\n\n\nclass P:\n    def is_device_capability(self, c): ...\n    def is_device_capability_family(self, c): ...\n    def has_device_capability(self, c): ...\n    def get_device_capability(self): ...\n\n\ncurrent_platform = P()\n"
}
NOTE = {"m/fork_note.py": "FORK = 1\n"}


def dev(name, base_body, up_body, needle, head="from m.platforms import DeviceCapability, current_platform\n\n\n"):
    return (name, {"m/moe.py": head + base_body}, {"m/moe.py": head + up_body}, needle)


DEVICE_CASES = [
    dev(
        "family->equals",
        "def use_cutlass() -> bool:\n    return current_platform.is_device_capability_family(120)\n",
        "def use_cutlass() -> bool:\n    return current_platform.is_device_capability(120)\n",
        "return current_platform.is_device_capability(120)",
    ),
    dev(
        "if family->equals",
        "def use_cutlass() -> bool:\n    if current_platform.is_device_capability_family(120):\n        return True\n    return False\n",
        "def use_cutlass() -> bool:\n    if current_platform.is_device_capability(120):\n        return True\n    return False\n",
        "if current_platform.is_device_capability(120)",
    ),
    dev(
        "major==12 +minor",
        "def use_cutlass() -> bool:\n    cap = current_platform.get_device_capability()\n    return cap.major == 12\n",
        "def use_cutlass() -> bool:\n    cap = current_platform.get_device_capability()\n    return cap.major == 12 and cap.minor == 0\n",
        "return cap.major == 12 and cap.minor == 0",
    ),
    dev(
        "tuple >= -> ==",
        "def use_cutlass() -> bool:\n    return current_platform.get_device_capability() >= (12, 0)\n",
        "def use_cutlass() -> bool:\n    return current_platform.get_device_capability() == (12, 0)\n",
        "return current_platform.get_device_capability() ==",
    ),
    dev(
        "to_int in tuple",
        "def use_cutlass() -> bool:\n    return current_platform.get_device_capability().to_int() in (100, 120, 121)\n",
        "def use_cutlass() -> bool:\n    return current_platform.get_device_capability().to_int() in (100, 120)\n",
        "in (100, 120)",
    ),
    dev(
        "module set",
        "_SUPPORTED = {90, 100, 120, 121}\n\n\ndef use_cutlass() -> bool:\n    return current_platform.get_device_capability().to_int() in _SUPPORTED\n",
        "_SUPPORTED = {90, 100, 120}\n\n\ndef use_cutlass() -> bool:\n    return current_platform.get_device_capability().to_int() in _SUPPORTED\n",
        "in _SUPPORTED",
    ),
    dev(
        "and not has(121)",
        "def use_cutlass() -> bool:\n    return current_platform.has_device_capability(90)\n",
        "def use_cutlass() -> bool:\n    return current_platform.has_device_capability(90) and not current_platform.is_device_capability(121)\n",
        "and not current_platform",
    ),
    dev(
        "capability param",
        "class B:\n    @classmethod\n    def supports_compute_capability(cls, capability: DeviceCapability) -> bool:\n        return capability.major in [9, 10, 12]\n",
        "class B:\n    @classmethod\n    def supports_compute_capability(cls, capability: DeviceCapability) -> bool:\n        return capability.major in [9, 10] or (capability.major == 12 and capability.minor == 0)\n",
        "return capability.major in [9, 10] or",
    ),
    dev(
        "unpacked major,minor",
        "def use_cutlass() -> bool:\n    major, minor = current_platform.get_device_capability()\n    return major >= 12\n",
        "def use_cutlass() -> bool:\n    major, minor = current_platform.get_device_capability()\n    return major == 12 and minor == 0\n",
        "return major == 12 and minor == 0",
    ),
    dev(
        "early return",
        "def use_cutlass() -> bool:\n    return True\n",
        "def use_cutlass() -> bool:\n    if current_platform.is_device_capability(121):\n        return False\n    return True\n",
        "if current_platform.is_device_capability(121)",
    ),
    dev(
        "sm list str",
        "def use_cutlass() -> bool:\n    cap = current_platform.get_device_capability()\n    return cap.to_int() >= 120\n",
        "def use_cutlass() -> bool:\n    cap = current_platform.get_device_capability()\n    return cap.to_int() >= 120 and cap.to_int() < 121\n",
        "return cap.to_int() >= 120 and",
    ),
    dev(
        "self attr once",
        "class L:\n    def __init__(self):\n        self.use_fp4 = current_platform.is_device_capability_family(120)\n\n    def run(self):\n        return self.use_fp4\n",
        "class L:\n    def __init__(self):\n        self.use_fp4 = current_platform.is_device_capability(120)\n\n    def run(self):\n        return self.use_fp4\n",
        "self.use_fp4 = current_platform.is_device_capability(120)",
    ),
]
CLS_BASE = {"m/runner.py": "class GPURunner:\n    def step(self, x):\n        return x\n"}
CLS_UP = {"m/runner.py": "class GPUModelRunner:\n    def step(self, x):\n        return x\n"}


def rf(t):
    return {"m/fork_run.py": t}


CLASSREN = [
    (
        "isinstance",
        rf("from m.runner import GPURunner\n\n\ndef mine(r) -> bool:\n    return isinstance(r, GPURunner)\n"),
        "from m.runner import GPURunner",
    ),
    (
        "subclass mod attr",
        rf("from m import runner\n\n\nclass Mine(runner.GPURunner):\n    pass\n"),
        "class Mine(runner.GPURunner)",
    ),
    (
        "string annotation",
        rf(
            'from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    import m.runner\n\n\ndef mine(r: "m.runner.GPURunner") -> None:\n    pass\n'
        ),
        'def mine(r: "m.runner.GPURunner")',
    ),
    (
        "unbound method",
        rf("import m.runner as mr\n\n\ndef mine(r, x):\n    return mr.GPURunner.step(r, x)\n"),
        "return mr.GPURunner.step",
    ),
    ("registry dict", rf('from m import runner\n\nRUNNERS = {"gpu": runner.GPURunner}\n'), "RUNNERS = {"),
    ("getattr str", rf('import m.runner\n\ncls = getattr(m.runner, "GPURunner")\n'), "cls = getattr"),
    ("string path", rf('WORKER = "m.runner.GPURunner"\n'), "WORKER ="),
]
PI_BASE = {"m/rope.py": "def apply_rope(q, k, pos, is_neox=True):\n    return q, k\n"}
PI_UP = {"m/rope.py": "def apply_rope(q, k, cos_sin, pos, is_neox=True):\n    return q, k\n"}


def pf(t):
    return {"m/fork_rope.py": t}


PARAMINS = [
    (
        "positional",
        pf("from m.rope import apply_rope\n\n\ndef f(q, k, p):\n    return apply_rope(q, k, p)\n"),
        "return apply_rope",
    ),
    ("alias", pf("from m.rope import apply_rope as ar\n\n\ndef f(q, k, p):\n    return ar(q, k, p)\n"), "return ar("),
    (
        "module attr",
        pf("from m import rope\n\n\ndef f(q, k, p):\n    return rope.apply_rope(q, k, p)\n"),
        "return rope.apply_rope",
    ),
    (
        "partial",
        pf(
            "import functools\n\nfrom m.rope import apply_rope\n\nneox = functools.partial(apply_rope, is_neox=True)\n\n\ndef f(q, k, p):\n    return neox(q, k, p)\n"
        ),
        "return neox(",
    ),
    (
        "lambda wrapper",
        pf("from m.rope import apply_rope\n\nrot = lambda q, k, p: apply_rope(q, k, p, False)\n"),
        "rot = lambda",
    ),
    (
        "star tuple",
        pf("from m.rope import apply_rope\n\n\ndef f(q, k, p):\n    args = (q, k, p)\n    return apply_rope(*args)\n"),
        "return apply_rope(*args)",
    ),
    (
        "kw all",
        pf("from m.rope import apply_rope\n\n\ndef f(q, k, p):\n    return apply_rope(q=q, k=k, pos=p)\n"),
        "return apply_rope(",
    ),
    (
        "4 pos with flag",
        pf("from m.rope import apply_rope\n\n\ndef f(q, k, p):\n    return apply_rope(q, k, p, False)\n"),
        "return apply_rope(",
    ),
]
CLASSES["device gate narrowed"] = (PLAT, None, DEVICE_CASES)
CLASSES["class renamed"] = (CLS_BASE, CLS_UP, CLASSREN)
CLASSES["parameter inserted"] = (PI_BASE, PI_UP, PARAMINS)

# -- a keyword the callee stopped reading from its **kwargs (#21931: PPMissingLayer's return_tuple) ---------
KW_BASE = {
    "m/layers.py": """\
class PPMissingLayer:
    def __init__(self, *args, **kwargs):
        self.return_tuple = kwargs.get("return_tuple", False)


class Loader:
    def make(self, x, **kw):
        return (x,) if kw.pop("return_tuple", False) else x


def build(x, **kwargs):
    return (x,) if kwargs.get("return_tuple", False) else x
"""
}
KW_UP = {
    "m/layers.py": """\
class PPMissingLayer:
    def __init__(self, *args, **kwargs):
        self.return_tuple = False


class Loader:
    def make(self, x, **kw):
        return (x,) if kw.pop("as_tuple", False) else x


def build(x, **kwargs):
    return x
"""
}


def kf(t):
    return {"m/fork_pp.py": t}


KWKEY = [
    (
        "constructor",
        kf("from m.layers import PPMissingLayer\n\n\ndef last():\n    return PPMissingLayer(return_tuple=True)\n"),
        "return PPMissingLayer(",
    ),
    (
        "alias",
        kf("from m.layers import PPMissingLayer as Missing\n\n\ndef last():\n    return Missing(return_tuple=True)\n"),
        "return Missing(",
    ),
    (
        "module attr",
        kf("from m import layers\n\n\ndef f(x):\n    return layers.build(x, return_tuple=True)\n"),
        "return layers.build(",
    ),
    (
        "partial",
        kf("import functools\n\nfrom m.layers import build\n\nwrap = functools.partial(build, return_tuple=True)\n"),
        "wrap = functools.partial(",
    ),
    (
        "dict splat",
        kf("from m.layers import build\n\n\ndef f(x):\n    return build(x, **{'return_tuple': True})\n"),
        "return build(",
    ),
    (
        "dict() splat",
        kf("from m.layers import build\n\n\ndef f(x):\n    return build(x, **dict(return_tuple=True))\n"),
        "return build(",
    ),
    (
        "module options",
        kf("from m.layers import build\n\nOPTS = {'return_tuple': True}\n\n\ndef f(x):\n    return build(x, **OPTS)\n"),
        "return build(x, **OPTS)",
    ),
    (
        "typed method, key renamed",
        kf(
            "from m.layers import Loader\n\n\ndef f(loader: Loader, x):\n    return loader.make(x, return_tuple=True)\n"
        ),
        "return loader.make(",
    ),
    (
        "super().__init__",
        kf(
            "from m.layers import PPMissingLayer\n\n\nclass AeonMissing(PPMissingLayer):\n    def __init__(self):\n        super().__init__(return_tuple=True)\n"
        ),
        "super().__init__(",
    ),
]
CLASSES["keyword no longer read from **kwargs"] = (KW_BASE, KW_UP, KWKEY)

# -- a class attribute a fork class inherits, whose value upstream changed (#30035: merge_by_field_config) ----
IH_BASE = {
    "m/interfaces.py": "class SupportsMultiModal:\n    merge_by_field_config: bool = False\n    supports_multimodal = True\n",
    "m/llava.py": "from m.interfaces import SupportsMultiModal\n\n\nclass Llava(SupportsMultiModal):\n    pass\n",
    "m/config.py": "from dataclasses import dataclass, field\n\n\n@dataclass\nclass CacheConfig:\n    enable_prefix_caching: bool = field(default=False)\n",
}
IH_UP = {
    "m/interfaces.py": "class SupportsMultiModal:\n    merge_by_field_config: bool = True\n    supports_multimodal = True\n",
    "m/config.py": "from dataclasses import dataclass, field\n\n\n@dataclass\nclass CacheConfig:\n    enable_prefix_caching: bool = field(default=True)\n",
}


def hf(t):
    return {"m/fork_vlm.py": t}


INHERITED = [
    (
        "direct",
        hf("from m.interfaces import SupportsMultiModal\n\n\nclass AeonVLM(SupportsMultiModal):\n    pass\n"),
        "class AeonVLM",
    ),
    (
        "alias",
        hf("from m.interfaces import SupportsMultiModal as MM\n\n\nclass AeonVLM(MM):\n    pass\n"),
        "class AeonVLM",
    ),
    (
        "module attr",
        hf("from m import interfaces\n\n\nclass AeonVLM(interfaces.SupportsMultiModal):\n    pass\n"),
        "class AeonVLM",
    ),
    (
        "through upstream's class",
        hf("from m.llava import Llava\n\n\nclass AeonLlava(Llava):\n    pass\n"),
        "class AeonLlava",
    ),
    (
        "mixin among bases",
        hf(
            "import torch\n\nfrom m.interfaces import SupportsMultiModal\n\n\nclass AeonVLM(torch.nn.Module, SupportsMultiModal):\n    pass\n"
        ),
        "class AeonVLM",
    ),
    (
        "dataclass field(default=)",
        hf(
            "from dataclasses import dataclass\n\nfrom m.config import CacheConfig\n\n\n@dataclass\nclass AeonCacheConfig(CacheConfig):\n    aeon_uma: bool = True\n"
        ),
        "class AeonCacheConfig",
    ),
]
CLASSES["inherited default changed"] = (IH_BASE, IH_UP, INHERITED)

TV_BASE = {
    "m/layout.py": """\
import torch


def kv_layout(fp8, block):
    if fp8:
        return torch.float8_e4m3fn, block, 4
    return torch.bfloat16, block, 0


class Backend:
    @staticmethod
    def layout(fp8):
        return kv_layout(fp8, 16)
"""
}
TV_UP = {"m/layout.py": TV_BASE["m/layout.py"].replace("torch.float8_e4m3fn, block, 4", "torch.uint8, block, 8")}


def tf(t):
    return {"m/fork_layout.py": "import torch\n\n" + t}


TUPLEVAL = [
    (
        "== dtype",
        tf(
            "from m.layout import kv_layout\n\n\ndef fast(fp8):\n    dtype, block, bits = kv_layout(fp8, 16)\n    return dtype == torch.float8_e4m3fn\n"
        ),
        "return dtype ==",
    ),
    (
        "is dtype",
        tf(
            "from m.layout import kv_layout\n\n\ndef fast(fp8):\n    dtype, block, bits = kv_layout(fp8, 16)\n    return dtype is torch.float8_e4m3fn\n"
        ),
        "return dtype is",
    ),
    (
        "reversed",
        tf(
            "from m.layout import kv_layout\n\n\ndef fast(fp8):\n    dtype, block, bits = kv_layout(fp8, 16)\n    return torch.float8_e4m3fn == dtype\n"
        ),
        "return torch.float8_e4m3fn == dtype",
    ),
    (
        "in tuple",
        tf(
            "from m.layout import kv_layout\n\n\ndef fast(fp8):\n    dtype, block, bits = kv_layout(fp8, 16)\n    return dtype in (torch.float8_e4m3fn, torch.float16)\n"
        ),
        "return dtype in",
    ),
    (
        "if !=",
        tf(
            "from m.layout import kv_layout\n\n\ndef fast(fp8):\n    dtype, block, bits = kv_layout(fp8, 16)\n    if dtype != torch.float8_e4m3fn:\n        return False\n    return True\n"
        ),
        "if dtype !=",
    ),
    (
        "the number",
        tf(
            "from m.layout import kv_layout\n\n\ndef fast(fp8):\n    dtype, block, bits = kv_layout(fp8, 16)\n    return bits == 4\n"
        ),
        "return bits == 4",
    ),
    (
        "module alias",
        tf(
            "import m.layout as ml\n\n\ndef fast(fp8):\n    dtype, _, _ = ml.kv_layout(fp8, 16)\n    return dtype == torch.float8_e4m3fn\n"
        ),
        "return dtype ==",
    ),
    (
        "self attr",
        tf(
            "from m.layout import kv_layout\n\n\nclass C:\n    def __init__(self, fp8):\n        self.dtype, self.block, self.bits = kv_layout(fp8, 16)\n\n    def fast(self):\n        return self.dtype == torch.float8_e4m3fn\n"
        ),
        "return self.dtype ==",
    ),
    (
        "module level",
        tf(
            "from m.layout import kv_layout\n\nDTYPE, BLOCK, BITS = kv_layout(True, 16)\nFAST = DTYPE == torch.float8_e4m3fn\n"
        ),
        "FAST = DTYPE",
    ),
]
CLASSES["tuple value changed"] = (TV_BASE, TV_UP, TUPLEVAL)
TUPLEVAL += [
    (
        "indexed local",
        tf(
            "from m.layout import kv_layout\n\n\ndef fast(fp8):\n    layout = kv_layout(fp8, 16)\n    return layout[0] == torch.float8_e4m3fn\n"
        ),
        "return layout[0] ==",
    ),
    (
        "indexed call",
        tf("from m.layout import kv_layout\n\n\ndef fast(fp8):\n    return kv_layout(fp8, 16)[2] == 4\n"),
        "return kv_layout(fp8, 16)[2] == 4",
    ),
    (
        "match",
        tf(
            "from m.layout import kv_layout\n\n\ndef fast(fp8):\n    dtype, block, bits = kv_layout(fp8, 16)\n    match bits:\n        case 4:\n            return True\n    return False\n"
        ),
        "case 4:",
    ),
]
