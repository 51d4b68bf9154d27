"""Field bounds (misses1): a validated config field upstream bounded with ``Field(gt=/ge=/lt=/le=/max_length=)``,
built by the fork with a constant outside the bound.  Rebuilt from #36261 (``EPLBConfig.window_size`` made
``Field(default=1000, gt=0)``) and #44057 (``ParallelConfig`` knobs made ``Field(default=1, ge=1)``) as clean
git merges, with twins (fork code the bound keeps, or a class nothing validates) that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, row_side_by_side, three_way

PAR = "vllm/config/parallel.py"
BASE = """from pydantic import Field
from pydantic.dataclasses import dataclass


@dataclass
class EPLBConfig:
    window_size: int = 1000
    step_interval: int = 3000
    log_interval: int | None = None
    tag: str = ""
"""
AFTER = (
    BASE.replace("window_size: int = 1000", "window_size: int = Field(default=1000, gt=0)")
    .replace("step_interval: int = 3000", "step_interval: Annotated[int, Field(ge=1)] = 3000")
    .replace("log_interval: int | None = None", "log_interval: int | None = Field(None, le=100)")
    .replace('tag: str = ""', 'tag: str = Field(default="", max_length=4)')
    .replace("from pydantic import Field\n", "from typing import Annotated\n\nfrom pydantic import Field\n")
)
FILES = {"vllm/__init__.py": "", "vllm/config/__init__.py": "", PAR: BASE}
CONF = "vllm/aeon/eplb.py"
HEADER = "from vllm.config.parallel import EPLBConfig\n\nflag = 0\n"


def errors(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    return [(f.line, f.message) for f in report.findings if f.path == path and f.severity.value == "error"]


# The error rows of the two tests below that build the class with keywords only each put one fork module beside the
# same base and upstream, none importing another's, and each pins its own module's errors of every rule: one merge
# and one audit of all their modules side by side answers each row (7 merges and audits became one per process;
# suitespeed14, through ``trees.row_side_by_side`` with every rule kept).  The rows that define a fork class
# (``COPY``'s ``Mine``) keep a merge each: another row's same-named class could answer for theirs.
_ERROR_TEXTS: list[str] = []


def _error_rows(texts: list[str]) -> list[str]:
    _ERROR_TEXTS.extend(texts)
    return texts


def errors_among(repo: GitRepo, tmp_path: Path, text: str) -> list[tuple[int, str]]:
    """``errors`` of ``text``'s module, from the one merge and audit of every ``_error_rows`` module."""
    _, found = row_side_by_side(repo, tmp_path, FILES, _ERROR_TEXTS, text, {PAR: AFTER}, None, "vllm/aeon")
    return [(f.line, f.message) for f in found if f.severity.value == "error"]


BUILT = [
    ("EPLBConfig(window_size=0)", "Field(gt=0)"),
    ("EPLBConfig(step_interval=0, window_size=10)", "Field(ge=1)"),
    ("EPLBConfig(log_interval=1000)", "Field(le=100)"),
    ("EPLBConfig(tag='nvlink')", "Field(max_length=4)"),
    ("EPLBConfig(window_size=-1.5)", "Field(gt=0)"),
]
_error_rows([HEADER + f"AEON_EPLB = {built}\n" for built, _ in BUILT])


@pytest.mark.parametrize(
    ("built", "shown"), BUILT, ids=["gt", "ge in an Annotated", "le on an optional", "max_length", "a negative float"]
)
def test_a_constant_outside_a_new_bound(git_repo: GitRepo, tmp_path: Path, built: str, shown: str) -> None:
    text = HEADER + f"AEON_EPLB = {built}\n"
    [(line, message)] = errors_among(git_repo, tmp_path, text)
    assert line == line_of(text, "AEON_EPLB")
    assert f"is bounded by {shown}" in message


@pytest.mark.parametrize(
    ("base", "after", "built"),
    [
        (BASE, AFTER, "EPLBConfig(window_size=1)"),
        (BASE, AFTER, "EPLBConfig(step_interval=1, log_interval=100)"),
        (BASE, AFTER, "EPLBConfig(log_interval=None)"),
        (BASE, AFTER, "EPLBConfig(tag='nccl')"),
        (BASE, AFTER, "EPLBConfig(window_size=flag)"),
        (BASE, AFTER, "EPLBConfig(window_size='0')"),
        (AFTER.replace("gt=0", "ge=0"), AFTER, "EPLBConfig(step_interval=0)"),
        (
            BASE,
            AFTER.replace("from pydantic.dataclasses import dataclass", "from dataclasses import dataclass"),
            "EPLBConfig(window_size=0)",
        ),
        (BASE, AFTER.replace("gt=0", "gt=0, alias='window'"), "EPLBConfig(window_size=0)"),
        (
            BASE,
            AFTER + "\n    @field_validator('window_size', mode='before')\n"
            "    def _floor(cls, v):\n        return max(v, 1)\n",
            "EPLBConfig(window_size=0)",
        ),
    ],
    ids=[
        "inside gt",
        "on the bounds",
        "None on an optional",
        "a short string",
        "a value not known",
        "a value of another kind",
        "the base bounded it already",
        "a stdlib dataclass checks nothing",
        "an aliased field",
        "a before validator may rewrite it",
    ],
)
def test_field_bound_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, base: str, after: str, built: str) -> None:
    text = HEADER + f"AEON_EPLB = {built}\n"
    sides = three_way(git_repo, {**FILES, PAR: base}, {CONF: text}, {PAR: after})
    assert errors(git_repo, no_rules, sides, CONF) == []


