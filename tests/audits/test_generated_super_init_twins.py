"""Twins of the generated-super-init class (tests/audits/test_generated_super_init.py): fork code the
dataclass change does not break, or that copes with it, which must raise no error."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way
from tests.audits.test_generated_super_init import BACKEND, NEW, OLD, PACKAGES, USE

HEAD = "import dataclasses\nimport inspect\n\nfrom vllm.backend import Guided\n\n\n"

TRY = HEAD + (
    "class Mine(Guided):\n    def __init__(self, config, tokenizer=None, vocab_size=0):\n"
    "        try:\n            super().__init__(config)\n"
    "        except TypeError:\n            super().__init__(config, tokenizer, vocab_size)\n"
)
SIG = HEAD + (
    "class Mine(Guided):\n    def __init__(self, config, tokenizer=None, vocab_size=0):\n"
    "        if 'tokenizer' in inspect.signature(super().__init__).parameters:\n"
    "            super().__init__(config, tokenizer, vocab_size)\n"
    "        else:\n            super().__init__(config)\n"
)
ISDC = HEAD + (
    "class Mine(Guided):\n    def __init__(self, config, tokenizer=None, vocab_size=0):\n"
    "        if dataclasses.is_dataclass(Guided):\n"
    "            super().__init__(config, tokenizer, vocab_size)\n"
    "        else:\n            super().__init__(config)\n"
)
HASATTR = HEAD + (
    "class Mine(Guided):\n    def __init__(self, config, tokenizer=None, vocab_size=0):\n"
    "        if hasattr(Guided, '__dataclass_fields__'):\n"
    "            super().__init__(config, tokenizer, vocab_size)\n"
    "        else:\n            super().__init__(config)\n"
)
# a function-local class that shares a top-level class's name; its base is the fork's own plain class
LOCAL = HEAD + (
    "class Other:\n    def __init__(self, config):\n        self.config = config\n\n\n"
    "class Mine(Guided):\n    strict = True\n\n\n"
    "def make(config):\n    class Mine(Other):\n        def __init__(self, config):\n"
    "            super().__init__(config)\n\n    return Mine(config)\n"
)


@pytest.mark.parametrize("fork", [TRY, SIG, ISDC, HASATTR], ids=["try", "sig", "isdc", "hasattr"])
def test_a_fallback_for_the_dataclass_is_a_warning(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    """The fork wrote both spellings (a try, a test of the signature or of the dataclass itself): whether its
    fallback is right is for a reader, so the class warns instead of blocking."""
    sides = three_way(git_repo, {BACKEND: OLD, **PACKAGES}, {USE: fork}, {BACKEND: NEW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(fork, "super().__init__(config)"), "warning")]


def test_a_function_local_class_of_the_same_name_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """``make``'s own ``Mine`` derives from the fork's plain class, not from upstream's dataclass."""
    sides = three_way(git_repo, {BACKEND: OLD, **PACKAGES}, {USE: LOCAL}, {BACKEND: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


# upstream's dataclass takes its leading fields from a dataclass outside the tree: its __init__ is unknown
EXT_OLD = "class Guided:\n    def __init__(self, config, tokenizer):\n        self.config = config\n"
EXT_NEW = (
    "from dataclasses import dataclass\n\nfrom extpkg import ExtConfig\n\n\n"
    "@dataclass\nclass Guided(ExtConfig):\n    strict: bool = False\n"
)
EXT_FORK = (
    "from vllm.backend import Guided\n\n\nclass Mine(Guided):\n    def __init__(self, config, tok):\n"
    "        super().__init__(config, tok)\n"
)


def test_fields_from_outside_the_tree_raise_no_error(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {BACKEND: EXT_OLD, **PACKAGES}, {USE: EXT_FORK}, {BACKEND: EXT_NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


SHIM_HEAD = "from vllm.backend import Guided\n\n\n"
SHIM = "def _compat_init(self, config, tokenizer=None, vocab_size=0):\n    self.config = config\n\n\n"
MINE = "class Mine(Compat):\n    def __init__(self, config):\n        super().__init__(config)\n"
# an intermediate of the fork's own that sets __init__ by assignment
ASSIGNED = SHIM_HEAD + SHIM + "class Compat(Guided):\n    __init__ = _compat_init\n\n\n" + MINE
# the fork patches upstream's class in its own module
PATCHED = SHIM_HEAD + SHIM + "Guided.__init__ = _compat_init\n\n\n" + MINE.replace("Compat", "Guided")


@pytest.mark.parametrize("fork", [PATCHED], ids=["patched"])
def test_the_forks_own_init_shim_raises_no_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    sides = three_way(git_repo, {BACKEND: OLD, **PACKAGES}, {USE: fork}, {BACKEND: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []
