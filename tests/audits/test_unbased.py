"""Unbased drift (drift/unbased.py): #25145 rebased ``MRotaryEmbedding`` off ``RotaryEmbedding`` onto a new
``RotaryEmbeddingBase`` (which ``RotaryEmbedding`` derives from too); a fork ``isinstance`` of an M-RoPE value
against ``RotaryEmbedding`` held at the base and is False now."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OP = "vllm/model_executor/custom_op.py"
OP_TEXT = "from torch import nn\n\n\nclass CustomOp(nn.Module):\n    pass\n"
BASE_PY = "vllm/model_executor/layers/rotary_embedding/base.py"
MROPE = "vllm/model_executor/layers/rotary_embedding/mrope.py"
INIT = "vllm/model_executor/layers/rotary_embedding/__init__.py"
INIT_TEXT = "from .base import RotaryEmbedding\nfrom .mrope import MRotaryEmbedding\n"
BASE_OLD = (
    "from vllm.model_executor.custom_op import CustomOp\n\n\n"
    "class RotaryEmbedding(CustomOp):\n"
    "    def __init__(self, head_size: int) -> None:\n"
    "        super().__init__()\n"
    "        self.head_size = head_size\n"
)
BASE_NEW = (
    "from vllm.model_executor.custom_op import CustomOp\n\n\n"
    "class RotaryEmbeddingBase(CustomOp):\n"
    "    def __init__(self, head_size: int) -> None:\n"
    "        super().__init__()\n"
    "        self.head_size = head_size\n\n\n"
    "class RotaryEmbedding(RotaryEmbeddingBase):\n"
    "    pass\n"
)
MROPE_OLD = (
    "from .base import RotaryEmbedding\n\n\n"
    "class MRotaryEmbedding(RotaryEmbedding):\n"
    "    def __init__(self, head_size: int, mrope_section: list[int] | None = None) -> None:\n"
    "        super().__init__(head_size)\n"
    "        self.mrope_section = mrope_section\n"
)
MROPE_NEW = MROPE_OLD.replace("from .base import RotaryEmbedding\n", "from .base import RotaryEmbeddingBase\n").replace(
    "class MRotaryEmbedding(RotaryEmbedding):", "class MRotaryEmbedding(RotaryEmbeddingBase):"
)
SUBJECT = "[XPU][bugfix] fix rope for llama4 and deepseek (#25145)"
FORK = "vllm/aeon/ropes.py"
HEAD = (
    "from torch import nn\n\n"
    "from vllm.model_executor.layers.rotary_embedding import MRotaryEmbedding, RotaryEmbedding\n\n\n"
)


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream_mrope: str = MROPE_NEW) -> list[tuple[int, str, str]]:
    base = {OP: OP_TEXT, BASE_PY: BASE_OLD, MROPE: MROPE_OLD, INIT: INIT_TEXT}
    upstream = {BASE_PY: BASE_NEW, MROPE: upstream_mrope}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, upstream)])
    return [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT) if p == FORK]


def test_an_isinstance_against_a_base_upstream_took_away_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``isinstance`` of a value known to be an ``MRotaryEmbedding`` (an attribute the class builds, a local built
    once, a parameter annotated ``X | None``) against ``RotaryEmbedding``: errors naming the commit.
    ``issubclass(MRotaryEmbedding, RotaryEmbedding)`` has one answer per upstream, most often asked to learn which
    upstream runs (review72's version probes): a warning."""
    fork = HEAD + (
        "class AeonAttention(nn.Module):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.rotary_emb = MRotaryEmbedding(128, [16, 24, 24])\n"
        "\n"
        "    def refresh(self) -> bool:\n"
        "        return isinstance(self.rotary_emb, RotaryEmbedding)\n"  # 12
        "\n\n"
        "def built() -> bool:\n"
        "    rope = MRotaryEmbedding(64)\n"
        "    return isinstance(rope, (RotaryEmbedding, int))\n"  # 17
        "\n\n"
        "def typed(rope: MRotaryEmbedding | None) -> bool:\n"
        "    return isinstance(rope, RotaryEmbedding)\n"  # 21
        "\n\n"
        "AEON_PLAIN = issubclass(MRotaryEmbedding, RotaryEmbedding)\n"  # 24
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [
        (12, "error"),
        (17, "error"),
        (21, "error"),
        (24, "warning"),
    ]
    assert "took RotaryEmbedding out of MRotaryEmbedding's bases" in found[0][2] and "#25145" in found[0][2]


def test_a_test_the_class_still_passes_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: a test against the class itself, a tuple naming it, an ``or`` with such a test, a value of
    unknown class (a parameter typed as the plain rope, an attribute stored twice with different classes), and
    a local rebound: quiet."""
    fork = HEAD + (
        "class AeonAttention(nn.Module):\n"
        "    def __init__(self, plain: bool) -> None:\n"
        "        super().__init__()\n"
        "        self.rotary_emb = MRotaryEmbedding(128)\n"
        "        if plain:\n"
        "            self.rotary_emb = RotaryEmbedding(128)\n"
        "\n"
        "    def refresh(self) -> bool:\n"
        "        return isinstance(self.rotary_emb, RotaryEmbedding)\n"
        "\n\n"
        "def own(rope: MRotaryEmbedding) -> bool:\n"
        "    return isinstance(rope, MRotaryEmbedding)\n"
        "\n\n"
        "def tupled(rope: MRotaryEmbedding) -> bool:\n"
        "    return isinstance(rope, (RotaryEmbedding, MRotaryEmbedding))\n"
        "\n\n"
        "def either(rope: MRotaryEmbedding) -> bool:\n"
        "    return isinstance(rope, RotaryEmbedding) or isinstance(rope, MRotaryEmbedding)\n"
        "\n\n"
        "def plain(rope: RotaryEmbedding) -> bool:\n"
        "    return isinstance(rope, RotaryEmbedding)\n"
        "\n\n"
        "def rebound(rope: MRotaryEmbedding, other: RotaryEmbedding) -> bool:\n"
        "    rope = other\n"
        "    return isinstance(rope, RotaryEmbedding)\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_new_base_that_still_derives_from_it_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream rebased ``MRotaryEmbedding`` onto a subclass of ``RotaryEmbedding`` of another file (its
    order still holds the old base): the test still holds, quiet."""
    upstream_mrope = MROPE_OLD.replace(
        "from .base import RotaryEmbedding\n", "from .yarn import YaRNRotaryEmbedding\n"
    ).replace("class MRotaryEmbedding(RotaryEmbedding):", "class MRotaryEmbedding(YaRNRotaryEmbedding):")
    fork = HEAD + "def typed(rope: MRotaryEmbedding) -> bool:\n    return isinstance(rope, RotaryEmbedding)\n"
    base = {OP: OP_TEXT, BASE_PY: BASE_OLD, MROPE: MROPE_OLD, INIT: INIT_TEXT}
    yarn = "vllm/model_executor/layers/rotary_embedding/yarn.py"
    upstream = {
        MROPE: upstream_mrope,
        yarn: "from .base import RotaryEmbedding\n\n\nclass YaRNRotaryEmbedding(RotaryEmbedding):\n    pass\n",
    }
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, upstream)])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT) if r[0] == FORK] == []


