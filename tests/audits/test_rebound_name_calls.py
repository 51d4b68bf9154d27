"""Symbol drift: a function name upstream rebound to another module's function of another signature.

#11538 renamed ``ops.penalties.apply_penalties(logits, prompt_token_ids, presence_penalties,
frequency_penalties, repetition_penalties, output_token_ids)`` to ``apply_all_penalties`` and made the
module import the layer helper ``apply_penalties(logits, prompt_tokens_tensor, output_tokens_tensor,
presence_penalties, frequency_penalties, repetition_penalties)`` under the old name.  A fork's
``from ...penalties import apply_penalties`` still imports, and its call now reaches the helper, whose
file upstream did not touch: ``output_token_ids=`` is a TypeError, and a positional call lands the
presence penalties on the output tokens.  Twins: the name rebound to a function of the same signature,
a call the helper binds the same way, and the new name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

HELPER = "vllm/model_executor/layers/utils.py"
HELPER_TEXT = """def apply_penalties(logits, prompt_tokens_tensor, output_tokens_tensor, presence_penalties,
                    frequency_penalties, repetition_penalties):
    return logits


def scale_logits(logits, scale):
    return logits
"""
OPS = "vllm/v1/sample/ops/penalties.py"
OPS_BASE = """from vllm.model_executor.layers.utils import apply_penalties as _apply_penalties


def apply_penalties(logits, prompt_token_ids, presence_penalties, frequency_penalties, repetition_penalties,
                    output_token_ids):
    return _apply_penalties(logits, prompt_token_ids, output_token_ids, presence_penalties,
                            frequency_penalties, repetition_penalties)


def apply_scale(logits, factor):
    return logits * factor
"""
OPS_NEW = (
    OPS_BASE.replace("apply_penalties as _apply_penalties", "apply_penalties")
    .replace("def apply_penalties(", "def apply_all_penalties(")
    .replace("return _apply_penalties(", "return apply_penalties(")
)
# the same rename, the old name now an alias of a helper of the old function's own signature
OPS_SAME = OPS_BASE.replace(
    "from vllm.model_executor.layers.utils import apply_penalties as _apply_penalties",
    "from vllm.model_executor.layers.utils import scale_logits as apply_scale",
).replace("def apply_scale(logits, factor):\n    return logits * factor\n", "")
FORK = "vllm/aeon/penalize.py"
HEAD = "from vllm.v1.sample.ops.penalties import apply_penalties, apply_scale\n\n\ndef f(logits, p, pres, freq, rep, out):\n"
SUBJECT = "[V1] Fix yapf (#11538)"
INITS = {p: "" for p in ("vllm/v1/sample/__init__.py", "vllm/v1/sample/ops/__init__.py", "vllm/aeon/__init__.py")}


def rows(repo: GitRepo, config: Path, body: str, upstream: str = OPS_NEW) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {HELPER: HELPER_TEXT, OPS: OPS_BASE, **INITS},
        {FORK: HEAD + body},
        [(SUBJECT, {OPS: upstream})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


def test_a_keyword_the_rebound_function_does_not_take(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = rows(
        git_repo, no_rules, "    return apply_penalties(logits, p, pres, freq, rep, output_token_ids=out)\n"
    )
    assert line == 5
    assert "passes output_token_ids=, which it no longer accepts" in message


def test_positional_arguments_landing_on_other_parameters(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = rows(git_repo, no_rules, "    return apply_penalties(logits, p, pres, freq, rep, out)\n")
    assert line == 5
    assert "which filled presence_penalties and now fills output_tokens_tensor" in message
    assert f"is now {HELPER}'s apply_penalties(" in message and f"upstream rebound the name in {OPS}" in message


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # the helper binds the fork's call the same way: the same values reach the same names
        (
            "    return apply_penalties(logits, p, presence_penalties=pres, frequency_penalties=freq, "
            "repetition_penalties=rep, output_tokens_tensor=out)\n",
            OPS_NEW,
        ),
        # a function upstream left in place
        ("    return apply_scale(logits, 2.0)\n", OPS_NEW),
        # rebound to a function whose parameters the call fills the same way
        ("    return apply_scale(logits, 2.0)\n", OPS_SAME),
    ],
)
def test_twins(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []


CALL = "apply_penalties(logits, p, pres, freq, rep, out)"
SIG = "def f(logits, p, pres, freq, rep, out):\n"
PROBE = (
    "try:\n    from vllm.v1.sample.ops.penalties import apply_all_penalties as apply_penalties\n"
    "except ImportError:\n    from vllm.v1.sample.ops.penalties import apply_penalties\n"
)
COMPAT = "vllm/aeon/compat.py"
PROBED = {
    "a try-import of the new name": PROBE + "\n\n" + SIG + f"    return {CALL}\n",
    "a hasattr test": "from vllm.v1.sample.ops import penalties\n\n\n"
    + SIG
    + "    if hasattr(penalties, 'apply_all_penalties'):\n"
    + "        return penalties.apply_all_penalties(logits, p, pres, freq, rep, out)\n"
    + f"    return penalties.{CALL}\n",
    "a compat module of the fork's": "from vllm.aeon.compat import apply_penalties\n\n\n"
    + SIG
    + f"    return {CALL}\n",
    "a compat module imported relatively": "from .compat import apply_penalties\n\n\n" + SIG + f"    return {CALL}\n",
    "the compat module unused here": "from vllm.v1.sample.ops.penalties import apply_penalties\n\n\n"
    + SIG
    + f"    return {CALL}\n",
}


@pytest.mark.parametrize("case", list(PROBED))
def test_a_fork_probing_for_the_renamed_def_is_a_warning(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    """The fork names the def upstream renamed (a try-import, a hasattr test, its compat module): where the new
    name exists it calls that, of the old signature, so the old call may be right: a warning.  A file that
    does not import the compat module is not covered by it: still an error."""
    sides = s.merge_case(
        git_repo,
        {HELPER: HELPER_TEXT, OPS: OPS_BASE, **INITS},
        {FORK: PROBED[case], COMPAT: PROBE},
        [(SUBJECT, {OPS: OPS_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    found = [f.severity.value for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert found == (["error"] if case == "the compat module unused here" else ["warning"])
