"""Result kind drift: upstream changed what kind of thing a function returns under a fork use of the old.

Shaped like vLLM #17479 (aabcd2cae3: ``allocate_slots()`` returned ``list[KVCacheBlock]``, now a
``KVCacheBlocks`` wrapper with no ``__iter__``) and #8098 (855c262a6b: ``all_mm_data()`` returned an
``Awaitable``, now the dict itself): the fork's ``for b in blocks`` or ``await fut`` raises on first use.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

MGR = "vllm/kv/manager.py"
MGR_BASE = """from dataclasses import dataclass
from typing import Optional


@dataclass
class Block:
    block_id: int


class Manager:
    def allocate(self, n: int) -> Optional[list[Block]]:
        return [Block(i) for i in range(n)]

    def cached(self, key: str) -> tuple[list[Block], int]:
        return [], 0
"""
WRAPPED = MGR_BASE.replace(
    "class Manager:",
    "@dataclass\nclass Blocks:\n    blocks: list[Block]\n\n    def ids(self) -> list[int]:\n"
    "        return [b.block_id for b in self.blocks]\n\n\nclass Manager:",
).replace(
    "Optional[list[Block]]:\n        return [Block(i) for i in range(n)]",
    "Optional[Blocks]:\n        return Blocks([Block(i) for i in range(n)])",
)
WRAPPED = WRAPPED.replace(
    "tuple[list[Block], int]:\n        return [], 0", "tuple[Blocks, int]:\n        return Blocks([]), 0"
)
TRACKER = "vllm/chat.py"
TRACKER_BASE = (
    "from typing import Awaitable, Optional\n\n\nclass Tracker:\n"
    "    def all_data(self) -> Optional[Awaitable[dict]]:\n        return None\n"
)
TRACKER_SYNC = TRACKER_BASE.replace("Optional[Awaitable[dict]]", "Optional[dict]")
USE = "vllm/aeon_use.py"
PACKAGES = {"vllm/__init__.py": "", "vllm/kv/__init__.py": ""}  # the index resolves modules of packages
MGR_HEAD = "from vllm.kv.manager import Manager\n\n\n"
TRACKER_HEAD = "from vllm.chat import Tracker\n\n\n"

# The error rows of two tests below each put one fork module beside the same base and upstream and pin its findings
# exactly: no row's module imports another's, so one merge and one audit of every row's module side by side answers
# each row (16 merges and audits became two per process; suitespeed8).  The quiet rows keep a merge each: there a
# row's module could be quiet for something another row's module declared.
Rows = tuple[tuple[str, str], ...]
_AUDITED: dict[tuple[Rows, Rows, tuple[str, ...]], dict[str, list[tuple[str, int, str, str]]]] = {}


def _among(
    git_repo: GitRepo, tmp_path: Path, base: dict[str, str], theirs: dict[str, str], forks: list[str], fork: str
) -> list[tuple[str, int, str, str]]:
    """(USE, line, severity, message) of each finding in ``fork``'s module, from the one merge and audit of every
    module of ``forks`` side by side (each read as ``USE``)."""
    key = (tuple(base.items()), tuple(theirs.items()), tuple(forks))
    if key not in _AUDITED:
        paths = {text: f"vllm/aeon_use_{number}.py" for number, text in enumerate(dict.fromkeys(forks))}
        sides = three_way(git_repo, base, {path: text for text, path in paths.items()}, theirs)
        report = audit(git_repo, sides, tmp_path)
        every = [(f.path, f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]
        assert all(row[0] in paths.values() for row in every), every
        _AUDITED[key] = {text: [(USE, *row[1:]) for row in every if row[0] == path] for text, path in paths.items()}
    return _AUDITED[key][fork]


WRAPPER_ROWS = [
    (
        "def ids(m: Manager) -> list[int]:\n    new = m.allocate(4)\n    return [b.block_id for b in new]\n",
        "return [",
    ),
    ("def count(m: Manager) -> int:\n    return len(m.allocate(4))\n", "return len"),
    ("def first(m: Manager) -> int:\n    new = m.allocate(4)\n    return new[0].block_id\n", "return new[0]"),
    (
        "def hits(m: Manager, key: str) -> int:\n    blocks, _ = m.cached(key)\n    return len(blocks)\n",
        "return len",
    ),
    ("def walk(m: Manager) -> None:\n    for b in m.allocate(2):\n        print(b)\n", "for b in"),
]


@pytest.mark.parametrize(("body", "needle"), WRAPPER_ROWS)
def test_a_sequence_upstream_made_a_wrapper(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    fork = MGR_HEAD + body
    forks = [MGR_HEAD + row for row, _ in WRAPPER_ROWS]
    rows = _among(git_repo, tmp_path, {MGR: MGR_BASE, **PACKAGES}, {MGR: WRAPPED}, forks, fork)
    assert [row[:3] for row in rows] == [(USE, line_of(fork, needle), "error")]
    assert "Blocks" in rows[0][3]


@pytest.mark.parametrize(
    "body",
    [
        "async def data(t: Tracker):\n    fut = t.all_data()\n    return await fut if fut is not None else None\n",
        "async def data(t: Tracker):\n    return await t.all_data()\n",
    ],
)
def test_an_awaitable_upstream_made_the_value(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = TRACKER_HEAD + body
    sides = three_way(git_repo, {TRACKER: TRACKER_BASE, **PACKAGES}, {USE: fork}, {TRACKER: TRACKER_SYNC})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(fork, "await"), "error")]
    assert "awaitable" in next(f.message for f in report.findings if f.rule_id == RULE)


@pytest.mark.parametrize(
    ("base", "body", "theirs"),
    [
        # the twins: written for the wrapper, or a use the wrapper answers
        (MGR_BASE, "def ids(m: Manager) -> list[int]:\n    return m.allocate(4).ids()\n", WRAPPED),
        (MGR_BASE, "def some(m: Manager) -> bool:\n    return m.allocate(4) is not None\n", WRAPPED),
        # the wrapper iterates: still a sequence to the fork
        (
            MGR_BASE,
            "def ids(m: Manager) -> list[int]:\n    return [b.block_id for b in m.allocate(4)]\n",
            WRAPPED.replace(
                "    def ids(self)", "    def __iter__(self):\n        return iter(self.blocks)\n\n    def ids(self)"
            ),
        ),
        # the name rebound before the use: not the result any more
        (
            MGR_BASE,
            "def ids(m: Manager) -> list[int]:\n    new = m.allocate(4)\n    new = []\n    return [b for b in new]\n",
            WRAPPED,
        ),
        # the other element of the unpacked tuple, unchanged
        (MGR_BASE, "def hits(m: Manager, key: str) -> int:\n    _, n = m.cached(key)\n    return n\n", WRAPPED),
        # still awaitable upstream
        (
            TRACKER_BASE,
            "async def data(t: Tracker):\n    return await t.all_data()\n",
            TRACKER_BASE.replace("Optional[Awaitable[dict]]", "Awaitable[Optional[dict]]"),
        ),
    ],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, base: str, body: str, theirs: str) -> None:
    path, head = (MGR, MGR_HEAD) if base is MGR_BASE else (TRACKER, TRACKER_HEAD)
    sides = three_way(git_repo, {path: base, **PACKAGES}, {USE: head + body}, {path: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            "def count(m: Manager) -> int:\n    new = m.allocate(4)\n    if isinstance(new, list):  # before the wrapper\n"
            "        return len(new)\n    return 0 if new is None else len(new.blocks)\n",
            False,
        ),
        (
            "def count(m: Manager) -> int:\n    new = m.allocate(4)\n"
            "    return len(new) if isinstance(new, (list, tuple)) else len(new.blocks)\n",
            False,
        ),
        # a check of something else guards nothing of the result
        (
            "def count(m: Manager, other: object) -> int:\n    new = m.allocate(4)\n"
            "    return len(new) if isinstance(other, list) else 0\n",
            True,
        ),
    ],
    ids=["if", "conditional expression", "another value checked"],
)
def test_a_use_of_the_old_kind_only_where_it_is_that_kind(
    git_repo: GitRepo, tmp_path: Path, body: str, error: bool
) -> None:
    """#17479 under ``if isinstance(blocks, list): len(blocks)``: written for both sides of the change."""
    fork = MGR_HEAD + body
    sides = three_way(git_repo, {MGR: MGR_BASE, **PACKAGES}, {USE: fork}, {MGR: WRAPPED})
    got = found(audit(git_repo, sides, tmp_path), RULE)
    assert got == ([(USE, line_of(fork, "len(new)"), "error")] if error else [])


