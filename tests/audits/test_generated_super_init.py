"""Symbol drift through ``super().__init__`` when upstream turned the base into a dataclass.

Shaped like vLLM #16577 (2fc9075b82), which made the structured-output backends dataclasses: the guidance
backend's ``def __init__(self, vllm_config)`` became the generated ``__init__(vllm_config, tokenizer,
vocab_size)``, so a fork subclass's ``super().__init__(vllm_config)`` merges cleanly and raises TypeError
when the backend is built.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

BACKEND = "vllm/backend.py"
OLD = (
    "from abc import ABC\n\n\nclass Backend(ABC):\n    pass\n\n\n"
    "class Guided(Backend):\n    def __init__(self, config):\n        self.config = config\n"
)
NEW = (
    "from abc import ABC\nfrom dataclasses import dataclass\n\n\n@dataclass\nclass Backend(ABC):\n"
    "    config: object\n    tokenizer: object\n    vocab_size: int\n\n\n"
    "@dataclass\nclass Guided(Backend):\n    strict: bool = False\n\n    def __post_init__(self):\n        pass\n"
)
USE = "vllm/aeon_backend.py"
PACKAGES = {"vllm/__init__.py": ""}
HEAD = "from vllm.backend import Guided\n\n\n"


def _fork(init: str) -> str:
    return HEAD + f"class Mine(Guided):\n    def __init__(self, config, *args, **kwargs):\n        {init}\n"


def test_a_super_init_the_generated_init_no_longer_binds(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = _fork("super().__init__(config)")
    sides = three_way(git_repo, {BACKEND: OLD, **PACKAGES}, {USE: fork}, {BACKEND: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "super().__init__"), "error")]


def test_a_field_added_to_a_dataclass_base(git_repo: GitRepo, tmp_path: Path) -> None:
    """A base that was a dataclass already, given a field without a default."""
    old = NEW.replace("    tokenizer: object\n    vocab_size: int\n", "")
    fork = _fork("super().__init__(config)")
    sides = three_way(git_repo, {BACKEND: old, **PACKAGES}, {USE: fork}, {BACKEND: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "super().__init__"), "error")]


@pytest.mark.parametrize(
    ("new", "init"),
    [
        # the twins: a call that hands on what the fork's own __init__ received
        (NEW, "super().__init__(config, *args, **kwargs)"),
        (NEW, "super().__init__(config, **kwargs)"),
        # the new fields given defaults: the old call still binds
        (
            NEW.replace("tokenizer: object", "tokenizer: object = None").replace("int\n\n", "int = 0\n\n"),
            "super().__init__(config)",
        ),
        # init=False: no generated __init__ replaces the object's (unknown, not judged)
        (NEW.replace("@dataclass\nclass Guided", "@dataclass(init=False)\nclass Guided"), "super().__init__(config)"),
        # the dataclass writes its own __init__: its parameters are the constructor's
        (
            NEW.replace(
                "    def __post_init__(self):\n        pass",
                "    def __init__(self, config):\n        self.config = config",
            ),
            "super().__init__(config)",
        ),
    ],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, new: str, init: str) -> None:
    sides = three_way(git_repo, {BACKEND: OLD, **PACKAGES}, {USE: _fork(init)}, {BACKEND: new})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [], [f.message for f in report.findings]


def test_a_sibling_built_on_its_own_init_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """A fork backend on the base that writes its own ``__init__`` and never hands on to the dataclass."""
    fork = (
        "from vllm.backend import Backend\n\n\nclass Mine(Backend):\n    def __init__(self, config):\n"
        "        self.config = config\n\n\ndef make(config) -> Mine:\n    return Mine(config)\n"
    )
    sides = three_way(git_repo, {BACKEND: OLD, **PACKAGES}, {USE: fork}, {BACKEND: NEW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [], [f.message for f in report.findings]


# killers170 (#44297): a field inserted into a dataclass base mid-order; the subclass's positional
# super().__init__ still binds, and its values land on other fields.
SLOT_OLD = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass Req:\n    params: object\n"
    "    grammar: object = None\n    ended: bool | None = None\n    parser_kwargs: dict | None = None\n"
    "    reasoner: object = None\n"
)
SLOT_NEW = SLOT_OLD.replace("    parser_kwargs:", "    end_index: int | None = None\n    parser_kwargs:")
REQ = "vllm/req.py"
SLOT_HEAD = "from vllm.req import Req\n\n\n"


def _slot_fork(init: str, params: str = "params, parser_kwargs, reasoner") -> str:
    return SLOT_HEAD + f"class Mine(Req):\n    def __init__(self, {params}):\n        {init}\n"


@pytest.mark.parametrize(
    "init",
    [
        "super().__init__(params, None, None, parser_kwargs, reasoner)",
        "super().__init__(params, None, False, parser_kwargs)",
        "super().__init__(params, None, None, dict(parser_kwargs))",
    ],
    ids=["five", "four", "a built value"],
)
def test_a_field_inserted_before_positional_super_arguments(git_repo: GitRepo, tmp_path: Path, init: str) -> None:
    fork = _slot_fork(init)
    sides = three_way(git_repo, {REQ: SLOT_OLD, **PACKAGES}, {USE: fork}, {REQ: SLOT_NEW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(fork, "__init__(params"), "error")], [
        f.message for f in report.findings
    ]


@pytest.mark.parametrize(
    ("new", "init"),
    [
        # keywords past the first field
        (SLOT_NEW, "super().__init__(params, parser_kwargs=parser_kwargs, reasoner=reasoner)"),
        # positionals only in front of the inserted field
        (SLOT_NEW, "super().__init__(params, None, None)"),
        # the field appended at the end: no positional moves
        (
            SLOT_OLD + "    end_index: int | None = None\n",
            "super().__init__(params, None, None, parser_kwargs, reasoner)",
        ),
        # the fork's call already written for the new order
        (SLOT_NEW, "super().__init__(params, None, None, None, parser_kwargs, reasoner)"),
    ],
    ids=["keywords", "front only", "appended", "new order"],
)
def test_twin_positional_super_arguments_still_in_place(git_repo: GitRepo, tmp_path: Path, new: str, init: str) -> None:
    sides = three_way(git_repo, {REQ: SLOT_OLD, **PACKAGES}, {USE: _slot_fork(init)}, {REQ: new})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [], [f.message for f in report.findings]
