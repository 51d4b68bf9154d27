"""A fork override of a method upstream made store what a sibling method now reads, that never calls the base's.

#42651 (53ff50fcd3) gave ``CutlassFP8ScaledMMLinearKernel.process_weights_after_loading`` a store of
``self.logical_output_size``, which ``apply_scaled_mm`` now reads (``__init__`` sets it to None).  A fork kernel
overriding ``process_weights_after_loading`` without ``super()`` never sets it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

KERNEL = "vllm/kernels/cutlass.py"
BASE = """class Fp8Kernel:
    def process_weights_after_loading(self, layer):
        pass


class CutlassKernel(Fp8Kernel):
    def __init__(self, config):
        self.config = config

    def apply_scaled_mm(self, a, b):
        return a @ b
"""
AFTER = """class Fp8Kernel:
    def process_weights_after_loading(self, layer):
        pass


class CutlassKernel(Fp8Kernel):
    def __init__(self, config):
        self.config = config
        self.logical_output_size: int | None = None

    def process_weights_after_loading(self, layer):
        self.logical_output_size = layer.weight.shape[1]

    def apply_scaled_mm(self, a, b):
        size = self.logical_output_size
        assert size is not None
        return (a @ b)[..., :size]
"""
FORK = "vllm/aeon/kern.py"
HEAD = "from vllm.kernels.cutlass import CutlassKernel\n\n\n"


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {KERNEL: BASE}, {FORK: HEAD + body}, [("[Perf] pad at load (#42651)", {KERNEL: after})])
    return [
        (line - 3, sev)
        for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT)
        if path == FORK and "never calls the base's" in msg
    ]


@pytest.mark.parametrize(
    "body",
    [
        # the replay's shape: the weight is prepacked, nothing to do
        "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n        layer.x = 1\n",
        # it hands on to another base method, not the one upstream filled
        "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n"
        "        self.aeon_prepare(layer)\n\n    def aeon_prepare(self, layer):\n        layer.x = 1\n",
        # the class derives the kernel through its module
        "import vllm.kernels.cutlass as ck\n\n\nclass AeonKernel(ck.CutlassKernel):\n"
        "    def process_weights_after_loading(self, layer):\n        return None\n",
    ],
    ids=["replay", "other helper", "module attribute base"],
)
def test_an_override_that_skips_the_new_setup(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, severity)] = rows(git_repo, no_rules, body)
    assert severity == "error" and body.splitlines()[line - 1].strip().startswith("def process_weights_after_loading")


@pytest.mark.parametrize(
    ("body", "after"),
    [
        # super() first, or the base named with self
        (
            "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n"
            "        super().process_weights_after_loading(layer)\n",
            AFTER,
        ),
        (
            "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n"
            "        CutlassKernel.process_weights_after_loading(self, layer)\n",
            AFTER,
        ),
        # revCK: a helper of the class the override calls on self hands on to the base's
        (
            "class AeonKernel(CutlassKernel):\n    def _upstream(self, layer):\n"
            "        super().process_weights_after_loading(layer)\n\n"
            "    def process_weights_after_loading(self, layer):\n        self._upstream(layer)\n",
            AFTER,
        ),
        # the override sets the attribute itself; the class overrides the reader
        (
            "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n"
            "        self.logical_output_size = 8\n",
            AFTER,
        ),
        (
            "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n        pass\n\n"
            "    def apply_scaled_mm(self, a, b):\n        return a @ b\n",
            AFTER,
        ),
        # upstream's setter stored it already at the base: the override skipped it before the merge too
        (
            "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n        pass\n",
            None,
        ),
        # upstream's __init__ sets a real value too: a read before the setup finds one
        (
            "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n        pass\n",
            AFTER.replace("self.logical_output_size: int | None = None", "self.logical_output_size = config.n"),
        ),
    ],
    ids=["super", "named base", "helper hands on", "sets it", "overrides reader", "stored before", "init value"],
)
def test_twin_an_override_that_keeps_the_state(git_repo: GitRepo, no_rules: Path, body: str, after: str | None) -> None:
    if after is None:  # the base's setter already stored it, and the reader already read it
        base_kernel = AFTER
        sides = s.merge_case(
            git_repo, {KERNEL: base_kernel}, {FORK: HEAD + body}, [("noop", {KERNEL: AFTER + "\n\nX = 1\n"})]
        )
        assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if "never calls" in r[3]] == []
        return
    assert rows(git_repo, no_rules, body, after) == []


# killers170: the same new state kept by several of upstream's methods (#21862's XgrammarGrammar caching
# _is_terminated in accept_tokens and rollback; #25905's GuidanceGrammar.rollback reading, then resetting the
# rollback_lag accept_tokens sets).  Names differ from the replay's.
GRAMMAR = "vllm/grammar/matcher.py"
G_BASE = """class Matcher:
    def __init__(self, m):
        self.m = m
        self.seen = 0

    def advance(self, tokens):
        for t in tokens:
            self.m.advance(t)
        return True

    def undo(self, n):
        self.m.undo(n)

    def finished(self):
        return self.m.finished()

    def restart(self):
        self.m.restart()
