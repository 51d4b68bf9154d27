"""Raised-kind drift: one of a def's raises of a kind dropped, nothing raised or returned in its place, others kept
(drift/raised_kinds.py, ``_answered_raises``; mend75).

Shaped like #27610 (a8d2e326ec): ``get_config`` raised ValueError for a config without architectures whose model
type it did not know, and upstream made it log a warning and carry on (its other ValueErrors kept).  A fork's
``try: get_config(model)`` / ``except ValueError:`` -- naming its draft head's architecture -- no longer runs for
that config.  The handler is not dead: a warning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CFG = "pkg/config.py"
CFG_BASE = """import logging

logger = logging.getLogger(__name__)
MAPPING = {"llama": "LlamaForCausalLM"}


def get_config(model, trust=False):
    if not model:
        raise ValueError("no model")
    config = load(model)
    if not config.architectures:
        if config.model_type not in MAPPING:
            raise ValueError(f"Cannot find architecture name for {config.model_type}")
        config.architectures = [MAPPING[config.model_type]]
    return config


def load(model):
    return model


class Parser:
    def parse(self, text):
        if text is None:
            raise KeyError("none")
        if text not in MAPPING:
            raise KeyError(text)
        return MAPPING[text]
"""
CFG_NEW = CFG_BASE.replace(
    '            raise ValueError(f"Cannot find architecture name for {config.model_type}")\n'
    "        config.architectures = [MAPPING[config.model_type]]\n",
    '            logger.warning("no architectures: pass hf_overrides")\n'
    "        else:\n"
    "            config.architectures = [MAPPING[config.model_type]]\n",
).replace("            raise KeyError(text)\n", "            pass\n")
SUBJECT = "[Bugfix][CI] Fix config resolving logic with remote models (#27610)"
FORK = "pkg/aeon_cfg.py"


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = CFG_NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": ""},
        {FORK: "# AEON: the Spark's drafts\nfrom pkg.config import Parser, get_config\n\n\n" + text},
        [(SUBJECT, {CFG: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # the replay's shape: the function called in the try, its fallback naming the architecture
        (
            "def aeon_draft(model):\n    try:\n        return get_config(model)\n"
            "    except ValueError:\n        return get_config(model, trust=True)\n",
            8,
        ),
        # a method off a receiver typed as its class, a KeyError whose raise became a pass
        (
            "def aeon_code(p: Parser, text: str):\n    try:\n        code = p.parse(text)\n"
            "    except KeyError:\n        code = None\n    return code\n",
            8,
        ),
        # a tuple of kinds in the handler
        (
            "def aeon_draft2(model):\n    try:\n        cfg = get_config(model)\n"
            "    except (ValueError, TypeError):\n        cfg = None\n    return cfg\n",
            8,
        ),
    ],
    ids=["function", "typed receiver", "tuple handler"],
)
def test_a_raise_of_several_dropped_is_a_warning(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    found = run(git_repo, no_rules, text)
    assert [(ln, sev) for ln, sev, _ in found] == [(line, "warning")]
    assert "took one of its raises" in found[0][2]


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # the raises all kept: upstream changed only the message
        (
            "def aeon_draft(model):\n    try:\n        return get_config(model)\n"
            "    except ValueError:\n        return None\n",
            CFG_BASE.replace("Cannot find architecture name", "No architecture name"),
        ),
        # the raise converted to another builtin kind: another reading's (a kind raised more often)
        (
            "def aeon_draft(model):\n    try:\n        return get_config(model)\n"
            "    except ValueError:\n        return None\n",
            CFG_BASE.replace(
                '            raise ValueError(f"Cannot find architecture name for {config.model_type}")\n',
                '            raise TypeError(f"Cannot find architecture name for {config.model_type}")\n',
            ),
        ),
        # the raise moved to a helper of the file the def calls: it still escapes
        (
            "def aeon_draft(model):\n    try:\n        return get_config(model)\n"
            "    except ValueError:\n        return None\n",
            CFG_BASE.replace(
                '            raise ValueError(f"Cannot find architecture name for {config.model_type}")\n',
                "            _refuse(config)\n",
            )
            + '\n\ndef _refuse(config):\n    raise ValueError(f"Cannot find architecture name for {config.model_type}")\n',
        ),
        # a handler of another kind
        (
            "def aeon_draft(model):\n    try:\n        return get_config(model)\n    except OSError:\n        return None\n",
            CFG_NEW,
        ),
        # a handler of Exception
        (
            "def aeon_draft(model):\n    try:\n        return get_config(model)\n    except Exception:\n        return None\n",
            CFG_NEW,
        ),
        # the fork's own namesake in its file
        (
            "def get_config(model):\n    raise ValueError(model)\n\n\n"
            "def aeon_draft(model):\n    try:\n        return get_config(model)\n    except ValueError:\n        return None\n",
            CFG_NEW,
        ),
    ],
    ids=["kept raises", "converted kind", "moved to a helper", "other kind", "Exception", "own namesake"],
)
def test_handlers_a_dropped_raise_leaves_right_stay_quiet(
    git_repo: GitRepo, no_rules: Path, text: str, new: str
) -> None:
    assert [(ln, sev) for ln, sev, _ in run(git_repo, no_rules, text, new)] == []
