"""Stale copies (killers168): a fork override repeats a call of the base method's body that upstream rewrote.
Rebuilt from #13626 (``DeepSeekMultiTokenPredictor.compute_logits``'s ``self.logits_processor(head,
hidden_states, ...)`` made ``self.logits_processor(head, mtp_layer.shared_head(hidden_states), ...)``) as a clean
git merge, with twins that must stay quiet."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.drift.stale_copies import _changed_calls
from aeon_release.domain.audits.source import last_name
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

HEADS = "vllm/models/mtp.py"
BASE = """import torch


class Predictor(torch.nn.Module):
    def __init__(self, n: int) -> None:
        super().__init__()
        self.layers = [torch.nn.Identity() for _ in range(n)]
        self.norm = torch.nn.Identity()

    def compute_logits(self, hidden, step: int = 0):
        layer = self.layers[step]
        logger.info("logits for step %d", step)
        return self.project(layer.weight, hidden)

    def project(self, weight, hidden):
        return hidden @ weight
"""
AFTER = BASE.replace(
    "        return self.project(layer.weight, hidden)\n",
    "        return self.project(layer.weight, self.norm(hidden))\n",
).replace('logger.info("logits for step %d", step)', 'logger.info("computing logits, step %d", step)')
FILES = {"vllm/__init__.py": "", "vllm/models/__init__.py": "", HEADS: BASE}
MINE = "vllm/aeon/spark_mtp.py"
HEADER = "from vllm.models.mtp import Predictor\n\n\n"


def stale(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str, str]]:
    report = audit_tree(repo.path, no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == path and "repeats the base's old call" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


@pytest.mark.parametrize(
    ("body", "use"),
    [
        (  # a copy with the fork's own index
            "    def compute_logits(self, hidden, step: int = 0):\n        layer = self.layers[step % len(self.layers)]\n"
            "        return self.project(layer.weight, hidden)\n",
            "return self.project(layer.weight, hidden)",
        ),
        (  # the old call bound to a local first, then scaled
            "    def compute_logits(self, hidden, step: int = 0):\n        layer = self.layers[0]\n"
            "        out = self.project(layer.weight, hidden)\n        return out * 2\n",
            "out = self.project(layer.weight, hidden)",
        ),
    ],
    ids=["a copy with another index", "the old call bound to a local"],
)
def test_an_override_repeating_a_rewritten_call_warns(git_repo: GitRepo, no_rules: Path, body: str, use: str) -> None:
    text = HEADER + "class AeonPredictor(Predictor):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: AFTER})
    [(line, level, message)] = stale(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, use), "warning")  # the fork may keep the old call on purpose
    assert "Predictor.compute_logits" in message and "self.project(layer.weight, self.norm(hidden))" in message


@pytest.mark.parametrize(
    "body",
    [
        # the override hands on to the base
        "    def compute_logits(self, hidden, step: int = 0):\n        return super().compute_logits(hidden, 0)\n",
        # the fork made upstream's new call already
        "    def compute_logits(self, hidden, step: int = 0):\n        layer = self.layers[0]\n"
        "        return self.project(layer.weight, self.norm(hidden))\n",
        # the same call in another method, not the override of the rewritten one
        "    def aeon_logits(self, hidden):\n        layer = self.layers[0]\n"
        "        return self.project(layer.weight, hidden)\n",
        # the override's own call, not the base's old one
        "    def compute_logits(self, hidden, step: int = 0):\n        return self.project(self.layers[0].weight, hidden)\n",
        # a reworded log message copied over
        "    def compute_logits(self, hidden, step: int = 0):\n"
        '        logger.info("logits for step %d", step)\n        return hidden\n',
        # review81: the override makes upstream's added call itself (the norm) before the old call
        "    def compute_logits(self, hidden, step: int = 0):\n        layer = self.layers[0]\n"
        "        hidden = self.norm(hidden)\n        return self.project(layer.weight, hidden)\n",
    ],
)
def test_stale_copy_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = HEADER + "class AeonPredictor(Predictor):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: AFTER})
    assert stale(git_repo, no_rules, sides, MINE) == []


def test_a_class_not_deriving_from_it_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "class AeonPredictor:\n    def compute_logits(self, hidden, step: int = 0):\n        layer = self.layers[0]\n"
        "        return self.project(layer.weight, hidden)\n"
    )
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: AFTER})
    assert stale(git_repo, no_rules, sides, MINE) == []


def test_a_callee_called_twice_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Which of two calls became the new one is a guess: left alone."""
    twice = BASE.replace(
        "        return self.project(layer.weight, hidden)\n",
        "        self.project(layer.weight, hidden * 0)\n        return self.project(layer.weight, hidden)\n",
    )
    after = twice.replace(
        "        return self.project(layer.weight, hidden)\n",
        "        return self.project(layer.weight, self.norm(hidden))\n",
    )
    text = (
        HEADER + "class AeonPredictor(Predictor):\n    def compute_logits(self, hidden, step: int = 0):\n"
        "        layer = self.layers[0]\n        return self.project(layer.weight, hidden)\n"
    )
    sides = three_way(git_repo, {**FILES, HEADS: twice}, {MINE: text}, {HEADS: after})
    assert stale(git_repo, no_rules, sides, MINE) == []


