"""Logged keyword drift: a keyword upstream stopped naming lands in a ``**kwargs`` whose body only logs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OUTPUTS = "vllm/outputs.py"
# #42434 (8c79ad6580) reverted routing replay: RequestOutput.__init__ lost prompt_routed_experts; its
# forward-compatibility **kwargs (#18513) only logs what it is given
CTOR = (
    "class RequestOutput:\n"
    "    def __init__(self, request_id, outputs, finished, prompt_routed_experts=None, *, kv_transfer_params=None,"
    " **kwargs):\n"
    "        {body}\n"
    "        self.request_id = request_id\n"
)
FORK = (
    "from vllm.outputs import RequestOutput\n\n\n"
    "def aeon_final(req_id, outs, experts, params):\n"
    "    return RequestOutput(req_id, outs, True, {keyword})\n"
)


def _rows(git_repo: GitRepo, no_rules: Path, body: str, keyword: str) -> list[tuple[str, int, str]]:
    before = CTOR.format(body=body)
    after = before.replace("prompt_routed_experts=None, ", "")
    sides = s.merge_case(
        git_repo,
        {OUTPUTS: before},
        {"vllm/aeon_out.py": FORK.format(keyword=keyword)},
        [('Revert "[Core] Replace routing replay with device cache" (#42434)', {OUTPUTS: after})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.severity.value, f.line, f.message) for f in report.findings if f.rule_id == DRIFT]


@pytest.mark.parametrize(
    "body",
    [
        'if kwargs:\n            logger.warning_once("Ignoring extra arguments: %s", str(kwargs))',
        'if not kwargs:\n            pass\n        else:\n            warnings.warn(f"unused: {kwargs}")',
        'logger.debug("extra %s", ", ".join(kwargs))',
    ],
    ids=["warning_once", "warnings.warn", "debug"],
)
def test_a_removed_keyword_a_logging_kwargs_takes_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(severity, line, message)] = _rows(git_repo, no_rules, body, "prompt_routed_experts=experts")
    assert (severity, line) == ("error", 5)
    assert "passes prompt_routed_experts=, which it no longer names: **kwargs swallows it" in message
    assert "only logs it" in message


@pytest.mark.parametrize(
    ("body", "keyword", "severity"),
    [
        # logged and handed on: a callee may read the key (a warning, as before)
        (
            'if kwargs:\n            logger.warning("extra %s", kwargs)\n        helper(**kwargs)',
            "prompt_routed_experts=experts",
            "warning",
        ),
        # raised on: loud at the call already, not a silent drop
        ('if kwargs:\n            raise TypeError(f"unexpected {kwargs}")', "prompt_routed_experts=experts", "warning"),
        # logged, and the key read by name: honoured
        (
            'logger.info("%s", kwargs)\n        self.experts = kwargs.get("prompt_routed_experts")',
            "prompt_routed_experts=experts",
            None,
        ),
        # a keyword upstream kept, into the same logging kwargs
        (
            'if kwargs:\n            logger.warning_once("Ignoring extra arguments: %s", str(kwargs))',
            "kv_transfer_params=params",
            None,
        ),
        # a "log" method that is no logger's: a trace sink given the keys, or the class's own method
        ("self.tracer.log(**kwargs)", "prompt_routed_experts=experts", "warning"),
        ("if kwargs:\n            self.info(kwargs)", "prompt_routed_experts=experts", "warning"),
        # logged, then reached through locals(): the keys are stored
        (
            'if kwargs:\n            logger.warning("extra %s", kwargs)\n'
            '        self.__dict__.update(locals()["kwargs"])',
            "prompt_routed_experts=experts",
            "warning",
        ),
    ],
    ids=["handed-on", "raised", "read", "kept-keyword", "tracer-log", "self-info", "locals"],
)
def test_twins_a_logging_kwargs_does_not_make_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, keyword: str, severity: str | None
) -> None:
    rows = _rows(git_repo, no_rules, body, keyword)
    assert [row[0] for row in rows] == ([severity] if severity else [])