def test_a_base_renamed_and_kept_as_an_alias_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream renamed ``RotaryEmbedding`` to ``RotaryEmbeddingBase`` and kept the old name as an alias
    (``RotaryEmbedding = RotaryEmbeddingBase``): the test still holds, quiet."""
    renamed = BASE_OLD.replace("class RotaryEmbedding(CustomOp):", "class RotaryEmbeddingBase(CustomOp):")
    renamed += "\n\nRotaryEmbedding = RotaryEmbeddingBase\n"
    fork = HEAD + "def typed(rope: MRotaryEmbedding) -> bool:\n    return isinstance(rope, RotaryEmbedding)\n"
    base = {OP: OP_TEXT, BASE_PY: BASE_OLD, MROPE: MROPE_OLD, INIT: INIT_TEXT}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, {BASE_PY: renamed, MROPE: MROPE_NEW})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT) if r[0] == FORK] == []


def test_a_test_another_test_settles_first_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins (review72): the old base tested where another test of the same value settles the class first --
    an ``elif`` after the class itself, after an ``if`` on it that returns, under its exclusion, ``and``-ed with
    it excluded, in a conditional expression's ``else``, ``or``-ed with a ``hasattr`` of the value: the fork
    wrote the class's path itself, quiet.  Beside them, a test ``and``-ed with a flag and one after an ``if``
    that returns on another class stay errors."""
    fork = HEAD + (
        "class AeonAttention(nn.Module):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.rotary_emb = MRotaryEmbedding(128)\n"
        "\n"
        "    def kind(self) -> str:\n"
        "        if isinstance(self.rotary_emb, MRotaryEmbedding):\n"
        '            return "mrope"\n'
        "        elif isinstance(self.rotary_emb, RotaryEmbedding):\n"
        '            return "plain"\n'
        '        return "other"\n'
        "\n"
        "    def plain(self) -> bool:\n"
        "        return isinstance(self.rotary_emb, RotaryEmbedding) and not isinstance(self.rotary_emb, MRotaryEmbedding)\n"
        "\n"
        "    def cached(self) -> bool:\n"
        '        return isinstance(self.rotary_emb, RotaryEmbedding) or hasattr(self.rotary_emb, "cos_sin_cache")\n'
        "\n"
        "    def label(self) -> str:\n"
        '        return "m" if isinstance(self.rotary_emb, MRotaryEmbedding) else "p" if isinstance(self.rotary_emb, RotaryEmbedding) else "-"\n'
        "\n\n"
        "def returned(rope: MRotaryEmbedding) -> int:\n"
        "    if isinstance(rope, MRotaryEmbedding):\n"
        "        return 1\n"
        "    if isinstance(rope, RotaryEmbedding):\n"
        "        return 2\n"
        "    return 0\n"
        "\n\n"
        "def excluded(rope: MRotaryEmbedding) -> int:\n"
        "    if not isinstance(rope, MRotaryEmbedding):\n"
        "        if isinstance(rope, RotaryEmbedding):\n"
        "            return 2\n"
        "    return 0\n"
        "\n\n"
        "def flagged(rope: MRotaryEmbedding, fp32: bool) -> bool:\n"
        "    return isinstance(rope, RotaryEmbedding) and fp32\n"  # 44
        "\n\n"
        "def other_first(rope: MRotaryEmbedding) -> int:\n"
        "    if isinstance(rope, nn.Linear):\n"
        "        return 1\n"
        "    if isinstance(rope, RotaryEmbedding):\n"  # 50
        "        return 2\n"
        "    return 0\n"
    )
    assert [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, fork)] == [(44, "error"), (50, "error")]


