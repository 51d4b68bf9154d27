"""Adversarial twins of the kernhelp widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- return drift's tuple made one value where upstream's callers moved from unpacking it to testing its value
  (#24600 ``supports_trtllm_attention()`` ``(bool, env)`` -> ``bool``, upstream's caller now ``if not
  supports_trtllm_attention():``): the unpack under a ``try`` catching the failure, under a test of the
  value's type, under a probe of the function upstream added beside it (``hasattr``/``getattr(..., None)``),
  under a version check; the fork's own namesake (a function, a method of its own class, a nested def, a
  function of its own module imported under the name), a shim of its own returning the pair, the pair
  built by the fork (``supports_trtllm_attention(), env``), a different receiver (the kernel library's own
  function of the name), the new spelling (a truth test, a name bound whole), an element read under a
  type test;
- symbol drift's handed-in parameter (#30241 ``use_trtllm_attention`` gains ``force_use_trtllm=None`` in
  place of the body's ``force_use_trtllm = force_use_trtllm_attention()``, a warning by design): the
  parameter passed by keyword, by position, through ``**kwargs``, the fork's own namesake.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Main's engine (e92affe4), round 1 (5 cases, 24 twins): 3 caught, 1 warned, 1 missed of 5 (the miss, an
unpack of the function imported under an alias, is older than the widening: return drift does not follow an
import's ``as`` name); 7 false errors of 24 (1 warned): return drift on the unpack in a ``try`` catching
``TypeError`` (2: the bool alone in the handler, ``(TypeError, ValueError)`` around the probe), under
``isinstance(supports_trtllm_attention(), tuple)`` (1), after a ``hasattr`` or ``getattr(..., None)`` probe of
``force_use_trtllm_attention`` (the function #24600 added beside it) that returns first (2), in a fork test
under ``mock.patch.object`` of the function returning the pair (1); symbol drift's positional shift on
``force_use_trtllm_attention()`` passed by position where #30241 inserted ``force_use_trtllm`` (1, the old
positional-shift check, not the handed-in class).  Warned: the unpack under a version check (return drift).
Round 2 (other real commits of the kinds): #23310 (0c6e40bbaa, ``get_modality_with_max_tokens`` made a str, its
callers binding it whole: two cases, and twins under ``mock.patch.object``, a ``@mock.patch`` decorator, a
test of the call's type), #49758 (0f0cb918b7, ``expert_map`` renamed ``expert_mask``, the old body's
``expert_mask = expert_map if ... else None`` dropped: a call passing neither, warned by the handed-in class).
Round 3: twins of the alias now followed (the fork's own function of the name under an alias, upstream's new
function under an alias, another library's function under an alias).
All rounds, main (e92affe4): 5 caught, 1 warned, 1 missed of 7; 10 false errors of 31 twins (2 warned).
This branch: 6 caught, 1 warned, 0 missed of 7; 1 false error of 31 (5 warned: the unpack under a version
check, in a try catching ``TypeError`` around the bool, beside a ``hasattr``/``getattr`` probe of
``force_use_trtllm_attention`` (2), in a try around the probe).  Left: the #30241 call passing
``force_use_trtllm_attention()`` by position, a fork line written for the new signature before the merge (a
backport); the positional-shift check reads every fork call as written for the old one, and nothing but the
spelling of a called function's name would tell them apart.
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40; 30, 4 warned; 23, 2 warned), blind_replay_kernhelp 24/24 (12 quiet,
1 warned), blind_replay_kernelutils 20/1/0 of 21, blind_replay_layerutils 30/1/1 of 32 (as on main),
widened_return_replay --narrowed 15/19, 10/11, 0/16 false (as at the branch's base), symbol_precision
--windows 1: 0 false errors.

  PYTHONPATH=.. python review42_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- e67a79db03 (#24600): supports_trtllm_attention() -> bool (was (bool, env)); upstream tests it now
TS = ("#24600", "e67a79db03", "supports_trtllm_attention a bool (was (bool, env)); upstream's caller tests it")
FI = "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\n"
CLS = "tuple made one value, tested"
CASES += [
    (
        CLS,
        "a module attribute call unpacked",
        K(
            *TS,
            "vllm/aeon/r42c1.py",
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_trtllm_env() -> str | None:\n"
            "    _, env_value = fi.supports_trtllm_attention()  # AEON: the Spark logs the forced setting\n"
            "    return env_value\n",
            "    _, env_value = fi.supports_trtllm_attention()  # AEON: the Spark logs the forced setting",
        ),
    ),
    (
        CLS,
        "an import under an alias, unpacked in a method",
        K(
            *TS,
            "vllm/aeon/r42c2.py",
            "from vllm.utils.flashinfer import supports_trtllm_attention as aeon_trtllm_ok\n\n\n"
            "class AeonDecodePicker:\n"
            "    def pick(self) -> str:\n"
            "        ok, env_value = aeon_trtllm_ok()\n"
            '        return "trtllm" if ok and env_value != "0" else "flashinfer"\n',
            "        ok, env_value = aeon_trtllm_ok()",
        ),
    ),
    (
        CLS,
        "the unpack under a test that reads no shape",
        K(
            *TS,
            "vllm/aeon/r42c3.py",
            FI + "def aeon_sinks_backend(has_sinks: bool) -> str:\n"
            "    if has_sinks:\n"
            "        supported, _ = supports_trtllm_attention()\n"
            '        return "trtllm" if supported else "flash_attn"\n'
            '    return "flashinfer"\n',
            "        supported, _ = supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "the first element read by position",
        K(
            *TS,
            "vllm/aeon/r42c4.py",
            FI + "def aeon_q_fp8(disable_q_quant: bool) -> bool:\n"
            "    return supports_trtllm_attention()[0] and not disable_q_quant\n",
            "    return supports_trtllm_attention()[0] and not disable_q_quant",
        ),
    ),
]
TWINS += [
    (
        CLS,
        "twin: the unpack in a try catching the failure, the new spelling in the handler",
        K(
            *TS,
            "vllm/aeon/r42t1.py",
            FI + "def aeon_trtllm_ok() -> bool:\n"
            "    try:\n"
            "        supported, _ = supports_trtllm_attention()\n"
            "    except TypeError:  # AEON: newer upstreams return the bool alone (#24600)\n"
            "        supported = supports_trtllm_attention()\n"
            "    return supported\n",
            "        supported, _ = supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: the result unpacked under a test of its type",
        K(
            *TS,
            "vllm/aeon/r42t2.py",
            FI + "def aeon_trtllm_ok() -> bool:\n"
            "    result = supports_trtllm_attention()\n"
            "    if isinstance(result, tuple):  # AEON: older upstreams return (supported, env)\n"
            "        supported, _ = result\n"
            "        return supported\n"
            "    return result\n",
            "        supported, _ = result",
        ),
    ),
    (
        CLS,
        "twin: the call unpacked under a test of its result's type",
        K(
            *TS,
            "vllm/aeon/r42t3.py",
            FI + "def aeon_trtllm_ok() -> bool:\n"
            "    if isinstance(supports_trtllm_attention(), tuple):  # AEON: older upstreams\n"
            "        supported, _ = supports_trtllm_attention()\n"
            "        return supported\n"
            "    return bool(supports_trtllm_attention())\n",
            "        supported, _ = supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: the unpack under a probe of the function upstream added beside it (hasattr)",
        K(
            *TS,
            "vllm/aeon/r42t4.py",
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_trtllm_ok() -> bool:\n"
            '    if hasattr(fi, "force_use_trtllm_attention"):  # AEON: #24600 split the env out\n'
            "        return fi.supports_trtllm_attention()\n"
            "    supported, _ = fi.supports_trtllm_attention()\n"
            "    return supported\n",
            "    supported, _ = fi.supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: the unpack in the else of a getattr(..., None) probe",
        K(
            *TS,
            "vllm/aeon/r42t5.py",
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_trtllm_forced() -> bool | None:\n"
            '    forced = getattr(fi, "force_use_trtllm_attention", None)\n'
            "    if forced is not None:\n"
            "        return forced()\n"
            "    _, env_value = fi.supports_trtllm_attention()\n"
            '    return None if env_value is None else env_value == "1"\n',
            "    _, env_value = fi.supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: the unpack under a version check",
        K(
            *TS,
            "vllm/aeon/r42t6.py",
            "from packaging.version import Version\n\n"
            "from vllm import __version__ as VLLM_VERSION\n"
            "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\n"
            "def aeon_trtllm_ok() -> bool:\n"
            '    if Version(VLLM_VERSION) < Version("0.10.2"):  # AEON: the pair before #24600\n'
            "        supported, _ = supports_trtllm_attention()\n"
            "        return supported\n"
            "    return supports_trtllm_attention()\n",
            "        supported, _ = supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: the fork's own function of the name, unpacked",
        K(
            *TS,
            "vllm/aeon/r42t7.py",
            "import os\n\n\n"
            "def supports_trtllm_attention() -> tuple[bool, str | None]:\n"
            '    env_value = os.environ.get("AEON_TRTLLM")  # AEON: the Spark\'s own switch\n'
            '    return env_value != "0", env_value\n\n\n'
            "def aeon_trtllm_ok() -> bool:\n"
            "    supported, _ = supports_trtllm_attention()\n"
            "    return supported\n",
            "    supported, _ = supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: a method of the fork's own class of the name, unpacked off self",
        K(
            *TS,
            "vllm/aeon/r42t8.py",
            "import os\n\n\n"
            "class AeonSparkPlatform:\n"
            "    def supports_trtllm_attention(self) -> tuple[bool, str | None]:\n"
            '        return True, os.environ.get("AEON_TRTLLM")\n\n'
            "    def decode_backend(self) -> str:\n"
            "        supported, env_value = self.supports_trtllm_attention()\n"
            '        return "trtllm" if supported and env_value != "0" else "flashinfer"\n',
            "        supported, env_value = self.supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: a nested def of the name, unpacked",
        K(
            *TS,
            "vllm/aeon/r42t9.py",
            "import os\n\n\n"
            "def aeon_trtllm_env() -> str | None:\n"
            "    def supports_trtllm_attention() -> tuple[bool, str | None]:\n"
            '        return True, os.environ.get("AEON_TRTLLM")\n\n'
            "    _, env_value = supports_trtllm_attention()\n"
            "    return env_value\n",
            "    _, env_value = supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: the fork module's own function of the name, imported and unpacked",
        Killer(
            *TS,
            (
                Edit(
                    "vllm/aeon/r42compat.py",
                    "import os\n\n\n"
                    "def supports_trtllm_attention() -> tuple[bool, str | None]:\n"
                    '    return True, os.environ.get("AEON_TRTLLM")  # AEON: the Spark always has the cubins\n',
                ),
                Edit(
                    "vllm/aeon/r42t10.py",
                    "from vllm.aeon.r42compat import supports_trtllm_attention\n\n\n"
                    "def aeon_trtllm_env() -> str | None:\n"
                    "    _, env_value = supports_trtllm_attention()\n"
                    "    return env_value\n",
                ),
            ),
            (("vllm/aeon/r42t10.py", "    _, env_value = supports_trtllm_attention()"),),
        ),
    ),
    (
        CLS,
        "twin: the fork's shim returning the pair, unpacked",
        K(
            *TS,
            "vllm/aeon/r42t11.py",
            "import os\n\n"
            "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\n"
            "def aeon_supports_trtllm() -> tuple[bool, str | None]:\n"
            "    # AEON: the (supported, env) pair our callers were written for\n"
            '    return supports_trtllm_attention(), os.environ.get("VLLM_USE_TRTLLM_ATTENTION")\n\n\n'
            "def aeon_trtllm_env() -> str | None:\n"
            "    _, env_value = aeon_supports_trtllm()\n"
            "    return env_value\n",
            "    _, env_value = aeon_supports_trtllm()",
        ),
    ),
    (
        CLS,
        "twin: the pair built by the fork beside the call",
        K(
            *TS,
            "vllm/aeon/r42t12.py",
            "import os\n\n"
            "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\n"
            "def aeon_trtllm_env() -> str | None:\n"
            '    supported, env_value = supports_trtllm_attention(), os.environ.get("VLLM_USE_TRTLLM_ATTENTION")\n'
            "    return env_value if supported else None\n",
            '    supported, env_value = supports_trtllm_attention(), os.environ.get("VLLM_USE_TRTLLM_ATTENTION")',
        ),
    ),
    (
        CLS,
        "twin: the kernel library's own function of the name (another receiver)",
        K(
            *TS,
            "vllm/aeon/r42t13.py",
            "import flashinfer\n\n\n"
            "def aeon_trtllm_env() -> str | None:\n"
            "    _, reason = flashinfer.supports_trtllm_attention()  # AEON: the wheel's own probe\n"
            "    return reason\n",
            "    _, reason = flashinfer.supports_trtllm_attention()  # AEON: the wheel's own probe",
        ),
    ),
    (
        CLS,
        "twin: the new spelling, a truth test",
        K(
            *TS,
            "vllm/aeon/r42t14.py",
            FI + "def aeon_sinks_backend(has_sinks: bool) -> str:\n"
            "    if has_sinks and not supports_trtllm_attention():\n"
            '        return "flash_attn"\n'
            '    return "flashinfer"\n',
            "    if has_sinks and not supports_trtllm_attention():",
        ),
    ),
    (
        CLS,
        "twin: the new spelling, a name bound whole and returned",
        K(
            *TS,
            "vllm/aeon/r42t15.py",
            FI + "def aeon_trtllm_ok() -> bool:\n    supported = supports_trtllm_attention()\n    return supported\n",
            "    supported = supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: the element read under a test of the value's type",
        K(
            *TS,
            "vllm/aeon/r42t16.py",
            FI + "def aeon_trtllm_ok() -> bool:\n"
            "    value = supports_trtllm_attention()\n"
            "    return value[0] if isinstance(value, tuple) else value  # AEON: either upstream's shape\n",
            "    return value[0] if isinstance(value, tuple) else value  # AEON: either upstream's shape",
        ),
    ),
    (
        CLS,
        "twin: the unpack in a conditional expression on the type",
        K(
            *TS,
            "vllm/aeon/r42t17.py",
            FI + "def aeon_trtllm_ok() -> bool:\n"
            "    value = supports_trtllm_attention()\n"
            "    supported, _ = value if isinstance(value, tuple) else (value, None)\n"
            "    return supported\n",
            "    supported, _ = value if isinstance(value, tuple) else (value, None)",
        ),
    ),
    (
        CLS,
        "twin: the unpack in a try around the whole probe, falling back to the bool",
        K(
            *TS,
            "vllm/aeon/r42t18.py",
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_trtllm_env() -> str | None:\n"
            "    try:\n"
            "        _, env_value = fi.supports_trtllm_attention()  # AEON: the pair before #24600\n"
            "        return env_value\n"
            "    except (TypeError, ValueError):\n"
            "        return None\n",
            "        _, env_value = fi.supports_trtllm_attention()  # AEON: the pair before #24600",
        ),
    ),
    (
        CLS,
        "twin: the fork class's method of the name off a parameter annotated with it",
        K(
            *TS,
            "vllm/aeon/r42t19.py",
            "class AeonKernelProbe:\n"
            "    def supports_trtllm_attention(self) -> tuple[bool, str]:\n"
            '        return True, "cubins cached"  # AEON: the Spark ships the cubins in the image\n\n\n'
            "def aeon_trtllm_reason(probe: AeonKernelProbe) -> str:\n"
            "    _, reason = probe.supports_trtllm_attention()\n"
            "    return reason\n",
            "    _, reason = probe.supports_trtllm_attention()",
        ),
    ),
    (
        CLS,
        "twin: the unpack in a fork test of a mocked pair",
        K(
            *TS,
            "tests/aeon/test_r42t20.py",
            "from unittest import mock\n\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def test_aeon_pair_mocked() -> None:\n"
            '    with mock.patch.object(fi, "supports_trtllm_attention", return_value=(True, "1")):\n'
            "        supported, env_value = fi.supports_trtllm_attention()\n"
            '    assert supported and env_value == "1"\n',
            "        supported, env_value = fi.supports_trtllm_attention()",
        ),
    ),
]

# --- eea41804a4 (#30241): use_trtllm_attention gains force_use_trtllm=None in place of the body's own
#     force_use_trtllm = force_use_trtllm_attention() (handed-in parameter: a warning by design)
TF = ("#30241", "eea41804a4", "use_trtllm_attention(..., is_prefill, force_use_trtllm=None, has_sinks=False, ...)")
HAND = "handed-in parameter"
TRT_ARGS = "num_qo_heads, num_kv_heads, num_tokens, max_seq_len, 1, 'auto', q_dtype, is_prefill"
TRT_SIG = (
    "import torch\n\nfrom vllm.utils.flashinfer import force_use_trtllm_attention, use_trtllm_attention\n\n\n"
    "def aeon_trtllm(num_qo_heads: int, num_kv_heads: int, num_tokens: int, max_seq_len: int, "
    "q_dtype: torch.dtype, is_prefill: bool) -> bool:\n"
)
CASES += [
    (
        HAND,
        "has_sinks by keyword, force_use_trtllm left to its default",
        K(
            *TF,
            "vllm/aeon/r42c5.py",
            TRT_SIG + f"    return use_trtllm_attention({TRT_ARGS}, has_sinks=True)\n",
            f"    return use_trtllm_attention({TRT_ARGS}, has_sinks=True)",
        ),
    ),
]
TWINS += [
    (
        HAND,
        "twin: force_use_trtllm passed by keyword, as upstream's callers do",
        K(
            *TF,
            "vllm/aeon/r42t21.py",
            TRT_SIG + f"    return use_trtllm_attention({TRT_ARGS}, force_use_trtllm=force_use_trtllm_attention(), "
            "has_sinks=True)\n",
            f"    return use_trtllm_attention({TRT_ARGS}, force_use_trtllm=force_use_trtllm_attention(), "
            "has_sinks=True)",
        ),
    ),
    (
        HAND,
        "twin: force_use_trtllm passed by position",
        K(
            *TF,
            "vllm/aeon/r42t22.py",
            TRT_SIG + f"    return use_trtllm_attention({TRT_ARGS}, force_use_trtllm_attention(), True)\n",
            f"    return use_trtllm_attention({TRT_ARGS}, force_use_trtllm_attention(), True)",
        ),
    ),
    (
        HAND,
        "twin: the fork's keywords handed on through **kwargs",
        K(
            *TF,
            "vllm/aeon/r42t23.py",
            "import torch\n\nfrom vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
            "def aeon_trtllm(num_qo_heads: int, num_kv_heads: int, num_tokens: int, max_seq_len: int, "
            "q_dtype: torch.dtype, is_prefill: bool, **kwargs: bool) -> bool:\n"
            f"    return use_trtllm_attention({TRT_ARGS}, **kwargs)\n",
            f"    return use_trtllm_attention({TRT_ARGS}, **kwargs)",
        ),
    ),
    (
        HAND,
        "twin: the fork's own function of the name",
        K(
            *TF,
            "vllm/aeon/r42t24.py",
            "def use_trtllm_attention(num_tokens: int, has_sinks: bool = False) -> bool:\n"
            "    return has_sinks or num_tokens <= 256  # AEON: the Spark's own rule\n\n\n"
            "def aeon_trtllm(num_tokens: int) -> bool:\n"
            "    return use_trtllm_attention(num_tokens, has_sinks=True)\n",
            "    return use_trtllm_attention(num_tokens, has_sinks=True)",
        ),
    ),
]


# --- round 2: other real commits of the kinds
# 0c6e40bbaa (#23310): MultiModalBudget.get_modality_with_max_tokens() -> str (was (modality, max_tokens)),
# its callers bind it whole now
MB = ("#23310", "0c6e40bbaa", "get_modality_with_max_tokens() -> str (was (str, int))")
MBI = "from vllm.v1.worker.utils import MultiModalBudget\n\n\n"
NARROW = "tuple made one value, bound"
CASES += [
    (
        NARROW,
        "an unpack off a parameter annotated with the class",
        K(
            *MB,
            "vllm/aeon/r42c6.py",
            MBI + "def aeon_profile_modality(budget: MultiModalBudget) -> str:\n"
            "    modality, _ = budget.get_modality_with_max_tokens()  # AEON: profile the heaviest modality\n"
            "    return modality\n",
            "    modality, _ = budget.get_modality_with_max_tokens()  # AEON: profile the heaviest modality",
        ),
    ),
    (
        NARROW,
        "an unpack in a try catching ValueError (a str splits silently when it has two letters: no scalar)",
        K(
            *MB,
            "vllm/aeon/r42c7.py",
            MBI + "def aeon_profile_modality(budget: MultiModalBudget) -> str:\n"
            "    try:\n"
            "        modality, _ = budget.get_modality_with_max_tokens()\n"
            "    except ValueError:\n"
            '        modality = "image"\n'
            "    return modality\n",
            "        modality, _ = budget.get_modality_with_max_tokens()",
        ),
    ),
]
TWINS += [
    (
        NARROW,
        "twin: a fork test's unpack under mock.patch.object of the method",
        K(
            *MB,
            "tests/aeon/test_r42t25.py",
            "from unittest import mock\n\n" + MBI + "def test_aeon_budget_mocked() -> None:\n"
            '    with mock.patch.object(MultiModalBudget, "get_modality_with_max_tokens", return_value=("image", 16)):\n'
            "        budget = MultiModalBudget.__new__(MultiModalBudget)\n"
            "        modality, max_tokens = budget.get_modality_with_max_tokens()\n"
            '    assert (modality, max_tokens) == ("image", 16)\n',
            "        modality, max_tokens = budget.get_modality_with_max_tokens()",
        ),
    ),
    (
        NARROW,
        "twin: a fork test's unpack under a @mock.patch decorator naming the method",
        K(
            *MB,
            "tests/aeon/test_r42t26.py",
            "from unittest import mock\n\n" + MBI + "@mock.patch(\n"
            '    "vllm.v1.worker.utils.MultiModalBudget.get_modality_with_max_tokens", return_value=("video", 8)\n'
            ")\n"
            "def test_aeon_budget_patched(_patched: mock.MagicMock) -> None:\n"
            "    budget = MultiModalBudget.__new__(MultiModalBudget)\n"
            "    modality, max_tokens = budget.get_modality_with_max_tokens()\n"
            '    assert modality == "video" and max_tokens == 8\n',
            "    modality, max_tokens = budget.get_modality_with_max_tokens()",
        ),
    ),
    (
        NARROW,
        "twin: the unpack under a test of the call's type",
        K(
            *MB,
            "vllm/aeon/r42t27.py",
            MBI + "def aeon_profile_modality(budget: MultiModalBudget) -> str:\n"
            "    if isinstance(budget.get_modality_with_max_tokens(), tuple):  # AEON: older upstreams\n"
            "        modality, _ = budget.get_modality_with_max_tokens()\n"
            "        return modality\n"
            "    return budget.get_modality_with_max_tokens()\n",
            "        modality, _ = budget.get_modality_with_max_tokens()",
        ),
    ),
]

# 0f0cb918b7 (#49758): rocm_aiter_fused_experts(expert_map=None) renamed expert_mask=None, the body's
# ``expert_mask = expert_map if expert_map is not None else None`` dropped: a value derived from a parameter only
EM = ("#49758", "0f0cb918b7", "rocm_aiter_fused_experts(expert_map=None) -> (expert_mask=None)")
TWINS += [
    (
        HAND,
        "twin: a call passing neither the old parameter nor the new one (the body derived it from the old one only)",
        K(
            *EM,
            "vllm/aeon/r42t28.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.fused_moe.experts.rocm_aiter_moe import rocm_aiter_fused_experts\n\n\n"
            "def aeon_experts(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, weights: torch.Tensor, "
            "ids: torch.Tensor, moe_config: object) -> torch.Tensor:\n"
            "    # AEON: no expert parallelism on the Spark\n"
            "    return rocm_aiter_fused_experts(x, w1, w2, weights, ids, moe_config)\n",
            "    return rocm_aiter_fused_experts(x, w1, w2, weights, ids, moe_config)",
        ),
    ),
]


# --- round 3: the alias followed (return drift reads ``from pkg.mod import f as g`` as f): its twins
TWINS += [
    (
        CLS,
        "twin: the fork module's own function of the name, imported under an alias and unpacked",
        Killer(
            *TS,
            (
                Edit(
                    "vllm/aeon/r42compat2.py",
                    "import os\n\n\n"
                    "def supports_trtllm_attention() -> tuple[bool, str | None]:\n"
                    '    return True, os.environ.get("AEON_TRTLLM")  # AEON: the Spark always has the cubins\n',
                ),
                Edit(
                    "vllm/aeon/r42t29.py",
                    "from vllm.aeon.r42compat2 import supports_trtllm_attention as aeon_trtllm_probe\n\n\n"
                    "def aeon_trtllm_env() -> str | None:\n"
                    "    _, env_value = aeon_trtllm_probe()\n"
                    "    return env_value\n",
                ),
            ),
            (("vllm/aeon/r42t29.py", "    _, env_value = aeon_trtllm_probe()"),),
        ),
    ),
    (
        CLS,
        "twin: upstream's new function imported under the old one's alias, bound whole",
        K(
            *TS,
            "vllm/aeon/r42t30.py",
            "from vllm.utils.flashinfer import force_use_trtllm_attention as aeon_forced\n\n\n"
            "def aeon_trtllm_forced() -> bool:\n"
            "    forced = aeon_forced()\n"
            "    return bool(forced)\n",
            "    forced = aeon_forced()",
        ),
    ),
    (
        CLS,
        "twin: an alias of the kernel library's function of the name, unpacked",
        K(
            *TS,
            "vllm/aeon/r42t31.py",
            "from flashinfer.utils import supports_trtllm_attention as fi_trtllm_probe\n\n\n"
            "def aeon_trtllm_reason() -> str | None:\n"
            "    _, reason = fi_trtllm_probe()  # AEON: the wheel's own (ok, reason) probe\n"
            "    return reason\n",
            "    _, reason = fi_trtllm_probe()  # AEON: the wheel's own (ok, reason) probe",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review42-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