# -- a number, a string and a sequence made one another: #14079 (93a00d7dde: determine_available_memory
# ``-> int`` became ``-> list[int]``), #36770 (196802dfa6: get_dummy_text ``-> list[int]`` became ``-> str``),
# #27211 (1651003c35: _gen_lora_extra_hash_keys ``-> list[int]`` became ``-> list[str]``), a router's name
# made a tuple of names (99de48e98f: _match_router ``-> str`` became ``-> tuple[str, ...]``)
WORKER = "vllm/worker/gpu_worker.py"
WORKER_BASE = """class Worker:
    def determine_available_memory(self) -> int:
        return 1 << 30

    def dummy_text(self, count: int) -> list[int]:
        return [0] * count

    def extra_keys(self, request) -> list[int]:
        return [request.lora_int_id]

    def router(self, name: str) -> str:
        return "topk"
"""
WORKER_NOW = (
    WORKER_BASE.replace("def determine_available_memory(self) -> int:\n        return 1 << 30", "def determine_available_memory(self) -> list[int]:\n        return [1 << 30]")
    .replace("def dummy_text(self, count: int) -> list[int]:\n        return [0] * count", 'def dummy_text(self, count: int) -> str:\n        return "<image>" * count')
    .replace("-> list[int]:\n        return [request.lora_int_id]", "-> list[str]:\n        return [request.lora_name]")
    .replace('def router(self, name: str) -> str:\n        return "topk"', 'def router(self, name: str) -> tuple[str, ...]:\n        return ("topk", "grouped")')
)  # fmt: skip
WORKER_PACKAGES = {"vllm/__init__.py": "", "vllm/worker/__init__.py": ""}
WORKER_HEAD = "from vllm.worker.gpu_worker import Worker\n\n\n"


