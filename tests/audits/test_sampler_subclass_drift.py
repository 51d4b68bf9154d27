"""Fork subclasses of a sampler whose base upstream reshaped: an override returning the one value a base
method upstream made a pair, and a call of an attribute the base's ``__init__`` stopped setting.

Shaped like #22387 (f571ff8eb6): ``Sampler.sample`` returned the sampled tokens and now returns
``(sampled, processed_logprobs)``, which ``forward`` unpacks; a fork override ``return
self.greedy_sample(logits)`` (one tensor: ``greedy_sample`` is declared ``-> torch.Tensor``) is split
across the two names.  A second ``Sampler`` with a one-value ``sample`` in another module (the TPU
sampler) hides the first by name.  And like #13729 (5629f26df7): ``Sampler.__init__`` no longer sets
``self.rejection_sampler``; a fork subclass's ``self.rejection_sampler(...)`` raises AttributeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE as RETURN_DRIFT
from aeon_release.domain.audits.drift.symbols import RULE as SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SAMPLER = "vllm/v1/sample/sampler.py"
TPU = "vllm/v1/sample/tpu/sampler.py"
BASE = """import torch


class Sampler(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.rejection_sampler = torch.nn.Identity()
        self.penalties = torch.nn.Identity()

    def forward(self, logits, md):
        sampled = self.sample(logits, md)
        return sampled

    def greedy_sample(self, logits: torch.Tensor) -> torch.Tensor:
        return logits.argmax(dim=-1).view(-1)

    def pair_sample(self, logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return logits.argmax(dim=-1), logits

    def plain_sample(self, logits):
        return logits.argmax(dim=-1)

    def sample(self, logits, md):
        return self.greedy_sample(logits)
"""
AFTER = (
    BASE.replace("        self.rejection_sampler = torch.nn.Identity()\n", "")
    .replace("        sampled = self.sample(logits, md)\n", "        sampled, processed = self.sample(logits, md)\n")
    .replace("        return self.greedy_sample(logits)\n", "        return self.greedy_sample(logits), None\n")
)
TPU_SAMPLER = """class Sampler:
    def sample(self, logits, md):
        return logits.argmax(dim=-1)
"""
SUBJECT = "[Sampler] Support returning final logprobs (#22387)"
FORK = "vllm/v1/sample/aeon_sampler.py"
INITS = {"vllm/v1/sample/__init__.py": "", "vllm/v1/sample/tpu/__init__.py": ""}
HEAD = "import torch\n\nfrom vllm.v1.sample.sampler import Sampler\n\n\nclass AeonSampler(Sampler):\n"


def _rows(git_repo: GitRepo, no_rules: Path, body: str, rule: str) -> list[tuple[int, str, str]]:
    base = {SAMPLER: BASE, TPU: TPU_SAMPLER + "\n\n# the TPU's own\n", **INITS}
    upstream = {SAMPLER: AFTER, TPU: TPU_SAMPLER + "\n\n# the TPU's own sampler\n"}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + body}, [(SUBJECT, upstream)])
    return [(line, sev, msg) for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, rule) if path == FORK]


def test_an_override_returning_a_one_value_sibling_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = "    def sample(self, logits, md):\n        return self.greedy_sample(logits)\n"
    [(line, severity, message)] = _rows(git_repo, no_rules, body, RETURN_DRIFT)
    assert (line, severity) == (8, "error")
    assert "override AeonSampler.sample() returns one value" in message
    assert "Sampler.sample() to return 2 values (vllm/v1/sample/sampler.py" in message and "#22387" in message


def test_an_override_returning_the_forks_own_one_value_sibling_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's own sibling, declared one tensor, says the override returns one value as upstream's did."""
    body = (
        "    def greedy_sample(self, logits) -> torch.Tensor:\n        return logits.argmax(dim=-1)\n\n"
        "    def sample(self, logits, md):\n        return self.greedy_sample(logits)\n"
    )
    assert [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, body, RETURN_DRIFT)] == [(11, "error")]


@pytest.mark.parametrize(
    "body",
    [
        # a sibling declared a pair, or not declared at all: it may hold the tuple
        "    def sample(self, logits, md):\n        return self.pair_sample(logits)\n",
        "    def sample(self, logits, md):\n        return self.plain_sample(logits)\n",
        # handing on what the base returns, or returning the pair itself
        "    def sample(self, logits, md):\n        return super().sample(logits, md)\n",
        "    def sample(self, logits, md):\n        return self.greedy_sample(logits), None\n",
        # another method's name: upstream kept its shape
        "    def aeon_greedy(self, logits):\n        return self.greedy_sample(logits)\n",
        # the fork's own sibling returns the pair: its override, not upstream's one-value method, is called
        "    def greedy_sample(self, logits):\n        return logits.argmax(dim=-1), None\n\n"
        "    def sample(self, logits, md):\n        return self.greedy_sample(logits)\n",
    ],
)
def test_overrides_fit_for_the_pair_or_not_of_it_are_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _rows(git_repo, no_rules, body, RETURN_DRIFT) == []


def test_a_call_of_an_attribute_the_base_stopped_setting_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = "    def aeon_verify(self, logits, md):\n        return self.rejection_sampler(logits)\n"
    [(line, severity, message)] = _rows(git_repo, no_rules, body, SYMBOL_DRIFT)
    assert (line, severity) == (8, "error")
    assert "calls self.rejection_sampler, which upstream removed Sampler.rejection_sampler" in message


@pytest.mark.parametrize(
    "body",
    [
        # an attribute the base still sets
        "    def aeon_penalize(self, logits):\n        return self.penalties(logits)\n",
        # the fork's class sets it itself
        "    def __init__(self):\n        super().__init__()\n        self.rejection_sampler = torch.nn.Identity()\n\n"
        "    def aeon_verify(self, logits):\n        return self.rejection_sampler(logits)\n",
    ],
)
def test_calls_of_attributes_still_set_are_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _rows(git_repo, no_rules, body, SYMBOL_DRIFT) == []


OPS = "vllm/v1/sample/ops/topk.py"
OPS_BASE = """import torch


class TopKTopPSampler(torch.nn.Module):
    def forward_native(self, logits, k) -> torch.Tensor:
        return logits.softmax(dim=-1).argmax(dim=-1)

    def other(self, logits) -> torch.Tensor:
        return logits
"""
OPS_AFTER = OPS_BASE.replace(
    "    def forward_native(self, logits, k) -> torch.Tensor:\n        return logits.softmax(dim=-1).argmax(dim=-1)\n",
    "    def forward_native(self, logits, k) -> tuple[torch.Tensor, torch.Tensor | None]:\n"
    "        return logits.softmax(dim=-1).argmax(dim=-1), None\n",
)
FIELDED = "from vllm.v1.sample.ops.topk import TopKTopPSampler\n" + BASE.replace(
    "        self.penalties = torch.nn.Identity()\n",
    "        self.penalties = torch.nn.Identity()\n        self.topk_topp_sampler = TopKTopPSampler()\n",
)


def _field_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    base = {SAMPLER: FIELDED, OPS: OPS_BASE, "vllm/v1/sample/ops/__init__.py": "", **INITS}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + body}, [(SUBJECT, {OPS: OPS_AFTER})])
    rows = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return [(line, sev, msg) for path, line, sev, msg in rows if path == FORK]


