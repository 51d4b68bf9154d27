"""Result kind drift for a binary string: upstream made a function that answered ``bytes`` answer another kind.

Shaped like vLLM #24925 (08369289af): ``MultiModalHasher.serialize_item`` was annotated ``Union[bytes,
memoryview]`` and now answers ``Iterable[Union[bytes, memoryview]]`` (a tuple of chunks), so a fork's
``serialize_item(name).hex()`` raises AttributeError and ``b"tag:" + serialize_item(x)`` raises TypeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

HASHER = "vllm/mm/hasher.py"
HASHER_BASE = """from typing import Union


class Hasher:
    @classmethod
    def serialize(cls, obj: object) -> Union[bytes, memoryview]:
        return str(obj).encode()

    def digest(self, obj: object) -> bytes:
        return str(obj).encode()
"""
HASHER_NOW = HASHER_BASE.replace(
    "from typing import Union", "from collections.abc import Iterable\nfrom typing import Union"
).replace(
    "-> Union[bytes, memoryview]:\n        return str(obj).encode()",
    "-> Iterable[Union[bytes, memoryview]]:\n        return (str(obj).encode(),)",
)
DIGEST_STR = HASHER_BASE.replace(
    "def digest(self, obj: object) -> bytes:\n        return str(obj).encode()",
    "def digest(self, obj: object) -> str:\n        return str(obj)",
)
PACKAGES = {"vllm/__init__.py": "", "vllm/mm/__init__.py": ""}
USE = "vllm/aeon_use.py"
HEAD = "from vllm.mm.hasher import Hasher\n\n\n"


def _found(git_repo: GitRepo, tmp_path: Path, body: str, theirs: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {HASHER: HASHER_BASE, **PACKAGES}, {USE: HEAD + body}, {HASHER: theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    ("body", "needle", "theirs"),
    [
        ("def key(name: str) -> str:\n    return Hasher.serialize(name).hex()\n", ".hex()", HASHER_NOW),
        (
            "def key(name: str) -> str:\n    blob = Hasher.serialize(name)\n    return blob.decode()\n",
            "blob.decode()",
            HASHER_NOW,
        ),
        ('def key(name: str) -> bytes:\n    return b"aeon:" + Hasher.serialize(name)\n', 'b"aeon:"', HASHER_NOW),
        ("def text(h: Hasher, x: object) -> str:\n    return h.digest(x).decode()\n", ".decode()", DIGEST_STR),
        ('def same(h: Hasher, x: object) -> bool:\n    return h.digest(x) == b"x"\n', '== b"x"', DIGEST_STR),
    ],
    ids=["hex on a tuple of chunks", "decode through a name", "joined to bytes", "decode on a str", "== bytes"],
)
def test_a_bytes_answer_upstream_made_another_kind(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str, theirs: str
) -> None:
    assert _found(git_repo, tmp_path, body, theirs) == [(USE, line_of(HEAD + body, needle), "error")]


@pytest.mark.parametrize(
    ("body", "theirs"),
    [
        # the new spelling: the chunks joined first
        ('def key(name: str) -> str:\n    return b"".join(Hasher.serialize(name)).hex()\n', HASHER_NOW),
        # a use both kinds have
        ("def size(name: str) -> int:\n    return len(Hasher.serialize(name))\n", HASHER_NOW),
        ("def text(h: Hasher, x: object) -> object:\n    return h.digest(x).upper()\n", DIGEST_STR),
        # a kind test, or a handler for the method gone
        (
            "def key(name: str) -> str:\n    blob = Hasher.serialize(name)\n"
            '    return blob.hex() if isinstance(blob, bytes) else b"".join(blob).hex()\n',
            HASHER_NOW,
        ),
        (
            "def key(name: str) -> str:\n    try:\n        return Hasher.serialize(name).hex()\n"
            "    except AttributeError:\n        return ''\n",
            HASHER_NOW,
        ),
        # narrowed within the binary kinds: still answers hex()
        (
            "def key(name: str) -> str:\n    return Hasher.serialize(name).hex()\n",
            HASHER_BASE.replace("-> Union[bytes, memoryview]:", "-> bytes:"),
        ),
    ],
    ids=["joined first", "len", "a method str has too", "isinstance", "except AttributeError", "bytes only"],
)
def test_a_bytes_use_the_new_kind_survives_stays_silent(
    git_repo: GitRepo, tmp_path: Path, body: str, theirs: str
) -> None:
    assert _found(git_repo, tmp_path, body, theirs) == []