KIND_ROWS = [
    (
        "def budget(w: Worker) -> int:\n    free = w.determine_available_memory()\n    return int(free * 0.9)\n",
        "free * 0.9",
        "computes with it",
    ),
    (
        "def budget(w: Worker) -> None:\n    if w.determine_available_memory() <= 0:\n        raise RuntimeError\n",
        "<= 0",
        "orders it against a number",
    ),
    ("def tokens(w: Worker) -> int:\n    return len(w.dummy_text(4))\n", "len(", "reads its characters"),
    (
        "def tokens(w: Worker) -> int:\n    first, second = w.dummy_text(2)\n    return first\n",
        "first, second",
        "reads its characters",
    ),
    (
        "def slot(w: Worker, request) -> int:\n    (lora_id,) = w.extra_keys(request)\n    return lora_id + 1\n",
        "lora_id + 1",
        "computes with it",
    ),
    ('def grouped(w: Worker) -> bool:\n    return w.router("x") == "topk"\n', '== "topk"', "never matches"),
    (
        'def grouped(w: Worker) -> bool:\n    name = w.router("x")\n    return name in ("topk", "grouped_topk")\n',
        "name in",
        "never matches",
    ),
    (
        'def grouped(w: Worker) -> bool:\n    return w.router("x").startswith("group")\n',
        "startswith",
        "AttributeError",
    ),
    (
        "def blocks(w: Worker, page_size: int) -> int:\n    free = w.determine_available_memory()\n"
        "    return free // page_size\n",
        "// page_size",
        "computes with it",
    ),
    ('def tag(w: Worker) -> str:\n    return w.router("x") + "_fused"\n', '+ "_fused"', "joins it to a string"),
    (  # #27211: the element compared with what it was (the old body returned ``[request.lora_int_id]``)
        "def same(w: Worker, request) -> bool:\n    keys = w.extra_keys(request)\n"
        "    return bool(keys) and keys[0] == request.lora_int_id\n",
        "keys[0] ==",
        "never equal",
    ),
]


