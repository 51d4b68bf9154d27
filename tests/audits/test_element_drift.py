"""Element drift: upstream kept a container and made what it holds an array instead of a list.

Shaped like #28771 (98b4d389ed): ``ModelRunnerOutput.sampled_token_ids: list[list[int]]`` became
``list[np.ndarray]`` and ``RejectionSampler.parse_output`` returns ``list[np.ndarray]``.  A fork line
``output.sampled_token_ids[i] + [bonus]`` now adds ``bonus`` to every id; ``ids.append(pad)`` raises.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.element_kinds import _inner_changed
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OUTPUTS = "vllm/v1/outputs.py"
OUTPUTS_BASE = """from dataclasses import dataclass


@dataclass
class ModelRunnerOutput:
    req_ids: list[str]
    sampled_token_ids: list[list[int]]
    spec_token_ids: list[list[int]] | None = None


class RejectionSampler:
    @staticmethod
    def parse_output(output_token_ids, vocab_size: int) -> list[list[int]]:
        return [row.tolist() for row in output_token_ids]
"""
OUTPUTS_ARRAY = (
    OUTPUTS_BASE.replace(
        "from dataclasses import dataclass\n", "from dataclasses import dataclass\n\nimport numpy as np\n"
    )
    .replace("sampled_token_ids: list[list[int]]", "sampled_token_ids: list[np.ndarray]")
    .replace("-> list[list[int]]:\n        return [row.tolist()", "-> list[np.ndarray]:\n        return [row")
)
FORK = "vllm/v1/aeon_bonus.py"
HEAD = "from vllm.v1.outputs import ModelRunnerOutput, RejectionSampler\n\n\n"
SUBJECT = "[Redo] #26368 (#28771)"


def drift(repo: GitRepo, config: Path, body: str, upstream: str = OUTPUTS_ARRAY) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {OUTPUTS: OUTPUTS_BASE}, {FORK: HEAD + body}, [(SUBJECT, {OUTPUTS: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]


LIST_USES = [
    (
        "def aeon(output: ModelRunnerOutput, i: int, bonus: int) -> list[int]:\n"
        "    return output.sampled_token_ids[i] + [bonus]\n",
        "concatenates output.sampled_token_ids[i] with a list",
    ),
    (
        "def aeon(output: ModelRunnerOutput, pad: int) -> None:\n"
        "    for ids in output.sampled_token_ids:\n        ids.append(pad)\n",
        "a np.ndarray has no append()",
    ),
    (
        "def aeon(output: ModelRunnerOutput, i: int, extra: list[int]) -> list[int]:\n"
        "    ids = output.sampled_token_ids[i]\n    ids.extend(extra)\n    return ids\n",
        "calls ids.extend()",
    ),
    (
        "def aeon(output: ModelRunnerOutput, i: int, bonus: int) -> list[int]:\n"
        "    ids = output.sampled_token_ids[i]\n    ids += [bonus]\n    return ids\n",
        "extends ids by a list",
    ),
    (
        "def aeon(sampler: RejectionSampler, rows, bonus: int) -> list[int]:\n"
        "    return sampler.parse_output(rows, 10)[0] + [bonus]\n",
        "RejectionSampler.parse_output() np.ndarray",
    ),
]


@pytest.mark.parametrize(
    ("body", "said"),
    LIST_USES,
    ids=["concatenation", "append in a loop", "extend of a local", "+= a list", "a method's return"],
)
def test_a_list_use_of_an_element_upstream_made_an_array_fails(
    git_repo: GitRepo, no_rules: Path, body: str, said: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    bodies = [HEAD + text for text, _ in LIST_USES]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {OUTPUTS: OUTPUTS_ARRAY})]
    _, rows = s.audited_row(
        git_repo, no_rules, {OUTPUTS: OUTPUTS_BASE}, bodies, HEAD + body, upstream, TYPE_DRIFT, "vllm/v1"
    )
    found = [(f.line, f.message) for f in rows]
    assert len(found) == 1, found
    [(line, message)] = found
    assert line == HEAD.count("\n") + next(
        i for i, t in enumerate(body.splitlines(), 1) if "[bonus]" in t or "pad)" in t or "extend(" in t
    )
    assert said in message and "#28771" in message


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # what an array does too
        (
            "def aeon(output: ModelRunnerOutput, i: int) -> int:\n    return len(output.sampled_token_ids[i])\n",
            OUTPUTS_ARRAY,
        ),
        # made a list first
        (
            "def aeon(output: ModelRunnerOutput, i: int, bonus: int) -> list[int]:\n"
            "    return list(output.sampled_token_ids[i]) + [bonus]\n",
            OUTPUTS_ARRAY,
        ),
        # the outer list grows, not an element
        (
            "def aeon(output: ModelRunnerOutput, extra: list[int]) -> None:\n    output.sampled_token_ids.append(extra)\n",
            OUTPUTS_ARRAY,
        ),
        # a field upstream left a list of lists
        (
            "def aeon(output: ModelRunnerOutput, pad: int) -> None:\n"
            "    for ids in output.spec_token_ids or []:\n        ids.append(pad)\n",
            OUTPUTS_ARRAY,
        ),
        # written for both sides
        (
            "def aeon(output: ModelRunnerOutput, i: int, bonus: int) -> list[int]:\n"
            "    ids = output.sampled_token_ids[i]\n"
            "    if isinstance(ids, list):\n        return ids + [bonus]\n    return ids.tolist() + [bonus]\n",
            OUTPUTS_ARRAY,
        ),
        # an untyped receiver
        (
            "def aeon(output, i: int, bonus: int) -> list[int]:\n    return output.sampled_token_ids[i] + [bonus]\n",
            OUTPUTS_ARRAY,
        ),
        # upstream's element is a class of its own that grows
        (
            "def aeon(output: ModelRunnerOutput, pad: int) -> None:\n"
            "    for ids in output.sampled_token_ids:\n        ids.append(pad)\n",
            OUTPUTS_BASE.replace("sampled_token_ids: list[list[int]]", "sampled_token_ids: list[TokenRow]")
            + "\n\nclass TokenRow:\n    def append(self, token: int) -> None:\n        pass\n",
        ),
        # upstream kept the element
        (
            "def aeon(output: ModelRunnerOutput, i: int, bonus: int) -> list[int]:\n"
            "    return output.sampled_token_ids[i] + [bonus]\n",
            OUTPUTS_BASE + "\n# docs\n",
        ),
    ],
    ids=[
        "len",
        "list() first",
        "outer append",
        "other field",
        "isinstance",
        "untyped",
        "own growing class",
        "unchanged",
    ],
)
def test_element_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert drift(git_repo, no_rules, body, upstream) == []


def test_a_long_removed_line_without_an_arrow_is_passed_over_at_once() -> None:
    """The removed return annotation's search tried, for each ``def name`` on a removed line, every end of the
    line for a ``->``: a 120 KB line of ``def a`` holding none took ~7 s (quadratic; a 1 MB one, minutes), and
    a 500-commit release's ordinary removed lines ~25 ms.  A line without ``->`` cannot hold a return's
    annotation: it is passed over in one scan.  With the arrow, the records' scan passed the same line over only
    once its lookahead asked for the record's class too (``list[list[int]]`` holds none): it had tried each def
    against every later end, 11.8 CPU-s of this test's 12 (suitespeed9)."""
    line = "\n-" + "def a " * 20_000
    start = time.perf_counter()
    assert not _inner_changed(line + "\n", {"a"})
    assert time.perf_counter() - start < 1.0
    start = time.perf_counter()
    assert _inner_changed(line + "-> list[list[int]]:\n", {"a"})  # with the arrow it is still found
    assert time.perf_counter() - start < 1.0


