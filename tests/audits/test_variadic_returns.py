"""Return drift, a fixed tuple made variadic: upstream re-annotates a method ``-> tuple[X, ...]`` whose
length a setting now widens, and rewrites its own fixed unpacks of it to indexing.

Shaped like #48018 (866fea2b99): ``MambaMixer2.get_state_dtype`` / ``get_state_shape`` returned a pair
(conv, ssm) and now return five states under ``--use-replayssm``; upstream's
``_, ssm_state_dtype = self.get_state_dtype()`` became ``self.get_state_dtype()[1]``.  A fork's pair
unpack merges cleanly and raises once the setting is on.  Twins: an index, a starred unpack, an override,
and the same annotation loosened for the type checker alone (upstream's unpacks left standing).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MIXER = "vllm/model_executor/layers/mamba/mamba_mixer2.py"
MIXER_BASE = """class Calc:
    @staticmethod
    def pair(a, b):
        return (a,), (b,)


class MambaMixer2:
    def get_state_dtype(self) -> tuple[int, int]:
        return Calc.pair(1, 2)

    def get_state_shape(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return Calc.pair(3, 4)

    def forward(self, x):
        _, ssm_dtype = self.get_state_dtype()
        return x, ssm_dtype
"""
MIXER_WIDE = (
    MIXER_BASE.replace("-> tuple[int, int]:", "-> tuple[int, ...]:")
    .replace("-> tuple[tuple[int, ...], tuple[int, ...]]:", "-> tuple[tuple[int, ...], ...]:")
    .replace(
        "        return Calc.pair(1, 2)\n",
        "        base = Calc.pair(1, 2)\n        return base + self.ring if self.ring else base\n",
    )
    .replace(
        "        return Calc.pair(3, 4)\n",
        "        base = Calc.pair(3, 4)\n        return base + self.ring if self.ring else base\n",
    )
    .replace("        _, ssm_dtype = self.get_state_dtype()\n", "        ssm_dtype = self.get_state_dtype()[1]\n")
)
# the same annotations loosened for mypy, upstream's own unpack left as it was
MIXER_TYPED = MIXER_WIDE.replace(
    "        ssm_dtype = self.get_state_dtype()[1]\n", "        _, ssm_dtype = self.get_state_dtype()\n"
)
SUBJECT = "[Kernel] ReplaySSM: cache SSM inputs for faster Mamba2 standard decode (#48018)"
FORK = "vllm/model_executor/layers/mamba/aeon_mixer.py"
INITS = {"vllm/model_executor/layers/mamba/__init__.py": ""}
HEAD = "from vllm.model_executor.layers.mamba.mamba_mixer2 import MambaMixer2\n\n\n"


def _found(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = MIXER_WIDE) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {MIXER: MIXER_BASE, **INITS}, {FORK: fork}, [(SUBJECT, {MIXER: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE)


def test_a_pair_unpacked_in_a_subclass_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "class AeonMixer(MambaMixer2):\n    def aeon_ssm(self):\n        _, ssm = self.get_state_dtype()\n"
    fork += "        return ssm\n"
    [(line, message)] = _found(git_repo, no_rules, fork)
    assert line == 6
    assert "unpacks 2 values from self.get_state_dtype()" in message
    assert "MambaMixer2.get_state_dtype() return a tuple of any length, not 2" in message and "#48018" in message


def test_a_sibling_made_variadic_with_it_is_an_error_off_a_typed_receiver(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "def aeon_bytes(layer: MambaMixer2) -> int:\n    conv, ssm = layer.get_state_shape()\n"
    fork += "    return len(conv) + len(ssm)\n"
    [(line, message)] = _found(git_repo, no_rules, fork)
    assert line == 5 and "MambaMixer2.get_state_shape() return a tuple of any length" in message


def test_an_index_a_star_and_an_override_are_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "class AeonMixer(MambaMixer2):\n    def aeon_ssm(self):\n        return self.get_state_dtype()[1]\n\n"
    fork += "    def aeon_conv(self):\n        conv, *rest = self.get_state_dtype()\n        return conv\n\n"
    fork += "    def get_state_shape(self):\n        return (1,), (2,)\n"
    assert _found(git_repo, no_rules, fork) == []


def test_an_annotation_loosened_alone_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "class AeonMixer(MambaMixer2):\n    def aeon_ssm(self):\n        _, ssm = self.get_state_dtype()\n"
    fork += "        return ssm\n"
    assert _found(git_repo, no_rules, fork, upstream=MIXER_TYPED) == []


# upstream rewrote its own unpack into an index and left the pair a pair (annotated, or not annotated at all)
MIXER_INDEXED = MIXER_BASE.replace(
    "        _, ssm_dtype = self.get_state_dtype()\n", "        ssm_dtype = self.get_state_dtype()[1]\n"
).replace(
    "        return Calc.pair(1, 2)\n", "        base = Calc.pair(1, 2)\n        return base if self.ring else base\n"
)


@pytest.mark.parametrize("annotated", [True, False])
def test_an_index_upstream_wrote_for_an_unchanged_pair_is_no_tuple_made_one_value(
    git_repo: GitRepo, no_rules: Path, annotated: bool
) -> None:
    upstream, base = MIXER_INDEXED, MIXER_BASE
    if not annotated:  # the pair shown by a display instead
        upstream = upstream.replace(" -> tuple[int, int]", "").replace("Calc.pair(1, 2)\n", "(1,), (2,)\n")
        base = base.replace(" -> tuple[int, int]", "").replace("return Calc.pair(1, 2)\n", "return (1,), (2,)\n")
    fork = HEAD + "def aeon_ssm(layer: MambaMixer2):\n    return layer.get_state_dtype()[1]\n"
    sides = s.merge_case(git_repo, {MIXER: base, **INITS}, {FORK: fork}, [(SUBJECT, {MIXER: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.path == FORK and f.rule_id == RULE] == []


# the annotation loosened for the type checker alone, while the diff drops a pair unpack elsewhere: upstream's own
# unpack of MambaMixer2's method still stands in its final code, so the length is still trusted
OTHER = "vllm/model_executor/layers/other.py"
OTHER_CLASS = "class Other:\n    def get_state_dtype(self):\n        return 1, 2\n\n\ndef use(o: Other):\n"
OTHER_CLASS += "    a, b = o.get_state_dtype()\n    return a + b\n"
DEAD_HELPER = "from vllm.model_executor.layers.mamba.mamba_mixer2 import MambaMixer2\n\n\ndef old(m: MambaMixer2):\n"
DEAD_HELPER += "    a, b = m.get_state_dtype()\n    return a\n"


@pytest.mark.parametrize(
    ("other_base", "other_after"),
    [
        (
            OTHER_CLASS,
            OTHER_CLASS.replace(
                "    a, b = o.get_state_dtype()\n    return a + b\n", "    return sum(o.get_state_dtype())\n"
            ),
        ),
        (DEAD_HELPER, HEAD.rstrip("\n") + "\n"),
    ],
    ids=["an unrelated class's caller rewritten", "a dead helper deleted"],
)
def test_an_unpack_dropped_while_upstreams_own_stands_is_quiet(
    git_repo: GitRepo, no_rules: Path, other_base: str, other_after: str
) -> None:
    fork = HEAD + "def aeon_ssm(layer: MambaMixer2):\n    _, ssm = layer.get_state_dtype()\n    return ssm\n"
    files = {MIXER: MIXER_BASE, OTHER: other_base, **INITS}
    sides = s.merge_case(git_repo, files, {FORK: fork}, [(SUBJECT, {MIXER: MIXER_TYPED, OTHER: other_after})])
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.message for f in report.findings if f.path == FORK and f.rule_id == RULE] == []


def test_an_unrelated_class_unpack_left_standing_keeps_the_error(git_repo: GitRepo, no_rules: Path) -> None:
    """#48018's tree still holds ``_, state_dtype = self.get_state_dtype()`` in a GDN layer (another class, a
    file that never names MambaMixer2): that unpack says nothing of MambaMixer2's length."""
    gdn = "class Gdn:\n    def get_state_dtype(self):\n        return 1, 2\n\n    def f(self):\n"
    gdn += "        _, state_dtype = self.get_state_dtype()\n        return state_dtype\n"
    fork = HEAD + "def aeon_ssm(layer: MambaMixer2):\n    _, ssm = layer.get_state_dtype()\n    return ssm\n"
    files = {MIXER: MIXER_BASE, OTHER: gdn, **INITS}
    sides = s.merge_case(git_repo, files, {FORK: fork}, [(SUBJECT, {MIXER: MIXER_WIDE})])
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.line for f in report.findings if f.path == FORK and f.rule_id == RULE] == [5]