@pytest.mark.parametrize(
    ("body", "needle", "effect"),
    KIND_ROWS,
    ids=[
        "arithmetic",
        "order",
        "len of a string",
        "unpacked string",
        "an element",
        "==",
        "in",
        "str method",
        "arithmetic with a name",
        "concatenation",
        "an element compared with what it was",
    ],
)
def test_a_number_a_string_or_a_sequence_upstream_made_another_kind(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str, effect: str
) -> None:
    fork = WORKER_HEAD + body
    forks = [WORKER_HEAD + row for row, _, _ in KIND_ROWS]
    rows = _among(git_repo, tmp_path, {WORKER: WORKER_BASE, **WORKER_PACKAGES}, {WORKER: WORKER_NOW}, forks, fork)
    assert [row[:3] for row in rows] == [(USE, line_of(fork, needle), "error")]
    assert effect in rows[0][3] and "where it returned" in rows[0][3]


@pytest.mark.parametrize(
    ("body", "now"),
    [
        # int -> float: still a number
        (
            "def budget(w: Worker) -> int:\n    return int(w.determine_available_memory() * 0.9)\n",
            WORKER_BASE.replace("determine_available_memory(self) -> int", "determine_available_memory(self) -> float"),
        ),
        # a number made a string: int() of it still works
        (
            "def budget(w: Worker) -> int:\n    return int(w.determine_available_memory())\n",
            WORKER_BASE.replace("determine_available_memory(self) -> int", "determine_available_memory(self) -> str"),
        ),
        # rebound before the use (the fork sums the new list first)
        (
            "def budget(w: Worker) -> int:\n    free = w.determine_available_memory()\n    free = sum(free)\n"
            "    return free * 2\n",
            WORKER_NOW,
        ),
        # written for the new kind, or a use both kinds have
        ("def budget(w: Worker) -> int:\n    return sum(w.determine_available_memory()) // 2\n", WORKER_NOW),
        ('def show(w: Worker) -> str:\n    return f"{w.router("x")}"\n', WORKER_NOW),
        ("def tokens(w: Worker) -> bool:\n    return bool(w.dummy_text(4))\n", WORKER_NOW),
        # compared with a value of no known kind (not what the old element was), or with what the element
        # is now
        (
            "def same(w: Worker, request) -> bool:\n    return w.extra_keys(request)[0] == request.adapter_id\n",
            WORKER_NOW,
        ),
        (
            "def same(w: Worker, request) -> bool:\n    return w.extra_keys(request)[0] == request.lora_name\n",
            WORKER_NOW,
        ),
        # Optional added: still a number
        (
            "def budget(w: Worker) -> int:\n    return w.determine_available_memory() * 2\n",
            WORKER_BASE.replace(
                "determine_available_memory(self) -> int", "determine_available_memory(self) -> int | None"
            ),
        ),
    ],
    ids=[
        "int to float",
        "int() of a string",
        "rebound",
        "sum",
        "f-string",
        "truth",
        "unknown kind",
        "the new element",
        "optional",
    ],
)
def test_kind_changes_a_use_survives_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str, now: str) -> None:
    sides = three_way(git_repo, {WORKER: WORKER_BASE, **WORKER_PACKAGES}, {USE: WORKER_HEAD + body}, {WORKER: now})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    "body",
    [
        'def grouped(w: Worker) -> bool:\n    try:\n        return w.router("x").startswith("group")\n'
        "    except AttributeError:\n        return False\n",
        'def grouped(w: Worker) -> bool:\n    name = w.router("x")\n'
        '    return hasattr(name, "startswith") and name.startswith("group")\n',
    ],
    ids=["except AttributeError", "hasattr"],
)
def test_a_string_method_the_fork_guards_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    """Twins: the fork handles a result without the method (``except AttributeError``, a hasattr test)."""
    sides = three_way(
        git_repo, {WORKER: WORKER_BASE, **WORKER_PACKAGES}, {USE: WORKER_HEAD + body}, {WORKER: WORKER_NOW}
    )
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    "body",
    [
        # the old kind's use under a test of the old kind (#43339's slot, #47219's backend name)
        "def blocks(w: Worker, page_size: int) -> int:\n    free = w.determine_available_memory()\n"
        "    if isinstance(free, int):\n        return free // page_size\n    return min(free) // page_size\n",
        'def grouped(w: Worker) -> bool:\n    name = w.router("x")\n    if isinstance(name, str):\n'
        '        return name == "topk"\n    return name[0] == "topk"\n',
        # after a branch for the new kind that returns
        "def blocks(w: Worker, page_size: int) -> int:\n    free = w.determine_available_memory()\n"
        "    if isinstance(free, list):\n        return min(free) // page_size\n    return free // page_size\n",
        # both spellings in one test
        'def grouped(w: Worker) -> bool:\n    name = w.router("x")\n'
        '    return name == "topk" or (isinstance(name, tuple) and name[0] == "topk")\n',
    ],
    ids=["under isinstance of the old kind", "str under isinstance", "after the new kind's branch", "or"],
)
def test_a_result_whose_kind_the_fork_tests_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    """A fork function that asks ``isinstance`` of the bound result tells the two kinds apart: its use of
    the old kind runs only on the old kind (#43339 ``_map_global_expert_id`` int -> list[int], #47219
    ``_resolve_fi_ar_backend`` str -> tuple[str, bool], written for both sides of the merge)."""
    sides = three_way(
        git_repo, {WORKER: WORKER_BASE, **WORKER_PACKAGES}, {USE: WORKER_HEAD + body}, {WORKER: WORKER_NOW}
    )
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            "def blocks(w: Worker, page_size: int) -> list[int]:\n    free = w.determine_available_memory()\n\n"
            "    def count(free: int) -> int:\n        return free // page_size\n\n    return [count(free)]\n",
            None,
        ),
        (
            "def blocks(w: Worker, page_size: int) -> list[int]:\n    free = w.determine_available_memory()\n"
            "    return list(map(lambda free: free // page_size, [free]))\n",
            None,
        ),
        # the nested def's own parameter is another name: the outer use is still the result's
        (
            "def blocks(w: Worker, page_size: int) -> int:\n    free = w.determine_available_memory()\n\n"
            "    def count(n: int) -> int:\n        return n // page_size\n\n    return count(1) + free // page_size\n",
            "free // page_size",
        ),
    ],
    ids=["nested def", "lambda", "another parameter"],
)
def test_a_nested_parameter_of_the_bound_name_is_another_value(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str | None
) -> None:
    """``def count(free)`` inside the function that bound ``free = determine_available_memory()``: its
    ``free // page_size`` computes with its own argument, not the result #14079 made a list."""
    fork = WORKER_HEAD + body
    sides = three_way(git_repo, {WORKER: WORKER_BASE, **WORKER_PACKAGES}, {USE: fork}, {WORKER: WORKER_NOW})
    expected = [] if needle is None else [(USE, line_of(fork, needle), "error")]
    assert found(audit(git_repo, sides, tmp_path), RULE) == expected


