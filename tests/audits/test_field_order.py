"""A fork dataclass's field without a default, now behind a defaulted field upstream gave its base (#48949)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #48949 (e67a2e0a56): MxFp4LinearLayerConfig, an empty dataclass, given a defaulted field --
BASE_PY = "vllm/kernels/mxfp4/base.py"
FORK = "vllm/aeon/cfg.py"
EMPTY = "from dataclasses import dataclass\n\n\n@dataclass\nclass LayerConfig:\n    pass\n"
DEFAULTED = "from dataclasses import dataclass\n\n\n@dataclass\nclass LayerConfig:\n    key: str | None = None\n"
BASE = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", "vllm/kernels/mxfp4/__init__.py": "", BASE_PY: EMPTY}
HEAD = "from dataclasses import dataclass, field\n\nfrom vllm.kernels.mxfp4.base import LayerConfig\n\n\n"


def _found(repo: GitRepo, fork: str, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, {FORK: HEAD + fork}, [("[Quark] layer config key (#48949)", {BASE_PY: upstream})])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "a field without a default" in f.message
    ]


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        # the replay's shape
        ("@dataclass\nclass AeonConfig(LayerConfig):\n    tile_n: int\n", 8),
        # a decorator with arguments, the base named through its module
        (
            "import vllm.kernels.mxfp4.base as b\n\n\n@dataclass(eq=False)\nclass AeonConfig(b.LayerConfig):\n"
            "    tile_n: int\n",
            11,
        ),
        # field() without a default is no default; a ClassVar above it is no field
        (
            "from typing import ClassVar\n\n\n@dataclass\nclass AeonConfig(LayerConfig):\n"
            "    kind: ClassVar[str] = 'aeon'\n    tiles: list[int] = field(repr=False)\n",
            12,
        ),
    ],
)
def test_a_fork_field_without_a_default_behind_the_new_one(git_repo: GitRepo, fork: str, line: int) -> None:
    [(at, severity, message)] = _found(git_repo, fork, DEFAULTED)
    assert (at, severity) == (line, "error")
    assert "now follows LayerConfig.key, a defaulted field upstream gave the dataclass base" in message
    assert "TypeError" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # a default of its own, a factory, kw_only on the field, on the class, a KW_ONLY marker
        ("@dataclass\nclass AeonConfig(LayerConfig):\n    tile_n: int = 128\n", DEFAULTED),
        ("@dataclass\nclass AeonConfig(LayerConfig):\n    tiles: list[int] = field(default_factory=list)\n", DEFAULTED),
        ("@dataclass\nclass AeonConfig(LayerConfig):\n    tile_n: int = field(kw_only=True)\n", DEFAULTED),
        ("@dataclass(kw_only=True)\nclass AeonConfig(LayerConfig):\n    tile_n: int\n", DEFAULTED),
        (
            "from dataclasses import KW_ONLY\n\n\n@dataclass\nclass AeonConfig(LayerConfig):\n"
            "    _: KW_ONLY\n    tile_n: int\n",
            DEFAULTED,
        ),
        # init=False takes no place in __init__; a class that is no dataclass has no fields
        ("@dataclass\nclass AeonConfig(LayerConfig):\n    tile_n: int = field(init=False)\n", DEFAULTED),
        ("class AeonConfig(LayerConfig):\n    tile_n: int\n", DEFAULTED),
        # upstream's new field has no default: the fork's follows it soundly (another check's concern)
        ("@dataclass\nclass AeonConfig(LayerConfig):\n    tile_n: int\n", DEFAULTED.replace(" = None", "")),
        # upstream's new field is keyword-only
        (
            "@dataclass\nclass AeonConfig(LayerConfig):\n    tile_n: int\n",
            DEFAULTED.replace("None = None", "None = field(default=None, kw_only=True)").replace(
                "import dataclass", "import dataclass, field"
            ),
        ),
    ],
)
def test_quiet_where_the_order_holds(git_repo: GitRepo, fork: str, upstream: str) -> None:
    assert _found(git_repo, fork, upstream) == []