def test_a_method_of_a_field_the_base_types_made_a_pair_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = "    def aeon_native(self, logits):\n        sampled = self.topk_topp_sampler.forward_native(logits, None)\n"
    body += "        return sampled.long()\n"
    # the call's line, and (since killers176) the first line that misreads the local as one value, where the
    # failure lands (``sampled.long()``: a tuple has no ``long``)
    [(line, severity, message), (misread, misread_severity, _)] = _field_rows(git_repo, no_rules, body)
    assert (line, severity) == (8, "error")
    assert (misread, misread_severity) == (9, "error")
    assert "uses the value of self.topk_topp_sampler.forward_native() as one value" in message
    assert "TopKTopPSampler.forward_native() to return 2 values" in message


@pytest.mark.parametrize(
    "body",
    [
        # unpacked as upstream returns it
        "    def aeon_native(self, logits):\n        sampled, _ = self.topk_topp_sampler.forward_native(logits, None)\n"
        "        return sampled\n",
        # a method of the field upstream kept
        "    def aeon_other(self, logits):\n        out = self.topk_topp_sampler.other(logits)\n        return out\n",
        # the fork's class sets the field itself: its own type
        "    def __init__(self):\n        super().__init__()\n        self.topk_topp_sampler = torch.nn.Identity()\n\n"
        "    def aeon_native(self, logits):\n        sampled = self.topk_topp_sampler.forward_native(logits, None)\n"
        "        return sampled\n",
    ],
)
def test_field_method_uses_fit_for_the_pair_or_the_forks_own_are_silent(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert _field_rows(git_repo, no_rules, body) == []
