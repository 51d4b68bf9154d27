"""Adversarial twins of killers181's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a method's cache read off its class (``drift/dropped_caches.py``; #14156 took ``@lru_cache(maxsize=8)`` off
  ``NvmlCudaPlatform``'s probes): a ``hasattr`` guard, a ``getattr(..., None)`` probe, a ``try``/``except
  AttributeError``, the fork caching the probe again itself, the fork's own class of the name, a subclass's own
  cached override; #12475 (``@lru_cache(maxsize=None)`` -> ``@cache`` on a staticmethod) and #8464
  (``@lru_cache()`` -> ``@lru_cache``): the cache respelt, still there;
- a fork namesake of a method upstream added to a base with a ``__getattr__``, called off a global typed by its
  declaration, or handed a literal (``drift/symbols.py``, ``drift/new_hooks.py``; #35356
  ``Platform.is_integrated_gpu(device_id=0)``, #30484 ``is_device_capability_family(capability: int)`` called
  with ``100``): the name on the fork's own class outside the family, an unannotated parameter, ``*args``, an
  optional union, a ``float`` (a number for a number), a string annotation, a union with a non-scalar, another
  parameter name;
- a returned list's entries reshaped (``drift/element_shapes.py``; #43477 ``get_valid_backends`` ->
  ``list[_BackendCandidate]``): the new three-name unpack, the fields by name, a ``hasattr`` test, a ``try``/
  ``except ValueError``, the entries re-paired into a list of the fork's own, the list's name rebound to pairs,
  a loop variable of the same name over another container, a ``self.f()`` in a fork override; #26633
  (``list[tuple[_T1, Optional[_T2]]]`` -> ``list[tuple[_T1, _T2 | None]]``: only the spelling changed) read by
  position and unpacked.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's eight
catches of these widenings (``blind_replay_platiface.py``), kept to show the reach stays.

Round 1 (main at 92f3824d), 8 cases and 27 twins as first written: 8 caught of 8; 2 false errors of 27, both
element shapes: #26633's ``pair[1]`` off ``to_enc_dec_tuple_list`` (the position's annotation was only respelt,
``Optional[_T2]`` -> ``_T2 | None``, and kinds were compared as written), and ``entry[1]`` in ``for entry in
invalid.items()`` beside ``for entry in valid`` (a loop name was an entry wherever the function read it).  The
cache and hook twins were quiet (7 warned: symbol drift's "the fork's own method now overrides" on the
namesakes that fit, as blind_replay_platiface's own twins warn).
Round 2 (this branch): a position's kind is read as one spelling of its type (``Optional``/``Union``/``|`` in any
order, typing's aliases, quotes, module prefixes: ``_spelt``); a loop name another store of the function binds is
no entry (``_only_entries``).  Two more real commits of the same shape, written after the mends: #40020
(11f6b545d4) quoted ``get_handlers``' ``"OffloadingHandler"`` slot, #37109 (512c5eb455) made
``yield_req_data``'s block ids ``... | None`` (a position that only admits None now is no move: ``_moved``; a
None read is for the none checks).  On main (92f3824d) both are false errors; on this branch quiet.
Round 3 (another real commit, written after the mends): #34959 (d38cd3dde5) made ``_flatten_stats_tree`` return
``list[tuple[int, StatsEntryT]]``, ``StatsEntryT = TypeVar(..., bound=StatsEntry)``: the same entries.  On main a
false error (``row[1]``); this branch reads a module's bounded TypeVar as its bound (``_Bounded``): quiet.
All rounds, main (92f3824d): 8 caught of 8; 5 false errors of 30 twins.  This branch: 8 caught of 8; 0 false
errors of 30 twins (7 warned).
Regression set at this branch's head: blind_replay_platiface 23 caught of 23 (12 twins quiet, 2 warned, as before),
killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), blind_replay_platcuda 21/21 (10 quiet),
blind_replay_kvoffload 14/14 (8 quiet).  blind_replay_platiface as before: 23 caught of 23, 12 twins quiet (2 warned).

  PYTHONPATH=.. python review90_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 989f4f430c (#14156): the lru_cache taken off NvmlCudaPlatform's probes
LC = ("#14156", "989f4f430c", "lru_cache removed from NvmlCudaPlatform.get_device_capability/get_device_name/...")
NVI = "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"
CASES += [
    (
        "#14156 method cache removed",
        "cache_clear() off the probe",
        K(
            *LC,
            "vllm/aeon/r90lc0.py",
            NVI + "def aeon_reprobe() -> None:\n    NvmlCudaPlatform.get_device_capability.cache_clear()\n",
            "    NvmlCudaPlatform.get_device_capability.cache_clear()",
        ),
    ),
    (
        "#14156 method cache removed",
        "cache_info() read off the probe",
        K(
            *LC,
            "vllm/aeon/r90lc9.py",
            NVI + "def aeon_name_probes() -> int:\n    return NvmlCudaPlatform.get_device_name.cache_info().misses\n",
            "    return NvmlCudaPlatform.get_device_name.cache_info().misses",
        ),
    ),
]
TWINS += [
    (
        "#14156 method cache removed",
        "twin: cache_clear() under a hasattr guard",
        K(
            *LC,
            "vllm/aeon/r90lc1.py",
            NVI + "def aeon_reprobe() -> None:\n"
            "    # AEON: newer upstreams read NVML every time\n"
            "    if hasattr(NvmlCudaPlatform.get_device_capability, 'cache_clear'):\n"
            "        NvmlCudaPlatform.get_device_capability.cache_clear()\n",
            "        NvmlCudaPlatform.get_device_capability.cache_clear()",
        ),
    ),
    (
        "#14156 method cache removed",
        "twin: a getattr(..., None) probe of cache_clear",
        K(
            *LC,
            "vllm/aeon/r90lc2.py",
            NVI + "def aeon_reprobe() -> None:\n"
            "    clear = getattr(NvmlCudaPlatform.get_device_capability, 'cache_clear', None)\n"
            "    if clear is not None:\n"
            "        clear()\n",
            "    clear = getattr(NvmlCudaPlatform.get_device_capability, 'cache_clear', None)",
        ),
    ),
    (
        "#14156 method cache removed",
        "twin: cache_clear() in a try/except AttributeError",
        K(
            *LC,
            "vllm/aeon/r90lc3.py",
            NVI + "def aeon_reprobe() -> None:\n"
            "    try:\n"
            "        NvmlCudaPlatform.get_device_capability.cache_clear()\n"
            "    except AttributeError:\n"
            "        pass  # AEON: nothing cached upstream any more\n",
            "        NvmlCudaPlatform.get_device_capability.cache_clear()",
        ),
    ),
    (
        "#14156 method cache removed",
        "twin: the fork caches the probe again itself, then clears it",
        K(
            *LC,
            "vllm/aeon/r90lc4.py",
            "from functools import lru_cache\n\n"
            + NVI
            + "# AEON: the Spark's probes are slow over its NVML shim; cache them again\n"
            "NvmlCudaPlatform.get_device_capability = classmethod(\n"
            "    lru_cache(maxsize=8)(NvmlCudaPlatform.get_device_capability.__func__)\n"
            ")\n\n\n"
            "def aeon_reprobe() -> None:\n    NvmlCudaPlatform.get_device_capability.cache_clear()\n",
            "    NvmlCudaPlatform.get_device_capability.cache_clear()",
        ),
    ),
    (
        "#14156 method cache removed",
        "twin: the fork's own class of the name, its probe cached",
        K(
            *LC,
            "vllm/aeon/r90lc5.py",
            "from functools import lru_cache\n\n\n"
            "class NvmlCudaPlatform:\n"
            "    @classmethod\n"
            "    @lru_cache(maxsize=8)\n"
            "    def get_device_capability(cls, device_id: int = 0) -> tuple[int, int]:\n"
            "        return (12, 1)  # AEON: the board's own probe\n\n\n"
            "def aeon_reprobe() -> None:\n    NvmlCudaPlatform.get_device_capability.cache_clear()\n",
            "    NvmlCudaPlatform.get_device_capability.cache_clear()",
        ),
    ),
    (
        "#14156 method cache removed",
        "twin: a subclass's own cached override cleared",
        K(
            *LC,
            "vllm/aeon/r90lc6.py",
            "from functools import lru_cache\n\n" + NVI + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    @lru_cache(maxsize=8)\n"
            "    def get_device_capability(cls, device_id: int = 0):\n"
            "        return super().get_device_capability(device_id)\n\n\n"
            "def aeon_reprobe() -> None:\n    AeonSparkPlatform.get_device_capability.cache_clear()\n",
            "    AeonSparkPlatform.get_device_capability.cache_clear()",
        ),
    ),
    (
        "#12475 method cache respelt",
        "twin: a staticmethod's cache_clear() after lru_cache(maxsize=None) became cache",
        K(
            "#12475",
            "823ab79633",
            "@lru_cache(maxsize=None) -> @cache on BaseMultiModalItemTracker._cached_token_str",
            "vllm/aeon/r90lc7.py",
            "from vllm.entrypoints.chat_utils import BaseMultiModalItemTracker\n\n\n"
            "def aeon_reset_tokenizer() -> None:\n"
            "    # AEON: the tokenizer is swapped at runtime; its decoded placeholders must go\n"
            "    BaseMultiModalItemTracker._cached_token_str.cache_clear()\n",
            "    BaseMultiModalItemTracker._cached_token_str.cache_clear()",
        ),
    ),
    (
        "#8464 method cache respelt",
        "twin: a staticmethod's cache_clear() after lru_cache() became lru_cache",
        K(
            "#8464",
            "21063c11c7",
            "@lru_cache() -> @lru_cache on CustomOp.default_on",
            "vllm/aeon/r90lc8.py",
            "from vllm.model_executor.custom_op import CustomOp\n\n\n"
            "def aeon_reread_custom_ops() -> None:\n"
            "    # AEON: the launcher sets VLLM_CUSTOM_OPS after import\n"
            "    CustomOp.default_on.cache_clear()\n",
            "    CustomOp.default_on.cache_clear()",
        ),
    ),
]

# --- 995e9a209e (#35356): Platform.is_integrated_gpu(device_id=0) added; mem_utils calls it off current_platform
IG = ("#35356", "995e9a209e", "Platform.is_integrated_gpu(cls, device_id=0) added and called by mem_utils")
CASES += [
    (
        "#35356 base method added over a fork namesake",
        "a class attribute shadowing the new method",
        K(
            *IG,
            "vllm/aeon/r90ig0.py",
            NVI + "class AeonSparkPlatform(NvmlCudaPlatform):\n    is_integrated_gpu: bool = True\n",
            "    is_integrated_gpu: bool = True",
        ),
    ),
    (
        "#35356 base method added over a fork namesake",
        "a namesake classmethod without the device index",
        K(
            *IG,
            "vllm/aeon/r90ig9.py",
            NVI + "class AeonSparkPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_integrated_gpu(cls) -> bool:\n"
            '        return "GB10" in cls.get_device_name()\n',
            "    def is_integrated_gpu(cls) -> bool:",
        ),
    ),
]
TWINS += [
    (
        "#35356 base method added over a fork namesake",
        "twin: the name on the fork's own board class (no platform base)",
        K(
            *IG,
            "vllm/aeon/r90ig1.py",
            "class AeonBoard:\n"
            "    @classmethod\n"
            "    def is_integrated_gpu(cls) -> bool:\n"
            "        return True  # AEON: GB10 is a UMA part\n",
            "    def is_integrated_gpu(cls) -> bool:",
        ),
    ),
    (
        "#35356 base method added over a fork namesake",
        "twin: a namesake taking an unannotated device index",
        K(
            *IG,
            "vllm/aeon/r90ig2.py",
            NVI + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_integrated_gpu(cls, device_id=0) -> bool:\n"
            '        return "GB10" in cls.get_device_name(device_id)\n',
            "    def is_integrated_gpu(cls, device_id=0) -> bool:",
        ),
    ),
    (
        "#35356 base method added over a fork namesake",
        "twin: a namesake forwarding *args",
        K(
            *IG,
            "vllm/aeon/r90ig3.py",
            NVI + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_integrated_gpu(cls, *args, **kwargs) -> bool:\n"
            '        return "GB10" in cls.get_device_name(*args, **kwargs)\n',
            "    def is_integrated_gpu(cls, *args, **kwargs) -> bool:",
        ),
    ),
    (
        "#35356 base method added over a fork namesake",
        "twin: a namesake taking an optional device index",
        K(
            *IG,
            "vllm/aeon/r90ig4.py",
            NVI + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_integrated_gpu(cls, device_id: int | None = None) -> bool:\n"
            '        return "GB10" in cls.get_device_name(device_id or 0)\n',
            "    def is_integrated_gpu(cls, device_id: int | None = None) -> bool:",
        ),
    ),
]

# --- 4fa7ce46f3 (#30484): Platform.is_device_capability_family(capability: int) added; called with 100
CF = (
    "#30484",
    "4fa7ce46f3",
    "Platform.is_device_capability_family(capability: int, device_id=0) added, called with 100",
)
CFB = "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\nclass AeonSparkPlatform(NvmlCudaPlatform):\n    @classmethod\n"
CFT = "        cap = cls.get_device_capability(device_id)\n        return cap is not None and cap.to_int() // 10 == int(capability) // 10\n"
CASES += [
    (
        "#30484 base method added over a fork namesake",
        "a namesake taking a family name",
        K(
            *CF,
            "vllm/aeon/r90cf0.py",
            '_AEON_FAMILIES = {"blackwell": (10, 12), "hopper": (9,)}\n\n'
            + CFB
            + "    def is_device_capability_family(cls, family: str) -> bool:\n"
            "        cap = cls.get_device_capability()\n"
            "        return cap is not None and cap.major in _AEON_FAMILIES[family]\n",
            "    def is_device_capability_family(cls, family: str) -> bool:",
        ),
    ),
]
TWINS += [
    (
        "#30484 base method added over a fork namesake",
        "twin: a namesake taking a float capability (a number for a number)",
        K(
            *CF,
            "vllm/aeon/r90cf1.py",
            CFB + "    def is_device_capability_family(cls, capability: float, device_id: int = 0) -> bool:\n" + CFT,
            "    def is_device_capability_family(cls, capability: float, device_id: int = 0) -> bool:",
        ),
    ),
    (
        "#30484 base method added over a fork namesake",
        "twin: a namesake annotated by a string",
        K(
            *CF,
            "vllm/aeon/r90cf2.py",
            CFB + "    def is_device_capability_family(cls, capability: 'int', device_id: int = 0) -> bool:\n" + CFT,
            "    def is_device_capability_family(cls, capability: 'int', device_id: int = 0) -> bool:",
        ),
    ),
    (
        "#30484 base method added over a fork namesake",
        "twin: a namesake taking an int or a (major, minor) pair",
        K(
            *CF,
            "vllm/aeon/r90cf3.py",
            CFB
            + "    def is_device_capability_family(cls, capability: int | tuple[int, int], device_id: int = 0) -> bool:\n"
            "        if isinstance(capability, tuple):\n"
            "            capability = capability[0] * 10 + capability[1]\n" + CFT,
            "    def is_device_capability_family(cls, capability: int | tuple[int, int], device_id: int = 0) -> bool:",
        ),
    ),
    (
        "#30484 base method added over a fork namesake",
        "twin: a family-name namesake on the fork's own helper class",
        K(
            *CF,
            "vllm/aeon/r90cf4.py",
            "class AeonKernelGates:\n"
            "    @classmethod\n"
            "    def is_device_capability_family(cls, family: str) -> bool:\n"
            '        return family in ("blackwell",)  # AEON: the fork\'s own gate table\n',
            "    def is_device_capability_family(cls, family: str) -> bool:",
        ),
    ),
    (
        "#30484 base method added over a fork namesake",
        "twin: a namesake with its own parameter name, an int",
        K(
            *CF,
            "vllm/aeon/r90cf5.py",
            CFB + "    def is_device_capability_family(cls, family_cc: int, device_id: int = 0) -> bool:\n"
            "        capability = family_cc\n" + CFT,
            "    def is_device_capability_family(cls, family_cc: int, device_id: int = 0) -> bool:",
        ),
    ),
]

# --- 44d95069e9 (#43477): get_valid_backends' entries (backend, priority) -> _BackendCandidate(class, backend, prio)
BC = ("#43477", "44d95069e9", "get_valid_backends -> list[_BackendCandidate(backend_class, backend, priority)]")
BCI = (
    "from vllm.platforms import current_platform\nfrom vllm.platforms.cuda import CudaPlatformBase\n"
    "from vllm.v1.attention.selector import AttentionSelectorConfig\n\n\n"
)
BCV = (
    "    cap = current_platform.get_device_capability()\n"
    "    valid, invalid = CudaPlatformBase.get_valid_backends(cap, config)\n"
)
CASES += [
    (
        "#43477 entry shape changed",
        "an unpacking of each entry as a pair",
        K(
            *BC,
            "vllm/aeon/r90bc0.py",
            BCI
            + "def aeon_ranked(config: AttentionSelectorConfig) -> list[str]:\n"
            + BCV
            + '    return [f"{backend.name}:{priority}" for backend, priority in valid]\n',
            '    return [f"{backend.name}:{priority}" for backend, priority in valid]',
        ),
    ),
    (
        "#43477 entry shape changed",
        "an index of each entry by position",
        K(
            *BC,
            "vllm/aeon/r90bc9.py",
            BCI
            + "def aeon_best(config: AttentionSelectorConfig):\n"
            + BCV
            + "    return min(valid, key=lambda entry: entry[1])[0]\n",
            "    return min(valid, key=lambda entry: entry[1])[0]",
        ),
    ),
    (
        "#43477 entry shape changed",
        "a subclass override re-pairing the entries",
        K(
            *BC,
            "vllm/aeon/r90bc8.py",
            BCI + "class AeonSparkCuda(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_valid_backends(cls, device_capability, attn_selector_config, num_heads=None):\n"
            "        valid, invalid = super().get_valid_backends(device_capability, attn_selector_config, num_heads)\n"
            '        return [(b, 0 if b.name == "FLASHINFER" else p + 1) for b, p in valid], invalid\n',
            '        return [(b, 0 if b.name == "FLASHINFER" else p + 1) for b, p in valid], invalid',
        ),
    ),
]
TWINS += [
    (
        "#43477 entry shape changed",
        "twin: the new three-name unpack",
        K(
            *BC,
            "vllm/aeon/r90bc1.py",
            BCI
            + "def aeon_ranked(config: AttentionSelectorConfig) -> list[str]:\n"
            + BCV
            + '    return [f"{backend.name}:{priority}" for _cls, backend, priority in valid]\n',
            '    return [f"{backend.name}:{priority}" for _cls, backend, priority in valid]',
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: the fields read by name",
        K(
            *BC,
            "vllm/aeon/r90bc2.py",
            BCI
            + "def aeon_best(config: AttentionSelectorConfig):\n"
            + BCV
            + "    return min(valid, key=lambda entry: entry.priority).backend\n",
            "    return min(valid, key=lambda entry: entry.priority).backend",
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: a hasattr test before the positional read",
        K(
            *BC,
            "vllm/aeon/r90bc3.py",
            BCI + "def aeon_priorities(config: AttentionSelectorConfig) -> list[int]:\n" + BCV + "    out = []\n"
            "    for entry in valid:\n"
            "        out.append(entry.priority if hasattr(entry, 'priority') else entry[1])\n"
            "    return out\n",
            "        out.append(entry.priority if hasattr(entry, 'priority') else entry[1])",
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: the pair unpack in a try/except ValueError",
        K(
            *BC,
            "vllm/aeon/r90bc4.py",
            BCI + "def aeon_ranked(config: AttentionSelectorConfig) -> list[str]:\n" + BCV + "    try:\n"
            '        return [f"{backend.name}:{priority}" for backend, priority in valid]\n'
            "    except ValueError:  # AEON: newer upstreams hand back candidates\n"
            '        return [f"{c.backend.name}:{c.priority}" for c in valid]\n',
            '        return [f"{backend.name}:{priority}" for backend, priority in valid]',
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: the entries re-paired into the fork's own list, then unpacked",
        K(
            *BC,
            "vllm/aeon/r90bc5.py",
            BCI
            + "def aeon_ranked(config: AttentionSelectorConfig) -> list[str]:\n"
            + BCV
            + "    pairs = [(c.backend, c.priority) for c in valid]\n"
            '    return [f"{backend.name}:{priority}" for backend, priority in pairs]\n',
            '    return [f"{backend.name}:{priority}" for backend, priority in pairs]',
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: the list's name rebound to pairs, then read by position",
        K(
            *BC,
            "vllm/aeon/r90bc6.py",
            BCI
            + "def aeon_best(config: AttentionSelectorConfig):\n"
            + BCV
            + "    valid = [(c.backend, c.priority) for c in valid]\n"
            "    return min(valid, key=lambda entry: entry[1])[0]\n",
            "    return min(valid, key=lambda entry: entry[1])[0]",
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: a loop variable of the same name over the invalid reasons",
        K(
            *BC,
            "vllm/aeon/r90bc7.py",
            BCI
            + "def aeon_report(config: AttentionSelectorConfig) -> list[str]:\n"
            + BCV
            + "    lines = [entry.backend.name for entry in valid]\n"
            "    # AEON: the doctor command prints why each other backend was turned down\n"
            "    for entry in invalid.items():\n"
            '        lines.append(f"{entry[0].name}: {entry[1][1]}")\n'
            "    return lines\n",
            '        lines.append(f"{entry[0].name}: {entry[1][1]}")',
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: self.get_valid_backends() in a fork override returning its own pairs",
        K(
            *BC,
            "vllm/aeon/r90bc10.py",
            BCI + "class AeonSparkCuda(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_valid_backends(cls, device_capability, attn_selector_config, num_heads=None):\n"
            "        return [(b, p) for p, b in enumerate(cls.aeon_order)], {}\n\n"
            "    @classmethod\n"
            "    def aeon_first(cls, cap, config):\n"
            "        valid, _ = cls.get_valid_backends(cap, config)\n"
            "        return min(valid, key=lambda entry: entry[1])[0]\n",
            "        return min(valid, key=lambda entry: entry[1])[0]",
        ),
    ),
]

# --- 8fcaaf6a16 (#26633): Optional[x] -> x | None everywhere; to_enc_dec_tuple_list's entries only respelt
ED = ("#26633", "8fcaaf6a16", "list[tuple[_T1, Optional[_T2]]] -> list[tuple[_T1, _T2 | None]] (spelling only)")
EDI = "from vllm.inputs.data import to_enc_dec_tuple_list\n\n\n"
TWINS += [
    (
        "#26633 entry annotation respelt",
        "twin: the decoder prompt read by position",
        K(
            *ED,
            "vllm/aeon/r90ed1.py",
            EDI + "def aeon_decoder_prompts(prompts: list) -> list:\n"
            "    pairs = to_enc_dec_tuple_list(prompts)\n"
            "    return [pair[1] for pair in pairs if pair[1] is not None]\n",
            "    return [pair[1] for pair in pairs if pair[1] is not None]",
        ),
    ),
    (
        "#26633 entry annotation respelt",
        "twin: the pair unpacked straight off the call",
        K(
            *ED,
            "vllm/aeon/r90ed2.py",
            EDI + "def aeon_encoder_prompts(prompts: list) -> list:\n"
            "    return [enc for enc, dec in to_enc_dec_tuple_list(prompts) if dec is None]\n",
            "    return [enc for enc, dec in to_enc_dec_tuple_list(prompts) if dec is None]",
        ),
    ),
]

# --- 11f6b545d4 (#40020): OffloadingSpec.get_handlers' handler slot quoted ("OffloadingHandler"), the layout kept
OH = ("#40020", "11f6b545d4", "Iterator[tuple[..., OffloadingHandler]] -> Iterator[tuple[..., 'OffloadingHandler']]")
TWINS += [
    (
        "#40020 entry annotation quoted",
        "twin: the handler read by position off self.get_handlers()",
        K(
            *OH,
            "vllm/aeon/r90oh1.py",
            "from vllm.v1.kv_offload.base import OffloadingSpec\n\n\n"
            "class AeonTierSpec(OffloadingSpec):\n"
            "    def aeon_handler_names(self, kv_caches) -> list[str]:\n"
            "        # AEON: the Spark's tier report names each handler\n"
            "        handlers = self.get_handlers(kv_caches)\n"
            "        return [type(h[2]).__name__ for h in handlers]\n",
            "        return [type(h[2]).__name__ for h in handlers]",
        ),
    ),
]

# --- 512c5eb455 (#37109): yield_req_data's block ids may be None now (``tuple[list[int], ...] | None``)
YR = ("#37109", "512c5eb455", "Iterator[tuple[str, tuple[list[int], ...], bool]] -> (str, ... | None, bool)")
TWINS += [
    (
        "#37109 entry position admits None",
        "twin: the block ids read by position, an empty or None skipped",
        K(
            *YR,
            "vllm/aeon/r90yr1.py",
            "from vllm.distributed.kv_transfer.kv_connector.utils import yield_req_data\n\n\n"
            "def aeon_new_blocks(scheduler_output) -> int:\n"
            "    reqs = yield_req_data(scheduler_output)\n"
            "    count = 0\n"
            "    for req in reqs:\n"
            "        ids = req[1]\n"
            "        if ids:\n"
            "            count += sum(len(group) for group in ids)\n"
            "    return count\n",
            "        ids = req[1]",
        ),
    ),
]

# --- d38cd3dde5 (#34959): _flatten_stats_tree -> list[tuple[int, StatsEntryT]], StatsEntryT bound to StatsEntry
ST = ("#34959", "d38cd3dde5", "list[tuple[int, StatsEntry]] -> list[tuple[int, StatsEntryT]] (a TypeVar bound to it)")
TWINS += [
    (
        "#34959 entry typed by a bounded TypeVar",
        "twin: the stats entry read by position off self._flatten_stats_tree()",
        K(
            *ST,
            "vllm/aeon/r90st1.py",
            "from vllm.profiler.layerwise_profile import LayerwiseProfileResults\n\n\n"
            "class AeonProfileResults(LayerwiseProfileResults):\n"
            "    def aeon_row_names(self) -> list[str]:\n"
            "        # AEON: the Spark's profile dump lists the model's rows in tree order\n"
            "        rows = self._flatten_stats_tree(self._model_stats_tree)\n"
            "        return [row[1].name for row in rows]\n",
            "        return [row[1].name for row in rows]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review90-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
