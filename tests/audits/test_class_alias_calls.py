"""A call of a module-level alias of a class, checked against the class's constructor.

Shaped like vLLM's #36903 (a8e8d62dd8): ``DefaultModelLoader.Source`` (a nested dataclass) gained ``subfolder``
before ``prefix``.  A fork's ``Source = DefaultModelLoader.Source`` then ``Source(path, rev, "mtp.", False)``
now fills ``subfolder`` with the prefix and ``prefix`` with a bool; ``Loader = DefaultModelLoader`` then
``Loader(cfg, extra)`` raises once the constructor dropped ``extra``.  An alias of a function was followed
before; an alias of a class now is too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LOADER = "vllm/model_executor/model_loader/default_loader.py"
CARRY = "vllm/aeon/sources.py"
SUBJECT = "[Misc] Clean up Kimi-audio whisper encoder loading (#36903)"
LOADER_BASE = """import dataclasses


class DefaultModelLoader:
    @dataclasses.dataclass
    class Source:
        model_or_path: str
        revision: str | None
        prefix: str = ""
        fall_back_to_pt: bool = True

    def __init__(self, load_config, extra=None) -> None:
        self.load_config = load_config
"""
LOADER_36903 = LOADER_BASE.replace(
    "        revision: str | None\n", "        revision: str | None\n        subfolder: str | None = None\n"
).replace("load_config, extra=None", "load_config")
HEAD = "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n"


def drift_rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {LOADER: LOADER_BASE}, {CARRY: HEAD + body}, [(SUBJECT, {LOADER: LOADER_36903})])
    return [(line, message) for path, line, _, message in s.rule_rows(repo, config, sides, DRIFT) if path == CARRY]


@pytest.mark.parametrize(
    ("body", "shown"),
    [
        (
            "Source = DefaultModelLoader.Source\n\n\ndef f(p, r):\n    return Source(p, r, 'mtp.', False)\n",
            "which filled prefix and now fills subfolder",
        ),
        ("Loader = DefaultModelLoader\n\n\ndef f(cfg):\n    return Loader(cfg, 1)\n", "it takes 1"),
    ],
    ids=["nested-class", "top-level-class"],
)
def test_a_call_of_a_class_alias_that_no_longer_fits_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, shown: str
) -> None:
    [(line, message)] = drift_rows(git_repo, no_rules, body)
    assert line == len((HEAD + body).splitlines())
    assert shown in message


@pytest.mark.parametrize(
    "body",
    [
        "Source = DefaultModelLoader.Source\n\n\ndef f(p, r):\n    return Source(p, r, prefix='mtp.')\n",
        "Loader = DefaultModelLoader\n\n\ndef f(cfg):\n    return Loader(cfg)\n",
    ],
    ids=["keyword-prefix", "one-argument"],
)
def test_a_call_of_a_class_alias_that_still_fits_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert drift_rows(git_repo, no_rules, body) == []
