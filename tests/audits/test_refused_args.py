"""Refused arguments: a fork call passes values a new guard at the top of upstream's function raises for.

Shaped like #39098 (f186cfe75e), which put ``if skip_attn and not is_profile: raise ValueError(...)`` at the top
of model runner v2's ``_dummy_run`` (and flipped ``skip_attn``'s default): a fork warmup's
``self._dummy_run(n, skip_attn=True)`` merges cleanly and raises at startup.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

RUNNER = "vllm/worker/runner.py"
RUNNER_BASE = """class Runner:
    @staticmethod
    def check(mode: str, strict: bool = False) -> None:
        pass

    def dummy_run(self, num_tokens: int, skip_attn: bool = True, is_profile: bool = False) -> int:
        return num_tokens


def warm(n: int, mode: str = "fast") -> int:
    if mode == "slow":
        raise ValueError("slow is gone")
    return n
"""
RUNNER_UPSTREAM = """class Runner:
    @staticmethod
    def check(mode: str, strict: bool = False) -> None:
        if strict and mode == "lazy":
            raise ValueError("lazy is not strict")

    def dummy_run(self, num_tokens: int, skip_attn: bool = False, is_profile: bool = False) -> int:
        if skip_attn and not is_profile:
            raise ValueError("skip_attn must only be True for initial memory profiling.")
        return num_tokens


def warm(n: int, mode: str = "fast") -> int:
    if mode == "slow":
        raise ValueError("slow is gone")
    if mode == "eager":
        raise ValueError("eager is gone")
    return n
