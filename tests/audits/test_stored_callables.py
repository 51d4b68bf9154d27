"""Stored callable drift (drift/stored_callables.py): #34575 made the ModelOpt MoE methods call ``self.moe_mk`` by
keyword (``hidden_states=x, w1=..., w2=...``) where they passed those by position; a fork subclass that stores a
wrapper of its own in ``self.moe_mk``, naming its parameters otherwise, merges cleanly and raises TypeError on the
first forward."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UPSTREAM = "vllm/moe/method.py"
BASE = """class MethodBase:
    def apply(self, layer, x, ids):
        return self.kernel(x, layer.w1, ids, activation="silu")


class FusedMethod(MethodBase):
    def __init__(self):
        self.kernel = None

    def finish(self, layer):
        self.kernel = make_kernel(layer)

    def extra(self, x):
        return self.hook(x, 1)
"""
KEYWORDS = BASE.replace(
    'self.kernel(x, layer.w1, ids, activation="silu")',
    'self.kernel(hidden_states=x, w1=layer.w1, ids=ids, activation="silu")',
).replace("self.hook(x, 1)", "self.hook(x, 1, None)")
SUBJECT = "Fix call to moe_mk in modelopt MoE modules (required for LoRA) (#34575)"
FORK = "vllm/aeon/moe.py"
HEAD = "from vllm.moe.method import FusedMethod\n\n\n"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = KEYWORDS) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {UPSTREAM: BASE}, {FORK: HEAD + fork}, [(SUBJECT, {UPSTREAM: upstream})])
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, sev, msg) for path, line, sev, msg in rows if path == FORK and "stored in" in msg]


def test_a_stored_lambda_with_other_names_is_an_error_on_the_assignment(git_repo: GitRepo, no_rules: Path) -> None:
    """The call runs in a method of the imported class's base, in upstream's file."""
    fork = (
        "class AeonMethod(FusedMethod):\n"
        "    def finish(self, layer):\n"
        "        super().finish(layer)\n"
        "        inner = self.kernel\n"
        "        self.kernel = lambda a, w, i, **kw: inner(a, w, i, **kw)\n"
    )
    [(line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (8, "error")
    assert "upstream's MethodBase.apply now calls self.kernel" in message
    assert "does not pass a, w, i" in message


def test_a_stored_module_function_given_a_longer_call_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "def aeon_hook(x, n):\n    return x\n\n\n"
        "class AeonMethod(FusedMethod):\n"
        "    def finish(self, layer):\n"
        "        super().finish(layer)\n"
        "        self.hook = aeon_hook\n"
    )
    [(line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (11, "error")
    assert "FusedMethod.extra" in message and "passes 3 positional argument(s), it takes 2" in message


def test_a_callable_taking_the_new_call_or_splats_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "class AeonMethod(FusedMethod):\n"
        "    def finish(self, layer):\n"
        "        super().finish(layer)\n"
        "        self.kernel = self.aeon_kernel\n"
        "        self.hook = self.aeon_hook\n\n"
        "    def aeon_kernel(self, hidden_states, w1, ids, **kwargs):\n"
        "        return hidden_states\n\n"
        "    def aeon_hook(self, *args):\n"
        "        return args[0]\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_call_in_a_method_the_fork_overrides_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "class AeonMethod(FusedMethod):\n"
        "    def finish(self, layer):\n"
        "        super().finish(layer)\n"
        "        self.kernel = self.aeon_kernel\n\n"
        "    def apply(self, layer, x, ids):\n"
        "        return self.kernel(x, layer.w1, ids)\n\n"
        "    def aeon_kernel(self, x, w, i):\n"
        "        return x\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_callable_the_old_calls_did_not_fit_and_a_class_of_its_own_are_quiet(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """``aeon_tiny`` took one argument: it was never the kernel's callback (an attribute of the fork's of the
    same name, used otherwise); a class not deriving from upstream's calls nothing of upstream's."""
    fork = (
        "class AeonMethod(FusedMethod):\n"
        "    def finish(self, layer):\n"
        "        self.kernel = self.aeon_tiny\n\n"
        "    def aeon_tiny(self, x):\n"
        "        return x\n\n\n"
        "class AeonOwn:\n"
        "    def finish(self, layer):\n"
        "        self.kernel = lambda a, w, i: a\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_generic_base_before_the_upstream_base_still_errs(git_repo: GitRepo, no_rules: Path) -> None:
    """``Generic[T]`` has no plain name: an empty name matched the file's first from-import (readD #4), so the
    search stopped there and never reached ``FusedMethod``."""
    fork = (
        "from typing import Generic, TypeVar\n\n"
        'T = TypeVar("T")\n\n\n'
        "class AeonMethod(Generic[T], FusedMethod):\n"
        "    def finish(self, layer):\n"
        "        super().finish(layer)\n"
        "        inner = self.kernel\n"
        "        self.kernel = lambda a, w, i, **kw: inner(a, w, i, **kw)\n"
    )
    [(line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (13, "error")
    assert "upstream's MethodBase.apply now calls self.kernel" in message
