"""A fork class's attribute of the name of a method upstream added to a base and calls (#44260), and calls a
base makes on ``self`` that reach a fork method of the new hook's name."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #44260 (c90650088d): the kernels' base gains input_quant_key(), called from apply_weights;
# the cutlass kernel overrides it --
KERNEL = "vllm/kernels/scaled_mm.py"
KEYS = "vllm/kernels/keys.py"
FORK = "vllm/aeon/kern.py"
KEYS_TEXT = (
    "from dataclasses import dataclass\n\n\n@dataclass(frozen=True)\nclass QuantKey:\n    name: str\n\n\n"
    'kStatic = QuantKey("static")\nkNames = ("static", "dynamic")\n'
)
OLD = (
    "class Fp8Kernel:\n    def apply_weights(self, layer, x):\n        return x\n\n\n"
    "class CutlassKernel(Fp8Kernel):\n    def apply_scaled_mm(self, x):\n        return x\n\n\n"
    "class SiblingKernel(Fp8Kernel):\n    def apply_scaled_mm(self, x):\n        return x\n"
)
NEW = (
    "class Fp8Kernel:\n    def input_quant_key(self):\n        return None\n\n"
    "    def apply_weights(self, layer, x):\n        key = self.input_quant_key()\n        return x if key else x\n\n\n"
    "class CutlassKernel(Fp8Kernel):\n    def input_quant_key(self):\n        return None\n\n"
    "    def apply_scaled_mm(self, x):\n        return x\n\n\n"
    "class SiblingKernel(Fp8Kernel):\n    def apply_scaled_mm(self, x):\n        return x\n"
)
# the hook on the root; the fp8 branch calls it on self, the int8 branch never does
INT8 = (
    "class ScaledKernel:\n    def input_quant_key(self):\n        return None\n\n\n"
    "class Fp8Kernel(ScaledKernel):\n    def apply_weights(self, layer, x):\n"
    "        key = self.input_quant_key()\n        return x if key else x\n\n\n"
    "class CutlassKernel(Fp8Kernel):\n    def apply_scaled_mm(self, x):\n        return x\n\n\n"
    "class SiblingKernel(Fp8Kernel):\n    def apply_scaled_mm(self, x):\n        return x\n\n\n"
    "class Int8Kernel(ScaledKernel):\n    def apply_weights(self, layer, x):\n        return x\n"
)
INT8_OLD = INT8.replace("    def input_quant_key(self):\n        return None\n\n\n", "    pass\n\n\n").replace(
    "        key = self.input_quant_key()\n", "        key = None\n"
)
BASE = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", KERNEL: OLD, KEYS: KEYS_TEXT}
HEAD = "from vllm.kernels.keys import QuantKey, kNames, kStatic\nfrom vllm.kernels.scaled_mm import CutlassKernel\n\n\n"


def _found(repo: GitRepo, fork: str, upstream: str = NEW) -> list[tuple[int, str, str]]:
    base = {**BASE, KERNEL: INT8_OLD} if upstream == INT8 else BASE
    sides = s.merge_case(
        repo, base, {FORK: HEAD + fork}, [("Add the input_quant_key contract (#44260)", {KERNEL: upstream})]
    )
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "input_quant_key" in f.message
    ]


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        # a class attribute bound to an instance of a class of the tree without __call__
        ("class AeonKernel(CutlassKernel):\n    input_quant_key = kStatic\n", 6),
        # a literal, annotated
        ('class AeonKernel(CutlassKernel):\n    input_quant_key: str = "static"\n', 6),
        # a module value that is a tuple
        ("class AeonKernel(CutlassKernel):\n    input_quant_key = kNames\n", 6),
        # an instance attribute, built in place
        (
            "class AeonKernel(CutlassKernel):\n    def __init__(self):\n        super().__init__()\n"
            '        self.input_quant_key = QuantKey("dynamic")\n',
            8,
        ),
    ],
)
def test_a_value_the_base_now_calls(git_repo: GitRepo, fork: str, line: int) -> None:
    [(at, severity, message)] = _found(git_repo, fork)
    assert (at, severity) == (line, "error")
    assert "is a value, but upstream added CutlassKernel.input_quant_key, a method" in message
    assert "self.input_quant_key()" in message and "TypeError" in message


def test_a_base_s_self_call_reaches_a_fork_method_that_cannot_take_it(git_repo: GitRepo) -> None:
    fork = "class AeonKernel(CutlassKernel):\n    def input_quant_key(self, layer):\n        return kStatic\n"
    [(at, severity, message)] = _found(git_repo, fork)
    assert (at, severity) == (6, "error")
    assert "the fork's own method, now overrides CutlassKernel.input_quant_key" in message


@pytest.mark.parametrize(
    ("fork", "upstream", "severities"),
    [
        # a namesake of the hook's shape: the warning it was
        (
            "class AeonKernel(CutlassKernel):\n    def input_quant_key(self):\n        return kStatic\n",
            NEW,
            ["warning"],
        ),
        # a callable value: a function, a lambda, a class (its call builds one)
        (
            "def _key():\n    return kStatic\n\n\nclass AeonKernel(CutlassKernel):\n    input_quant_key = _key\n",
            NEW,
            ["warning"],
        ),
        ("class AeonKernel(CutlassKernel):\n    input_quant_key = lambda self: kStatic\n", NEW, ["warning"]),
        ("class AeonKernel(CutlassKernel):\n    input_quant_key = QuantKey\n", NEW, ["warning"]),
        # a value of a parameter: the text cannot tell
        (
            "class AeonKernel(CutlassKernel):\n    def __init__(self, key):\n        super().__init__()\n"
            "        self.input_quant_key = key\n",
            NEW,
            ["warning"],
        ),
        # upstream calls the new method only on a sibling class's receivers: nothing reaches the fork's value
        (
            "class AeonKernel(CutlassKernel):\n    input_quant_key = kStatic\n",
            NEW.replace("        key = self.input_quant_key()\n", "        key = SiblingKernel().input_quant_key()\n"),
            [],
        ),
        # revCK: the fork's class derives the hook's class by another branch than the one whose method calls it
        # (#44260's int8 kernel: FP8ScaledMMLinearKernel.apply_weights calls it, never on an int8 kernel)
        (
            "from vllm.kernels.scaled_mm import Int8Kernel\n\n\nclass AeonKernel(Int8Kernel):\n"
            "    input_quant_key = None\n",
            INT8,
            [],
        ),
        (
            "from vllm.kernels.scaled_mm import Int8Kernel\n\n\nclass AeonKernel(Int8Kernel):\n"
            "    def input_quant_key(self, layer):\n        return kStatic\n",
            INT8,
            ["warning"],
        ),
        # upstream adds the method and calls it nowhere
        (
            "class AeonKernel(CutlassKernel):\n    input_quant_key = kStatic\n",
            NEW.replace("        key = self.input_quant_key()\n", "        key = None\n"),
            [],
        ),
    ],
    ids=[
        "same shape",
        "function",
        "lambda",
        "class",
        "parameter",
        "sibling call",
        "int8 value",
        "int8 method",
        "no call",
    ],
)
def test_twin_quiet_or_the_warning(git_repo: GitRepo, fork: str, upstream: str, severities: list[str]) -> None:
    assert [severity for _, severity, _ in _found(git_repo, fork, upstream)] == severities


# -- killers228, shaped like #19642 (33d51f599e): the hook is called on a field a method stored a parameter in
# (``self.fused_experts = fused_experts`` of ``fused_experts: FusedMoEPermuteExpertsUnpermute``) --
RUNNER_OLD = OLD + (
    "\n\nclass Runner:\n    def __init__(self, kernel: {annotation}):\n{rebind}        self.kernel = kernel\n\n"
    "    def run(self, x):\n        return self.kernel.apply_weights(None, x)\n"
)
RUNNER_NEW = NEW.replace("        key = self.input_quant_key()\n", "        key = None\n") + (
    "\n\nclass Runner:\n    def __init__(self, kernel: {annotation}):\n{rebind}        self.kernel = kernel\n\n"
    "    def run(self, x):\n        return x if self.kernel.input_quant_key() else x\n"
)


def _runner_found(repo: GitRepo, annotation: str, rebind: str = "", swap: str = "") -> list[tuple[int, str]]:
    fill = {"annotation": annotation, "rebind": rebind}
    run = "    def run(self, x):\n"
    base = {**BASE, KERNEL: RUNNER_OLD.format(**fill).replace(run, swap + run)}
    fork = "class AeonKernel(CutlassKernel):\n    input_quant_key = kStatic\n"
    sides = s.merge_case(
        repo,
        base,
        {FORK: HEAD + fork},
        [("Add the input_quant_key contract (#44260)", {KERNEL: RUNNER_NEW.format(**fill).replace(run, swap + run)})],
    )
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "input_quant_key" in f.message
    ]


@pytest.mark.parametrize("annotation", ["Fp8Kernel", '"Fp8Kernel"', "Fp8Kernel | None"])
def test_a_call_on_a_field_stored_from_a_typed_parameter_reaches_the_fork_s_value(
    git_repo: GitRepo, annotation: str
) -> None:
    assert _runner_found(git_repo, annotation) == [(6, "error")]


@pytest.mark.parametrize(
    ("annotation", "rebind"),
    [
        ("SiblingKernel", ""),  # a sibling's receivers never hold the fork's class
        ("Fp8Kernel", "        kernel = wrap(kernel)\n"),  # the parameter holds something else by the store
        ("object", ""),  # nothing types it as the hook's class
    ],
    ids=["a sibling", "rebound", "untyped"],
)
def test_a_field_stored_from_a_parameter_of_another_type_is_silent(
    git_repo: GitRepo, annotation: str, rebind: str
) -> None:
    assert _runner_found(git_repo, annotation, rebind) == []


# -- review132: another method stores something else in the field: it may hold that at the call --
@pytest.mark.parametrize(
    "swap",
    [
        "    def swap(self, other):\n        self.kernel = wrap(other)\n\n",  # a call's value
        "    def swap(self, other):\n        self.kernel = other\n\n",  # an unannotated parameter
        "    def swap(self, pair):\n        self.kernel, self.other = pair\n\n",  # an unpacked element
    ],
    ids=["a call", "an unannotated parameter", "unpacked"],
)
def test_a_field_another_method_stores_something_else_in_is_silent(git_repo: GitRepo, swap: str) -> None:
    assert _runner_found(git_repo, "Fp8Kernel", swap=swap) == []


@pytest.mark.parametrize(
    "swap",
    [
        "    def close(self):\n        self.kernel = None\n\n",  # cleared: nothing to call
        "    def swap(self, other: Fp8Kernel):\n        self.kernel = other\n\n",  # another typed parameter
    ],
    ids=["cleared", "a typed parameter"],
)
def test_a_field_cleared_or_stored_from_another_typed_parameter_still_reaches(git_repo: GitRepo, swap: str) -> None:
    assert _runner_found(git_repo, "Fp8Kernel", swap=swap) == [(6, "error")]