"""
SUBJECT = "[MRV2] Fix hanging issue with DeepSeek V3.2 by setting `skip_attn=False` (#39098)"
FORK = "vllm/aeon/replay_refused.py"
HEAD = "import pytest\n\nfrom vllm.worker.runner import Runner, warm\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    sides = s.merge_case(
        git_repo,
        {RUNNER: RUNNER_BASE, "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {RUNNER: RUNNER_UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [r for r in found if r[0] == FORK and "now refuses" in r[3]]


REFUSED = [
    "class AeonRunner(Runner):\n    def aeon_warm(self) -> None:\n        self.dummy_run(8, skip_attn=True)\n",
    "def aeon_warm(runner: Runner) -> None:\n    runner.dummy_run(8, skip_attn=True)\n",
    "def aeon_warm() -> None:\n    runner = Runner()\n    runner.dummy_run(8, True)\n"
    "    runner.dummy_run(num_tokens=8, skip_attn=True)\n",
    "class AeonRunner(Runner):\n    def dummy_run(self, num_tokens, skip_attn=True, is_profile=False):\n"
    "        return super().dummy_run(num_tokens, skip_attn=True)\n",
    "def aeon_warm() -> int:\n    return warm(4, mode='eager')\n",
    "def aeon_warm() -> int:\n    return warm(4, 'eager')\n",
    "def aeon_check(runner: Runner) -> None:\n    runner.check('lazy', True)\n",
]

# The rows of the test below each put one fork module beside the same base and upstream and test its findings: no
# row's module imports another's, so one merge and one audit of the seven modules side by side answers each row
# (seven merges and audits became one per process; suitespeed8).  The quiet rows keep a merge each.
_AUDITED: dict[str, list] = {}


def rows_among_refused(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    """``rows`` of one of ``REFUSED``, from the one audit of all of them side by side."""
    if not _AUDITED:
        paths = {text: f"vllm/aeon/replay_refused_{number}.py" for number, text in enumerate(REFUSED)}
        sides = s.merge_case(
            git_repo,
            {RUNNER: RUNNER_BASE, "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
            {path: HEAD + text for text, path in paths.items()},
            [(SUBJECT, {RUNNER: RUNNER_UPSTREAM})],
        )
        found = [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if "now refuses" in r[3]]
        assert all(r[0] in paths.values() for r in found), found
        _AUDITED.update({text: [(FORK, *r[1:]) for r in found if r[0] == path] for text, path in paths.items()})
    return _AUDITED[body]


@pytest.mark.parametrize(
    "body",
    REFUSED,
    ids=[
        "subclass self call",
        "typed receiver",
        "bound to a call",
        "super call",
        "module function",
        "positional",
        "staticmethod",
    ],
)
def test_a_call_upstream_now_refuses_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = rows_among_refused(git_repo, no_rules, body)
    assert found and all(severity == "error" for _, _, severity, _ in found)
    assert all("#39098" in message for *_, message in found)


@pytest.mark.parametrize(
    "body",
    [
        # the combination the guard lets through
        "def aeon_profile(runner: Runner) -> None:\n    runner.dummy_run(8, skip_attn=True, is_profile=True)\n",
        # a value the guard does not refuse
        "def aeon_warm() -> int:\n    return warm(4, mode='fast')\n",
        # the base refused it already: not this merge's doing
        "def aeon_warm() -> int:\n    return warm(4, mode='slow')\n",
        # a test of the refusal
        "def test_refused(runner: Runner) -> None:\n    with pytest.raises(ValueError):\n"
        "        runner.dummy_run(8, skip_attn=True)\n",
        # an untyped receiver: which class is unknown
        "def aeon_warm(runner) -> None:\n    runner.dummy_run(8, skip_attn=True)\n",
        # the fork's class overrides the method: self.m reaches its own
        "class AeonRunner(Runner):\n    def dummy_run(self, num_tokens, skip_attn=True, is_profile=False):\n"
        "        return num_tokens\n\n    def aeon_warm(self) -> None:\n        self.dummy_run(8, skip_attn=True)\n",
        # a staticmethod's first parameter is the call's first argument
        "def aeon_check(runner: Runner) -> None:\n    runner.check(True, 'lazy')\n",
        # a value not known decides nothing
        "def aeon_warm(runner: Runner, skip: bool) -> None:\n    runner.dummy_run(8, skip_attn=skip)\n",
        # a fork mixin ahead of Runner in the MRO overrides the method
        "class AeonMixin:\n    def dummy_run(self, num_tokens, skip_attn=True, is_profile=False):\n"
        "        return num_tokens\n\n"
        "class AeonRunner(AeonMixin, Runner):\n    def aeon_warm(self) -> None:\n        self.dummy_run(8, skip_attn=True)\n",
        # the override bound as a class attribute
        "def _aeon_dummy_run(self, num_tokens, skip_attn=True, is_profile=False):\n    return num_tokens\n\n"
        "class AeonRunner(Runner):\n    dummy_run = _aeon_dummy_run\n\n"
        "    def aeon_warm(self) -> None:\n        self.dummy_run(8, skip_attn=True)\n",
        # any exception caught
        "def aeon_warm(runner: Runner) -> None:\n    try:\n        runner.dummy_run(8, skip_attn=True)\n"
        "    except BaseException:\n        runner.dummy_run(8)\n",
    ],
    ids=[
        "let through",
        "accepted value",
        "refused at the base",
        "pytest.raises",
        "untyped",
        "own override",
        "staticmethod order",
        "unknown value",
        "mixin override",
        "class attribute override",
        "BaseException",
    ],
)
def test_refused_arg_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "test",
    ["'is_profile' in inspect.signature(runner.dummy_run).parameters", "hasattr(runner, 'profile_run')"],
    ids=["signature", "hasattr"],
)
def test_a_call_under_a_feature_test_is_a_warning(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    body = (
        f"import inspect\n\ndef aeon_warm(runner: Runner) -> None:\n    if {test}:\n"
        "        runner.dummy_run(8, skip_attn=True, is_profile=True)\n"
        "    else:\n        runner.dummy_run(8, skip_attn=True)\n"
    )
    found = rows(git_repo, no_rules, body)
    assert found and all(severity == "warning" for _, _, severity, _ in found)


@pytest.mark.parametrize(("call", "refused"), [("emit('trace')", False), ("emit('x', level='trace')", True)])
def test_a_positional_argument_does_not_reach_a_keyword_only_parameter(
    git_repo: GitRepo, no_rules: Path, call: str, refused: bool
) -> None:
    log = "vllm/worker/log.py"
    base = "def emit(*parts: str, level: str = 'info') -> str:\n    return ' '.join(parts)\n"
    guard = "    if level == 'trace':\n        raise ValueError('trace is gone')\n"
    up = base.replace("-> str:\n", "-> str:\n" + guard)
    sides = s.merge_case(
        git_repo,
        {log: base, "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: "from vllm.worker.log import emit\n\n\ndef aeon() -> str:\n    return " + call + "\n"},
        [("drop trace (#1)", {log: up})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert bool([r for r in found if r[0] == FORK and "now refuses" in r[3]]) is refused


def test_an_override_in_a_fork_mixin_of_another_file_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    mixin_path = "vllm/aeon/warm_mixin.py"
    mixin = "class WarmMixin:\n    def dummy_run(self, num_tokens, skip_attn=True, is_profile=False):\n"
    mixin += "        return num_tokens\n"
    body = "from vllm.aeon.warm_mixin import WarmMixin\n\n\nclass AeonRunner(WarmMixin, Runner):\n"
    body += "    def aeon_warm(self) -> None:\n        self.dummy_run(8, skip_attn=True)\n"
    sides = s.merge_case(
        git_repo,
        {RUNNER: RUNNER_BASE, "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body, mixin_path: mixin, "vllm/aeon/__init__.py": ""},
        [(SUBJECT, {RUNNER: RUNNER_UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [r for r in found if r[0] == FORK and "now refuses" in r[3]] == []


def test_a_method_the_instance_rebinds_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "class AeonRunner(Runner):\n    def __init__(self):\n        self.dummy_run = self._aeon_dummy\n\n"
        "    def _aeon_dummy(self, n, skip_attn=True, is_profile=False):\n        return n\n\n"
        "    def aeon_warm(self) -> None:\n        self.dummy_run(8, skip_attn=True)\n"
    )
    assert rows(git_repo, no_rules, body) == []


# -- #31061 (7c73ceb581): a guard reading what a dtype parameter says of itself
MARLIN = "vllm/quant/marlin_utils_fp8.py"
MARLIN_BASE = """import torch


