"""Twins from the final read of the thirty-fourth landing: correct fork code beside an upstream change the new
drift classes took for a killer.  Each was an error before its fix: a call named like a logger's
(``compute_logits``) taken for a line that only tells; a ``@singledispatch`` base's raise taken for the
behaviour (its registered implementations run); an optional import's fallback stub taken for the def; a
number or a string passed where a NewType of int or a class of string constants took the slot; an import
inside a nested def taken for the outer function's; a key a base writes into its ``**kwargs`` taken for one
it reads; a base method emptied while a subclass in a file upstream left alone does the work; a key a base reads
off ``**kwargs`` that only upstream's own subclass hands it through ``super()``.
"""

from __future__ import annotations

from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "vllm/lib.py"
FORK = "vllm/carry.py"


def run(git_repo: GitRepo, no_rules, base, fork, after):  # type: ignore[no-untyped-def]
    sides = s.merge_case(git_repo, base, fork, [("upstream change (#1)", after)])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.path, f.line, f.message) for f in report.findings if f.severity is Severity.ERROR]


def test_tells_logits(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = """class Proc:
    def apply(self, x: int) -> None:
        self.n = x
        self.m = x + 1

    def compute_logits(self, x: int) -> None:
        self.n = x * 2
"""
    after = base.replace("        self.n = x\n        self.m = x + 1\n", "        self.compute_logits(x)\n")
    fork_base = "from vllm.lib import Proc\n\n\n"
    fork = fork_base + "def f(p: Proc) -> None:\n    Proc.apply(p, 3)\n"
    rows = run(git_repo, no_rules, {LIB: base, FORK: fork_base}, {FORK: fork}, {LIB: after})
    assert rows == []


def test_singledispatch(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = """import functools

Q: list[int] = []


def handle(x: int) -> None:
    if isinstance(x, int):
        Q.append(x)
    else:
        Q.append(0)
"""
    after = """import functools

Q: list[int] = []


@functools.singledispatch
def handle(x: int) -> None:
    raise NotImplementedError


@handle.register
def _(x: int) -> None:
    Q.append(x)
"""
    fork_base = "from vllm.lib import handle\n\n\n"
    fork = fork_base + "def f() -> None:\n    handle(3)\n"
    rows = run(git_repo, no_rules, {LIB: base, FORK: fork_base}, {FORK: fork}, {LIB: after})
    assert rows == []


def test_fallback_stub(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = """Q: list[int] = []


def fast_sum(x: int) -> None:
    Q.append(x)
    Q.sort()
"""
    after = """Q: list[int] = []

try:
    from vllm.kernels import fast_sum
except ImportError:

    def fast_sum(x: int) -> None:
        raise ImportError("install the kernels")
"""
    kern = "def fast_sum(x: int) -> None:\n    print(x)\n"
    fork_base = "from vllm.lib import fast_sum\n\n\n"
    fork = fork_base + "def f() -> None:\n    fast_sum(3)\n"
    rows = run(git_repo, no_rules, {LIB: base, FORK: fork_base}, {FORK: fork}, {LIB: after, "vllm/kernels.py": kern})
    assert rows == []


def test_rebound_stub(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = """Q: list[int] = []


def fast_sum(x: int) -> None:
    Q.append(x)
    Q.sort()
"""
    after = """Q: list[int] = []
HAS = True


def fast_sum(x: int) -> None:
    raise NotImplementedError


def _real(x: int) -> None:
    Q.append(x)


if HAS:
    fast_sum = _real
"""
    fork_base = "from vllm.lib import fast_sum\n\n\n"
    fork = fork_base + "def f() -> None:\n    fast_sum(3)\n"
    rows = run(git_repo, no_rules, {LIB: base, FORK: fork_base}, {FORK: fork}, {LIB: after})
    assert rows == []


def test_scalar_for_newtype(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = """Q: list[object] = []


def free(block_id: int) -> None:
    Q.append(block_id)


def build(kind: str) -> None:
    Q.append(kind)
"""
    after = """from typing import NewType

BlockId = NewType("BlockId", int)
Q: list[object] = []


class AttentionType:
    DECODER = "decoder"


def free(bid: BlockId) -> None:
    Q.append(bid)


def build(attn_type: AttentionType) -> None:
    Q.append(attn_type)
"""
    fork_base = "from vllm.lib import build, free\n\n\n"
    fork = fork_base + "def f() -> None:\n    free(3)\n\n\ndef g() -> None:\n    build('decoder')\n"
    rows = run(git_repo, no_rules, {LIB: base, FORK: fork_base}, {FORK: fork}, {LIB: after})
    assert rows == []


def test_nested_import_scope(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = "def helper(a: int) -> int:\n    return a\n"
    other = "def helper(a: int, b: int = 0) -> int:\n    return a + b\n"
    after = "def helper(a: int, *, scale: int) -> int:\n    return a * scale\n"
    fork_base = "from vllm.other import helper\n\n\n"
    fork = fork_base + (
        "def outer() -> int:\n    def inner() -> None:\n        from vllm.lib import helper\n        print(helper)\n"
        "    return helper(1)\n"
    )
    rows = run(git_repo, no_rules, {LIB: base, "vllm/other.py": other, FORK: fork_base}, {FORK: fork}, {LIB: after})
    assert rows == []


def test_keys_store(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = """class Parser:
    def __init__(self, tok: str, **kwargs: object) -> None:
        self.tok = tok
        self.opts = kwargs
"""
    after = base.replace("        self.opts = kwargs\n", '        kwargs["seen"] = True\n        self.opts = kwargs\n')
    fork_base = "from vllm.lib import Parser\n\n\n"
    fork = fork_base + "class Mine(Parser):\n    def __init__(self, tok: str) -> None:\n        super().__init__(tok)\n"
    rows = run(git_repo, no_rules, {LIB: base, FORK: fork_base}, {FORK: fork}, {LIB: after})
    assert rows == []


def test_done_elsewhere_unchanged_file(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = """class Base:
    q: list[int] = []

    def run(self) -> None:
        self.q.append(1)
        self.q.sort()
"""
    after = base.replace("        self.q.append(1)\n        self.q.sort()\n", "        raise NotImplementedError\n")
    sub = "from vllm.lib import Base\n\n\nclass Impl(Base):\n    def run(self) -> None:\n        self.q.append(2)\n"
    fork_base = "from vllm.lib import Base\n\n\n"
    fork = fork_base + "def f(b: Base) -> None:\n    b.run()\n"
    rows = run(git_repo, no_rules, {LIB: base, "vllm/sub.py": sub, FORK: fork_base}, {FORK: fork}, {LIB: after})
    assert rows == []


def test_keys_refused_internal(git_repo: GitRepo, no_rules) -> None:  # type: ignore[no-untyped-def]
    base = """class Parser:
    def __init__(self, tok: str, *args: object, **kwargs: object) -> None:
        self.tok = tok


class UpSub(Parser):
    def __init__(self, tok: str) -> None:
        super().__init__(tok)
"""
    after = base.replace(
        "        self.tok = tok\n", '        self.tok = tok\n        self.prefix = kwargs.get("prefix", "")\n'
    ).replace("        super().__init__(tok)\n", '        super().__init__(tok, prefix="up")\n')
    fork_base = "from vllm.lib import Parser\n\n\n"
    fork = fork_base + "class Mine(Parser):\n    def __init__(self, tok: str) -> None:\n        super().__init__(tok)\n"
    rows = run(git_repo, no_rules, {LIB: base, FORK: fork_base}, {FORK: fork}, {LIB: after})
    assert rows == []
