"""A module-level name upstream made None (built later by a function rebinding the global), used by the fork.

Shaped like #13425 (b3942e157e): ``w8a8_utils.TORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)``
became ``TORCH_DEVICE_IDENTITY = None``, built by ``maybe_create_device_identity()``; a fork's
``from ...w8a8_utils import TORCH_DEVICE_IDENTITY`` keeps the import-time None, so its ``.device`` raises.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

W8 = "vllm/quant/w8a8_utils.py"
W8_BASE = """import torch

TORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)
SCALE_FLOOR = 1e-12


def apply_fp8_linear(x):
    return x * TORCH_DEVICE_IDENTITY
"""
BUILDER = """

def maybe_create_device_identity():
    global TORCH_DEVICE_IDENTITY
    if TORCH_DEVICE_IDENTITY is None:
        TORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)
"""
NULLED = W8_BASE.replace("= torch.ones(1, dtype=torch.float32)\nSCALE", "= None\nSCALE") + BUILDER
NEVER_BUILT = W8_BASE.replace("= torch.ones(1, dtype=torch.float32)\nSCALE", "= None\nSCALE")
SUBJECT = "[Bugfix] Work around V1 + CUDA Graph + torch._scaled_mm fallback issue (#13425)"
FORK = "vllm/aeon/probe.py"
FROM = "from vllm.quant.w8a8_utils import TORCH_DEVICE_IDENTITY\n\n\n"
MOD = "from vllm.quant import w8a8_utils\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = NULLED, extra: str = "") -> list:
    """(line, severity) of this class's findings on FORK."""
    fork = {FORK: body, **({"vllm/aeon/patch.py": extra} if extra else {})}
    sides = s.merge_case(git_repo, {W8: W8_BASE, "vllm/quant/__init__.py": ""}, fork, [(SUBJECT, {W8: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "now binds to None" in r[3]]


def batched_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    """``rows`` of ``body`` against NULLED, its module beside the other error and warning rows' (``s.audited_row``:
    ``MADE_NONE``'s and ``GUARDING_NOTHING``'s, one merge for both tests)."""
    bodies = [b for b, u, _ in MADE_NONE if u is NULLED] + [b for b, _ in GUARDING_NOTHING]
    base = {W8: W8_BASE, "vllm/quant/__init__.py": ""}
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {W8: NULLED})]
    _, found = s.audited_row(git_repo, no_rules, base, bodies, body, upstream, TYPE_DRIFT, "vllm/aeon")
    return [(f.line, f.severity.value) for f in found if "now binds to None" in f.message]


MADE_NONE = [
    # the name imported at the top level: the import-time None, for good
    (FROM + "def aeon_device():\n    return TORCH_DEVICE_IDENTITY.device\n", NULLED, [(5, "error")]),
    (
        "from vllm.quant.w8a8_utils import TORCH_DEVICE_IDENTITY as IDENT\n\n\n"
        "def aeon_scaled(x):\n    return x * IDENT\n",
        NULLED,
        [(5, "error")],
    ),
    # a relative import of the very module
    (
        "from ..quant.w8a8_utils import TORCH_DEVICE_IDENTITY\n\n\ndef aeon_d():\n"
        "    return TORCH_DEVICE_IDENTITY[0]\n",
        NULLED,
        [(5, "error")],
    ),
    # read off the module: a warning where a builder may have run, an error where nothing builds it
    (
        MOD + "def aeon_on(device):\n    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
        NULLED,
        [(5, "warning")],
    ),
    (
        "import vllm.quant.w8a8_utils\n\n\ndef aeon_on(device):\n"
        "    return vllm.quant.w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
        NEVER_BUILT,
        [(5, "error")],
    ),
    # imported inside a function: it binds what the global holds when the function runs
    (
        "def aeon_device():\n    from vllm.quant.w8a8_utils import TORCH_DEVICE_IDENTITY\n\n"
        "    return TORCH_DEVICE_IDENTITY.device\n",
        NULLED,
        [(4, "warning")],
    ),
]


@pytest.mark.parametrize(
    ("body", "upstream", "expected"),
    MADE_NONE,
    ids=[
        "from import",
        "alias, arithmetic",
        "relative import",
        "module read, builder",
        "module read, no builder",
        "lazy import",
    ],
)
def test_a_module_value_made_none_used_by_the_fork(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, expected: list
) -> None:
    if upstream is NULLED:  # an error or warning row: one merge for them all (``batched_rows``)
        assert batched_rows(git_repo, no_rules, body) == expected
    else:
        assert rows(git_repo, no_rules, body, upstream) == expected


@pytest.mark.parametrize(
    ("body", "upstream", "extra"),
    [
        # tested for None; inside a try
        (
            FROM + "def aeon_device():\n    if TORCH_DEVICE_IDENTITY is None:\n        return None\n"
            "    return TORCH_DEVICE_IDENTITY.device\n",
            NULLED,
            "",
        ),
        (
            FROM + "def aeon_device():\n    try:\n        return TORCH_DEVICE_IDENTITY.device\n"
            "    except AttributeError:\n        return None\n",
            NULLED,
            "",
        ),
        # the fork builds it first
        (
            MOD + "def aeon_on(device):\n    w8a8_utils.maybe_create_device_identity()\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            NULLED,
            "",
        ),
        # handed on, not used as a value
        (FROM + "def aeon_pass(f):\n    return f(TORCH_DEVICE_IDENTITY)\n", NULLED, ""),
        # another value, not None; built at import
        (
            FROM + "def aeon_device():\n    return TORCH_DEVICE_IDENTITY.device\n",
            W8_BASE.replace("torch.ones(1, dtype=torch.float32)\nSCALE", "torch.ones(2)\nSCALE"),
            "",
        ),
        (
            FROM + "def aeon_device():\n    return TORCH_DEVICE_IDENTITY.device\n",
            NULLED + "\nmaybe_create_device_identity()\n",
            "",
        ),
        # bound under a condition upstream: which value holds is not read
        (
            FROM + "def aeon_device():\n    return TORCH_DEVICE_IDENTITY.device\n",
            NULLED.replace(
                "TORCH_DEVICE_IDENTITY = None\n", "if torch.cuda.is_available():\n    TORCH_DEVICE_IDENTITY = None\n"
            ),
            "",
        ),
        # the fork stores the module's value itself
        (
            MOD + "def aeon_on(device):\n    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            NULLED,
            MOD + "w8a8_utils.TORCH_DEVICE_IDENTITY = __import__('torch').ones(1)\n",
        ),
        # a same-named value of the fork's own module
        (
            "from vllm.aeon.patch import TORCH_DEVICE_IDENTITY\n\n\ndef aeon_device():\n"
            "    return TORCH_DEVICE_IDENTITY.device\n",
            NULLED,
            "import torch\n\nTORCH_DEVICE_IDENTITY = torch.ones(1)\n",
        ),
        # a read held in a local, tested there
        (
            MOD + "def aeon_on(device):\n    identity = w8a8_utils.TORCH_DEVICE_IDENTITY\n"
            "    return None if identity is None else identity.to(device)\n",
            NULLED,
            "",
        ),
    ],
    ids=[
        "is None",
        "try",
        "builds first",
        "handed on",
        "another value",
        "built at import",
        "conditional",
        "fork stores",
        "own module",
        "local tested",
    ],
)
def test_nulled_global_twins(git_repo: GitRepo, no_rules: Path, body: str, upstream: str, extra: str) -> None:
    assert rows(git_repo, no_rules, body, upstream, extra) == []


def test_a_module_read_of_a_value_another_module_stores_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """No builder in the module, but another upstream module sets ``w8a8_utils.TORCH_DEVICE_IDENTITY``: the
    read off the module may meet the value by then (a warning); the imported name keeps None (an error)."""
    setter = "from vllm.quant import w8a8_utils\n\n\ndef setup():\n    w8a8_utils.TORCH_DEVICE_IDENTITY = 1.0\n"
    body = MOD + FROM + "def aeon_on(device):\n    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n\n\n"
    body += "def aeon_device():\n    return TORCH_DEVICE_IDENTITY.device\n"
    sides = s.merge_case(
        git_repo,
        {W8: W8_BASE, "vllm/quant/__init__.py": ""},
        {FORK: body},
        [(SUBJECT, {W8: NEVER_BUILT, "vllm/quant/setup.py": setter})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    assert [(r[1], r[2]) for r in found if r[0] == FORK] == [(8, "warning"), (12, "error")]


OWN = "\n\n# AEON: the Spark's scaled-mm fallback\ndef aeon_identity_on(device):\n    return TORCH_DEVICE_IDENTITY.to(device)\n"


def own_rows(git_repo: GitRepo, no_rules: Path, fork_fn: str, upstream: str) -> list:
    """(line, severity) of this class's findings on upstream's module itself, a fork function added to it."""
    fork_text = W8_BASE.replace(
        "SCALE_FLOOR = 1e-12\n\n\n", "SCALE_FLOOR = 1e-12\n\n\n" + fork_fn.lstrip("\n") + "\n\n"
    )
    sides = s.merge_case(
        git_repo, {W8: W8_BASE, "vllm/quant/__init__.py": ""}, {W8: fork_text}, [(SUBJECT, {W8: upstream})]
    )
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == W8 and "now binds to None" in r[3]]


@pytest.mark.parametrize(
    ("fork_fn", "upstream", "expected"),
    [
        (OWN, NULLED, [(9, "warning")]),
        (OWN, NEVER_BUILT, [(9, "error")]),
        # the fork's function takes the name as its own parameter, or builds it first
        (OWN.replace("(device)", "(device, TORCH_DEVICE_IDENTITY)", 1), NULLED, []),
        (
            OWN.replace("    return", "    maybe_create_device_identity()\n    return"),
            NULLED,
            [],
        ),
    ],
    ids=["builder", "no builder", "twin: parameter", "twin: builds first"],
)
def test_a_fork_function_in_the_module_reading_its_nulled_global(
    git_repo: GitRepo, no_rules: Path, fork_fn: str, upstream: str, expected: list
) -> None:
    assert own_rows(git_repo, no_rules, fork_fn, upstream) == expected


@pytest.mark.parametrize(
    ("attr", "use", "expected"),
    [("TORCH_DEVICE_IDENTITY", ".to(device)", [(5, "warning")]), ("SCALE_FLOOR", " * 2", [])],
    ids=["nulled", "twin: a kept value"],
)
def test_a_getattr_off_the_module(git_repo: GitRepo, no_rules: Path, attr: str, use: str, expected: list) -> None:
    body = MOD + f'def aeon_on(device):\n    return getattr(w8a8_utils, "{attr}"){use}\n'
    assert rows(git_repo, no_rules, body) == expected


# review41: a build rebinds the module's global, never a copy imported before it ran
@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            MOD + FROM + "def aeon_on(device):\n    w8a8_utils.maybe_create_device_identity()\n"
            "    return TORCH_DEVICE_IDENTITY.to(device)\n",
            [(9, "error")],
        ),
        (
            MOD + "def aeon_on(device):\n    from vllm.quant.w8a8_utils import TORCH_DEVICE_IDENTITY\n\n"
            "    w8a8_utils.maybe_create_device_identity()\n    return TORCH_DEVICE_IDENTITY.to(device)\n",
            [(8, "warning")],
        ),
        # twins: built at the fork module's import above the import; in the function above a lazy import
        (
            "from vllm.quant.w8a8_utils import maybe_create_device_identity\n\nmaybe_create_device_identity()\n"
            "from vllm.quant.w8a8_utils import TORCH_DEVICE_IDENTITY  # noqa: E402\n\n\n"
            "def aeon_device():\n    return TORCH_DEVICE_IDENTITY.device\n",
            [],
        ),
        (
            MOD + "def aeon_on(device):\n    w8a8_utils.maybe_create_device_identity()\n"
            "    from vllm.quant.w8a8_utils import TORCH_DEVICE_IDENTITY\n\n    return TORCH_DEVICE_IDENTITY.to(device)\n",
            [],
        ),
    ],
    ids=[
        "top-level copy, built after",
        "lazy copy, built after",
        "twin: built at import, above",
        "twin: built, then imported",
    ],
)
def test_a_build_after_the_import_leaves_the_copy_none(
    git_repo: GitRepo, no_rules: Path, body: str, expected: list
) -> None:
    assert rows(git_repo, no_rules, body) == expected


