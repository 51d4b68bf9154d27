"""An attribute upstream's constructor no longer sets, read by a fork subclass right after ``super().__init__()``.

#14630 (8a4a2efc6f) moved ``self.vocab_size`` out of ``StructuredOutputManager.__init__`` into ``_delayed_init``
(run on the first grammar).  A fork subclass reading ``self.vocab_size`` below ``super().__init__(vllm_config)``
merges cleanly and raises ``AttributeError`` when the engine builds it.  Twins: an attribute still set, one the
fork sets itself, asks ``hasattr``/``getattr`` of, reads in another method or inside ``try``/``except
AttributeError``; upstream's constructor setting it through a helper it calls, a class-level default, a
``super().__init__`` upstream's constructor calls, a mixin the fork's module defines.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MANAGER = "vllm/v1/structured_output/__init__.py"
BASE = """class StructuredOutputManager:
    def __init__(self, vllm_config):
        self.vllm_config = vllm_config
        self.vocab_size = vllm_config.vocab
        self.init_complete = False

    def _delayed_init(self):
        self.init_complete = True
"""
AFTER = """class StructuredOutputManager:
    def __init__(self, vllm_config):
        self.vllm_config = vllm_config
        self.init_complete = False

    def _delayed_init(self):
        self.vocab_size = self.vllm_config.vocab
        self.init_complete = True