def prepare_fp8_layer_for_marlin(layer, size_k_first: bool = True, input_dtype: torch.dtype | None = None) -> None:
    layer.size_k_first = size_k_first
"""
MARLIN_UPSTREAM = """import torch


def prepare_fp8_layer_for_marlin(layer, size_k_first: bool = True, input_dtype: torch.dtype | None = None) -> None:
    if input_dtype is not None and input_dtype.itemsize == 1:
        raise RuntimeError("Marlin W8A8 is not supported.")
    if input_dtype is not None and not input_dtype.is_floating_point:
        raise RuntimeError("Marlin takes floating activations only.")
    layer.size_k_first = size_k_first
"""
MARLIN_FORK = "vllm/aeon/marlin_fp8.py"
MARLIN_HEAD = "import torch\n\nfrom vllm.quant.marlin_utils_fp8 import prepare_fp8_layer_for_marlin\n\n\n"


def dtype_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    sides = s.merge_case(
        git_repo,
        {MARLIN: MARLIN_BASE, "vllm/quant/__init__.py": "", "vllm/__init__.py": ""},
        {MARLIN_FORK: MARLIN_HEAD + body},
        [("[Quantization] add marlin w4a8/w8a8 check (#31061)", {MARLIN: MARLIN_UPSTREAM})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if "now refuses" in r[3]]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon(layer) -> None:\n    prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)\n",
        "def aeon(layer) -> None:\n    prepare_fp8_layer_for_marlin(layer, False, torch.int8)\n",
        "def aeon(layer) -> None:\n    prepare_fp8_layer_for_marlin(layer, input_dtype=torch.int32)\n",
    ],
    ids=["a one-byte float keyword", "a one-byte int by position", "a non-floating dtype"],
)
def test_a_dtype_a_new_guard_refuses(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(path, _, severity, message)] = dtype_rows(git_repo, no_rules, body)
    assert (path, severity) == (MARLIN_FORK, "error") and "#31061" in message


@pytest.mark.parametrize(
    "body",
    [
        "def aeon(layer) -> None:\n    prepare_fp8_layer_for_marlin(layer, size_k_first=False)\n",
        "def aeon(layer) -> None:\n    prepare_fp8_layer_for_marlin(layer, input_dtype=torch.bfloat16)\n",
        "def aeon(layer) -> None:\n    prepare_fp8_layer_for_marlin(layer, input_dtype=None)\n",
        # a dtype not known here, or one the fork holds in a local: not judged
        "def aeon(layer) -> None:\n    prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float4_e2m1fn_x2)\n",
        "def aeon(layer, dt) -> None:\n    prepare_fp8_layer_for_marlin(layer, input_dtype=dt)\n",
    ],
    ids=["no dtype", "a two-byte float", "None", "an unknown dtype", "a variable"],
)
def test_dtype_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert dtype_rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # review22: a try catching what the new guard raises, its class or a builtin base of it
        "def aeon(layer) -> None:\n    try:\n        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.int8)\n"
        "    except RuntimeError:\n        prepare_fp8_layer_for_marlin(layer)\n",
        "def aeon(layer) -> None:\n    try:\n        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.int8)\n"
        "    except (KeyError, RuntimeError):\n        prepare_fp8_layer_for_marlin(layer)\n",
    ],
    ids=["RuntimeError", "a tuple holding it"],
)
def test_a_try_catching_what_the_guard_raises_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert dtype_rows(git_repo, no_rules, body) == []


def test_a_try_catching_another_kind_still_counts(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def aeon(layer) -> None:\n    try:\n        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.int8)\n"
        "    except KeyError:\n        pass\n"
    )
    [(path, _, severity, _)] = dtype_rows(git_repo, no_rules, body)
    assert (path, severity) == (MARLIN_FORK, "error")


def test_a_suppress_of_what_the_guard_raises_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "import contextlib\n\n\ndef aeon(layer) -> None:\n    with contextlib.suppress(RuntimeError):\n"
        "        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.int8)\n"
    )
    assert dtype_rows(git_repo, no_rules, body) == []


# -- #25914 (b63f2143f8): an assertion refusing any value of a parameter but None
PUNICA = "vllm/lora/wrapper.py"
PUNICA_BASE = """import torch


