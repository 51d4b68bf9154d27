"""Stale copies (killers168): a fork override repeats a call of the base method's body that upstream rewrote.
Rebuilt from #13626 (``DeepSeekMultiTokenPredictor.compute_logits``'s ``self.logits_processor(head,
hidden_states, ...)`` made ``self.logits_processor(head, mtp_layer.shared_head(hidden_states), ...)``) as a clean
git merge, with twins that must stay quiet."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
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


# -- killers173: a store the override restates after the base's body, which upstream now computes from new fields
# (#34898: ``Scheduler.__init__``'s ``self.max_num_scheduled_tokens`` from ``max_num_scheduled_tokens``)
SCHED = "vllm/core/sched.py"
SCHED_BASE = """class Scheduler:
    def __init__(self, config) -> None:
        self.config = config
        self.budget = self.config.batched_tokens
        self.seqs = config.max_seqs
"""
SCHED_AFTER = SCHED_BASE.replace(
    "        self.budget = self.config.batched_tokens\n",
    "        self.budget = (\n            self.config.scheduled_tokens\n            if self.config.scheduled_tokens\n"
    "            else self.config.batched_tokens\n        )\n",
).replace("self.seqs = config.max_seqs", "self.seqs = config.max_seqs or 1")
SCHED_FILES = {"vllm/__init__.py": "", "vllm/core/__init__.py": "", SCHED: SCHED_BASE}
SCHED_HEADER = "from vllm.core.sched import Scheduler\n\n\n"
INIT = "    def __init__(self, config) -> None:\n        super().__init__(config)\n"


def restated(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == path and "after the base's body" in f.message)
    return [(f.line, f.severity.value) for f in found]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (INIT + "        self.budget = min(self.config.batched_tokens, 8192)\n", "self.budget = min("),
        (  # the old field read off the constructor's parameter, in an annotated store
            INIT + "        cap = 8192\n        self.budget: int = config.batched_tokens - cap // 4\n",
            "self.budget: int",
        ),
        (  # a builder classmethod's own: the override of __init__ reached through getattr(super(), ...)
            "    def __init__(self, config) -> None:\n        getattr(super(), '__init__')(config)\n"
            "        self.budget = self.config.batched_tokens // 2\n",
            "self.budget = self.config",
        ),
    ],
    ids=["min of the old field", "an annotated store off the parameter", "getattr(super())"],
)
def test_a_store_restated_from_the_old_fields_after_super_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str
) -> None:
    text = SCHED_HEADER + "class AeonScheduler(Scheduler):\n" + body
    sides = three_way(git_repo, SCHED_FILES, {MINE: text}, {SCHED: SCHED_AFTER})
    assert restated(git_repo, no_rules, sides, MINE) == [(line_of(text, needle), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        INIT + "        self.budget = min(self.config.scheduled_tokens or self.config.batched_tokens, 8192)\n",
        INIT + "        self.budget = 8192\n",
        INIT + "        self.seqs = min(config.max_seqs, 8)\n",
        "    def __init__(self, config) -> None:\n        self.config = config\n"
        "        self.budget = min(self.config.batched_tokens, 8192)\n",
        INIT + "        self.other = self.config.batched_tokens\n",
        INIT + "        self.budget = self.config.max_seqs * 64\n",
    ],
    ids=[
        "reads the new field",
        "a constant",
        "a store upstream's rewrite reads nothing new for",
        "no super()",
        "another attribute",
        "another field of the same holder",
    ],
)
def test_restated_store_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = SCHED_HEADER + "class AeonScheduler(Scheduler):\n" + body
    sides = three_way(git_repo, SCHED_FILES, {MINE: text}, {SCHED: SCHED_AFTER})
    assert restated(git_repo, no_rules, sides, MINE) == []


def test_restated_stores_come_in_the_order_of_their_names() -> None:
    """mend62: the fields both versions store were walked as a set (the hash seed's order, a new one each run);
    the items, and so the findings, come sorted by field now."""
    from aeon_release.domain.audits.drift.stale_copies import _restated

    fields = ["zeta", "alpha", "mu", "beta", "omega", "kappa", "delta"]
    old = "class S:\n    def __init__(self):\n" + "".join(f"        self.{f} = self.cfg.old_{f}\n" for f in fields)
    new = old.replace("self.cfg.old_", "self.cfg.new_")
    found = [r.attr for r in _restated("s.py", ast.parse(old), ast.parse(new), set(fields))]
    assert found == sorted(fields)


# killers194: a call the base method now makes beside one the override copies (#30319: InprocClient.get_output's
# ``self.engine_core.post_step(...)`` after its ``self.engine_core.step_fn()``)
STEPPER = "vllm/engine/stepper.py"
STEP_BASE = """def record(x):
    return x


class Stepper:
    def __init__(self, core, sched) -> None:
        self.core = core
        self.sched = sched

    def run(self):
        out, ran = self.core.step()
        return out

    def plan(self, n: int):
        batch = self.sched.schedule(n)
        return batch

    def warm(self):
        out = self.core.warm()
        return out

    def twice(self):
        self.core.tick()
        self.core.tick()
        return 0
"""
STEP_AFTER = (
    STEP_BASE.replace(
        "        out, ran = self.core.step()\n",
        "        out, ran = self.core.step()\n        self.core.after_step(ran)\n",
    )
    .replace(
        "        batch = self.sched.schedule(n)\n",
        "        self.sched.commit()\n        batch = self.sched.schedule(n)\n",
    )
    .replace("        out = self.core.warm()\n", "        out = self.core.warm()\n        record(out)\n")
    .replace(
        "        self.core.tick()\n        return 0\n",
        "        self.core.tick()\n        self.core.tock()\n        return 0\n",
    )
)
STEP_FILES = {"vllm/__init__.py": "", "vllm/engine/__init__.py": "", STEPPER: STEP_BASE}
STEP_HEAD = "from vllm.engine.stepper import Stepper\n\n\nclass AeonStepper(Stepper):\n"


def added(repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str]]:
    sides = three_way(repo, STEP_FILES, {MINE: text}, {STEPPER: STEP_AFTER})
    report = repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.path == MINE and "now also makes" in f.message]


@pytest.mark.parametrize(
    ("body", "use"),
    [
        ("    def run(self):\n        res, _ = self.core.step()\n        return res * 2\n", "self.core.step()"),
        (  # the new call upstream makes before the copied one
            "    def plan(self, n: int):\n        # AEON: twice the budget\n        return self.sched.schedule(2 * n)\n",
            "self.sched.schedule(2 * n)",
        ),
    ],
    ids=["after the anchor", "before the anchor"],
)
def test_an_override_skipping_a_call_the_base_now_makes_warns(
    git_repo: GitRepo, no_rules: Path, body: str, use: str
) -> None:
    text = STEP_HEAD + body
    assert added(git_repo, no_rules, text) == [(line_of(text, use), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # hands on to the base
        "    def run(self):\n        out = super().run()\n        return out\n",
        # makes the new step itself, off another receiver
        "    def run(self):\n        core = self.core\n        out, ran = core.step()\n        core.after_step(ran)\n"
        "        return out\n",
        # the added call is a module function's, not a collaborator's
        "    def warm(self):\n        return self.core.warm()\n",
        # the anchor called twice at the base: which call the new one pairs with is a guess
        "    def twice(self):\n        self.core.tick()\n        return 1\n",
        # the anchor in another method, not the override
        "    def aeon_step(self):\n        return self.core.step()\n",
        # the new step made in a helper of the fork's class the override calls (review105)
        "    def _finish(self, ran) -> None:\n        self.core.after_step(ran)\n\n"
        "    def run(self):\n        out, ran = self.core.step()\n        self._finish(ran)\n        return out\n",
    ],
    ids=["super", "makes it", "module function", "anchor twice", "other method", "in a helper"],
)
def test_twin_an_override_that_makes_the_step_or_hands_on_stays_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert added(git_repo, no_rules, STEP_HEAD + body) == []


# mend80: #25403 (273690a50a) rewrote a copy's receiver with its argument -- ``self.a_stacked[0][i, :a.shape[1],
# :a.shape[0]].copy_(a.T)`` made ``self.a_stacked[0][i, :a.shape[0], :a.shape[1]].copy_(a)`` -- in a base of another
# file than the fork's base, which inherits the method
LORA_BASE = "vllm/lora/base.py"
LORA_BASE_TEXT = """class Base:
    def set_lora(self, i, a, b):
        self.reset(i)
        self.a_stacked[0][i, :a.shape[1], :a.shape[0]].copy_(a.T)
        self.b_stacked[0][i, :b.shape[1], :b.shape[0]].copy_(b.T)

    def reset(self, i):
        pass
"""
LORA_BASE_AFTER = LORA_BASE_TEXT.replace(
    "[i, :a.shape[1], :a.shape[0]].copy_(a.T)", "[i, :a.shape[0], :a.shape[1]].copy_(a)"
).replace("[i, :b.shape[1], :b.shape[0]].copy_(b.T)", "[i, :b.shape[0], :b.shape[1]].copy_(b)")
LORA_FILES = {
    "vllm/__init__.py": "",
    "vllm/lora/__init__.py": "from vllm.lora.replicated import Own, Replicated\n",
    LORA_BASE: LORA_BASE_TEXT,
    "vllm/lora/replicated.py": "from vllm.lora.base import Base\n\n\nclass Replicated(Base):\n    pass\n\n\n"
    "class Own(Base):\n    def set_lora(self, i, a, b):\n        self.a_stacked[0][i, :a.shape[1], :a.shape[0]].copy_(a.T)\n",
}
OLD_COPY = "        self.a_stacked[0][i, :a.shape[1], :a.shape[0]].copy_(a.T)\n"


@pytest.mark.parametrize(
    ("base", "copy", "found"),
    [
        ("Replicated", OLD_COPY, True),
        ("Replicated", OLD_COPY.replace("[i, :a.shape[1], :a.shape[0]].copy_(a.T)", "[i, :a.shape[0], :a.shape[1]].copy_(a)"), False),
        ("Own", OLD_COPY, False),
    ],
    ids=["inherited from another file", "twin: the new copy", "twin: a base defining the method itself"],
)  # fmt: skip
def test_a_copy_rewritten_with_its_receiver_in_a_base_of_another_file(
    git_repo: GitRepo, no_rules: Path, base: str, copy: str, found: bool
) -> None:
    text = f"from vllm.lora import {base}\n\n\nclass Mine({base}):\n    def set_lora(self, i, a, b):\n{copy}"
    sides = three_way(git_repo, LORA_FILES, {MINE: text}, {LORA_BASE: LORA_BASE_AFTER})
    got = [(line, level) for line, level, _ in stale(git_repo, no_rules, sides, MINE)]
    assert got == ([(6, "warning")] if found else [])


def test_a_receiver_rewritten_with_its_arguments_pairs_by_root_and_callee() -> None:
    def func(body: str) -> ast.FunctionDef:
        node = ast.parse(f"def f(self, a, b):\n{body}").body[0]
        assert isinstance(node, ast.FunctionDef)
        return node

    old = func("    self.x[0][:a.shape[1]].copy_(a.T)\n    self.y[0][:b.shape[1]].copy_(b.T)\n    self.z[0].copy_(a)\n")
    new = func("    self.x[0][:a.shape[0]].copy_(a)\n    self.y[0][:b.shape[0]].copy_(b)\n    self.w[0].copy_(b)\n")
    pairs = sorted(_changed_calls(old, new))
    assert pairs == [
        ("self.x[0][:a.shape[1]].copy_(a.T)", "self.x[0][:a.shape[0]].copy_(a)", "copy_"),
        ("self.y[0][:b.shape[1]].copy_(b.T)", "self.y[0][:b.shape[0]].copy_(b)", "copy_"),
    ]  # self.z and self.w: other roots, never paired