@pytest.mark.parametrize(
    "body",
    [
        # the old read where a test says the builder is missing: not hasattr, None from a fallback import, a flag
        MOD + FROM + 'def aeon_on(device):\n    if not hasattr(w8a8_utils, "maybe_create_device_identity"):\n'
        "        return TORCH_DEVICE_IDENTITY.to(device)\n    w8a8_utils.maybe_create_device_identity()\n"
        "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
        MOD + FROM + "try:\n    from vllm.quant.w8a8_utils import maybe_create_device_identity\nexcept ImportError:\n"
        "    maybe_create_device_identity = None\n\n\ndef aeon_on(device):\n    if maybe_create_device_identity is None:\n"
        "        return TORCH_DEVICE_IDENTITY.to(device)\n    maybe_create_device_identity()\n"
        "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
        MOD + FROM + '_LAZY_IDENTITY = hasattr(w8a8_utils, "maybe_create_device_identity")\n\n\n'
        "def aeon_on(device):\n    if _LAZY_IDENTITY:\n        w8a8_utils.maybe_create_device_identity()\n"
        "        return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n    else:\n        return TORCH_DEVICE_IDENTITY.to(device)\n",
        # what None raises, suppressed
        "import contextlib\n\n" + FROM + "def aeon_device():\n    with contextlib.suppress(AttributeError):\n"
        "        return TORCH_DEVICE_IDENTITY.device\n    return None\n",
        # a predicate handed the value in a test
        "import torch\n\n" + FROM + "def aeon_on(device):\n    if torch.is_tensor(TORCH_DEVICE_IDENTITY):\n"
        "        return TORCH_DEVICE_IDENTITY.to(device)\n    return None\n",
        FROM + 'def aeon_device():\n    if hasattr(TORCH_DEVICE_IDENTITY, "device"):\n'
        "        return TORCH_DEVICE_IDENTITY.device\n    return None\n",
        # a fork helper that tests it
        FROM + "def _ready():\n    return TORCH_DEVICE_IDENTITY is not None\n\n\n"
        "def aeon_on(device):\n    if _ready():\n        return TORCH_DEVICE_IDENTITY.to(device)\n    return None\n",
        # the old read only where the module lacks the builder: after a hasattr test that returns, an else
        MOD + FROM + 'def aeon_on(device):\n    if hasattr(w8a8_utils, "maybe_create_device_identity"):\n'
        "        w8a8_utils.maybe_create_device_identity()\n        return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n"
        "    return TORCH_DEVICE_IDENTITY.to(device)\n",
        MOD + FROM + 'def aeon_on(device):\n    build = getattr(w8a8_utils, "maybe_create_device_identity", None)\n'
        "    if build is not None:\n        build()\n        return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n"
        "    else:\n        return TORCH_DEVICE_IDENTITY.to(device)\n",
        # a read off the module: tested through getattr, stored by setattr, built through a getattr probe
        MOD + 'def aeon_on(device):\n    if getattr(w8a8_utils, "TORCH_DEVICE_IDENTITY", None) is None:\n'
        "        return None\n    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
        MOD + 'def aeon_on(device):\n    setattr(w8a8_utils, "TORCH_DEVICE_IDENTITY", device)\n'
        "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
        MOD + 'def aeon_on(device):\n    build = getattr(w8a8_utils, "maybe_create_device_identity", None)\n'
        "    if build is not None:\n        build()\n    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
    ],
    ids=[
        "not hasattr of the builder",
        "builder imported or None, tested is None",
        "a module flag of the builder, else",
        "suppress",
        "is_tensor",
        "hasattr of the value",
        "fork helper",
        "hasattr of the builder, returned",
        "getattr of the builder, else",
        "getattr tested",
        "setattr",
        "getattr builder called",
    ],
)
def test_nulled_global_guards_a_maintainer_writes(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


GUARDING_NOTHING = [
    # a value use in the test itself is no guard; a hasattr of the builder whose branch falls through guards nothing
    (
        FROM + "def aeon_n():\n    if len(TORCH_DEVICE_IDENTITY) > 0:\n        return 1\n    return 0\n",
        [(5, "error")],
    ),
    (
        MOD + FROM + 'def aeon_on(device):\n    if hasattr(w8a8_utils, "maybe_create_device_identity"):\n'
        "        w8a8_utils.maybe_create_device_identity()\n    return TORCH_DEVICE_IDENTITY.to(device)\n",
        [(10, "error")],
    ),
    # a helper testing another value is no guard of this one
    (
        FROM + "def _ready(x):\n    return x is not None\n\n\n"
        "def aeon_on(device):\n    if _ready(device):\n        return TORCH_DEVICE_IDENTITY.to(device)\n    return None\n",
        [(10, "error")],
    ),
    # the rest of the block after ``if build is None: return`` (or a flag's true branch) has the builder
    (
        MOD + FROM + 'def aeon_on(device):\n    build = getattr(w8a8_utils, "maybe_create_device_identity", None)\n'
        "    if build is None:\n        return None\n    build()\n    return TORCH_DEVICE_IDENTITY.to(device)\n",
        [(12, "error")],
    ),
    (
        MOD + FROM + '_OLD_IDENTITY = not hasattr(w8a8_utils, "maybe_create_device_identity")\n\n\n'
        "def aeon_on(device):\n    if not _OLD_IDENTITY:\n        return TORCH_DEVICE_IDENTITY.to(device)\n"
        "    return None\n",
        [(12, "error")],
    ),
]


@pytest.mark.parametrize(
    ("body", "expected"),
    GUARDING_NOTHING,
    ids=[
        "len in the test",
        "hasattr of the builder, falling through",
        "helper of another value",
        "after the builder's absence returned",
        "a module flag of the builder, its true branch",
    ],
)
def test_nulled_global_guards_that_guard_nothing(git_repo: GitRepo, no_rules: Path, body: str, expected: list) -> None:
    assert batched_rows(git_repo, no_rules, body) == expected


@pytest.mark.parametrize(
    "builder",
    [
        # a method declaring the global, a nested function, a store through globals()
        "\n\nclass _Identity:\n    @staticmethod\n    def build():\n        global TORCH_DEVICE_IDENTITY\n"
        "        TORCH_DEVICE_IDENTITY = torch.ones(1)\n",
        "\n\ndef setup():\n    def build():\n        global TORCH_DEVICE_IDENTITY\n"
        "        TORCH_DEVICE_IDENTITY = torch.ones(1)\n\n    build()\n",
        '\n\ndef setup():\n    globals()["TORCH_DEVICE_IDENTITY"] = torch.ones(1)\n',
    ],
    ids=["method", "nested function", "globals()"],
)
def test_a_module_read_of_a_value_rebuilt_past_a_top_level_function_is_a_warning(
    git_repo: GitRepo, no_rules: Path, builder: str
) -> None:
    """Something in the module rebinds the global (no top-level ``global`` function): a read off the module may
    meet the value (a warning, was an error); the top-level import's copy keeps None (an error)."""
    body = MOD + FROM + "def aeon_on(device):\n    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n\n\n"
    body += "def aeon_device():\n    return TORCH_DEVICE_IDENTITY.device\n"
    assert rows(git_repo, no_rules, body, NEVER_BUILT + builder) == [(8, "warning"), (12, "error")]