class Wrapper:
    def add_linear(self, y, x, scale: float, *, buffer: torch.Tensor | None = None, **kwargs) -> None:
        \"\"\"Add the adapter's product into ``y``.\"\"\"
        assert len(y) == len(x)
        if buffer is None:
            buffer = torch.zeros(4)
        y += buffer


def shrink(x, out=None, mode: str = "fast"):
    return x
"""
PUNICA_UPSTREAM = PUNICA_BASE.replace(
    "        if buffer is None:\n            buffer = torch.zeros(4)\n",
    '        assert buffer is None, "the buffer is built here"\n        buffer = torch.zeros(4)\n',
).replace(
    "    return x\n",
    '    if out is not None:\n        raise ValueError("out is gone")\n    assert mode != "eager"\n    return x\n',
)
PUNICA_HEAD = "import torch\n\nfrom vllm.lora.wrapper import Wrapper, shrink\n\n\n"


PUNICA_TREE = {PUNICA: PUNICA_BASE, "vllm/lora/__init__.py": "", "vllm/__init__.py": ""}
PUNICA_CHANGE: list[tuple[str, dict[str, str | None]]] = [
    ("[LoRA] cuda graph specialization (#25914)", {PUNICA: PUNICA_UPSTREAM})
]


def punica_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    sides = s.merge_case(git_repo, PUNICA_TREE, {FORK: PUNICA_HEAD + body}, PUNICA_CHANGE)
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [r for r in found if r[0] == FORK and "now refuses" in r[3]]


REFUSED_VALUE_ROWS = [
    "def aeon_add(w: Wrapper, y, x, buf: torch.Tensor) -> None:\n    w.add_linear(y, x, 1.0, buffer=buf)\n",
    "def aeon_add(w: Wrapper, y, x) -> None:\n    buf = torch.empty(4)\n    w.add_linear(y, x, 1.0, buffer=buf)\n",
    "class AeonWrapper(Wrapper):\n    def aeon_add(self, y, x) -> None:\n"
    "        self.add_linear(y, x, 1.0, buffer=torch.zeros(4))\n",
    "def aeon_shrink(x) -> None:\n    return shrink(x, out=[0, 0])\n",
    "def aeon_shrink(x) -> None:\n    return shrink(x, mode='eager')\n",
]


@pytest.mark.parametrize(
    "body",
    REFUSED_VALUE_ROWS,
    ids=["annotated parameter", "local tensor", "factory call", "display", "asserted constant"],
)
def test_a_value_an_assertion_or_guard_refuses_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed13)
    bodies = [PUNICA_HEAD + row for row in REFUSED_VALUE_ROWS]
    _, rows = s.audited_row(
        git_repo, no_rules, PUNICA_TREE, bodies, PUNICA_HEAD + body, PUNICA_CHANGE, SYMBOL_DRIFT, "vllm/aeon"
    )
    found = [(f.path, f.line, f.severity.value, f.message) for f in rows if "now refuses" in f.message]
    assert found and all(severity == "error" for _, _, severity, _ in found)
    assert all("#25914" in message for *_, message in found)


@pytest.mark.parametrize(
    "body",
    [
        # no buffer passed, or None passed: what upstream still accepts
        "def aeon_add(w: Wrapper, y, x) -> None:\n    w.add_linear(y, x, 1.0)\n    w.add_linear(y, x, 1.0, buffer=None)\n",
        # a parameter that may be None: not known
        "def aeon_add(w: Wrapper, y, x, buf: torch.Tensor | None = None) -> None:\n"
        "    w.add_linear(y, x, 1.0, buffer=buf)\n",
        "def aeon_add(w: Wrapper, y, x, buf=None) -> None:\n    w.add_linear(y, x, 1.0, buffer=buf)\n",
        # a local bound twice, or to a call not known to give a tensor
        "def aeon_add(w: Wrapper, y, x, big: bool) -> None:\n    buf = torch.empty(4)\n"
        "    if big:\n        buf = None\n    w.add_linear(y, x, 1.0, buffer=buf)\n",
        "def aeon_add(w: Wrapper, y, x) -> None:\n    buf = make_buffer()\n    w.add_linear(y, x, 1.0, buffer=buf)\n",
        # the assertion caught
        "def aeon_add(w: Wrapper, y, x, buf: torch.Tensor) -> None:\n    try:\n"
        "        w.add_linear(y, x, 1.0, buffer=buf)\n    except AssertionError:\n        w.add_linear(y, x, 1.0)\n",
        # a value the new guards let through
        "def aeon_shrink(x) -> None:\n    return shrink(x, mode='fast')\n",
    ],
    ids=["no buffer", "optional parameter", "None default", "bound twice", "unknown call", "caught", "accepted"],
)
def test_a_refuse_any_guard_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert punica_rows(git_repo, no_rules, body) == []


# --- killers180: #47295 (37bf988c2f) made ``GroupCoordinator.__init__`` assert ``local_rank >= 0`` for every group
# (below ``_register_group(self)``, a call that cannot rebind a parameter), and ``init_model_parallel_group`` hands
# its ``local_rank`` straight on to it: a fork's group built with ``local_rank=-1`` now fails at startup.
GROUPS = "vllm/dist/groups.py"
GROUPS_BASE = """_ALL = []


