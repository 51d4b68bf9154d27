"""Struct tuple drift: a fork line reads a msgspec Struct's fields by position through ``astuple``.

Shaped like #17214 (df6f3ce883), which took ``prompt`` out of ``EngineCoreRequest`` (its second field):
a fork line ``rid, prompt, ids, *_ = msgspec.structs.astuple(request)`` merges cleanly and from then on
binds the token ids to ``prompt`` and the multimodal inputs to ``ids``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENGINE = "vllm/v1/engine/__init__.py"
ENGINE_BASE = """from typing import Any, Optional

import msgspec


class EngineCoreRequest(msgspec.Struct, array_like=True, omit_defaults=True):
    request_id: str
    prompt: Optional[str]
    prompt_token_ids: list[int]
    mm_inputs: Optional[list[Any]]
    sampling_params: Any
    arrival_time: float
"""
ENGINE_UPSTREAM = ENGINE_BASE.replace("    prompt: Optional[str]\n", "")
SUBJECT = "[V1] Remove prompt from EngineCoreRequest (#17214)"
FORK = "vllm/aeon/replay_tuple.py"
HEAD = "import msgspec\n\nfrom vllm.v1.engine import EngineCoreRequest\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    sides = s.merge_case(
        git_repo,
        {ENGINE: ENGINE_BASE, "vllm/v1/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {ENGINE: ENGINE_UPSTREAM})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT) if r[0] == FORK]


POSITIONAL_READS = [
    "def aeon_ids(request: EngineCoreRequest) -> list[int]:\n"
    "    rid, prompt, ids, *_ = msgspec.structs.astuple(request)\n    return ids\n",
    "def aeon_ids(request: EngineCoreRequest) -> list[int]:\n    return msgspec.structs.astuple(request)[2]\n",
    "def aeon_ids(request: EngineCoreRequest) -> float:\n    return msgspec.structs.astuple(request)[-5]\n",
    "def aeon_ids(request: EngineCoreRequest):\n"
    "    a, b, c, d, e, f = msgspec.structs.astuple(request)\n    return c\n",
]


@pytest.mark.parametrize(
    "body",
    POSITIONAL_READS,
    ids=["star unpack", "index", "index from the end", "full unpack"],
)
def test_a_positional_read_of_a_struct_whose_fields_moved_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {ENGINE: ENGINE_BASE, "vllm/v1/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [HEAD + text for text in POSITIONAL_READS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {ENGINE: ENGINE_UPSTREAM})]
    _, found = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstream, LAYOUT_DRIFT, "vllm/aeon")
    [(line, severity, message)] = [(f.line, f.severity.value, f.message) for f in found]
    assert (line, severity) == (7, "error")
    assert "reads EngineCoreRequest's fields by position (astuple)" in message and "#17214" in message


@pytest.mark.parametrize(
    "body",
    [
        # the first field stayed in place
        "def aeon_rid(request: EngineCoreRequest) -> str:\n    return msgspec.structs.astuple(request)[0]\n",
        # the last field is still the last
        "def aeon_t(request: EngineCoreRequest) -> float:\n    return msgspec.structs.astuple(request)[-1]\n",
        # an untyped argument: which class is unknown
        "def aeon_ids(request):\n    return msgspec.structs.astuple(request)[2]\n",
        # read by name
        "def aeon_ids(request: EngineCoreRequest) -> list[int]:\n    return request.prompt_token_ids\n",
    ],
    ids=["first stayed", "last stayed", "untyped", "by name"],
)
def test_struct_tuple_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


# -- the other positional views: asdict(x).values(), vars(x).values(), x.__dict__.values() (killers227) --------
# Shaped like #22678 (c6b928798e), which gave ``PerLayerParameters`` a fourth field (``has_sinks``): a fork's
# ``window_left, soft_cap, sm_scale = vars(params).values()`` merges cleanly and raises ValueError.
PARAMS = "vllm/v1/attention/backends/utils.py"
PARAMS_BASE = """from dataclasses import dataclass, field
from typing import Optional


@dataclass
class PerLayerParameters:
    window_left: int
    logits_soft_cap: Optional[float]
    sm_scale: float


class PlainParameters:
    window_left: int
    logits_soft_cap: Optional[float]
    sm_scale: float


@dataclass
class OffloadState:
    config: int
    groups: tuple = field(init=False)
    hits: int = 0

    def __post_init__(self) -> None:
        self.groups = ()