"""


def g_after(undo: str, restart: str = "        self.m.restart()\n") -> str:
    return (
        "class Matcher:\n    def __init__(self, m):\n        self.m = m\n        self.seen = 0\n\n"
        "    def advance(self, tokens):\n        for t in tokens:\n            self.m.advance(t)\n"
        "        self._done = self.m.finished()\n        return True\n\n"
        f"    def undo(self, n):\n{undo}\n"
        "    def finished(self):\n        return self._done\n\n"
        f"    def restart(self):\n{restart}"
    )


KEEPS = "        self.m.undo(n)\n        self._done = self.m.finished()\n"
G_FORK = "from vllm.grammar.matcher import Matcher\n\n\n"


def g_rows(repo: GitRepo, config: Path, body: str, after: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {GRAMMAR: G_BASE}, {FORK: G_FORK + body}, [("[Perf] cache finished (#21862)", {GRAMMAR: after})]
    )
    return [
        (line - 3, sev)
        for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT)
        if path == FORK and "never calls the base's" in msg
    ]


@pytest.mark.parametrize(
    ("body", "after"),
    [
        # a second keeper refreshing the cache the same way
        (
            "class AeonMatcher(Matcher):\n    def advance(self, tokens):\n        return self.m.advance_all(tokens)\n",
            g_after(KEEPS),
        ),
        # a second keeper resetting it to a constant
        (
            "class AeonMatcher(Matcher):\n    def undo(self, n):\n        self.m.undo(n)\n",
            g_after(KEEPS, "        self.m.restart()\n        self._done = False\n"),
        ),
    ],
    ids=["same refresh", "constant reset"],
)
def test_an_override_that_skips_a_kept_state(git_repo: GitRepo, no_rules: Path, body: str, after: str) -> None:
    [(line, severity)] = g_rows(git_repo, no_rules, body, after)
    assert severity == "error" and body.splitlines()[line - 1].strip().startswith("def ")


@pytest.mark.parametrize(
    ("body", "after"),
    [
        # the other storer computes its own value: not a keeper of the setter's state
        (
            "class AeonMatcher(Matcher):\n    def advance(self, tokens):\n        return self.m.advance_all(tokens)\n",
            g_after("        self.m.undo(n)\n        self._done = self.m.recheck(n)\n"),
        ),
        # the reader stores the attribute before it reads it
        (
            "class AeonMatcher(Matcher):\n    def advance(self, tokens):\n        return self.m.advance_all(tokens)\n",
            g_after(KEEPS).replace(
                "        return self._done\n", "        self._done = self.m.finished()\n        return self._done\n"
            ),
        ),
        # the fork's override refreshes the state itself
        (
            "class AeonMatcher(Matcher):\n    def advance(self, tokens):\n        self.m.advance_all(tokens)\n"
            "        self._done = self.m.finished()\n        return True\n",
            g_after(KEEPS),
        ),
        # the fork's override hands on to the base
        (
            "class AeonMatcher(Matcher):\n    def advance(self, tokens):\n        return super().advance(tokens)\n",
            g_after(KEEPS),
        ),
    ],
    ids=["own value", "reader stores first", "fork stores", "super"],
)
def test_twin_a_kept_state_left_whole(git_repo: GitRepo, no_rules: Path, body: str, after: str) -> None:
    assert g_rows(git_repo, no_rules, body, after) == []


def test_the_real_file_is_read_past_many_decoys(git_repo: GitRepo, no_rules: Path) -> None:
    """mend56: the gate was "any added ``self.x =`` line" cut to the first 32 files by path; on a two-month
    range 651 files qualified and the first 32 were all under ``.github/`` and ``tests/``.  Decoys ahead of the
    kernel (by path) that store on ``self`` in methods the fork defines no override of no longer crowd it out."""
    decoys = {f"a{i:02d}/mod.py": f"class D{i}:\n    def run(self):\n        pass\n" for i in range(40)}
    decoys_after = {p: t.replace("pass", "self.x = 1") for p, t in decoys.items()}
    body = (
        "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n        layer.x = 1\n"
    )
    sides = s.merge_case(
        git_repo, {KERNEL: BASE, **decoys}, {FORK: HEAD + body}, [("pad (#42651)", {KERNEL: AFTER, **decoys_after})]
    )
    found = [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if "never calls the base's" in r[3]]
    assert [(p, sev) for p, _, sev, _ in found] == [(FORK, "error")]


def test_twin_the_reader_never_runs(git_repo: GitRepo, no_rules: Path) -> None:
    """mend56: the fork overrides the reader's caller (``apply_weights`` calls ``apply_scaled_mm`` upstream), so
    the reader never runs on the fork's class."""
    caller = "\n    def apply_weights(self, layer, x):\n        return self.apply_scaled_mm(x, layer.w)\n"
    body = (
        "class AeonKernel(CutlassKernel):\n    def process_weights_after_loading(self, layer):\n        layer.x = 1\n\n"
        "    def apply_weights(self, layer, x):\n        return x @ layer.w\n"
    )
    assert rows(git_repo, no_rules, body, AFTER + caller) == []
