"""Symbol drift: an attribute upstream's unchained ``__init__`` stopped setting (drift/unchained_inits.py).

#20466 gave ``AttentionMetadataBuilder`` an ``__init__`` setting ``self.kv_cache_spec`` and dropped that line
from ``FlashAttentionMetadataBuilder.__init__``, which never calls ``super().__init__``.  A fork builder
reading ``self.kv_cache_spec`` raises AttributeError; the base's ``__init__`` that sets it never runs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/v1/attention/backends/utils.py"
FLASH = "vllm/v1/attention/backends/flash_attn.py"
UTILS_BASE = "import abc\n\n\nclass AttentionMetadataBuilder(abc.ABC):\n    def build(self):\n        raise NotImplementedError\n"
UTILS_20466 = UTILS_BASE.replace(
    "    def build(self):",
    "    def __init__(self, kv_cache_spec, vllm_config, device):\n        self.kv_cache_spec = kv_cache_spec\n\n    def build(self):",
)
FLASH_BASE = """from vllm.v1.attention.backends.utils import AttentionMetadataBuilder


class FlashAttentionMetadataBuilder(AttentionMetadataBuilder):
    def __init__(self, runner, kv_cache_spec, block_table):
        self.block_size = kv_cache_spec.block_size
        self.kv_cache_spec = kv_cache_spec
"""
FLASH_20466 = FLASH_BASE.replace("runner, kv_cache_spec, block_table", "kv_cache_spec, vllm_config, device").replace(
    "        self.kv_cache_spec = kv_cache_spec\n", ""
)
FLASH_CHAINED = FLASH_20466.replace(
    "        self.block_size", "        super().__init__(kv_cache_spec, vllm_config, device)\n        self.block_size"
)
FLASH_CLASS_VALUE = FLASH_20466.replace("    def __init__", "    kv_cache_spec = None\n\n    def __init__")
UTILS_LATER = UTILS_20466.replace("        self.kv_cache_spec = kv_cache_spec\n", "        pass\n").replace(
    "    def build(self):", "    def bind(self, spec):\n        self.kv_cache_spec = spec\n\n    def build(self):"
)
UTILS_NO_SET = UTILS_BASE.replace(
    "    def build(self):", "    def __init__(self, kv_cache_spec):\n        pass\n\n    def build(self):"
)
FORK = "vllm/aeon/builder.py"
HEAD = "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadataBuilder\n\n\nclass AeonBuilder(FlashAttentionMetadataBuilder):\n"
READ = "    def aeon_sliding(self) -> bool:\n        return self.kv_cache_spec.sliding_window is not None\n"
FORK_BASE = HEAD + "    pass\n"


@pytest.mark.parametrize(
    ("utils", "flash", "body", "caught"),
    [
        (UTILS_20466, FLASH_20466, READ, True),
        # twins: upstream's __init__ now chains to the base's; the fork's class sets it itself; a getattr
        # guard; a class-level value upstream's class binds; no base sets it (removed: another check's); a
        # base's method other than __init__ sets it
        (UTILS_20466, FLASH_CHAINED, READ, False),
        (UTILS_20466, FLASH_20466, "    def setup(self, spec):\n        self.kv_cache_spec = spec\n\n" + READ, False),
        (
            UTILS_20466,
            FLASH_20466,
            "    def aeon_spec(self):\n        return getattr(self, 'kv_cache_spec', None)\n",
            False,
        ),
        (UTILS_20466, FLASH_CLASS_VALUE, READ, False),
        (UTILS_NO_SET, FLASH_20466, READ, False),
        (UTILS_LATER, FLASH_20466, READ, False),  # a base's other method sets it (it may run before the read)
    ],
)
def test_an_attribute_an_unchained_init_no_longer_sets(
    git_repo: GitRepo, no_rules: Path, utils: str, flash: str, body: str, caught: bool
) -> None:
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, FLASH: FLASH_BASE, FORK: FORK_BASE},
        {FORK: HEAD + "    # AEON: GB10 reads the spec's window\n" + body},
        [("[Attention] Refactor attention metadata builder interface (#20466)", {UTILS: utils, FLASH: flash})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK and "no longer sets" in r[3]]
    assert [r[1] for r in rows] == ([HEAD.count("\n") + 3] if caught else []), rows
    if caught:
        assert "self.kv_cache_spec" in rows[0][3] and "#20466" in rows[0][3] and rows[0][2] == "error"


HEAD_GRAND = HEAD.replace(
    "from vllm.v1.attention.backends.flash_attn",
    "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder\nfrom vllm.v1.attention.backends.flash_attn",
)
INIT = "    def __init__(self, kv_cache_spec, vllm_config, device):\n        super().__init__(kv_cache_spec, vllm_config, device)\n"


@pytest.mark.parametrize(
    ("head", "body"),
    [
        # a static method's first parameter is no instance; a try written for the attribute missing
        (
            HEAD,
            "    @staticmethod\n    def aeon_sliding(group) -> bool:\n"
            "        return group.kv_cache_spec.sliding_window is not None\n\n"
            "    def aeon_block(self) -> int:\n        return self.block_size\n",
        ),
        (
            HEAD,
            "    def aeon_sliding(self) -> bool:\n        try:\n"
            "            return self.kv_cache_spec.sliding_window is not None\n"
            "        except AttributeError:\n            return False\n",
        ),
        # the fork's __init__ runs the grandbase's __init__ itself, or sets attributes by setattr / __dict__
        (
            HEAD_GRAND,
            INIT + "        AttentionMetadataBuilder.__init__(self, kv_cache_spec, vllm_config, device)\n\n" + READ,
        ),
        (HEAD, INIT + "        setattr(self, 'kv_cache_spec', kv_cache_spec)\n\n" + READ),
        (HEAD, INIT + "        self.__dict__.update(kv_cache_spec=kv_cache_spec)\n\n" + READ),
        # fixAX: ``vars(self)`` is the instance's ``__dict__``; a ``__getattr__`` answers any missing name
        (HEAD, INIT + "        vars(self)['kv_cache_spec'] = kv_cache_spec\n\n" + READ),
        (HEAD, "    def __getattr__(self, name):\n        return getattr(self._aeon_inner, name)\n\n" + READ),
    ],
)
def test_a_read_the_fork_provides_for_is_quiet(git_repo: GitRepo, no_rules: Path, head: str, body: str) -> None:
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, FLASH: FLASH_BASE, FORK: FORK_BASE},
        {FORK: head + "    # AEON: GB10 reads the spec's window\n" + body},
        [
            (
                "[Attention] Refactor attention metadata builder interface (#20466)",
                {UTILS: UTILS_20466, FLASH: FLASH_20466},
            )
        ],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK and r[2] == "error"]
    assert rows == [], rows


def test_a_chain_through_the_direct_base_still_misses_it(git_repo: GitRepo, no_rules: Path) -> None:
    """``FlashAttentionMetadataBuilder.__init__(self, ...)`` runs the unchained one: the attribute stays unset."""
    body = INIT.replace("super().__init__(", "FlashAttentionMetadataBuilder.__init__(self, ") + "\n" + READ
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, FLASH: FLASH_BASE, FORK: FORK_BASE},
        {FORK: HEAD + "    # AEON: GB10 reads the spec's window\n" + body},
        [
            (
                "[Attention] Refactor attention metadata builder interface (#20466)",
                {UTILS: UTILS_20466, FLASH: FLASH_20466},
            )
        ],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK and "no longer sets" in r[3]]
    assert [r[2] for r in rows] == ["error"], rows