def _register(group) -> None:
    _ALL.append(group)


class Coordinator:
    def __init__(self, ranks: list[int], local_rank: int, backend: str = "gloo", scale: float = 1.0) -> None:
        _register(self)
        self.ranks = ranks
        self.local_rank = local_rank


def build_group(ranks: list[int], local_rank: int, backend: str = "gloo") -> Coordinator:
    return Coordinator(ranks, local_rank=local_rank, backend=backend)


def clamped_group(ranks: list[int], local_rank: int) -> Coordinator:
    local_rank = max(local_rank, 0)
    return Coordinator(ranks, local_rank)


def early_group(ranks: list[int], local_rank: int) -> Coordinator | None:
    if not ranks:
        return None
    return Coordinator(ranks, local_rank)


def scaled_group(ranks: list[int], scale: float) -> Coordinator:
    return Coordinator(ranks, 0, scale=scale)
"""
GROUPS_UPSTREAM = GROUPS_BASE.replace(
    "        _register(self)\n",
    "        _register(self)\n        assert local_rank >= 0, 'local_rank must be given'\n        assert scale > 0\n",
)
GROUPS_HEAD = "from vllm.dist import groups as g\nfrom vllm.dist.groups import Coordinator, build_group\n\n\n"


GROUPS_TREE = {GROUPS: GROUPS_BASE, "vllm/dist/__init__.py": "", "vllm/__init__.py": ""}
GROUPS_CHANGE: list[tuple[str, dict[str, str | None]]] = [
    ("[XPU][Bugfix] Fix GroupCoordinator device_index (#47295)", {GROUPS: GROUPS_UPSTREAM})
]


def group_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, GROUPS_TREE, {FORK: GROUPS_HEAD + body}, GROUPS_CHANGE)
    return [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if "now refuses" in r[3]]


REFUSED_CONSTANT_ROWS = [
    # a class built positionally with a negative constant: its ``__init__``'s guard
    ("def aeon_ctrl():\n    return Coordinator([0, 1], -1)\n", "return Coordinator([0, 1], -1)"),
    # a negative float to a guard reached through the module-attribute spelling of the class
    ("def aeon_scaled():\n    return g.Coordinator([0], 0, scale=-0.5)\n", "return g.Coordinator"),
    # the builder handing local_rank on, by position; the keyword spread over lines lands on its own line
    ("def aeon_ctrl():\n    return build_group([0], -1)\n", "return build_group([0], -1)"),
    (
        "def aeon_ctrl():\n    return g.build_group(\n        [0],\n        local_rank=-2,\n    )\n",
        "local_rank=-2,",
    ),
]


@pytest.mark.parametrize(
    ("body", "needle"),
    REFUSED_CONSTANT_ROWS,
    ids=["class positional", "negative float keyword", "forwarding builder", "keyword on its own line"],
)
def test_a_new_assert_of_a_class_or_of_the_function_it_hands_on_to_refuses_a_constant(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed13)
    bodies = [GROUPS_HEAD + row for row, _ in REFUSED_CONSTANT_ROWS]
    _, rows = s.audited_row(
        git_repo, no_rules, GROUPS_TREE, bodies, GROUPS_HEAD + body, GROUPS_CHANGE, SYMBOL_DRIFT, "vllm/aeon"
    )
    found = [(f.line, f.severity.value) for f in rows if "now refuses" in f.message]
    assert found == [(line_of(GROUPS_HEAD + body, needle), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # a value the guard lets through
        "def aeon_ctrl():\n    return build_group([0], 0)\n",
        # a value not known
        "def aeon_ctrl(rank: int):\n    return Coordinator([0], rank)\n",
        # the wrapper rebinds the parameter before it hands it on
        "def aeon_ctrl():\n    return g.clamped_group([0], -1)\n",
        # the wrapper may return before it builds the class
        "def aeon_ctrl():\n    return g.early_group([0], -1)\n",
        # the fork's own class of the name
        "class Builder:\n    def __init__(self, local_rank: int) -> None:\n        self.local_rank = local_rank\n\n\n"
        "def aeon_ctrl():\n    return Builder(-1)\n",
        # the guard's assertion caught around the call
        "def aeon_ctrl():\n    try:\n        return build_group([0], -1)\n    except AssertionError:\n        return None\n",
    ],
    ids=["allowed", "unknown", "rebound before handed on", "early return", "own class", "caught"],
)
def test_a_value_the_new_assert_lets_through_or_does_not_reach_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert group_rows(git_repo, no_rules, body) == []


_FORWARDING = """
class Group:
    def __init__(self, ranks, local_rank):
        assert local_rank >= 0
        self.ranks = ranks

    def other(self, x):
        if x is None:
            raise ValueError("x")


def make_group(ranks, local_rank):
    return Group(ranks, local_rank=local_rank)


def unrelated(flag=False):
    if flag:
        raise RuntimeError("no")
"""


@pytest.mark.parametrize(
    "wanted",
    [
        frozenset({"make_group", "make_group.__init__"}),
        frozenset({"Group", "Group.__init__"}),
        frozenset({"unrelated"}),
    ],
)
def test_guarded_reads_the_keys_wanted_as_the_whole_module_does(wanted: frozenset[str]) -> None:
    """perf47: only the keys a fork call can ask are read, a forwarding function's callee on demand; each reads
    as reading every function of the module gives it."""
    from aeon_release.domain.audits.drift.refused_args import Guarded, _guarded

    whole, some = _guarded(_FORWARDING, "m.py"), _guarded(_FORWARDING, "m.py", wanted=wanted)

    def shown(found: dict[str, Guarded]) -> dict[str, object]:  # a guard's test is a new node at each read
        return {
            k: replace(found[k], guards=tuple((n, ast.dump(t)) for n, t in found[k].guards))
            for k in wanted
            if k in found
        }

    assert shown(some) == shown(whole)
    assert any(some[k].guards for k in wanted if k in some)
    assert "Group.other" not in some