@pytest.mark.parametrize(
    ("body", "returned", "severity"),
    [
        # the annotation fixed to what the body always returned (#4006: ``-> int`` of a token list)
        ("return self.ids", "return self.ids", None),
        # the body returns what a call gives: the callee may have changed it, so the line is only a doubt
        ("return self._load()", "return self._load()", "warning"),
        # the body changed with the annotation: an error
        ("return self.ids", "return list(self.ids)", "error"),
    ],
    ids=["annotation only", "a call's value", "body changed"],
)
def test_an_annotation_only_kind_change(
    git_repo: GitRepo, tmp_path: Path, body: str, returned: str, severity: str | None
) -> None:
    """``def token_ids(self) -> int: return self.ids`` became ``-> list[int]`` (09473ee41c, #4006): the fork's
    ``prompt + draft`` concatenated the list before the merge and still does."""
    base = f"class Data:\n    def token_ids(self) -> int:\n        {body}\n"
    now = f"class Data:\n    def token_ids(self) -> list[int]:\n        {returned}\n"
    fork = WORKER_HEAD.replace("Worker", "Data") + (
        "def with_draft(d: Data, draft: list[int]) -> list[int]:\n    prompt = d.token_ids()\n    return prompt + draft\n"
    )
    sides = three_way(git_repo, {WORKER: base, **WORKER_PACKAGES}, {USE: fork}, {WORKER: now})
    expected = [] if severity is None else [(USE, line_of(fork, "prompt + draft"), severity)]
    assert found(audit(git_repo, sides, tmp_path), RULE) == expected


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        # the number's TypeError caught, the list handled in the handler
        (
            "def blocks(w: Worker, page_size: int) -> int:\n    free = w.determine_available_memory()\n    try:\n"
            "        return free // page_size\n    except TypeError:\n        return min(free) // page_size\n",
            None,
        ),
        (
            "def tight(w: Worker) -> bool:\n    try:\n        return w.determine_available_memory() < 4\n"
            "    except Exception:\n        return False\n",
            None,
        ),
        # a repetition raises nothing to catch: the list is silently repeated
        (
            "def blocks(w: Worker) -> int:\n    try:\n        return w.determine_available_memory() * 2\n"
            "    except TypeError:\n        return 0\n",
            "* 2",
        ),
        # a comparison that never matches raises nothing either
        (
            'def grouped(w: Worker) -> bool:\n    try:\n        return w.router("x") == "topk"\n'
            "    except TypeError:\n        return False\n",
            '== "topk"',
        ),
    ],
    ids=["floor division", "order", "repetition", "comparison"],
)
def test_a_use_in_a_try_that_catches_its_type_error(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str | None
) -> None:
    """``try: free // page`` / ``except TypeError: min(free) // page`` handles #14079's list too."""
    fork = WORKER_HEAD + body
    sides = three_way(git_repo, {WORKER: WORKER_BASE, **WORKER_PACKAGES}, {USE: fork}, {WORKER: WORKER_NOW})
    expected = [] if needle is None else [(USE, line_of(fork, needle), "error")]
    assert found(audit(git_repo, sides, tmp_path), RULE) == expected