def _random_removed_lines(rng: random.Random) -> str:
    """A diff's text of removed, added and context lines, the removed ones annotating a name the way the field
    patterns read (a head, a container, its key and value) with pieces dropped, swapped or thrown in at random."""
    heads = ["-", "-    ", "-\t", "-        self.", "+    ", " ", "-    self.", "-self"]
    containers = [
        "List",
        "list",
        "Tuple",
        "tuple",
        "Deque",
        "deque",
        "Sequence",
        "Set",
        "set",
        "Dict",
        "dict",
        "DefaultDict",
        "defaultdict",
        "OrderedDict",
        "Mapping",
        "MutableMapping",
        "Cls",
        "np.ndarray",
    ]
    modules = ["", "", "typing.", "collections.", "torch."]
    values = [
        "int",
        "float",
        "str",
        "bool",
        "bytes",
        "Cls",
        "list[int]",
        "tuple",
        "deque",
        "str | int",
        "K, Cls",
        "str, int",
        "str, list",
        "tuple[str, int], str",
        "str, float | None",
        "Cls]",
        "",
    ]
    junk = ["[", "]", ",", " ", "|", ":", "\r", "->", "Optional[", "#", ")"]  # fmt: skip
    lines = []
    for _ in range(rng.randint(1, 8)):
        parts = [rng.choice(heads), rng.choice(["a", "ids", "_x1", "self", ""]), rng.choice([":", ": ", " : ", ""])]
        parts += [rng.choice(["", "Optional["]), rng.choice(modules), rng.choice(containers), rng.choice(["[", "[ "])]
        parts += [rng.choice(modules), rng.choice(values), rng.choice(["]", "", "]]", "] = None"])]
        for _ in range(rng.randint(0, 3)):
            parts.insert(rng.randrange(len(parts) + 1), rng.choice(junk))
        lines.append("".join(parts))
    return "\n" + "\n".join(lines) + "\n"


def test_the_field_patterns_in_one_scan_find_what_the_six_find() -> None:
    """perf24: ``_FIELD_ANNOTATIONS`` is the six field patterns' alternation behind their shared head (one scan of a release's
    removed lines, not six): on 6,000 random diffs it finds the names their union finds."""
    from aeon_release.domain.audits.drift import element_kinds as e

    assert all(p.pattern.startswith(e._FIELD_HEAD) for p in e._FIELD_KINDS)
    rng = random.Random(24)
    found = 0
    for _ in range(6_000):
        diff = _random_removed_lines(rng)
        union = {m.group(1) for p in e._FIELD_KINDS for m in p.finditer(diff)}
        assert {m.group(1) for m in e._FIELD_ANNOTATIONS.finditer(diff)} == union, diff
        found += bool(union)
    assert found > 300  # the random lines do spell annotations the patterns read
