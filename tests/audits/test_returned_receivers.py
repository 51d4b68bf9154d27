"""A fork's store on an object a function returned, of a name upstream made a read-only property
(drift/read_only.py, killers228).

#34542 added ``weight_quant_dtype`` to ``FusedMoEQuantConfig`` as a ``@property`` without a setter; a fork's
``qc = nvfp4_moe_quant_config(...)`` then ``qc.weight_quant_dtype = torch.uint8`` worked at the merge base (a
plain instance attribute) and now raises AttributeError.  The receiver is typed by the function's return
annotation: an upstream builder the fork imports by name, or a helper of the fork file's own.  Twins: another
name, a builder typed as another class, an unannotated builder, a name bound twice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"pkg/__init__.py": ""}
LIB = "pkg/config.py"
USE = "pkg/aeon_use.py"
BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\n"
    "class QuantConfig:\n"
    "    a_dtype: str | None = None\n"
    "    w_dtype: str | None = None\n\n"
    "    @property\n"
    "    def quant_dtype(self) -> str | None:\n"
    "        return self.a_dtype\n\n\n"
    "class Other:\n"
    "    pass\n\n\n"
    "def nvfp4_config(scale) -> QuantConfig:\n"
    '    return QuantConfig("nvfp4", "nvfp4")\n\n\n'
    'def maybe_config(scale) -> "QuantConfig | None":\n'
    "    return QuantConfig() if scale else None\n\n\n"
    "def other_config(scale) -> Other:\n"
    "    return Other()\n\n\n"
    "def plain_config(scale):\n"
    "    return QuantConfig()\n\n\n"
    'def config_factory(scale) -> "Callable[[], QuantConfig]":\n'
    "    return QuantConfig\n\n\n"
    "def config_class() -> type[QuantConfig]:\n"
    "    return QuantConfig\n"
)
THEIRS = BASE.replace(
    "        return self.a_dtype\n",
    "        return self.a_dtype\n\n    @property\n    def weight_quant_dtype(self) -> str | None:\n        return self.w_dtype\n",
)
HEAD = (
    "from pkg.config import QuantConfig, config_class, config_factory, maybe_config, nvfp4_config, other_config,"
    " plain_config\n\n\n"
)
STORE = "qc.weight_quant_dtype = 'uint8'"


def _run(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {LIB: BASE, **PACKAGES}, {USE: fork}, {LIB: THEIRS})
    return [hit for hit in found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) if hit[0] == USE]


@pytest.mark.parametrize(
    "body",
    [
        f"def mine(scale):\n    qc = nvfp4_config(scale)\n    {STORE}\n    return qc\n",
        f"def mine(scale):\n    qc = maybe_config(scale)\n    if qc is not None:\n        {STORE}\n    return qc\n",
        f"def build(scale) -> QuantConfig:\n    return nvfp4_config(scale)\n\n\n"
        f"def mine(scale):\n    qc = build(scale)\n    {STORE}\n",
    ],
    ids=["an imported builder", "an optional return", "the fork's own helper"],
)
def test_a_store_on_what_a_typed_builder_returned_is_an_error(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = HEAD + body
    assert _run(git_repo, tmp_path, fork) == [(USE, line_of(fork, STORE), "error")]


@pytest.mark.parametrize(
    "body",
    [
        "def mine(scale):\n    qc = nvfp4_config(scale)\n    qc.aeon_weight_dtype = 'uint8'\n",
        f"def mine(scale):\n    qc = other_config(scale)\n    {STORE}\n",
        f"def mine(scale):\n    qc = plain_config(scale)\n    {STORE}\n",
        f"def mine(scale, old):\n    qc = nvfp4_config(scale)\n    qc = old\n    {STORE}\n",
    ],
    ids=["another name", "another class", "no return annotation", "bound to something else too"],
)
def test_a_store_the_builder_does_not_type_is_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _run(git_repo, tmp_path, HEAD + body) == []


# -- review132: what the builder's annotation does not say the name holds at the store --
@pytest.mark.parametrize(
    "body",
    [
        "def mine(scale):\n    make = config_factory(scale)\n    make.weight_quant_dtype = 'uint8'\n",
        "def mine():\n    cls = config_class()\n    cls.weight_quant_dtype = 'uint8'\n",
        f"class Mine:\n    def __init__(self, qc):\n        self.qc = qc\n\n\n"
        f"def mine(scale):\n    qc = nvfp4_config(scale)\n    qc = Mine(qc)\n    {STORE}\n",
        f"def mine(nvfp4_config, scale):\n    qc = nvfp4_config(scale)\n    {STORE}\n",
        f"def mine(scale):\n    from pkg.other import make as nvfp4_config\n\n    qc = nvfp4_config(scale)\n    {STORE}\n",
    ],
    ids=["a factory's callable", "a class returned", "rebound to another call", "a parameter", "a local import"],
)
def test_a_name_the_builder_s_annotation_does_not_type_at_the_store_is_silent(
    git_repo: GitRepo, tmp_path: Path, body: str
) -> None:
    assert _run(git_repo, tmp_path, HEAD + body) == []