"""
FORK = "vllm/aeon/so_manager.py"
HEAD = "from vllm.v1.structured_output import StructuredOutputManager\n\n\n"
SUB = "class AeonManager(StructuredOutputManager):\n    def __init__(self, vllm_config):\n"


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {MANAGER: BASE}, {FORK: HEAD + body}, [("[V1] Cached vocab_size (#14630)", {MANAGER: after})]
    )
    return [(line - 3, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


def test_a_fork_mixin_listed_after_upstreams_class_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # upstream's __init__ runs first in the MRO: a mixin after it sets nothing before the read
    sub = SUB.replace("(StructuredOutputManager)", "(StructuredOutputManager, AeonMixin)")
    body = "from vllm.aeon.mixins import AeonMixin\n" + sub + "        super().__init__(vllm_config)\n"
    body += "        self.aeon_pool = [0] * self.vocab_size\n"
    assert rows(git_repo, no_rules, body) == [(5, "error")]


@pytest.mark.parametrize(
    "body",
    [
        SUB + "        super().__init__(vllm_config)\n        self.aeon_words = (self.vocab_size + 31) // 32\n",
        SUB + "        super().__init__(vllm_config)\n        self.aeon_pool = [0] * self.vocab_size\n",
        SUB
        + "        super(AeonManager, self).__init__(vllm_config)\n        self.aeon_pool = [0] * self.vocab_size\n",
    ],
    ids=["arithmetic", "a list", "old-style super"],
)
def test_a_read_after_super_init_of_a_deferred_attribute_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body) == [(4, "error")]


@pytest.mark.parametrize(
    "body",
    [
        SUB + "        super().__init__(vllm_config)\n        self.aeon_cfg = self.vllm_config\n",
        SUB
        + "        super().__init__(vllm_config)\n        self.vocab_size = 7\n        self.aeon_v = self.vocab_size\n",
        SUB + "        super().__init__(vllm_config)\n        self.aeon_v = getattr(self, 'vocab_size', 0)\n",
        SUB + "        super().__init__(vllm_config)\n"
        "        if hasattr(self, 'vocab_size'):\n            self.aeon_v = self.vocab_size\n",
        SUB + "        super().__init__(vllm_config)\n"
        "        try:\n            self.aeon_v = self.vocab_size\n        except AttributeError:\n            self.aeon_v = 0\n",
        SUB
        + "        super().__init__(vllm_config)\n\n    def aeon_words(self):\n        return self.vocab_size // 32\n",
        "class AeonMixin:\n    def __init__(self, vllm_config):\n        self.vocab_size = 1\n\n\n"
        "class AeonManager(AeonMixin, StructuredOutputManager):\n    def __init__(self, vllm_config):\n"
        "        super().__init__(vllm_config)\n        self.aeon_v = self.vocab_size\n",
    ],
    ids=["kept attribute", "fork sets it", "getattr", "hasattr", "try", "another method", "a local mixin"],
)
def test_fork_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


READ = SUB + "        super().__init__(vllm_config)\n        self.aeon_words = (self.vocab_size + 31) // 32\n"


@pytest.mark.parametrize(
    "after",
    [
        AFTER.replace(
            "        self.init_complete = False\n",
            "        self._setup()\n\n    def _setup(self):\n        self.vocab_size = self.vllm_config.vocab\n",
        ),
        AFTER.replace("class StructuredOutputManager:\n", "class StructuredOutputManager:\n    vocab_size = 0\n\n"),
        AFTER.replace("class StructuredOutputManager:\n", "class StructuredOutputManager(Base):\n").replace(
            "        self.vllm_config = vllm_config\n",
            "        super().__init__()\n        self.vllm_config = vllm_config\n",
        ),
        AFTER.replace("        self.init_complete = False\n", "        setattr(self, 'vocab_size', 3)\n"),
        AFTER.replace("        self.init_complete = False\n", "        init_vocab(self)\n"),
    ],
    ids=["a helper sets it", "a class default", "super().__init__ upstream", "setattr upstream", "self handed on"],
)
def test_upstream_twins_are_quiet(git_repo: GitRepo, no_rules: Path, after: str) -> None:
    assert rows(git_repo, no_rules, READ, after) == []


# review of killers110: twins a reviewer proved false (a self call or a helper handed self between, a callback,
# a fork mixin ahead in the MRO, a base of upstream's class that defines it)
def test_review_fork_calls_delayed_init_itself(git_repo, no_rules: Path) -> None:
    body = (
        SUB
        + "        super().__init__(vllm_config)\n        self._delayed_init()\n        self.aeon_v = self.vocab_size\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_review_read_in_a_lambda_callback(git_repo, no_rules: Path) -> None:
    body = SUB + "        super().__init__(vllm_config)\n        self.aeon_words = lambda: self.vocab_size // 32\n"
    assert rows(git_repo, no_rules, body) == []


def test_review_read_in_a_nested_def(git_repo, no_rules: Path) -> None:
    body = SUB + (
        "        super().__init__(vllm_config)\n\n        def words():\n            return self.vocab_size // 32\n\n"
        "        self.aeon_words = words\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_review_fork_helper_handed_self(git_repo, no_rules: Path) -> None:
    body = (
        SUB + "        super().__init__(vllm_config)\n        aeon_fill(self)\n        self.aeon_v = self.vocab_size\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_review_imported_fork_mixin_sets_it(git_repo, no_rules: Path) -> None:
    mixin = "class AeonVocabMixin:\n    def __init__(self, vllm_config):\n        super().__init__(vllm_config)\n        self.vocab_size = vllm_config.vocab\n"
    body = (
        "from vllm.aeon.mixins import AeonVocabMixin\n\n\n"
        "class AeonManager(AeonVocabMixin, StructuredOutputManager):\n    def __init__(self, vllm_config):\n"
        "        super().__init__(vllm_config)\n        self.aeon_v = self.vocab_size\n"
    )
    sides = s.merge_case(
        git_repo,
        {MANAGER: BASE},
        {FORK: HEAD + body, "vllm/aeon/mixins.py": mixin},
        [("[V1] Cached vocab_size (#14630)", {MANAGER: AFTER})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


def test_review_upstream_base_property(git_repo, no_rules: Path) -> None:
    after = (
        "class _Vocab:\n    @property\n    def vocab_size(self):\n        return self.vllm_config.vocab\n\n\n"
        + AFTER.replace("class StructuredOutputManager:", "class StructuredOutputManager(_Vocab):")
    )
    body = SUB + "        super().__init__(vllm_config)\n        self.aeon_words = (self.vocab_size + 31) // 32\n"
    assert rows(git_repo, no_rules, body, after) == []


@pytest.mark.parametrize("hook", ["__getattr__", "__getattribute__"])
def test_a_fork_class_answering_missing_names_is_quiet(git_repo, no_rules: Path, hook: str) -> None:
    """Twin: the fork subclass defines ``__getattr__`` (or ``__getattribute__``): a name upstream's
    ``__init__`` no longer sets meets the hook, not AttributeError: quiet."""
    body = (
        f"class AeonManager(StructuredOutputManager):\n    def {hook}(self, name):\n        return 0\n\n"
        "    def __init__(self, vllm_config):\n        super().__init__(vllm_config)\n"
        "        self.aeon_pool = [0] * self.vocab_size\n"
    )
    assert rows(git_repo, no_rules, body) == []