def test_a_value_stored_another_way_or_a_shim_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins (review72): an attribute the class also stores by a tuple unpacking or ``setattr`` (any class may
    be swapped in), and a test against a shim's name (an import under ``try`` with an ``except ImportError``
    fallback binding it to the old base): neither is known to ask the old base of the class, quiet."""
    fork = HEAD + (
        "try:\n"
        "    from vllm.model_executor.layers.rotary_embedding.base import RotaryEmbeddingBase as CacheOwner\n"
        "except ImportError:\n"
        "    from vllm.model_executor.layers.rotary_embedding import RotaryEmbedding as CacheOwner\n"
        "\n\n"
        "class AeonAttention(nn.Module):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.rotary_emb = MRotaryEmbedding(128)\n"
        "        self.other = MRotaryEmbedding(128)\n"
        "\n"
        "    def swap(self, rope: nn.Module, scale: float) -> None:\n"
        "        self.rotary_emb, self.scale = rope, scale\n"
        '        setattr(self, "other", rope)\n'
        "\n"
        "    def plain(self) -> bool:\n"
        "        return isinstance(self.rotary_emb, RotaryEmbedding) or isinstance(self.other, RotaryEmbedding)\n"
        "\n\n"
        "def shim(rope: MRotaryEmbedding) -> bool:\n"
        "    return isinstance(rope, CacheOwner)\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_lambdas_own_parameter_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin (review72): a lambda's parameter of the name a parameter annotated as the rebased class holds is
    another value (the filter's items): quiet; the annotated name tested beside it stays an error."""
    fork = HEAD + (
        "def ropes(rope: MRotaryEmbedding, layers: list[nn.Module]) -> list[nn.Module]:\n"
        "    return list(filter(lambda rope: isinstance(rope, RotaryEmbedding), layers))\n"
        "\n\n"
        "def plain(rope: MRotaryEmbedding) -> bool:\n"
        "    return isinstance(rope, RotaryEmbedding)\n"  # 11
    )
    assert [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, fork)] == [(11, "error")]


# -- killers167: a value typed only as a class the rebased one still derives from (#26668: the triton kernel
# rebased off the cutlass one onto their common base; ``issubclass(kernel, Cutlass)`` of a ``type[Base]``) --
WIDE_HEAD = (
    "from vllm.model_executor.custom_op import CustomOp\n"
    "from vllm.model_executor.layers.rotary_embedding import RotaryEmbedding\n"
    "from vllm.model_executor.layers.rotary_embedding.base import RotaryEmbeddingBase\n\n\n"
)


def test_a_value_typed_as_a_common_base_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """``type[RotaryEmbeddingBase]`` asked ``issubclass(..., RotaryEmbedding)``, ``CustomOp`` (an ancestor both
    keep) asked ``isinstance``, ``X | None``: the answer flips for an ``MRotaryEmbedding``, which the text
    cannot tell is passed: warnings."""
    fork = WIDE_HEAD + (
        "def aeon_cached(cls: type[RotaryEmbeddingBase]) -> bool:\n"
        "    return issubclass(cls, RotaryEmbedding)\n\n\n"
        "def aeon_is_rope(op: CustomOp | None) -> bool:\n"
        "    return isinstance(op, RotaryEmbedding)\n"
    )
    rows = _rows(git_repo, no_rules, fork, MROPE_NEW)
    assert [(ln, sev) for ln, sev, _ in rows] == [(7, "warning"), (11, "warning")]
    assert "asks whether a class it is handed is a RotaryEmbedding" in rows[0][2]


def test_twin_a_value_typed_otherwise_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """A parameter typed as the lost base itself, as the rebased class (known: the error's), unannotated, or
    rebound; a test of a kept base."""
    fork = WIDE_HEAD + (
        "def a(cls: type[RotaryEmbedding]) -> bool:\n    return issubclass(cls, RotaryEmbedding)\n\n\n"
        "def b(cls) -> bool:\n    return issubclass(cls, RotaryEmbedding)\n\n\n"
        "def c(cls: type[RotaryEmbeddingBase]) -> bool:\n    cls = RotaryEmbedding\n    return issubclass(cls, RotaryEmbedding)\n\n\n"
        "def d(cls: type[CustomOp]) -> bool:\n    return issubclass(cls, RotaryEmbeddingBase)\n"
    )
    assert _rows(git_repo, no_rules, fork, MROPE_NEW) == []