# -- #27753 (18961c5ea6): get_supported_kernel_block_size() returned [MultipleOf(16)], now [16, 32, 64]: the
# annotation (list[int | MultipleOf]) kept, an element built by a call made an int literal
BACKEND = "vllm/attn/flash.py"
BACKEND_BASE = """class MultipleOf:
    def __init__(self, base: int) -> None:
        self.base = base


class FlashBackend:
    @staticmethod
    def kernel_block_sizes() -> list[int | MultipleOf]:
        return [MultipleOf(16)]
"""
BACKEND_27753 = BACKEND_BASE.replace("return [MultipleOf(16)]", "return [16, 32, 64]")
BACKEND_HEAD = "from vllm.attn.flash import FlashBackend\n\n\n"
BACKEND_PACKAGES = {"vllm/__init__.py": "", "vllm/attn/__init__.py": ""}


@pytest.mark.parametrize(
    ("body", "now", "error"),
    [
        ("def block() -> int:\n    return FlashBackend.kernel_block_sizes()[0].base\n", BACKEND_27753, True),
        (
            "def block() -> int:\n    sizes = FlashBackend.kernel_block_sizes()\n    multiple = sizes[0].base\n"
            "    return 128 if 128 % multiple == 0 else 16\n",
            BACKEND_27753,
            True,
        ),
        # twins: an attribute an int has too; the element read as a number; a display upstream kept a call's
        (
            "def block() -> int:\n    return FlashBackend.kernel_block_sizes()[0].real\n",
            BACKEND_27753.replace("return [16, 32, 64]", "return [16]"),
            False,
        ),
        ("def block() -> int:\n    return FlashBackend.kernel_block_sizes()[0]\n", BACKEND_27753, False),
        (
            "def block() -> int:\n    return FlashBackend.kernel_block_sizes()[0].base\n",
            BACKEND_BASE.replace("return [MultipleOf(16)]", "return [MultipleOf(32)]"),
            False,
        ),
    ],
    ids=["the call's element", "a name's element", "an int's attribute", "no attribute", "still a call's"],
)
def test_an_attribute_of_an_element_upstream_made_a_literal(
    git_repo: GitRepo, tmp_path: Path, body: str, now: str, error: bool
) -> None:
    fork = BACKEND_HEAD + body
    sides = three_way(git_repo, {BACKEND: BACKEND_BASE, **BACKEND_PACKAGES}, {USE: fork}, {BACKEND: now})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == ([(USE, line_of(fork, ".base"), "error")] if error else [])
    if error:
        message = next(f.message for f in report.findings if f.rule_id == RULE)
        assert "element 0 16 where it was MultipleOf(16)" in message and "an int has not" in message


