"""Descriptor kinds: a def upstream moved between ``@property`` and ``@cached_property``, its old kind's parts read
by the fork off the class.

Shaped like #35099 (80d93fd6da), which made ``ModelConfig.is_encoder_decoder`` a ``cached_property``: a fork's
``ModelConfig.is_encoder_decoder.fget(cfg)`` raises AttributeError (a cached property has no ``fget``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "vllm/cfg/model.py"
BASE = """from functools import cached_property


class ModelConfig:
    def __init__(self) -> None:
        self.hf = {}

    @property
    def is_encdec(self) -> bool:
        return bool(self.hf)

    @cached_property
    def is_moe(self) -> bool:
        return False

    @property
    def kept(self) -> bool:
        return True
"""
UPSTREAM = BASE.replace("@property\n    def is_encdec", "@cached_property\n    def is_encdec").replace(
    "@cached_property\n    def is_moe", "@property\n    def is_moe"
)
SUBJECT = "gpu_model_runner: Cache is_encoder_decoder from model config (#35099)"
FORK = "vllm/aeon/kinds.py"
HEAD = "from vllm.cfg.model import ModelConfig\n\n\n"


def errors(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list:
    sides = s.merge_case(
        git_repo,
        {BASE_PATH: BASE, "vllm/cfg/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {BASE_PATH: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [r for r in found if r[0] == FORK and r[2] == "error" and "no such part" in r[3]]


OLD_KIND_ROWS = [
    ("def fresh(cfg):\n    return ModelConfig.is_encdec.fget(cfg)\n", 5, HEAD),
    (
        "class AeonConfig(ModelConfig):\n    pass\n\n\ndef fresh(cfg):\n    return AeonConfig.is_encdec.fget(cfg)\n",
        9,
        HEAD,
    ),
    ("def fresh(cfg):\n    return m.ModelConfig.is_encdec.fget(cfg)\n", 5, "from vllm.cfg import model as m\n\n\n"),
    ("RAW = ModelConfig.is_moe.func\n", 4, HEAD),
    (
        "class Aeon(ModelConfig):\n    @ModelConfig.is_encdec.setter\n    def is_encdec(self, v):\n        pass\n",
        5,
        HEAD,
    ),
    ("RAW = ModelConfig.is_encdec.fget\n", 4, "from vllm.cfg import ModelConfig\n\n\n"),
    (
        "def moe(cls_: type[ModelConfig], cfg) -> bool:\n    return cls_.is_moe.func(cfg)\n",
        5,
        HEAD,
    ),
]


@pytest.mark.parametrize(
    ("body", "line", "head"),
    OLD_KIND_ROWS,
    ids=[
        "fget off the imported class",
        "fget off a fork subclass",
        "a module alias",
        "func of a cached one",
        "a setter decorator",
        "a package's re-export",
        "type[]",
    ],
)
def test_an_old_kinds_part_is_an_error(git_repo: GitRepo, no_rules: Path, body: str, line: int, head: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {BASE_PATH: BASE, "vllm/cfg/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [h + b for b, _, h in OLD_KIND_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {BASE_PATH: UPSTREAM})]
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, head + body, upstream, SYMBOL_DRIFT, "vllm/aeon")
    [(found, message)] = [
        (f.line, f.message) for f in rows if f.severity.value == "error" and "no such part" in f.message
    ]
    assert found == line
    assert "cached_property" in message or "a property" in message


@pytest.mark.parametrize(
    "body",
    [
        "def read(cfg):\n    return cfg.is_encdec\n",
        "KEPT = ModelConfig.kept.fget\n",
        "DOC = ModelConfig.is_encdec.__doc__\n",
        "RAW = ModelConfig.is_encdec.func\n",
        "RAW = getattr(ModelConfig.is_encdec, 'fget', None)\n",
        "def fresh(cfg):\n    if hasattr(ModelConfig.is_encdec, 'fget'):\n        return ModelConfig.is_encdec.fget(cfg)\n"
        "    return cfg.is_encdec\n",
        "def fresh(cfg):\n    try:\n        return ModelConfig.is_encdec.fget(cfg)\n    except AttributeError:\n"
        "        return cfg.is_encdec\n",
        "class AeonConfig(ModelConfig):\n    @property\n    def is_encdec(self) -> bool:\n        return True\n\n\n"
        "RAW = AeonConfig.is_encdec.fget\n",
        "class ModelConfig2:\n    @property\n    def is_encdec(self) -> bool:\n        return True\n\n\n"
        "RAW = ModelConfig2.is_encdec.fget\n",
    ],
    ids=[
        "a read off an instance",
        "a kept property",
        "a part both kinds have",
        "the new kind's part",
        "getattr with a default",
        "under hasattr",
        "in a try catching AttributeError",
        "a fork subclass's own property",
        "the fork's own namesake class",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert errors(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "parses"),
    [
        ("def fresh(cfg):\n    return cfg.is_encdec\n", False),
        ("def fresh(cfg):\n    return ModelConfig.is_encdec.fget(cfg)\n", True),
    ],
    ids=["names no part", "names a part"],
)
def test_a_fork_naming_no_descriptor_part_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, body: str, parses: bool
) -> None:
    """perf37's gate: every finding's fork line reads ``.name.part`` (a part of a descriptor kind), so a fork whose
    added lines hold no part word parses no upstream file for this check; one reading ``fget`` still errs."""
    import sys

    from aeon_release.domain.audits.drift import class_properties, sides

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[tuple[str, object, object]]:
        callers = {sys._getframe(depth).f_code.co_name for depth in range(1, 4)}
        for both in sides.parsed_versions(*args):  # type: ignore[arg-type]
            if "descriptor_kind_drift" in callers:
                parsed.append(both[0])
            yield both

    monkeypatch.setattr(class_properties, "parsed_versions", recording)
    found = errors(git_repo, no_rules, body)
    assert [r[1] for r in found] == ([5] if parses else [])
    assert bool(parsed) is parses
