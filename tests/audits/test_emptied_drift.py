"""Symbol drift: a call of a def upstream kept (name and signature) but emptied.

#50902 kept ``NCCLWeightTransferEngine.trainer_send_weights`` as a static method whose body only raises
NotImplementedError; #41633 made ``NixlEplbCommunicator.add_send`` ``pass`` (the receiver reads the registered
weights now); #22243 removed CUDA's ``stateless_init_device_torch_dist_pg`` so a call lands on the base's
``raise NotImplementedError``.  Every fork call still resolves and fits: main said nothing (or, for the
removed override, warned).  Twins: the raise caught, a constant's answer used, a call off an instance whose
subclass does the work now, a def that was a stub already, a def made abstract, a def changed but not emptied.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift import symbols
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENGINE = "vllm/distributed/engine.py"
ENGINE_BASE = """import abc
import contextlib
from collections.abc import Iterator

_WORKSPACE: list[int] = []


def init_workspace(size: int) -> None:
    _WORKSPACE.append(size)
    _WORKSPACE.sort()


def warm(n: int) -> None:
    _WORKSPACE.append(n)


@contextlib.contextmanager
def patch_group(g: int) -> Iterator[None]:
    Engine.queue.append(g)
    try:
        yield
    finally:
        Engine.queue.pop()


@contextlib.contextmanager
def open_group(g: int) -> Iterator[None]:
    Engine.queue.append(g)
    yield


class Engine:
    queue: list[int] = []

    @staticmethod
    def send(params: list[int], args: dict[str, int]) -> None:
        for p in params:
            Engine.queue.append(p + args["group"])

    def add_send(self, tensor: int, dst: int) -> None:
        self.queue.append(tensor)
        self.queue.append(dst)

    def supported(self) -> bool:
        self.queue.clear()
        return len(self.queue) == 0

    def hook(self) -> None:
        pass

    def release(self, handle: int) -> None:
        self.queue.remove(handle)

    def pad(self, x: int) -> int:
        self.queue.append(x)
        return x

    def flush(self, n: int) -> int:
        self.queue.clear()
        return n


class Hooks:
    queue: list[int] = []

    def prep(self) -> None:
        self.queue.append(0)
        self.queue.append(1)


class Base:
    def stateless_pg(self, rank: int) -> int:
        raise RuntimeError("unsupported")


class Cuda(Base):
    def stateless_pg(self, rank: int) -> int:
        Engine.queue.append(rank)
        return rank


class Sub(Engine):
    pass


class Gloo:
    def put(self, t: int) -> None:
        Engine.queue.append(t)


class Nixl:
    def put(self, t: int) -> None:
        Engine.queue.append(t)
        Engine.queue.sort()
