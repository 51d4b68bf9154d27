"""Adversarial twins of the module value made None (``drift/nulled_globals.py``): fork carries correct after #13425.

#13425 (b3942e157e) turned ``w8a8_utils``'s ``TORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)`` into
``TORCH_DEVICE_IDENTITY = None``, built on demand by ``maybe_create_device_identity()`` (a function declaring the
name ``global``), which upstream's FP8 linear methods call from ``create_weights``.  It is the only first-parent
commit of the mirror (to 2026-08-17) whose diff turns a module-level ``name = value`` into ``name = None`` in one
file that still binds it once at its top level (a scan of every commit whose diff adds or drops a ``name = None``
line, 158 under ``vllm/`` and 29 elsewhere, with the class's own ``_nulled``); so every twin replays it.

Each twin is a fork carry that is right after the merge (the merge base is the commit's first parent, upstream the
commit), shaped like what the class catches: a read of the name imported at the fork module's top level, a read
off the module, a fork function added to upstream's module itself -- each under a guard a maintainer writes
(``is None``, ``isinstance``, ``torch.is_tensor``, ``hasattr`` of the value or of the builder, a ``try``,
``contextlib.suppress``, a version test, a fork helper that tests it, a walrus), the new spelling (the builder
called first), the fork's own namesake (a module-level value, a fork module of the same name, a class attribute,
a relative import of the fork's own module), a fork store of the module's value (an assignment, ``setattr``, a
``global`` refresh), a use in a test (a ``skipif`` on it, the builder called first), a ``TYPE_CHECKING`` import,
a value formatted or compared by identity.  Every error on a twin's line is a false one (a warning is counted
apart).  The CASES are true catches, kept to show the reach stays.

Main's engine (df78126f), round 1 (5 cases, 30 twins): 2 caught, 2 warned, 1 missed of 5; 5 false errors of 30
(3 warned): the imported name read under ``contextlib.suppress(AttributeError)``, tested with ``torch.is_tensor``,
tested with ``hasattr(X, "device")``, tested by a fork helper (``if _aeon_identity_ready():``), and read in the
``else`` of a test for the builder (``build = getattr(m, "maybe_create_device_identity", None)``).  The miss: the
imported name read after the fork called the builder (``w8a8_utils.maybe_create_device_identity()`` then
``TORCH_DEVICE_IDENTITY.to(device)``): the builder rebinds the module's global, never the fork's copy, yet the
call was taken for a build of it; the same slip kept the ``hasattr`` twin (the old read below ``if hasattr(m,
"maybe_create_device_identity"):``) quiet only because its other branch calls the builder.  The warnings: a read
off the module after ``setattr(m, "X", ...)``, after a test of ``getattr(m, "X", None)``, and after a call of the
builder fetched by ``getattr``.

Round 2, this branch: 3 caught, 2 warned, 0 missed of 5; 0 false errors of 30 (1 warned: the old read under a
test of the upstream release's version, a warning by gated_lines' design).  Mended in ``drift/nulled_globals.py``:
a builder call counts only before the value was bound (above a read off the module; above the import of a copy,
at the module's top level for a top-level import); a ``with suppress(...)`` of what None raises guards like a
``try``; a test handing the value to a predicate (not a use: ``len(X)`` in a test stays an error), a fork helper
of the module testing it, and ``getattr(m, "X", None)`` tested for ``m.X`` guard it; a read only where a test
naming a builder failed (the ``else``, the rest after a branch that returns) is the old release's path; a
builder called through a name bound to it builds it; a fork ``setattr(m, "X", ...)`` stores it.

Round 3 (against the mends): 2 cases (the copy read below a ``hasattr`` test of the builder that falls
through; the copy read after ``if build is None: return``, where the builder was found) and 5 twins (the old
read in the body of ``if not hasattr(m, "build")``, where a ``try``-imported builder is None, in the ``else`` of a
module flag ``_LAZY = hasattr(...)``; a method of the fork class testing it; ``assert torch.is_tensor(m.X)``).
All rounds, main (df78126f): 3 caught, 2 warned, 2 missed of 7; 8 false errors of 35 twins (4 warned).  This
branch: 5 caught, 2 warned, 0 missed of 7; 0 false errors of 35 (1 warned: the version-gated old read).

  PYTHONPATH=.. python review41_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

W8M = "vllm.model_executor.layers.quantization.utils.w8a8_utils"
W8P = "vllm/model_executor/layers/quantization/utils/w8a8_utils.py"
MOD = "import torch\n\nfrom vllm.model_executor.layers.quantization.utils import w8a8_utils\n"
FROM = f"import torch\n\nfrom {W8M} import TORCH_DEVICE_IDENTITY\n"
CLS = "#13425 module value made None"


def K(path: str, text: str, *lines: str, more: tuple[Edit, ...] = ()) -> Killer:  # noqa: N802
    """#13425 under a fork carry: ``text`` a new fork file at ``path`` (or, with ``more``, other edits too);
    ``lines`` the lines judged (every line of a twin reading the value: an error on any is a false one)."""
    return Killer(
        "#13425",
        "b3942e157e",
        "TORCH_DEVICE_IDENTITY = None (built lazily)",
        (Edit(path, text), *more),
        tuple((path, line) for line in lines),
    )


def OWN(body: str, *lines: str) -> Killer:  # noqa: N802
    """#13425 under a fork function added to upstream's module itself, above ``per_tensor_dequantize``."""
    edit = Edit(W8P, body + "\n\n", anchor="def per_tensor_dequantize(")
    return Killer(
        "#13425",
        "b3942e157e",
        "TORCH_DEVICE_IDENTITY = None (built lazily)",
        (edit,),
        tuple((W8P, line) for line in lines),
    )