# fixAE: a ``with contextlib.suppress(ValidationError)`` falls back as a ``try`` does; a class name the file
# defines twice (a nested ``Outer.Options`` beside a top-level ``Options``) is not told apart by a bare name
NESTED_BASE = BASE.replace("from pydantic import Field\n", "from pydantic import BaseModel, Field\n") + (
    "\n\nclass Options:\n    size: int = 0\n\n\nclass Outer(BaseModel):\n    class Options(BaseModel):\n        size: int = 1\n"
)
NESTED_AFTER = NESTED_BASE.replace("        size: int = 1\n", "        size: int = Field(default=1, gt=0)\n")
SUPPRESSED = "AEON = EPLBConfig()\nwith contextlib.suppress(ValidationError):\n    AEON = EPLBConfig(window_size=0)\n"


@pytest.mark.parametrize(
    ("base", "after", "text"),
    [
        (BASE, AFTER, "import contextlib\n\nfrom pydantic import ValidationError\n\n" + HEADER + SUPPRESSED),
        (NESTED_BASE, NESTED_AFTER, "from vllm.config.parallel import Options\n\nAEON = Options(size=0)\n"),
    ],
    ids=["contextlib.suppress", "a nested class of the same name"],
)
def test_field_bound_fallbacks_stay_quiet(git_repo: GitRepo, no_rules: Path, base: str, after: str, text: str) -> None:
    sides = three_way(git_repo, {**FILES, PAR: base}, {CONF: text}, {PAR: after})
    assert errors(git_repo, no_rules, sides, CONF) == []


# fixAH: ``@final @dataclass`` of the stdlib in a file importing pydantic's ``Field``: nothing validates
STDLIB = ("from pydantic.dataclasses import dataclass", "from dataclasses import dataclass\nfrom typing import final")


def test_a_stdlib_dataclass_with_another_decorator_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    base, after = (t.replace(*STDLIB).replace("@dataclass\n", "@final\n@dataclass\n") for t in (BASE, AFTER))
    sides = three_way(
        git_repo, {**FILES, PAR: base}, {CONF: HEADER + "AEON = EPLBConfig(window_size=0)\n"}, {PAR: after}
    )
    assert errors(git_repo, no_rules, sides, CONF) == []


# fixAH: a build behind a version test is the fork's path for the old release: a warning
GATED = (
    "import vllm\n\n"
    + HEADER
    + (
        "if vllm.__version__ < '0.12':\n    AEON = EPLBConfig(window_size=0)\nelse:\n    AEON = EPLBConfig(window_size=1)\n"
    )
)


def test_a_build_behind_a_version_test_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    sides = three_way(git_repo, {**FILES, PAR: BASE}, {CONF: GATED}, {PAR: AFTER})
    report = git_repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    assert [(f.line, f.severity.value) for f in report.findings if f.path == CONF] == [(7, "warning")]


# killers199 (parcfg #51469, #26417): a build whose other keywords are not constants, and a
# ``dataclasses.replace`` of an object annotated as the class, are read: a bound reads its own field only
COPY = (
    "import dataclasses\nfrom dataclasses import replace\n\n"
    + HEADER
    + "\n\nclass Mine:\n    window_size: int = 0\n\n\n"
)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        *zip(
            _error_rows(
                [
                    HEADER + "AEON_EPLB = EPLBConfig(window_size=0, step_interval=flag)\n",
                    HEADER + "AEON_EPLB = EPLBConfig(tag=str(flag), log_interval=1000)\n",
                ]
            ),
            ["Field(gt=0)", "Field(le=100)"],
            strict=True,
        ),
        (COPY + "def aeon(cfg: EPLBConfig):\n    AEON_EPLB = dataclasses.replace(cfg, window_size=0)\n", "Field(gt=0)"),
        (
            COPY + "def aeon(cfg: EPLBConfig, n: int):\n    AEON_EPLB = replace(cfg, tag='nvlink', step_interval=n)\n",
            "",
        ),
    ],
    ids=["a name beside", "a call beside", "dataclasses.replace", "a bare replace beside a name"],
)
def test_a_constant_outside_a_new_bound_among_unknowns(
    git_repo: GitRepo, no_rules: Path, tmp_path: Path, text: str, shown: str
) -> None:
    if text in _ERROR_TEXTS:
        [(line, message)] = errors_among(git_repo, tmp_path, text)
    else:
        sides = three_way(git_repo, FILES, {CONF: text}, {PAR: AFTER})
        [(line, message)] = errors(git_repo, no_rules, sides, CONF)
    assert line == line_of(text, "AEON_EPLB")
    assert f"is bounded by {shown}" in message


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "AEON_EPLB = EPLBConfig(window_size=flag, step_interval=1)\n",
        HEADER + "AEON_EPLB = EPLBConfig(window_size=0, **{'step_interval': flag})\n",
        COPY + "def aeon(cfg: EPLBConfig):\n    AEON_EPLB = dataclasses.replace(cfg, window_size=1)\n",
        COPY + "def aeon(cfg):\n    AEON_EPLB = dataclasses.replace(cfg, window_size=0)\n",
        COPY + "def aeon(cfg: Mine):\n    AEON_EPLB = dataclasses.replace(cfg, window_size=0)\n",
        COPY + "def aeon(cfg: EPLBConfig):\n    try:\n        return replace(cfg, window_size=0)\n"
        "    except ValueError:\n        return cfg\n",
    ],
    ids=[
        "the bounded field not known",
        "kwargs beside",
        "a copy inside",
        "a copy of what",
        "a copy of the fork's class",
        "a copy in a try",
    ],
)
def test_unknowns_and_copies_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    sides = three_way(git_repo, FILES, {CONF: text}, {PAR: AFTER})
    assert errors(git_repo, no_rules, sides, CONF) == []