@dataclass
class Checked:
    a: int
    b: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a")


@dataclass
class Filled:
    a: int
    cache: dict = field(init=False)

    def __post_init__(self) -> None:
        self._fill()
"""
PARAMS_UPSTREAM = (
    PARAMS_BASE.replace("    sm_scale: float\n", "    sm_scale: float\n    has_sinks: bool = False\n", 1)
    .replace(
        "    groups: tuple = field(init=False)\n",
        "    groups: tuple = field(init=False)\n    ctx: int = field(init=False)\n",
    )
    .replace("        self.groups = ()\n", "        self.groups = ()\n        self.ctx = 0\n")
    .replace("    a: int\n    b: int\n", "    a: int\n    b: int\n    c: int = 0\n")
    .replace("    a: int\n    cache: dict", "    a: int\n    z: int = 0\n    cache: dict")
)
PARAMS_SUBJECT = "Force TRTLLM attention for gpt-oss on SM100 (#22678)"
PARAMS_HEAD = "import dataclasses\n\nfrom vllm.v1.attention.backends.utils import Checked, Filled, OffloadState, PerLayerParameters, PlainParameters\n\n\n"


def params_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    sides = s.merge_case(
        git_repo,
        {PARAMS: PARAMS_BASE, "vllm/v1/attention/backends/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: PARAMS_HEAD + body},
        [(PARAMS_SUBJECT, {PARAMS: PARAMS_UPSTREAM})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT) if r[0] == FORK]


VIEWS = [
    "def aeon(p: PerLayerParameters):\n    w, cap, scale = vars(p).values()\n    return w\n",
    "def aeon(p: PerLayerParameters):\n    w, cap, scale = p.__dict__.values()\n    return w\n",
    "def aeon(p: PerLayerParameters):\n    w, cap, scale = dataclasses.asdict(p).values()\n    return w\n",
    "def aeon(p: PerLayerParameters):\n    return tuple(vars(p).values())[-1]\n",
    "def aeon(p: PerLayerParameters):\n    return list(dataclasses.asdict(p).values())[-1]\n",
]


@pytest.mark.parametrize(
    "body", VIEWS, ids=["vars unpack", "__dict__ unpack", "asdict unpack", "vars last", "asdict last"]
)
def test_a_positional_view_of_a_dataclass_whose_fields_grew_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    [(_path, line, severity, message)] = params_rows(git_repo, no_rules, body)
    assert (line, severity) == (7, "error")
    assert "reads PerLayerParameters's fields by position" in message and "#22678" in message


@pytest.mark.parametrize(
    "body",
    [
        # the first field stayed in place
        "def aeon(p: PerLayerParameters):\n    return tuple(vars(p).values())[0]\n",
        # a plain class: its __dict__ follows its __init__, not the annotations
        "def aeon(p: PlainParameters):\n    w, cap, scale = vars(p).values()\n    return w\n",
        # an untyped argument
        "def aeon(p):\n    w, cap, scale = vars(p).values()\n    return w\n",
        # the values of a dict, not of an instance
        "def aeon(p: PerLayerParameters, table: dict):\n    w, cap, scale = table.values()\n    return w\n",
        # read by name
        "def aeon(p: PerLayerParameters):\n    return p.window_left, p.logits_soft_cap, p.sm_scale\n",
    ],
    ids=["first stayed", "plain class", "untyped", "a dict's values", "by name"],
)
def test_positional_view_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert params_rows(git_repo, no_rules, body) == []


# -- review131: vars() of a dataclass holds what __init__ stores, then what __post_init__ sets; the library's asdict
# ``OffloadState`` (shaped like #39185, 4353c9cb4a): ``groups`` and upstream's ``ctx`` are ``field(init=False)``,
# set by ``__post_init__`` in that order after ``__init__`` stored ``config`` and ``hits``.
@pytest.mark.parametrize(
    "body",
    [
        # four values now: config, hits, groups, ctx
        "def aeon(s: OffloadState):\n    config, hits, groups = vars(s).values()\n    return groups\n",
        # the last value is ctx now
        "def aeon(s: OffloadState):\n    *_, groups = vars(s).values()\n    return groups\n",
        # the library's asdict under another name
        "from dataclasses import asdict as to_dict\n\n\n"
        "def aeon(p: PerLayerParameters):\n    w, cap, scale = to_dict(p).values()\n    return w\n",
        # a __post_init__ that only tests its fields sets none: the count is known
        "def aeon(k: Checked):\n    a, b = vars(k).values()\n    return a\n",
    ],
    ids=["vars count", "vars last", "aliased asdict", "post-init tests only"],
)
def test_a_view_in_the_stored_order_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(_path, _line, severity, message)] = params_rows(git_repo, no_rules, body)
    assert severity == "error" and "by position" in message


@pytest.mark.parametrize(
    "body",
    [
        # the third value: groups, set first by __post_init__ on both sides (ctx is declared before hits)
        "def aeon(s: OffloadState):\n    return list(vars(s).values())[2]\n",
        "def aeon(s: OffloadState):\n    return list(vars(s).values())[1]\n",
        # the fork's own asdict of three keys
        "def asdict(p: PerLayerParameters) -> dict:\n    return {'w': p.window_left, 'c': 0, 's': p.sm_scale}\n\n\n"
        "def aeon(p: PerLayerParameters):\n    w, cap, scale = asdict(p).values()\n    return w\n",
        # the fork's own dataclass of the name
        "@dataclasses.dataclass\nclass PerLayerParameters:\n    w: int\n    c: float\n    s: float\n\n\n"
        "def aeon(p: PerLayerParameters):\n    w, cap, scale = vars(p).values()\n    return w\n",
        # __post_init__ calls a method of self: what it sets, and where, is not written down (unjudged)
        "def aeon(f: Filled):\n    *_, cache = vars(f).values()\n    return cache\n",
    ],
    ids=["post-init's first", "stored by __init__", "own asdict", "own class", "post-init calls self"],
)
def test_stored_order_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert params_rows(git_repo, no_rules, body) == []


# -- mend81: a view bound to a local first, then unpacked or indexed -------------------------------------------
HELD_READS = [
    "def aeon_ids(request: EngineCoreRequest) -> list[int]:\n"
    "    fields = msgspec.structs.astuple(request)\n    rid, prompt, ids, *_ = fields\n    return ids\n",
    "def aeon_ids(request: EngineCoreRequest) -> list[int]:\n"
    "    fields = msgspec.structs.astuple(request)\n    return fields[2]\n",
    "def aeon_ids(request: EngineCoreRequest) -> float:\n"
    "    fields = list(msgspec.structs.astuple(request))\n    return fields[-5]\n",
    "def aeon_ids(request: EngineCoreRequest):\n"
    "    fields = tuple(msgspec.structs.astuple(request))\n    a, b, c, d, e, f = fields\n    return fields.index(c)\n",
]


@pytest.mark.parametrize("body", HELD_READS, ids=["star unpack", "index", "index from the end", "full unpack"])
def test_a_positional_read_of_a_view_held_by_a_local_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    base = {ENGINE: ENGINE_BASE, "vllm/v1/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [HEAD + text for text in HELD_READS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {ENGINE: ENGINE_UPSTREAM})]
    _, found = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstream, LAYOUT_DRIFT, "vllm/aeon")
    [(line, severity, message)] = [(f.line, f.severity.value, f.message) for f in found]
    assert (line, severity) == (8, "error")
    assert "reads EngineCoreRequest's fields by position (astuple)" in message and "#17214" in message


HELD_TWINS = {
    "the first field": "def aeon_rid(request: EngineCoreRequest) -> str:\n"
    "    fields = msgspec.structs.astuple(request)\n    return fields[0]\n",
    "rebound": "def aeon_ids(request: EngineCoreRequest):\n"
    "    fields = msgspec.structs.astuple(request)\n    fields = fields[:1] + fields[2:]\n    return fields[2]\n",
    "changed in place": "def aeon_ids(request: EngineCoreRequest):\n"
    "    fields = list(msgspec.structs.astuple(request))\n    fields.insert(1, None)\n    return fields[2]\n",
    "a parameter": "def aeon_ids(request: EngineCoreRequest, fields=()):\n"
    "    fields = msgspec.structs.astuple(request)\n    return fields[2]\n",
    "not a view": "def aeon_ids(request: EngineCoreRequest):\n    fields = request.prompt_token_ids\n    return fields[2]\n",
}


@pytest.mark.parametrize("name", list(HELD_TWINS))
def test_held_view_twins(git_repo: GitRepo, no_rules: Path, name: str) -> None:
    assert rows(git_repo, no_rules, HELD_TWINS[name]) == []