# --- true catches: the import-time None, a read off the module (warned), a fork function in the module (warned)
CASES += [
    (
        CLS,
        "the top-level import read in a fork subclass's apply",
        K(
            "vllm/aeon/r41c1.py",
            FROM + "from vllm.model_executor.layers.quantization.fp8 import Fp8LinearMethod\n\n\n"
            "class AeonFp8LinearMethod(Fp8LinearMethod):\n"
            "    def aeon_unit_scale(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's scaled-mm fallback wants the unit scale on the input's device\n"
            "        return TORCH_DEVICE_IDENTITY.to(x.device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(x.device)",
        ),
    ),
    (
        CLS,
        "the top-level import read at the fork module's import",
        K(
            "vllm/aeon/r41c2.py",
            FROM + "\n_AEON_UNIT_DTYPE = TORCH_DEVICE_IDENTITY.dtype  # AEON: the fallback's scale dtype\n",
            "_AEON_UNIT_DTYPE = TORCH_DEVICE_IDENTITY.dtype  # AEON: the fallback's scale dtype",
        ),
    ),
    (
        CLS,
        "the top-level import read after the builder ran (it rebinds the module's global, not the fork's copy)",
        K(
            "vllm/aeon/r41c3.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    w8a8_utils.maybe_create_device_identity()\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "a read off the module, aliased (warned: whether a caller built it first is not read)",
        K(
            "vllm/aeon/r41c4.py",
            f"import torch\n\nimport {W8M} as w8\n\n\n"
            "def aeon_unit_scales(n: int) -> torch.Tensor:\n"
            "    return w8.TORCH_DEVICE_IDENTITY.expand(n)\n",
            "    return w8.TORCH_DEVICE_IDENTITY.expand(n)",
        ),
    ),
    (
        CLS,
        "a fork function added to the module reading the bare global (warned)",
        OWN(
            "def aeon_identity_on(device: torch.device) -> torch.Tensor:\n"
            "    # AEON: the Spark's scaled-mm fallback\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
]

# round 3: a builder test that falls through, or whose other side returned, guards nothing
CASES += [
    (
        CLS,
        "the copy read below a hasattr test of the builder that falls through",
        K(
            "vllm/aeon/r41c6.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            '    if hasattr(w8a8_utils, "maybe_create_device_identity"):\n'
            "        w8a8_utils.maybe_create_device_identity()\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "the copy read where the builder was found (after its absence returned)",
        K(
            "vllm/aeon/r41c7.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor | None:\n"
            '    build = getattr(w8a8_utils, "maybe_create_device_identity", None)\n'
            "    if build is None:\n"
            "        return None\n"
            "    build()\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
]
TWINS += [
    (
        CLS,
        "twin: the old read in the body of a not-hasattr test of the builder",
        K(
            "vllm/aeon/r41t31.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            '    if not hasattr(w8a8_utils, "maybe_create_device_identity"):  # AEON: before #13425\n'
            "        return TORCH_DEVICE_IDENTITY.to(device)\n"
            "    w8a8_utils.maybe_create_device_identity()\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the builder imported under try (None before #13425), the old read where it is None",
        K(
            "vllm/aeon/r41t32.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n"
            "try:\n"
            f"    from {W8M} import maybe_create_device_identity\n"
            "except ImportError:  # AEON: before #13425\n"
            "    maybe_create_device_identity = None\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    if maybe_create_device_identity is None:\n"
            "        return TORCH_DEVICE_IDENTITY.to(device)\n"
            "    maybe_create_device_identity()\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: a module flag of the builder, the old read in its else",
        K(
            "vllm/aeon/r41t33.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n"
            '_LAZY_IDENTITY = hasattr(w8a8_utils, "maybe_create_device_identity")\n\n\n'
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    if _LAZY_IDENTITY:\n"
            "        w8a8_utils.maybe_create_device_identity()\n"
            "        return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n"
            "    else:\n"
            "        return TORCH_DEVICE_IDENTITY.to(device)\n",
            "        return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: a method of the fork class testing it, called in the test",
        K(
            "vllm/aeon/r41t34.py",
            FROM + "\n\nclass AeonScaledMM:\n"
            "    def _identity_ready(self) -> bool:\n"
            "        return TORCH_DEVICE_IDENTITY is not None\n\n"
            "    def unit_scale(self, device: torch.device) -> torch.Tensor:\n"
            "        if self._identity_ready():\n"
            "            return TORCH_DEVICE_IDENTITY.to(device)\n"
            "        return torch.ones(1, dtype=torch.float32, device=device)\n",
            "            return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: asserted a tensor before the read",
        K(
            "vllm/aeon/r41t35.py",
            MOD + "\n\ndef aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            '    assert torch.is_tensor(w8a8_utils.TORCH_DEVICE_IDENTITY), "build it first (#13425)"\n'
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
]

# --- twins: the top-level import, guarded
TWINS += [
    (
        CLS,
        "twin: the imported name tested for None first",
        K(
            "vllm/aeon/r41t1.py",
            FROM + "\n\ndef aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    if TORCH_DEVICE_IDENTITY is None:\n"
            "        return torch.ones(1, dtype=torch.float32, device=device)\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the imported name read inside a try catching AttributeError",
        K(
            "vllm/aeon/r41t2.py",
            FROM + "\n\ndef aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    try:\n"
            "        return TORCH_DEVICE_IDENTITY.to(device)\n"
            "    except AttributeError:  # AEON: None since #13425 until the FP8 methods build it\n"
            "        return torch.ones(1, dtype=torch.float32, device=device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the imported name read under contextlib.suppress(AttributeError)",
        K(
            "vllm/aeon/r41t3.py",
            "import contextlib\n\n" + FROM + "\n\ndef aeon_identity_device() -> torch.device:\n"
            "    with contextlib.suppress(AttributeError):\n"
            "        return TORCH_DEVICE_IDENTITY.device\n"
            '    return torch.device("cpu")\n',
            "        return TORCH_DEVICE_IDENTITY.device",
        ),
    ),
    (
        CLS,
        "twin: the old read only where the module lacks the builder (hasattr), the new spelling else",
        K(
            "vllm/aeon/r41t4.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            '    if hasattr(w8a8_utils, "maybe_create_device_identity"):  # AEON: built lazily since #13425\n'
            "        w8a8_utils.maybe_create_device_identity()\n"
            "        return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "        return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the old read in the else of a test for the builder (getattr with a default)",
        K(
            "vllm/aeon/r41t5.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            '    build = getattr(w8a8_utils, "maybe_create_device_identity", None)\n'
            "    if build is not None:\n"
            "        build()\n"
            "        return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n"
            "    else:\n"
            "        return TORCH_DEVICE_IDENTITY.to(device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the old read under a test of the upstream release's version",
        K(
            "vllm/aeon/r41t6.py",
            "import vllm\n\n" + FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            '    if vllm.__version__ < "0.7.3":\n'
            "        return TORCH_DEVICE_IDENTITY.to(device)\n"
            "    w8a8_utils.maybe_create_device_identity()\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the imported name tested with isinstance",
        K(
            "vllm/aeon/r41t7.py",
            FROM + "\n\ndef aeon_identity_device() -> torch.device | None:\n"
            "    return TORCH_DEVICE_IDENTITY.device if isinstance(TORCH_DEVICE_IDENTITY, torch.Tensor) else None\n",
            "    return TORCH_DEVICE_IDENTITY.device if isinstance(TORCH_DEVICE_IDENTITY, torch.Tensor) else None",
        ),
    ),
    (
        CLS,
        "twin: the imported name tested with torch.is_tensor",
        K(
            "vllm/aeon/r41t8.py",
            FROM + "\n\ndef aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    if torch.is_tensor(TORCH_DEVICE_IDENTITY):\n"
            "        return TORCH_DEVICE_IDENTITY.to(device)\n"
            "    return torch.ones(1, dtype=torch.float32, device=device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the imported name tested with hasattr of the attribute read",
        K(
            "vllm/aeon/r41t9.py",
            FROM + "\n\ndef aeon_identity_device() -> torch.device:\n"
            '    if hasattr(TORCH_DEVICE_IDENTITY, "device"):\n'
            "        return TORCH_DEVICE_IDENTITY.device\n"
            '    return torch.device("cpu")\n',
            "        return TORCH_DEVICE_IDENTITY.device",
        ),
    ),
    (
        CLS,
        "twin: the imported name tested by a fork helper",
        K(
            "vllm/aeon/r41t10.py",
            FROM + "\n\ndef _aeon_identity_ready() -> bool:\n"
            "    return TORCH_DEVICE_IDENTITY is not None\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    if _aeon_identity_ready():\n"
            "        return TORCH_DEVICE_IDENTITY.to(device)\n"
            "    return torch.ones(1, dtype=torch.float32, device=device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the imported name tested in the outer function of a closure",
        K(
            "vllm/aeon/r41t11.py",
            "from collections.abc import Callable\n\n" + FROM + "\n\n"
            "def aeon_mover() -> Callable[[torch.device], torch.Tensor] | None:\n"
            "    if TORCH_DEVICE_IDENTITY is None:\n"
            "        return None\n\n"
            "    def move(device: torch.device) -> torch.Tensor:\n"
            "        return TORCH_DEVICE_IDENTITY.to(device)\n\n"
            "    return move\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the fork refreshes its own copy (global) after building it",
        K(
            "vllm/aeon/r41t12.py",
            FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_refresh_identity() -> None:\n"
            "    global TORCH_DEVICE_IDENTITY\n"
            "    w8a8_utils.maybe_create_device_identity()\n"
            "    TORCH_DEVICE_IDENTITY = w8a8_utils.TORCH_DEVICE_IDENTITY\n\n\n"
            "def aeon_identity_device() -> torch.device:\n"
            "    aeon_refresh_identity()\n"
            "    return TORCH_DEVICE_IDENTITY.device\n",
            "    return TORCH_DEVICE_IDENTITY.device",
        ),
    ),
    (
        CLS,
        "twin: the name imported in the function after the builder ran",
        K(
            "vllm/aeon/r41t13.py",
            "import torch\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            f"    from {W8M} import maybe_create_device_identity\n\n"
            "    maybe_create_device_identity()\n"
            f"    from {W8M} import TORCH_DEVICE_IDENTITY\n\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the imported name only formatted and compared by identity",
        K(
            "vllm/aeon/r41t14.py",
            "import logging\n\n" + FROM + "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n"
            "logger = logging.getLogger(__name__)\n\n\n"
            "def aeon_report() -> bool:\n"
            '    logger.debug(f"identity at import: {TORCH_DEVICE_IDENTITY}")\n'
            "    return TORCH_DEVICE_IDENTITY is w8a8_utils.TORCH_DEVICE_IDENTITY\n",
            '    logger.debug(f"identity at import: {TORCH_DEVICE_IDENTITY}")',
            "    return TORCH_DEVICE_IDENTITY is w8a8_utils.TORCH_DEVICE_IDENTITY",
        ),
    ),
    (
        CLS,
        "twin: a top-level import under try with a None fallback, tested",
        K(
            "vllm/aeon/r41t15.py",
            "import torch\n\ntry:\n"
            f"    from {W8M} import TORCH_DEVICE_IDENTITY\n"
            "except ImportError:\n"
            "    TORCH_DEVICE_IDENTITY = None\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    if TORCH_DEVICE_IDENTITY is not None:\n"
            "        return TORCH_DEVICE_IDENTITY.to(device)\n"
            "    return torch.ones(1, dtype=torch.float32, device=device)\n",
            "        return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
]

# --- twins: a read off the module
TWINS += [
    (
        CLS,
        "twin: the new spelling, the builder called first",
        K(
            "vllm/aeon/r41t16.py",
            MOD + "\n\ndef aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    w8a8_utils.maybe_create_device_identity()\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: a walrus test of the module's value",
        K(
            "vllm/aeon/r41t17.py",
            MOD + "\n\ndef aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    if (identity := w8a8_utils.TORCH_DEVICE_IDENTITY) is not None:\n"
            "        return identity.to(device)\n"
            "    return torch.ones(1, dtype=torch.float32, device=device)\n",
            "        return identity.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the module's value tested through getattr with a default",
        K(
            "vllm/aeon/r41t18.py",
            MOD + "\n\ndef aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            '    if getattr(w8a8_utils, "TORCH_DEVICE_IDENTITY", None) is None:\n'
            "        return torch.ones(1, dtype=torch.float32, device=device)\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the fork stores the module's value itself (an assignment)",
        K(
            "vllm/aeon/r41t19.py",
            MOD + "\n\ndef aeon_init_identity() -> None:\n"
            "    w8a8_utils.TORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)  # AEON: eager, for the graphs\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    aeon_init_identity()\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: the fork stores the module's value itself (setattr)",
        K(
            "vllm/aeon/r41t20.py",
            MOD + "\n\ndef aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            '    setattr(w8a8_utils, "TORCH_DEVICE_IDENTITY", torch.ones(1, dtype=torch.float32, device=device))\n'
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: a test that builds it first",
        K(
            "tests/aeon/test_r41_identity.py",
            MOD + "\n\ndef test_identity_is_a_unit_scale() -> None:\n"
            "    w8a8_utils.maybe_create_device_identity()\n"
            "    assert w8a8_utils.TORCH_DEVICE_IDENTITY.dtype == torch.float32\n",
            "    assert w8a8_utils.TORCH_DEVICE_IDENTITY.dtype == torch.float32",
        ),
    ),
    (
        CLS,
        "twin: a test skipped while it is unbuilt",
        K(
            "tests/aeon/test_r41_skip.py",
            "import pytest\n" + MOD + "\n\n"
            '@pytest.mark.skipif(w8a8_utils.TORCH_DEVICE_IDENTITY is None, reason="built lazily since #13425")\n'
            "def test_identity_device() -> None:\n"
            '    assert w8a8_utils.TORCH_DEVICE_IDENTITY.device.type in ("cpu", "cuda")\n',
            '    assert w8a8_utils.TORCH_DEVICE_IDENTITY.device.type in ("cpu", "cuda")',
        ),
    ),
]

# --- twins: the fork's own namesake, another receiver
AEON_W8 = (
    "import torch\n\nTORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)  # AEON: the fork's own unit scale\n"
)
TWINS += [
    (
        CLS,
        "twin: the fork module's own value of the name beside upstream's module",
        K(
            "vllm/aeon/r41t21.py",
            MOD + "\nTORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)  # AEON: ours, never None\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n\n\n"
            "def aeon_cutlass() -> bool:\n"
            "    return w8a8_utils.cutlass_fp8_supported()\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: a fork module of the same name, imported from the fork's package",
        K(
            "vllm/aeon/r41t22.py",
            "import torch\n\nfrom vllm.aeon import w8a8_utils\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
            more=(Edit("vllm/aeon/w8a8_utils.py", AEON_W8), Edit("vllm/aeon/__init__.py", "")),
        ),
    ),
    (
        CLS,
        "twin: a relative import of the fork's own module of the same name",
        K(
            "vllm/aeon/r41t23.py",
            "import torch\n\nfrom .w8a8_utils import TORCH_DEVICE_IDENTITY\n\n\n"
            "def aeon_identity_device() -> torch.device:\n"
            "    return TORCH_DEVICE_IDENTITY.device\n",
            "    return TORCH_DEVICE_IDENTITY.device",
            more=(Edit("vllm/aeon/w8a8_utils.py", AEON_W8), Edit("vllm/aeon/__init__.py", "")),
        ),
    ),
    (
        CLS,
        "twin: a class attribute of the name on the fork's own class",
        K(
            "vllm/aeon/r41t24.py",
            MOD + "\n\nclass AeonScaledMM:\n"
            "    TORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)\n\n"
            "    def unit_scale(self, device: torch.device) -> torch.Tensor:\n"
            "        return self.TORCH_DEVICE_IDENTITY.to(device)\n\n"
            "    def cutlass(self) -> bool:\n"
            "        return w8a8_utils.cutlass_fp8_supported()\n",
            "        return self.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: a TYPE_CHECKING import, the name imported again in the function once built",
        K(
            "vllm/aeon/r41t25.py",
            "from typing import TYPE_CHECKING\n\n" + MOD + "\nif TYPE_CHECKING:\n"
            f"    from {W8M} import TORCH_DEVICE_IDENTITY\n\n\n"
            "def aeon_unit_scale(device: torch.device) -> torch.Tensor:\n"
            "    w8a8_utils.maybe_create_device_identity()\n"
            f"    from {W8M} import TORCH_DEVICE_IDENTITY  # noqa: F811\n\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
]

# --- twins: a fork function added to upstream's module itself
TWINS += [
    (
        CLS,
        "twin: a fork function in the module building it first",
        OWN(
            "def aeon_identity_on(device: torch.device) -> torch.Tensor:\n"
            "    maybe_create_device_identity()  # AEON: built lazily since #13425\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: a fork function in the module building its own (global)",
        OWN(
            "def aeon_identity_on(device: torch.device) -> torch.Tensor:\n"
            "    global TORCH_DEVICE_IDENTITY\n"
            "    if TORCH_DEVICE_IDENTITY is None:\n"
            "        TORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        CLS,
        "twin: a fork function in the module taking the value as a parameter",
        OWN(
            "def aeon_identity_on(device: torch.device, TORCH_DEVICE_IDENTITY: torch.Tensor) -> torch.Tensor:  # noqa: N803\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            "    return TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review41-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