# -- one value made a list of such values (#41566: map_mxfp4_backend() -> Backend became list[Backend];
# #45182: backend_to_kernel_cls() -> type[Experts] became list[type[Experts]]) --------------------------------
ORACLE = "vllm/kv/oracle.py"
ORACLE_BASE = """from enum import Enum


class Backend(Enum):
    TRITON = "triton"
    MARLIN = "marlin"


class Experts:
    pass


def map_backend(name: str) -> Backend:
    return Backend(name)


def kernel_cls(backend: Backend) -> type[Experts]:
    return Experts
"""
ORACLE_LISTS = ORACLE_BASE.replace(
    "def map_backend(name: str) -> Backend:\n    return Backend(name)",
    "def map_backend(name: str) -> list[Backend]:\n    return [Backend(name)]",
).replace(
    "def kernel_cls(backend: Backend) -> type[Experts]:\n    return Experts",
    "def kernel_cls(backend: Backend) -> list[type[Experts]]:\n    return [Experts]",
)
ORACLE_HEAD = "from vllm.kv.oracle import Backend, kernel_cls, map_backend\n\n\n"


def _listed(git_repo: GitRepo, tmp_path: Path, body: str, theirs: str = ORACLE_LISTS) -> list[tuple[str, int, str]]:
    fork = ORACLE_HEAD + body
    sides = three_way(git_repo, {ORACLE: ORACLE_BASE, **PACKAGES}, {USE: fork}, {ORACLE: theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


LISTED_ROWS = [
    ("def marlin(name: str) -> bool:\n    return map_backend(name) == Backend.MARLIN\n", "return map_backend"),
    (
        "def unfused(name: str) -> bool:\n    backend = map_backend(name)\n"
        "    return backend in (Backend.TRITON, Backend.MARLIN)\n",
        "return backend in",
    ),
    (
        "def not_triton(name: str) -> bool:\n    return map_backend(name) is not Backend.TRITON\n",
        "return map_backend",
    ),
    ("def build(b: Backend):\n    cls = kernel_cls(b)\n    return cls()\n", "return cls()"),
    ("def label(b: Backend) -> str:\n    return kernel_cls(b).__name__\n", "return kernel_cls"),
]


@pytest.mark.parametrize(
    ("body", "needle"), LISTED_ROWS, ids=["==", "in a display", "is not", "called", "an attribute a list lacks"]
)
def test_one_value_upstream_made_a_list_of_them(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``_among``; suitespeed13)
    forks = [ORACLE_HEAD + row for row, _ in LISTED_ROWS]
    rows = _among(
        git_repo, tmp_path, {ORACLE: ORACLE_BASE, **PACKAGES}, {ORACLE: ORACLE_LISTS}, forks, ORACLE_HEAD + body
    )
    assert [row[:3] for row in rows] == [(USE, line_of(ORACLE_HEAD + body, needle), "error")]


@pytest.mark.parametrize(
    ("body", "theirs"),
    [
        ("def marlin(name: str) -> bool:\n    return Backend.MARLIN in map_backend(name)\n", ORACLE_LISTS),  # new side
        ("def count(name: str) -> int:\n    return len([map_backend(name)])\n", ORACLE_LISTS),
        ("def same(b: Backend) -> bool:\n    return b == Backend.MARLIN\n", ORACLE_LISTS),  # not the result
        ("def marlin(name: str) -> bool:\n    return map_backend(name) == Backend.MARLIN\n", ORACLE_BASE + "\n# x\n"),
    ],
    ids=["membership in the list", "wrapped in a display", "another value", "unchanged"],
)
def test_one_value_made_a_list_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str, theirs: str) -> None:
    assert _listed(git_repo, tmp_path, body, theirs) == []


LOOP_ELEMENT_ROWS = [
    "def slots(w: Worker, request) -> list[int]:\n    out = []\n    for key in w.extra_keys(request):\n"
    "        out.append(key * 16 + 1)\n    return out\n",
    "def slots(w: Worker, request) -> list[int]:\n    return [key * 16 + 1 for key in w.extra_keys(request)]\n",
    "def slots(w: Worker, request) -> list[int]:\n    out = []\n    for key in w.extra_keys(request):\n"
    "        try:\n            out.append(key * 16 + 1)\n        except ValueError:\n            pass\n    return out\n",
    "def slots(w: Worker, request) -> list:\n    out = []\n    for key in w.extra_keys(request):\n"
    "        try:\n            out.append(key * 16)\n        except TypeError:\n            pass\n    return out\n",
]


@pytest.mark.parametrize(
    "body",
    LOOP_ELEMENT_ROWS,
    ids=["for", "comprehension", "a try catching another error", "a repetition alone in a try"],
)
def test_a_loop_name_takes_the_element_upstream_made_another_kind(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    """#17945 made ``KVCacheBlocks.get_block_ids() -> list[int]`` a ``list[list[int]]``: a fork's ``for block_id
    in blocks.get_block_ids(): block_id * size + 1`` multiplies a list and adds an int to it.  Here an element
    made a string from a number (``extra_keys``): the loop's arithmetic is an error, worded for the element."""
    fork = WORKER_HEAD + body
    # the rows' modules side by side, one merge and one audit a process (``_among``; suitespeed13)
    forks = [WORKER_HEAD + row for row in LOOP_ELEMENT_ROWS]
    rows = _among(git_repo, tmp_path, {WORKER: WORKER_BASE, **WORKER_PACKAGES}, {WORKER: WORKER_NOW}, forks, fork)
    assert [row[:3] for row in rows] == [(USE, line_of(fork, "key * 16"), "error")]
    message = rows[0][3]
    assert (
        "each element it returns list" not in message
        and "made each element it returns str where each was int" in message
    )


@pytest.mark.parametrize(
    "body",
    [
        "def show(w: Worker, request) -> None:\n    for key in w.extra_keys(request):\n        print(key)\n",
        "def slots(w: Worker, request) -> int:\n    total = 0\n    for key in w.extra_keys(request):\n"
        "        key = int(key)\n        total += key + 1\n    return total\n",
        'def loud(w: Worker) -> list[str]:\n    return [part.upper() + "!" for part in w.router("x")]\n',
        "def slots(w: Worker, request) -> list[int]:\n    out = []\n    for key in w.extra_keys(request):\n"
        "        try:\n            out.append(key * 16 + 1)\n        except TypeError:\n"
        "            out.append(int(key) * 16 + 1)\n    return out\n",
    ],
    ids=["no use", "rebound", "was a string", "a try catching what the repetition then raises"],
)
def test_a_loop_name_the_change_leaves_alone_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    """Twins: the loop name printed, converted before its arithmetic, taking the characters of what was a
    string (a loop over a ``str`` has no element annotation to compare), or its ``key * 16 + 1`` in a ``try``
    catching the TypeError the repeated string raises at ``+ 1`` (review55): quiet."""
    sides = three_way(
        git_repo, {WORKER: WORKER_BASE, **WORKER_PACKAGES}, {USE: WORKER_HEAD + body}, {WORKER: WORKER_NOW}
    )
    assert found(audit(git_repo, sides, tmp_path), RULE) == []
