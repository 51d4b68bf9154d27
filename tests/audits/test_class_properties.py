"""Class-read properties: a class variable upstream made a property, read by the fork off the class.

Shaped like #30761 (b89443b8d9), which turned ``KVConnectorBase_V1.prefer_cross_layer_blocks: ClassVar[bool] =
False`` into a ``@property``: ``connector_cls.prefer_cross_layer_blocks`` off a ``type[...]`` is the property object
now, always truthy.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "vllm/kv/base.py"
BASE = """from typing import ClassVar


class Connector:
    prefer_blocks: ClassVar[bool] = False
    kind = "plain"

    def __init__(self) -> None:
        self.ready = True
"""
UPSTREAM = """from typing import ClassVar


class Connector:
    kind = "plain"

    def __init__(self) -> None:
        self.ready = True

    @property
    def prefer_blocks(self) -> bool:
        return False
"""
SUBJECT = "[KVConnector]: Enable Cross-layers KV cache layout for MultiConnector (#30761)"
FORK = "vllm/aeon/props.py"
HEAD = "from vllm.kv.base import Connector\n\n\n"


def errors(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list:
    sides = s.merge_case(
        git_repo,
        {BASE_PATH: BASE, "vllm/kv/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {BASE_PATH: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [r for r in found if r[0] == FORK and r[2] == "error" and "off a class" in r[3]]


CLASS_READ_ROWS = [
    ("WANTS = bool(Connector.prefer_blocks)\n", 4, HEAD),
    (
        "def aeon(cls_: type[Connector]) -> int:\n    if cls_.prefer_blocks:\n        return 1\n    return 0\n",
        5,
        HEAD,
    ),
    ("class AeonConnector(Connector):\n    pass\n\n\nWANTS = AeonConnector.prefer_blocks is True\n", 8, HEAD),
    ("WANTS = getattr(kv.Connector, 'prefer_blocks', False)\n", 4, "from vllm.kv import base as kv\n\n\n"),
]


@pytest.mark.parametrize(
    ("body", "line", "head"),
    CLASS_READ_ROWS,
    ids=["off the imported class", "a type[] parameter in an if", "a fork subclass binding nothing", "getattr, alias"],
)
def test_a_read_off_the_class_is_an_error(git_repo: GitRepo, no_rules: Path, body: str, line: int, head: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {BASE_PATH: BASE, "vllm/kv/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [h + b for b, _, h in CLASS_READ_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {BASE_PATH: UPSTREAM})]
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, head + body, upstream, SYMBOL_DRIFT, "vllm/aeon")
    [(found, message)] = [
        (f.line, f.message) for f in rows if f.severity.value == "error" and "off a class" in f.message
    ]
    assert found == line
    assert "property object itself" in message


@pytest.mark.parametrize(
    "body",
    [
        "def aeon(conn: Connector) -> bool:\n    return conn.prefer_blocks\n",
        "class AeonConnector(Connector):\n    prefer_blocks = True\n\n\nWANTS = AeonConnector.prefer_blocks\n",
        "DOC = Connector.prefer_blocks.__doc__\nIS_PROP = isinstance(Connector.prefer_blocks, property)\n",
        "KIND = Connector.kind\n",
        "def aeon(conn: Connector) -> bool:\n    return getattr(conn, 'prefer_blocks', False)\n",
        "class AeonConnector(Connector):\n    def aeon(self) -> bool:\n        return self.prefer_blocks\n",
    ],
    ids=["an instance read", "a subclass binding it", "the descriptor asked after", "a kept class variable",
         "getattr off an instance", "self."],
)  # fmt: skip
def test_reads_of_the_value_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert errors(git_repo, no_rules, body) == []


def test_the_forks_own_namesake_class_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "class Connector:\n    prefer_blocks = True\n\n\nWANTS = Connector.prefer_blocks\n"
    assert errors(git_repo, no_rules, body, head="") == []


# review107: twins of the widening, correct after the merge and once falsely errored
@pytest.mark.parametrize(
    "body",
    [
        "class Blocks:\n    prefer_blocks = True\n\n\nclass AeonConnector(Blocks, Connector):\n    pass\n\n\n"
        "WANTS = AeonConnector.prefer_blocks\n",
        "class Blocks:\n    prefer_blocks = True\n\n\nclass Mid(Blocks):\n    pass\n\n\n"
        "class AeonConnector(Mid, Connector):\n    pass\n\n\nWANTS = AeonConnector.prefer_blocks\n",
        "def aeon() -> bool:\n    flag = Connector.prefer_blocks\n"
        "    return False if isinstance(flag, property) else bool(flag)\n",
        "class AeonConnector(Connector):\n    pass\n\n\nAeonConnector.prefer_blocks = True\n"
        "WANTS = AeonConnector.prefer_blocks\n",
        "class AeonConnector(Connector):\n    pass\n\n\nsetattr(AeonConnector, 'prefer_blocks', True)\n"
        "WANTS = AeonConnector.prefer_blocks\n",
        "WANTS = Connector.prefer_blocks if isinstance(Connector.prefer_blocks, bool) else False\n",
    ],
    ids=[
        "a mixin binding it ahead of the class",
        "through a fork base binding it ahead",
        "a local asked isinstance",
        "stored on the class past its body",
        "setattr on the class",
        "in the true branch of isinstance of it",
    ],
)
def test_a_binding_ahead_in_the_bases_or_a_local_told_apart_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert errors(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            "class Blocks:\n    prefer_blocks = True\n\n\nclass AeonConnector(Connector, Blocks):\n    pass\n\n\n"
            "WANTS = AeonConnector.prefer_blocks\n",
            12,
        ),
        ("def aeon() -> bool:\n    flag = Connector.prefer_blocks\n    return bool(flag)\n", 5),
        ("WANTS = True if isinstance(Connector.prefer_blocks, property) else Connector.prefer_blocks\n", 4),
    ],
    ids=["the mixin behind the class", "a local never told apart", "in the false branch of isinstance of it"],
)
def test_the_class_ahead_of_a_mixin_or_a_local_kept_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    [(_, found, _, _)] = errors(git_repo, no_rules, body)
    assert found == line


# readG: a name the read's scope binds anew is no longer surely the ``type[C]`` parameter
@pytest.mark.parametrize(
    "body",
    [
        "def aeon(conn: type[Connector], conns: list[Connector]) -> list[bool]:\n"
        "    return [conn.prefer_blocks for conn in conns]\n",
        "def aeon(conn: type[Connector], conns: list[Connector]) -> list[bool]:\n"
        "    return sorted(conns, key=lambda conn: conn.prefer_blocks)\n",
        "def aeon(conn: type[Connector]) -> bool:\n    conn = conn()\n    return conn.prefer_blocks\n",
        "def aeon(conn: type[Connector]) -> bool:\n    def inner(conn: Connector) -> bool:\n"
        "        return conn.prefer_blocks\n    return inner(conn())\n",
        "def aeon(*conn: type[Connector]) -> bool:\n    return bool(conn.prefer_blocks)\n",
    ],
    ids=[
        "a comprehension's own name",
        "a lambda's own parameter",
        "rebound to an instance",
        "an inner def's own",
        "a star parameter's tuple",
    ],
)
def test_a_type_parameter_shadowed_or_rebound_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert errors(git_repo, no_rules, body) == []


def test_a_comprehension_elsewhere_in_the_function_leaves_the_parameter_the_class(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """readG: a comprehension's ``c`` is its own; the function's ``c`` is still the ``type[C]`` parameter."""
    body = "def aeon(c: type[Connector], cs: list[Connector]) -> list[bool]:\n"
    body += "    seen = [c.kind for c in cs]\n    return [*seen, bool(c.prefer_blocks)]\n"
    [(_, found, _, _)] = errors(git_repo, no_rules, body)
    assert found == 6
