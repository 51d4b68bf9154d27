"""Adversarial twins of killers220's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a patch whose value is a call of a factory the fork's file defines (``drift/patched_functions.py``, widened by
  killers220, an error; #41664 (a7b801e26d) ``flashinfer_scaled_fp4_mm(..., block_size=..., use_nvfp4=False)``
  from the new MXFP4 linear kernel): the factory's inner forwarding ``*args, **kwargs``, kept in sync, taking the
  new keywords keyword-only or through ``**kwargs``, a factory handing back upstream's function on another path
  or picking one of two nested defs, the inner rebound by a compile wrapper, a ``functools.cache``d or rebound
  factory, ``functools.update_wrapper(inner, fn)``, the result put on the fork's own namespace, object or name, a
  forwarding lambda, a class method of the factory's name beside a new-parameter module factory, the patch in a
  ``try`` or a ``with``, under a signature look (a warning by design), an installer (a ``def`` or a ``lambda``)
  whose factory is its parameter, the factory imported with the file's ``def`` only an ``ImportError`` fallback;
  and a second real commit of the shape, #13932 (e59ca942f5, found with ``git log --first-parent`` over the
  ``fused_moe`` module for a def gaining a parameter its module's new call passes by keyword) --
  ``moe_align_block_size(..., pad_sorted_ids=True)`` from the new DeepGemm permute helper: the inner taking
  ``pad_sorted_ids`` or ``**kwargs``, a factory patching the fork's own module, a ``hasattr`` probe (a warning by
  design), an installer's defaulted parameter shadowing the file's old-parameter factory, a factory's result
  built in a comprehension;
- a replacement of a function upstream gave a new early exit (``drift/replaced_guards.py``, new, a warning;
  #28561 (a543e678b4)): one testing batch invariance its own way, a factory-made delegating one, one kept on
  the fork's own object, a test's stub;
- a fork test pinning a changed upstream function (``drift/pinned_results.py``, new, a warning; #49718
  (1d2d83a07f)): a test of the fork's own namesake, of a helper upstream left alone, of the stub the test
  installed itself (by ``monkeypatch.setattr``, by a dotted ``mock.patch`` decorator).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the factory widening's
catches (blind_replay_fiutils' f42 and its spellings, #13932's), kept to show the reach stays.

Round 1 (main at 16b65ef6, the first 4 cases and 32 twins as first written): 4 caught of 4; 3 false errors of
32, 4 warned.  All three are the factory widening's reading of a NAME as the file's ``def`` wherever it is
written: ``def aeon_install(_spark_backend): setattr(fi, ..., _spark_backend(fi.f))`` (the installer's
parameter, handed a forwarding factory, shadows the file's old-parameter factory), ``def aeon_patch(_spark_align=
_kw)`` (a defaulted parameter, the same), and ``try: from vllm.aeon.spark_kernels import _spark_backend`` /
``except ImportError: def _spark_backend(...)`` (the def only the fallback; the import was not counted as a
rebinding).  The older plain-name path (``mod.f = impl``) shares the reading, and the mend covers it.  Warned:
the signature and ``hasattr`` probes (by design), and pinned_results on #28561's and #49718's tests that pin the
stub they installed themselves (``monkeypatch.setattr(fi, "supports_trtllm_attention", lambda: False)`` then
``assert not fi.supports_trtllm_attention()``).  Round 1 over the whole file at 16b65ef6 (round-3 cases and the
two later twins included, through ``AEON_SRC``): 7 caught, 1 warned of 8; 4 false errors of 34 twins (the lambda
installer's parameter the fourth), 5 warned.
Round 2 (this branch): ``drift/patched_functions.py`` reads a value's name as the file's ``def`` only where it
reaches it -- a name a function or lambda around the patch takes as a parameter installs what the caller hands
in, and a name the file also imports may be the import (``_rebound`` counted stores only), but for an import
just before the ``def`` in the same block, which the def overrides; ``drift/pinned_results.py`` leaves a call
``m.f(...)`` of a name the enclosing test function stubs itself (``setattr``/``monkeypatch.setattr``,
``patch.object``, ``m.f = ...``, a dotted ``patch("pkg.m.f")``/``monkeypatch.setattr("pkg.m.f", ...)``, in its
body or decorators) quiet: it pins the stub.  Unit tests that failed before: test_patched_functions ``the
factory's name a parameter of the installer``, ``the def's name a defaulted parameter of the installer``, ``the
factory imported, its def a fallback``; test_pinned_results ``a pin of the test's own stub``, ``a pin of a
patch.object stub``, ``a pin under a dotted patch decorator``.  0 false errors of 34 twins, 2 warned (the
probes).
Round 3 (written after the mends): cases the mends must not swallow -- the file's factory called in an installer
taking a parameter of another name (#41664, #13932), a namesake ``def`` right after an import of upstream's
function in the same block (#41664), a test stubbing the module's name while calling the bare name it imported
before (#49718, a warning): 3 caught, 1 warned (unit tests ``the file's factory called where a parameter of
another name is in scope``, ``a def after an import of its name in the same block``, ``a pin beside a stub of
another name``, ``a pin of the imported name while the module is stubbed``).  All rounds, this branch: 7 caught,
1 warned, 0 missed of 8; 0 false errors of 34 twins, 2 warned.
Regression set at the mends (00cf9ba8's engine): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_fiutils 10 caught, 6 warned, 2 missed of 18 (9 quiet, 1 of them warned, 0 false), review112_twins
5/5 (0 false of 23, 3 warned), review82_twins 11/11 (0 false of 29, 4 warned), blind_replay_compbackends 9
caught, 1 warned, 2 missed of 12 (10 quiet): each as recorded.  drift_speed's 150-commit window (3 runs, this
machine shared): patched_function_drift, pinned_result_drift, replaced_guard_drift 0.000 s each (one earlier run
read 0.009 s for patched_function_drift under a load spike, audit 43 s against 31-34 s; main's engine 0.000 s):
the mends add a walk up the patch's parents per named value and, in a test with a pin, one walk of its enclosing
test function, both past the gates.

  PYTHONPATH=.. python review126_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- a7b801e26d (#41664): the new MXFP4 linear kernel calls flashinfer_scaled_fp4_mm(..., alpha=None,
# out_dtype=..., backend=..., block_size=..., use_nvfp4=False), importing it from vllm.utils.flashinfer at call time
F4 = ("#41664", "a7b801e26d", "flashinfer_scaled_fp4_mm now called with block_size=/use_nvfp4= and alpha=None")
FH = "import functools\n\nfrom vllm.utils import flashinfer as fi\n\n\n"
OLD = "a, b, block_scale_a, block_scale_b, alpha, out_dtype, backend"
NEW = OLD + ", block_size=16, use_nvfp4=True"
# the fork's factory of the old parameters (the replay's ``_spark_backend``)
OLD_MAKER = (
    "def _spark_backend(fn):\n"
    "    @functools.wraps(fn)\n"
    f"    def inner({OLD}):\n"
    "        # AEON: the Spark runs the FP4 GEMM on cutlass\n"
    '        backend = "cutlass" if backend == "trtllm" else backend\n'
    f"        return fn({OLD})\n\n"
    "    return inner\n\n\n"
)
SET = 'setattr(fi, "flashinfer_scaled_fp4_mm", _spark_backend(fi.flashinfer_scaled_fp4_mm))'


def _f4(name: str, body: str, line: str, head: str = FH) -> Killer:
    return K(*F4, f"vllm/aeon/r126{name}.py", head + body, line)


CASES += [
    (
        "#41664 factory",
        "a decorator's inner function bound by setattr (the replay's)",
        _f4("f0", OLD_MAKER + SET + "\n", SET),
    ),
    (
        "#41664 factory",
        "a factory's lambda bound by assignment",
        _f4(
            "f00",
            "def _cutlass(fn):\n"
            f"    return lambda {OLD}: fn({OLD})\n\n\n"
            "fi.flashinfer_scaled_fp4_mm = _cutlass(fi.flashinfer_scaled_fp4_mm)\n",
            "fi.flashinfer_scaled_fp4_mm = _cutlass(fi.flashinfer_scaled_fp4_mm)",
        ),
    ),
    (
        "#41664 factory",
        "a factory defined and called inside the installing function",
        _f4(
            "f000",
            "def aeon_install() -> None:\n"
            "    def _make(fn):\n"
            f"        def inner({OLD}):\n"
            f"            return fn({OLD})\n\n"
            "        return inner\n\n"
            "    fi.flashinfer_scaled_fp4_mm = _make(fi.flashinfer_scaled_fp4_mm)\n\n\n"
            "aeon_install()\n",
            "    fi.flashinfer_scaled_fp4_mm = _make(fi.flashinfer_scaled_fp4_mm)",
        ),
    ),
]


def _tw(name: str, what: str, body: str, line: str, head: str = FH) -> tuple[str, str, Killer]:
    return ("#41664 factory", "twin: " + what, _f4(name, body, line, head))


TWINS += [
    _tw(
        "t1",
        "the factory's inner forwarding *args, **kwargs",
        "def _spark_backend(fn):\n"
        "    @functools.wraps(fn)\n"
        "    def inner(*args, **kwargs):\n"
        '        if kwargs.get("backend") == "trtllm":\n'
        '            kwargs["backend"] = "cutlass"\n'
        "        return fn(*args, **kwargs)\n\n"
        "    return inner\n\n\n" + SET + "\n",
        SET,
    ),
    _tw(
        "t2",
        "the factory's inner kept in sync (the new parameters)",
        "def _spark_backend(fn):\n"
        "    @functools.wraps(fn)\n"
        f"    def inner({NEW}):\n"
        f"        return fn({OLD}, block_size=block_size, use_nvfp4=use_nvfp4)\n\n"
        "    return inner\n\n\n" + SET + "\n",
        SET,
    ),
    _tw(
        "t3",
        "a factory handing back upstream's function on another path",
        "def _spark_backend(fn, on_spark: bool):\n"
        "    if not on_spark:\n"
        "        return fn\n\n"
        f"    def inner({OLD}):\n"
        f"        return fn({OLD})\n\n"
        "    return inner\n\n\n"
        "fi.flashinfer_scaled_fp4_mm = _spark_backend(fi.flashinfer_scaled_fp4_mm, False)\n",
        "fi.flashinfer_scaled_fp4_mm = _spark_backend(fi.flashinfer_scaled_fp4_mm, False)",
    ),
    _tw(
        "t4",
        "the inner rebound by a compile wrapper before it is handed back",
        "import torch\n\n\n"
        "def _spark_backend(fn):\n"
        f"    def inner({OLD}):\n"
        f"        return fn({OLD})\n\n"
        "    inner = torch.compiler.disable(inner)\n"
        "    return inner\n\n\n" + SET + "\n",
        SET,
    ),
    _tw(
        "t5",
        "an installer whose factory is its parameter (the file's old-parameter factory patches another name)",
        OLD_MAKER + "def _kw_backend(fn):\n"
        "    def inner(*args, **kwargs):\n"
        "        return fn(*args, **kwargs)\n\n"
        "    return inner\n\n\n"
        "def aeon_install(_spark_backend) -> None:\n"
        "    " + SET + "\n\n\n"
        "aeon_install(_kw_backend)\n"
        'setattr(fi, "flashinfer_scaled_fp4_mm_out", _spark_backend(fi.flashinfer_scaled_fp4_mm_out))\n',
        "    " + SET,
    ),
    _tw(
        "t6",
        "the factory imported from the fork's kernels package, a fallback def only where it is missing",
        "try:\n"
        "    from vllm.aeon.spark_kernels import _spark_backend\n"
        "except ImportError:\n\n"
        "    def _spark_backend(fn):\n"
        f"        def inner({OLD}):\n"
        f"            return fn({OLD})\n\n"
        "        return inner\n\n\n" + SET + "\n",
        SET,
    ),
    _tw(
        "t7",
        "the factory's result patched onto the fork's own namespace",
        "import types\n\n" + OLD_MAKER + "aeon_fi = types.SimpleNamespace()\n"
        "aeon_fi.flashinfer_scaled_fp4_mm = _spark_backend(fi.flashinfer_scaled_fp4_mm)\n",
        "aeon_fi.flashinfer_scaled_fp4_mm = _spark_backend(fi.flashinfer_scaled_fp4_mm)",
    ),
    _tw(
        "t8",
        "the factory's result kept on the fork's own object",
        OLD_MAKER + "class AeonFp4Kernels:\n"
        "    def __init__(self) -> None:\n"
        "        self.flashinfer_scaled_fp4_mm = _spark_backend(fi.flashinfer_scaled_fp4_mm)\n",
        "        self.flashinfer_scaled_fp4_mm = _spark_backend(fi.flashinfer_scaled_fp4_mm)",
    ),
    _tw(
        "t9",
        "a forwarding lambda calling the factory's result",
        OLD_MAKER + "_up = fi.flashinfer_scaled_fp4_mm\n"
        "fi.flashinfer_scaled_fp4_mm = lambda *a, **k: _spark_backend(_up)(*a[:7]) if not k else _up(*a, **k)\n",
        "fi.flashinfer_scaled_fp4_mm = lambda *a, **k: _spark_backend(_up)(*a[:7]) if not k else _up(*a, **k)",
    ),
    _tw(
        "t10",
        "the factory's result installed under the fork's own name on the module",
        OLD_MAKER + "fi.aeon_scaled_fp4_mm_cutlass = _spark_backend(fi.flashinfer_scaled_fp4_mm)\n",
        "fi.aeon_scaled_fp4_mm_cutlass = _spark_backend(fi.flashinfer_scaled_fp4_mm)",
    ),
    _tw(
        "t11",
        "a factory whose inner takes the new keywords keyword-only",
        "def _spark_backend(fn):\n"
        f"    def inner({OLD}, *, block_size: int = 16, use_nvfp4: bool = True):\n"
        f"        return fn({OLD}, block_size=block_size, use_nvfp4=use_nvfp4)\n\n"
        "    return inner\n\n\n" + SET + "\n",
        SET,
    ),
    _tw(
        "t12",
        "a factory made by functools.cache (the cached maker's call is no def of the file)",
        "@functools.cache\n" + OLD_MAKER.replace("def _spark_backend", "def _spark_backend", 1) + SET + "\n",
        SET,
    ),
    _tw(
        "t13",
        "the factory name rebound by the fork (a registry's wrapper over it)",
        OLD_MAKER + "_spark_backend = functools.lru_cache(maxsize=None)(_spark_backend)\n" + SET + "\n",
        SET,
    ),
    _tw(
        "t14",
        "a factory whose inner is picked from two nested defs",
        "def _spark_backend(fn, fast: bool):\n"
        f"    def inner({OLD}):\n"
        f"        return fn({OLD})\n\n"
        "    def inner_kw(*args, **kwargs):\n"
        "        return fn(*args, **kwargs)\n\n"
        "    if fast:\n"
        "        return inner\n"
        "    return inner_kw\n\n\n"
        "fi.flashinfer_scaled_fp4_mm = _spark_backend(fi.flashinfer_scaled_fp4_mm, False)\n",
        "fi.flashinfer_scaled_fp4_mm = _spark_backend(fi.flashinfer_scaled_fp4_mm, False)",
    ),
    _tw(
        "t15",
        "a class method of the factory's name beside a module factory of the new parameters",
        "class AeonOld:\n"
        "    @staticmethod\n"
        "    def _spark_backend(fn):\n"
        f"        def inner({OLD}):\n"
        f"            return fn({OLD})\n\n"
        "        return inner\n\n\n"
        "def _spark_backend(fn):\n"
        f"    def inner({NEW}):\n"
        f"        return fn({OLD}, block_size=block_size, use_nvfp4=use_nvfp4)\n\n"
        "    return inner\n\n\n" + SET + "\n",
        SET,
    ),
    _tw(
        "t16",
        "a factory returning functools.update_wrapper(inner, fn) of a forwarding inner",
        "def _spark_backend(fn):\n"
        "    def inner(*args, **kwargs):\n"
        "        return fn(*args, **kwargs)\n\n"
        "    return functools.update_wrapper(inner, fn)\n\n\n" + SET + "\n",
        SET,
    ),
    _tw(
        "t17",
        "the patch in a try, the inner taking **kwargs after the old parameters",
        "def _spark_backend(fn):\n"
        f"    def inner({OLD}, **kwargs):\n"
        f"        return fn({OLD}, **kwargs)\n\n"
        "    return inner\n\n\n"
        "try:\n"
        "    " + SET + "\n"
        "except AttributeError:\n"
        "    pass\n",
        "    " + SET,
    ),
    _tw(
        "t18",
        "a factory whose inner is installed under a with (a lock), taking the new parameters",
        "import threading\n\n_LOCK = threading.Lock()\n\n\n"
        "def _spark_backend(fn):\n"
        f"    def inner({NEW}):\n"
        f"        return fn({OLD}, block_size, use_nvfp4)\n\n"
        "    return inner\n\n\n"
        "with _LOCK:\n"
        "    " + SET + "\n",
        "    " + SET,
    ),
    _tw(
        "t19",
        "a patch picked by a look at upstream's signature",
        "import inspect\n\n"
        + OLD_MAKER
        + 'if "block_size" not in inspect.signature(fi.flashinfer_scaled_fp4_mm).parameters:\n'
        "    " + SET + "\n",
        "    " + SET,
    ),
]

# --- e59ca942f5 (#13932): moe_align_block_size(..., pad_sorted_ids=False) called by fused_moe's new DeepGemm
# permute helper with pad_sorted_ids=True
MA = ("#13932", "e59ca942f5", "moe_align_block_size now called with pad_sorted_ids=True in fused_moe")
MH = "import functools\n\nfrom vllm.model_executor.layers.fused_moe import fused_moe as fm\n\n\n"
MOLD = "topk_ids, block_size, num_experts, expert_map=None"
MSET = "fm.moe_align_block_size = _spark_align(fm.moe_align_block_size)"


def _ma(name: str, body: str, line: str, head: str = MH) -> Killer:
    return K(*MA, f"vllm/aeon/r126{name}.py", head + body, line)


CASES += [
    (
        "#13932 factory",
        "a factory's inner of the old parameters bound by assignment",
        _ma(
            "m0",
            "def _spark_align(fn):\n"
            "    @functools.wraps(fn)\n"
            f"    def inner({MOLD}):\n"
            "        # AEON: the Spark's 64-wide blocks\n"
            "        return fn(topk_ids, max(block_size, 64), num_experts, expert_map)\n\n"
            "    return inner\n\n\n" + MSET + "\n",
            MSET,
        ),
    ),
]
TWINS += [
    (
        "#13932 factory",
        "twin: " + what,
        _ma(name, body, line),
    )
    for name, what, body, line in [
        (
            "mt1",
            "the inner taking pad_sorted_ids",
            "def _spark_align(fn):\n"
            f"    def inner({MOLD}, pad_sorted_ids=False):\n"
            "        return fn(topk_ids, max(block_size, 64), num_experts, expert_map, pad_sorted_ids)\n\n"
            "    return inner\n\n\n" + MSET + "\n",
            MSET,
        ),
        (
            "mt2",
            "the inner forwarding **kwargs",
            "def _spark_align(fn):\n"
            "    def inner(topk_ids, block_size, num_experts, *rest, **kwargs):\n"
            "        return fn(topk_ids, max(block_size, 64), num_experts, *rest, **kwargs)\n\n"
            "    return inner\n\n\n" + MSET + "\n",
            MSET,
        ),
        (
            "mt3",
            "a factory of another parameter name patching the fork's own module",
            "from vllm.aeon import moe_utils\n\n\n"
            "def _spark_align(fn):\n"
            f"    def inner({MOLD}):\n"
            "        return fn(topk_ids, max(block_size, 64), num_experts, expert_map)\n\n"
            "    return inner\n\n\n"
            "moe_utils.moe_align_block_size = _spark_align(fm.moe_align_block_size)\n",
            "moe_utils.moe_align_block_size = _spark_align(fm.moe_align_block_size)",
        ),
        (
            "mt4",
            "the patch under a hasattr probe of the new helper",
            "def _spark_align(fn):\n"
            f"    def inner({MOLD}):\n"
            "        return fn(topk_ids, max(block_size, 64), num_experts, expert_map)\n\n"
            "    return inner\n\n\n"
            'if not hasattr(fm, "_moe_permute"):\n'
            "    " + MSET + "\n",
            "    " + MSET,
        ),
        (
            "mt5",
            "the factory's parameter shadowing a module factory of the old parameters",
            "def _spark_align(fn):\n"
            f"    def inner({MOLD}):\n"
            "        return fn(topk_ids, max(block_size, 64), num_experts, expert_map)\n\n"
            "    return inner\n\n\n"
            "def _kw(fn):\n"
            "    return lambda *a, **k: fn(*a, **k)\n\n\n"
            "def aeon_patch(_spark_align=_kw) -> None:\n"
            "    " + MSET + "\n\n\n"
            "aeon_patch()\n",
            "    " + MSET,
        ),
        (
            "mt6",
            "a factory made by a comprehension over the fork's wrappers",
            "def _spark_align(fn):\n"
            f"    def inner({MOLD}):\n"
            "        return fn(topk_ids, max(block_size, 64), num_experts, expert_map)\n\n"
            "    return inner\n\n\n"
            "_wrapped = {n: _spark_align(getattr(fm, n)) for n in ('aeon_align_old',)}\n",
            "_wrapped = {n: _spark_align(getattr(fm, n)) for n in ('aeon_align_old',)}",
        ),
    ]
]

# --- a543e678b4 (#28561): the batch-invariant veto moved into supports_trtllm_attention (replaced_guards, a warning)
BI = (
    "#28561",
    "a543e678b4",
    "force_use_trtllm_attention no longer vetoes batch invariance; supports_trtllm_attention does",
)
BH = "from vllm.platforms import current_platform\nfrom vllm.utils import flashinfer as fi\n\n\n"
TWINS += [
    (
        "#28561 replaced guard",
        "twin: " + what,
        K(*BI, f"{'tests' if name.startswith('bt9') else 'vllm'}/aeon/r126{name}.py", BH + body, line),
    )
    for name, what, body, line in [
        (
            "bt1",
            "a replacement testing batch invariance its own way",
            "from vllm.model_executor.layers.batch_invariant import vllm_is_batch_invariant\n\n\n"
            "def _aeon_supports() -> bool:\n"
            "    if vllm_is_batch_invariant():\n"
            "        return False\n"
            "    return current_platform.is_device_capability(121)\n\n\n"
            "fi.supports_trtllm_attention = _aeon_supports\n",
            "fi.supports_trtllm_attention = _aeon_supports",
        ),
        (
            "bt2",
            "a factory-made replacement delegating to upstream's function",
            "def _or_spark(fn):\n"
            "    def inner() -> bool:\n"
            "        return fn() or current_platform.is_device_capability(121)\n\n"
            "    return inner\n\n\n"
            "fi.supports_trtllm_attention = _or_spark(fi.supports_trtllm_attention)\n",
            "fi.supports_trtllm_attention = _or_spark(fi.supports_trtllm_attention)",
        ),
        (
            "bt3",
            "a replacement kept on the fork's own object",
            "class AeonGate:\n"
            "    def __init__(self) -> None:\n"
            "        self.supports_trtllm_attention = lambda: current_platform.is_device_capability(121)\n",
            "        self.supports_trtllm_attention = lambda: current_platform.is_device_capability(121)",
        ),
        (
            "bt9",
            "a test's stub of the function",
            "def test_aeon_picks_flashinfer(monkeypatch):\n"
            '    monkeypatch.setattr(fi, "supports_trtllm_attention", lambda: False)\n'
            "    assert not fi.supports_trtllm_attention()\n",
            '    monkeypatch.setattr(fi, "supports_trtllm_attention", lambda: False)',
        ),
    ]
]

# --- 1d2d83a07f (#49718): SM12x given the XQA decode kernel (pinned_results, a warning)
XQ = ("#49718", "1d2d83a07f", "supports_trtllm_attention(is_prefill=False) now True on SM12x")
TWINS += [
    (
        "#49718 pinned result",
        "twin: " + what,
        K(*XQ, f"tests/aeon/test_r126{name}.py", "from vllm.utils import flashinfer as fi\n\n\n" + body, line),
    )
    for name, what, body, line in [
        (
            "xt1",
            "a test pinning the fork's own namesake",
            "def supports_trtllm_attention(is_prefill: bool) -> bool:\n"
            "    return not is_prefill\n\n\n"
            "def test_aeon_own_gate():\n"
            "    assert supports_trtllm_attention(is_prefill=False) is True\n",
            "    assert supports_trtllm_attention(is_prefill=False) is True",
        ),
        (
            "xt2",
            "a test pinning a helper upstream left alone",
            "def test_aeon_artifactory_probe_is_bool():\n    assert fi.has_nvidia_artifactory() in (True, False)\n",
            "    assert fi.has_nvidia_artifactory() in (True, False)",
        ),
        (
            "xt3",
            "a test pinning a stub the test itself installed",
            "def test_aeon_stubbed(monkeypatch):\n"
            '    monkeypatch.setattr(fi, "supports_trtllm_attention", lambda is_prefill: False)\n'
            "    assert fi.supports_trtllm_attention(is_prefill=False) is False\n",
            "    assert fi.supports_trtllm_attention(is_prefill=False) is False",
        ),
    ]
]

TWINS += [
    _tw(
        "t20",
        "the factory's name a parameter of a lambda installer",
        OLD_MAKER + "def _kw_backend(fn):\n"
        "    return lambda *a, **k: fn(*a, **k)\n\n\n"
        "_install = lambda _spark_backend: " + SET + "  # noqa: E731\n"
        "_install(_kw_backend)\n",
        "_install = lambda _spark_backend: " + SET + "  # noqa: E731",
    ),
    (
        "#49718 pinned result",
        "twin: a test pinning under a dotted mock.patch decorator",
        K(
            *XQ,
            "tests/aeon/test_r126xt4.py",
            "from unittest import mock\n\nfrom vllm.utils import flashinfer as fi\n\n\n"
            '@mock.patch("vllm.utils.flashinfer.supports_trtllm_attention", return_value=False)\n'
            "def test_aeon_gate_stubbed(_gate):\n"
            "    assert fi.supports_trtllm_attention(is_prefill=False) is False\n",
            "    assert fi.supports_trtllm_attention(is_prefill=False) is False",
        ),
    ),
]

# round 3 (written after the mends): what they must not swallow
CASES += [
    (
        "#41664 factory",
        "the file's factory called in an installer taking a parameter of another name (round 3)",
        _f4(
            "f3a",
            OLD_MAKER + "def aeon_install(strict: bool = True) -> None:\n    " + SET + "\n\n\naeon_install()\n",
            "    " + SET,
        ),
    ),
    (
        "#41664 factory",
        "a namesake def after an import of upstream's function in the same block (round 3)",
        _f4(
            "f3b",
            "from vllm.utils.flashinfer import flashinfer_scaled_fp4_mm\n\n\n"
            f"def flashinfer_scaled_fp4_mm({OLD}):  # noqa: F811\n"
            "    # AEON: the Spark's cutlass-only FP4 GEMM\n"
            "    return a @ b.t()\n\n\n"
            "fi.flashinfer_scaled_fp4_mm = flashinfer_scaled_fp4_mm\n",
            "fi.flashinfer_scaled_fp4_mm = flashinfer_scaled_fp4_mm",
        ),
    ),
    (
        "#13932 factory",
        "an installer whose parameter default is the file's old factory's twin name, the call the file's (round 3)",
        _ma(
            "m3",
            "def _spark_align(fn):\n"
            f"    def inner({MOLD}):\n"
            "        return fn(topk_ids, max(block_size, 64), num_experts, expert_map)\n\n"
            "    return inner\n\n\n"
            "def aeon_patch(make=None) -> None:\n"
            "    " + MSET + "\n\n\n"
            "aeon_patch()\n",
            "    " + MSET,
        ),
    ),
    (
        "#49718 pinned result",
        "a test stubbing the module's name but calling the name it imported before (round 3, a warning)",
        K(
            *XQ,
            "tests/aeon/test_r126x3.py",
            "from vllm.utils import flashinfer as fi\n"
            "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\n"
            "def test_aeon_imported_gate(monkeypatch):\n"
            '    monkeypatch.setattr(fi, "supports_trtllm_attention", lambda is_prefill: True)\n'
            "    assert supports_trtllm_attention(is_prefill=False) is False\n",
            "    assert supports_trtllm_attention(is_prefill=False) is False",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review126-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
