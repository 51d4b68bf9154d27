"""A fork ``except`` round a default that only raised, which upstream gave a body raising nothing.

#45544 (ad28d605e6) turned ``QuantizeMethodBase.tie_weights``'s ``raise NotImplementedError`` into a body that
shares ``embed_tokens.weight``.  A fork's ``try: quant_method.tie_weights(lm_head, embed.weight)`` / ``except
NotImplementedError:`` (its own tying as the fallback) merges cleanly; the handler never runs again, and
upstream's body now runs on what the fork hands it (a tensor, where the body reads ``.weight`` off a module).
The new body may do what the fallback did, so the finding is a warning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "pkg/base_config.py"
BASE = """import torch


class QuantizeMethodBase:
    def tie_weights(self, layer: torch.nn.Module, *args, **kwargs):
        \"\"\"Tie the layer's weights to another layer's.\"\"\"
        raise NotImplementedError

    def embedding(self, layer: torch.nn.Module):
        if layer is None:
            raise NotImplementedError
        return layer

    def pack(self, layer: torch.nn.Module):
        raise NotImplementedError


class OtherMethod:
    def tie_weights(self, layer: torch.nn.Module, *args, **kwargs):
        raise NotImplementedError
"""
NEW = BASE.replace(
    '        """Tie the layer\'s weights to another layer\'s."""\n        raise NotImplementedError\n',
    '        """Tie the layer\'s weights to another layer\'s."""\n        layer.weight = args[0].weight\n'
    "        return layer\n",
).replace("        if layer is None:\n            raise NotImplementedError\n", "")
SUBJECT = "[Bugfix] Default tie_weights to sharing the weight (#45544)"
FORK = "pkg/aeon_tie.py"
HEAD = "import torch\n\nfrom pkg.base_config import OtherMethod, QuantizeMethodBase\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo, {BASE_PATH: BASE, "pkg/__init__.py": ""}, {FORK: HEAD + body}, [(SUBJECT, {BASE_PATH: new})]
    )
    report: AuditReport = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


TIE = (
    "def aeon_tie(method: QuantizeMethodBase, head: torch.nn.Module, embed: torch.nn.Module):\n"
    "    try:\n        return method.tie_weights(head, embed.weight)\n"
    "    except NotImplementedError:\n        head.weight = embed.weight\n        return head\n"
)


def test_a_handler_of_a_stub_given_a_body_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, TIE)
    assert (line, severity) == ((HEAD + TIE).splitlines().index("    except NotImplementedError:") + 1, "warning")
    assert "catches NotImplementedError from QuantizeMethodBase.tie_weights(), which only raised it" in message
    assert "#45544" in message


@pytest.mark.parametrize(
    "body",
    [
        # the def still a stub upstream, another class's stub of the name
        "def a(method: QuantizeMethodBase, layer: torch.nn.Module):\n"
        "    try:\n        return method.pack(layer)\n    except NotImplementedError:\n        return layer\n",
        "def a(method: OtherMethod, head: torch.nn.Module, embed: torch.nn.Module):\n"
        "    try:\n        return method.tie_weights(head, embed)\n    except NotImplementedError:\n        return head\n",
        # the handler also catches what else the body may raise, or everything
        "def a(method: QuantizeMethodBase, head: torch.nn.Module, embed: torch.nn.Module):\n"
        "    try:\n        return method.tie_weights(head, embed)\n    except Exception:\n        return head\n",
        # a call without a handler
        "def a(method: QuantizeMethodBase, head: torch.nn.Module, embed: torch.nn.Module):\n"
        "    return method.tie_weights(head, embed)\n",
    ],
    ids=["still a stub", "other class", "catch-all", "no handler"],
)
def test_stub_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert run(git_repo, no_rules, body) == []


def test_a_raise_on_one_path_dropped_is_no_stub_but_still_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """A def that raised only on one path at the base is no stub: its dropped raise is the general case of a raise
    taken out with nothing in its place, a warning worded as such (the case may be accepted now)."""
    body = (
        "def a(method: QuantizeMethodBase, layer: torch.nn.Module):\n"
        "    try:\n        return method.embedding(layer)\n    except NotImplementedError:\n        return layer\n"
    )
    [(_, severity, message)] = run(git_repo, no_rules, body)
    assert severity == "warning"
    assert "which upstream no longer raises, nor anything in its place" in message


def test_a_stub_that_now_raises_another_kind_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A stub whose body upstream made raise another builtin kind is raised-kind drift's error, as before."""
    new = BASE.replace(
        '        """Tie the layer\'s weights to another layer\'s."""\n        raise NotImplementedError\n',
        '        """Tie the layer\'s weights to another layer\'s."""\n        raise TypeError(\'no tying\')\n',
    )
    [(_, severity, message)] = run(git_repo, no_rules, TIE, new)
    assert severity == "error" and "made raise TypeError" in message