"""
ENGINE_AFTER = (
    ENGINE_BASE.replace(
        "    _WORKSPACE.append(size)\n    _WORKSPACE.sort()\n", '    """Lazy now: the first forward allocates it."""\n'
    )
    .replace(
        '        for p in params:\n            Engine.queue.append(p + args["group"])\n',
        '        raise NotImplementedError("use the trainer engine")\n',
    )
    .replace("        self.queue.append(tensor)\n        self.queue.append(dst)\n", "        pass\n")
    .replace("        self.queue.clear()\n        return len(self.queue) == 0\n", "        return True\n")
    .replace(
        "    def prep(self) -> None:\n        self.queue.append(0)\n        self.queue.append(1)\n",
        "    @abc.abstractmethod\n    def prep(self) -> None:\n        pass\n",
    )
    .replace("        self.queue.clear()\n        return n\n", "        self.queue.pop()\n        return n\n")
    .replace('        raise RuntimeError("unsupported")', "        raise NotImplementedError")
    .replace(
        "    def stateless_pg(self, rank: int) -> int:\n        Engine.queue.append(rank)\n        return rank\n\n\n",
        "    pass\n\n\n",
    )
    .replace(
        "    Engine.queue.append(g)\n    try:\n        yield\n    finally:\n        Engine.queue.pop()\n",
        '    """The groups are per model now."""\n    yield\n',
    )
    .replace("    _WORKSPACE.append(n)\n", "    return\n    _WORKSPACE.append(n)\n")
    .replace("        self.queue.remove(handle)\n", "        del handle\n")
    .replace("        self.queue.append(x)\n        return x\n", "        return x\n")
    .replace("        Engine.queue.append(t)\n        Engine.queue.sort()\n", "        pass\n")
    .replace(
        "class Sub(Engine):\n    pass\n",
        "class Sub(Engine):\n    def add_send(self, tensor: int, dst: int) -> None:\n"
        "        self.queue.extend((tensor, dst))\n",
    )
)
FORK = "vllm/aeon_carry.py"
FORK_BASE = "from vllm.distributed.engine import Base, Cuda, Engine, Hooks, Nixl, init_workspace, open_group, patch_group, warm\n\n\n"


ROWS: list[tuple[str, int | None]] = [
    # a static call of a def that now only raises (#50902)
    ("def f(params: list[int]) -> None:\n    Engine.send(params, {'group': 1})\n", 5),
    # super() of a method made ``pass`` in an override that prepares what it queued (#41633)
    (
        "class Mine(Engine):\n    def add_send(self, tensor: int, dst: int) -> None:\n"
        "        tensor = tensor + 1\n        super().add_send(tensor, dst)\n",
        7,
    ),
    # a module function made a docstring, called for its effect
    ("def f() -> None:\n    init_workspace(1024)\n", 5),
    # the class's override removed, the base's raise answers (#22243)
    ("def f() -> int:\n    return Cuda().stateless_pg(0) + Cuda.stateless_pg(Cuda(), 1)\n", 5),
    # a context manager made a bare yield, entered for its effect
    ("def f() -> None:\n    with patch_group(2):\n        Engine.queue.sort()\n", 5),
    # a def disabled by an early return; a del of its parameter; a parameter handed back unchanged
    ("def f() -> None:\n    warm(4)\n", 5),
    ("class Mine(Engine):\n    def release(self, handle: int) -> None:\n        super().release(handle)\n", 6),
    ("def f(e: Engine) -> None:\n    Engine.pad(e, 3)\n", 5),
    # off an instance of a class none derives from (a sibling's working def is no answer)
    ("def f(n: Nixl) -> None:\n    n.put(3)\n", 5),
    # an instance built of the class itself, in the function or in ``__init__`` (no subclass answers it)
    ("def f() -> None:\n    e = Engine()\n    e.add_send(1, 2)\n", 6),
    (
        "class Mine:\n    def __init__(self) -> None:\n        self.e = Engine()\n\n"
        "    def go(self) -> None:\n        self.e.add_send(1, 2)\n",
        9,
    ),
    (
        "class Mine:\n    def __init__(self) -> None:\n        self.e = Engine()\n\n"
        "    def go(self) -> None:\n        e = self.e\n        e.add_send(1, 2)\n",
        10,
    ),
    # killers164 (#31131's fix-ups in a table): an entry of a module table picked into a local, then called for
    # its effect -- the error on the entry's line
    (
        '_TABLE = {"ws": init_workspace, "warm": warm}\n\n\ndef f(kind: str) -> None:\n    fn = _TABLE[kind]\n    fn(1024)\n',
        4,
    ),
    (
        '_HOOKS = {\n    "sort": Engine.queue.sort,\n    "warm": warm,\n}\n\n\n'
        "def f(kind: str) -> None:\n    hook = _HOOKS.get(kind)\n    if hook is not None:\n        hook(8)\n",
        6,
    ),
    # twins: the picked entry's answer used; the local rebound to the fork's own; a parameter of the name
    (
        '_PADS = {"pad": Engine.pad}\n\n\ndef f(e: Engine, kind: str) -> int:\n    fn = _PADS[kind]\n    return fn(e, 3) + 1\n',
        None,
    ),
    (
        '_TABLE = {"ws": init_workspace}\n\n\ndef f(kind: str) -> None:\n    fn = _TABLE[kind]\n'
        '    if kind == "x":\n        fn = print\n    fn(1024)\n',
        None,
    ),
    (
        '_TABLE = {"ws": init_workspace}\n\n\ndef f(kind: str, fn=None) -> None:\n    if fn is None:\n'
        "        fn = _TABLE[kind]\n    fn(1024)\n",
        None,
    ),
    # mend56: a nested def's own ``fn = _TABLE[kind]`` is its local: the outer ``fn`` is the module's
    (
        '_TABLE = {"ws": init_workspace}\nfn = print\n\n\ndef f(kind: str) -> None:\n    def pick() -> None:\n'
        "        fn = _TABLE[kind]\n        del fn\n\n    pick()\n    fn(1024)\n",
        None,
    ),
    # twins: a factory's instance, a name rebound to a subclass's, a loop over others, an attribute set
    # from a parameter too, the subclass built (its def does the work)
    (
        "def make() -> Engine:\n    return Engine()\n\n\ndef f() -> None:\n    e = make()\n    e.add_send(1, 2)\n",
        None,
    ),
    ("def f(flag: bool) -> None:\n    e = Engine()\n    if flag:\n        e = Sub()\n    e.add_send(1, 2)\n", None),
    (
        "def f(es: list[Engine]) -> None:\n    e = Engine()\n    for e in es:\n        e.add_send(1, 2)\n",
        None,
    ),
    (
        "class Mine:\n    def __init__(self) -> None:\n        self.e = Engine()\n\n"
        "    def use(self, e: Engine) -> None:\n        self.e = e\n\n"
        "    def go(self) -> None:\n        self.e.add_send(1, 2)\n",
        None,
    ),
    ("def f() -> None:\n    e = Sub()\n    e.add_send(1, 2)\n", None),
    # twins: the parameter's answer used
    ("def f(e: Engine) -> int:\n    return Engine.pad(e, 3) + 1\n", None),
    # twins: the raise caught (by a base kind of it too)
    (
        "def f(params: list[int]) -> bool:\n    try:\n        Engine.send(params, {'group': 1})\n"
        "    except NotImplementedError:\n        return False\n    return True\n",
        None,
    ),
    (
        "def f(params: list[int]) -> bool:\n    try:\n        Engine.send(params, {'group': 1})\n"
        "    except RuntimeError:\n        return False\n    return True\n",
        None,
    ),
    # the answer of a def that now returns a constant is used, not its effect
    ("def f(e: Engine) -> bool:\n    return e.supported()\n", None),
    # off an instance, which may be the subclass upstream moved the work to
    ("def f(e: Engine) -> None:\n    e.add_send(1, 2)\n", None),
    # a stub already at the base; a def made abstract; a def changed but doing work
    ("def f(e: Engine) -> None:\n    e.hook()\n", None),
    ("def f() -> None:\n    with open_group(2):\n        Engine.queue.sort()\n", None),
    ("class Mine(Hooks):\n    def prep(self) -> None:\n        super().prep()\n", None),
    ("def f(e: Engine) -> int:\n    e.flush(2)\n    return 0\n", None),
]
UPSTREAM = [("[rl] Stateful Trainer Send (#50902)", {ENGINE: ENGINE_AFTER})]


def _errors(report: AuditReport, path: str) -> list[tuple[int, str]]:
    return [
        (f.line, f.message)
        for f in report.findings
        if f.rule_id == DRIFT and f.path == path and f.severity is Severity.ERROR
    ]


# The error rows each put one fork module beside the same engine and its one upstream change, and each row pins its
# own module's error lines exactly: no row's module imports another's, so one merge and one audit of every error
# row's module side by side (each at the base as FORK is, the row's body added by the fork) answers each row (12
# merges and audits became one per process; suitespeed9).  The quiet rows keep a merge each: there a row's module
# could be quiet for something another row's module declared (a fork subclass of Engine, say).
_BATCHED: dict[str, list[tuple[int, str]]] = {}


def _errors_among_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    if not _BATCHED:
        paths = {text: f"vllm/aeon_carry_{number}.py" for number, (text, line) in enumerate(ROWS) if line}
        sides = s.merge_case(
            git_repo,
            {ENGINE: ENGINE_BASE, **{path: FORK_BASE for path in paths.values()}},
            {path: FORK_BASE + text for text, path in paths.items()},
            UPSTREAM,
        )
        report = git_repo.audit(no_rules, merge=sides)
        every = [f.path for f in report.findings if f.rule_id == DRIFT and f.severity is Severity.ERROR]
        assert set(every) <= set(paths.values()), every
        _BATCHED.update({text: _errors(report, path) for text, path in paths.items()})
    return _BATCHED[body]


@pytest.mark.parametrize(("body", "line"), ROWS)
def test_a_call_of_a_def_upstream_emptied(git_repo: GitRepo, no_rules: Path, body: str, line: int | None) -> None:
    if line:
        rows = _errors_among_rows(git_repo, no_rules, body)
    else:
        sides = s.merge_case(git_repo, {ENGINE: ENGINE_BASE, FORK: FORK_BASE}, {FORK: FORK_BASE + body}, UPSTREAM)
        rows = _errors(git_repo.audit(no_rules, merge=sides), FORK)
    assert sorted({n for n, _ in rows}) == ([line] if line else []), rows
    if line:
        assert "it now " in rows[0][1]
        assert "move it to what does the work now" in rows[0][1]
        assert "#50902" in rows[0][1] or "warm" in rows[0][1]  # the commit that emptied it (a kept line: none)


def test_a_table_pick_is_matched_by_its_node_not_an_id_alone() -> None:
    """mend56: a made-up call of a table's entry was keyed by ``id()`` of a node freed once the walk left it;
    CPython reuses ids, so a later made-up node at the same address matched the stale entry (the wrong call
    judged).  A stale entry whose id a new node reuses must answer the new node itself."""
    checker = object.__new__(symbols._Checker)
    picked, written, later = (ast.Call(ast.Name("f"), [], []) for _ in range(3))
    checker._picks = {id(picked): (picked, written)}
    assert checker._written(picked) is written
    checker._picks = {id(later): (picked, written)}  # the id reused by a later node: a stale entry
    assert checker._written(later) is later