def test_decoys_ahead_alphabetically_leave_the_real_copy_in_reach(git_repo: GitRepo, no_rules: Path) -> None:
    """A two-month range's first 32 candidates by path were CI and test files calling ``len`` too: a builtin
    gates nothing, and the files the fork imports from are read first."""
    decoys = {f"a/decoy_{i:02d}.py": "def f(x):\n    return len(x)\n" for i in range(40)}
    after = {p: "def f(x):\n    return len(x) + 1\n" for p in decoys}
    text = (
        HEADER + "class AeonPredictor(Predictor):\n    def compute_logits(self, hidden, step: int = 0):\n"
        "        layer = self.layers[step % len(self.layers)]\n        return self.project(layer.weight, hidden)\n"
    )
    sides = three_way(git_repo, {**FILES, **decoys}, {MINE: text}, {HEADS: AFTER, **after})
    [(line, level, _)] = stale(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, "return self.project(layer.weight, hidden)"), "warning")


@pytest.mark.parametrize(
    ("call", "callee"),
    [("self.project(w, {})", "project"), ("(a or b)({})", ""), ('getattr(self, "f")({})', "")],
    ids=["attribute", "computed", "getattr"],
)
def test_the_callee_named_for_the_commit_comes_from_the_ast(call: str, callee: str) -> None:
    """The text before the first "(" was "" for ``(a or b)(x)`` and ``getattr`` for ``getattr(self, "f")(x)``:
    the commit lookup then named another commit."""
    old, new = (ast.parse(f"def m(self):\n    return {call.format(arg)}\n").body[0] for arg in ("h", "n(h)"))
    assert isinstance(old, ast.FunctionDef) and isinstance(new, ast.FunctionDef)
    assert [c for _, _, c in _changed_calls(old, new)] == [callee]


def test_a_call_too_deep_to_unparse_is_skipped() -> None:
    """``ast.unparse`` of a huge expression raises RecursionError: the call is skipped, not the check."""
    old, new = (ast.parse("def m(self):\n    return self.f(h) + g(h)\n").body[0] for _ in range(2))
    assert isinstance(old, ast.FunctionDef) and isinstance(new, ast.FunctionDef)
    deep: ast.expr = ast.Name("h")
    for _ in range(5000):  # deeper than the parser would build, as a generated expression may be
        deep = ast.BinOp(deep, ast.Add(), ast.Name("h"))
    call = next(n for n in ast.walk(old) if isinstance(n, ast.Call) and last_name(n.func) == "f")
    call.args = [deep]
    assert list(_changed_calls(old, new)) == []


def test_a_call_rewritten_only_on_its_argument_lines_is_in_reach(git_repo: GitRepo, no_rules: Path) -> None:
    """#13626 rewrote only the argument lines of ``self.logits_processor(...)``: the callee sat on an unchanged
    line, so a module the fork imports from is read whatever callees its changed lines hold."""
    base = BASE.replace(
        "        return self.project(layer.weight, hidden)\n",
        "        return self.project(\n            layer.weight, hidden\n        )\n",
    )
    after = base.replace("            layer.weight, hidden\n", "            layer.weight, self.norm(hidden)\n")
    text = (
        HEADER + "class AeonPredictor(Predictor):\n    def compute_logits(self, hidden, step: int = 0):\n"
        "        layer = self.layers[0]\n        return self.project(layer.weight, hidden)\n"
    )
    sides = three_way(git_repo, {**FILES, HEADS: base}, {MINE: text}, {HEADS: after})
    [(line, level, _)] = stale(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, "return self.project(layer.weight, hidden)"), "warning")


def test_an_override_calling_super_for_another_method_still_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """``super().project(...)`` runs another base method, not the base's ``compute_logits``: the copy stays a
    copy (any ``super()`` call counted as handing on)."""
    text = (
        HEADER + "class AeonPredictor(Predictor):\n    def compute_logits(self, hidden, step: int = 0):\n"
        "        layer = self.layers[0]\n        super().project(layer.weight, hidden * 0)\n"
        "        return self.project(layer.weight, hidden)\n"
    )
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: AFTER})
    [(line, level, _)] = stale(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, "return self.project(layer.weight, hidden)"), "warning")
