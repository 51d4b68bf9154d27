"""Reads before the set: a fork line reads a name the merged function no longer assigns above it."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.duplicates import statement_side
from aeon_release.domain.audits.drift.unset_reads import reads_before_set, wanted
from aeon_release.domain.audits.merge_rules import READ_BEFORE_SET
from aeon_release.domain.audits.model import Finding
from aeon_release.domain.audits.source import code_lines
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #19790 (657f2f301a): MPClient.__init__ set dp_rank below the engine setup ----------------
CLIENT = "vllm/v1/engine/core_client.py"
BASE = """\
class MPClient:
    def __init__(self, vllm_config, executor_class):
        self.vllm_config = vllm_config
        parallel_config = vllm_config.parallel_config
        self.dp_rank = parallel_config.data_parallel_rank
        self.engines_running = False
        self.resources = make_resources(vllm_config)
        self.outputs_queue = make_queue()
        self.stats_update_address = None

    def step(self, batch):
        limit = self.vllm_config.limit
        size = len(batch)
        out = self.run(batch, size)
        self.steps = size
        return out[:limit]
"""
FORK_INIT = "        self.aeon_rank_tag = f'dp{self.dp_rank}'  # AEON: tag the fleet's metrics\n"
FORK_STEP = "        out = out[: limit * 2]  # AEON: longer outputs\n"
FORK = BASE.replace(
    "        self.outputs_queue = make_queue()\n", "        self.outputs_queue = make_queue()\n" + FORK_INIT
).replace("        out = self.run(batch, size)\n", "        out = self.run(batch, size)\n" + FORK_STEP)


def _moved(text: str, line: str, below: str) -> str:
    """``line`` taken out of ``text`` and put back under ``below``: upstream's move."""
    return text.replace(line, "", 1).replace(below, below + line, 1)


UPSTREAM = _moved(
    _moved(
        BASE,
        "        self.dp_rank = parallel_config.data_parallel_rank\n",
        "        self.stats_update_address = None\n",
    ),
    "        limit = self.vllm_config.limit\n",
    "        self.steps = size\n",
)


def _merged(repo: GitRepo, upstream: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(repo, {CLIENT: BASE}, {CLIENT: FORK}, [("Move dp_rank down (#19790)", {CLIENT: upstream})])
    return [
        (f.path, f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == READ_BEFORE_SET
    ]


def _line(repo: GitRepo, text: str) -> int:
    return (Path(repo.path) / CLIENT).read_text().splitlines().index(text.rstrip("\n")) + 1


def test_a_fork_read_above_the_assignment_upstream_moved_down(git_repo: GitRepo) -> None:
    found = _merged(git_repo, UPSTREAM)
    assert [(p, n, sev) for p, n, sev, _ in found] == [
        (CLIENT, _line(git_repo, FORK_INIT), "error"),
        (CLIENT, _line(git_repo, FORK_STEP), "error"),
    ]
    init, step = found[0][3], found[1][3]
    assert "reads self.dp_rank in MPClient.__init__()" in init and "AttributeError" in init
    assert (
        f"assigns it at line {_line(git_repo, '        self.dp_rank = parallel_config.data_parallel_rank')}, below"
        in init
    )
    assert "reads limit in MPClient.step()" in step and "UnboundLocalError" in step


def test_an_assignment_upstream_rewrote_in_place_is_silent(git_repo: GitRepo) -> None:
    upstream = BASE.replace("self.dp_rank = parallel_config.data_parallel_rank", "self.dp_rank = parallel_config.rank")
    assert _merged(git_repo, upstream) == []


# -- pure: the merged function, the fork's version, and which side wrote each line ----------------------
def _reads(merged: str, ours: str, fork: set[str], upstream: set[str], removed: list[str]) -> list[Finding]:
    targets = wanted(removed, fork)
    side = functools.partial(
        statement_side, lines=code_lines(merged), fork=frozenset(fork), upstream=frozenset(upstream)
    )
    return reads_before_set("m.py", ast.parse(merged), lambda: ast.parse(ours), targets, side)


READ = "y = scale * 2  # AEON"
OURS = f"def run(cfg, flag):\n    scale = cfg.scale\n    n = 1\n    {READ}\n    return y\n"


@pytest.mark.parametrize(
    ("merged", "new", "words"),
    [
        # made conditional: set on one path only
        (
            f"def run(cfg, flag):\n    if flag:\n        scale = cfg.scale\n    n = 1\n    {READ}\n    return y\n",
            "scale = cfg.scale",
            "on one path only",
        ),
        # dropped: nothing defines it any more
        (f"def run(cfg, flag):\n    n = 1\n    {READ}\n    return y\n", "", "NameError"),
        # moved into a loop below
        (
            f"def run(cfg, flag):\n    n = 1\n    {READ}\n    for c in cfg:\n        scale = c.scale\n    return y\n",
            "scale = c.scale",
            "below the fork's line",
        ),
        # upstream dropped the assignment every path took; the one left is the base's, in a branch
        # (shaped like #13931, 72c62eae5f: set_forward_context's `num_tokens_across_dp = None`)
        (
            f"def run(cfg, flag):\n    if flag:\n        scale = 4\n    n = 1\n    {READ}\n    return y\n",
            "",
            "(line 3) on one path only",
        ),
    ],
)
def test_an_assignment_that_no_longer_reaches_the_fork_read(merged: str, new: str, words: str) -> None:
    ours = (
        OURS.replace("    scale = cfg.scale\n", "    scale = cfg.scale\n    if flag:\n        scale = 4\n")
        if "= 4" in merged
        else OURS
    )
    [finding] = _reads(merged, ours, {READ}, {new} if new else set(), ["    scale = cfg.scale"])
    assert (finding.line, finding.severity.value) == (merged.splitlines().index(f"    {READ}") + 1, "error")
    assert words in finding.message


@pytest.mark.parametrize(
    "merged",
    [
        # every branch assigns it, or leaves
        f"def run(cfg, flag):\n    if flag:\n        scale = cfg.scale\n    else:\n        scale = 1\n    n = 1\n    {READ}\n",
        f"def run(cfg, flag):\n    if not flag:\n        return None\n    else:\n        scale = cfg.scale\n    {READ}\n",
        # assigned in a with block, or its try and every handler
        f"def run(cfg, flag):\n    with cfg.lock:\n        scale = cfg.scale\n    {READ}\n",
        f"def run(cfg, flag):\n    try:\n        scale = cfg.scale\n    except KeyError:\n        raise\n    {READ}\n",
        # dropped, but the module defines the name: the global is read (the rule of the old value is not this one's)
        f"scale = 3\n\n\ndef run(cfg, flag):\n    n = 1\n    {READ}\n",
        # now a parameter
        f"def run(cfg, flag, scale=2):\n    n = 1\n    {READ}\n",
    ],
)
def test_an_assignment_that_still_reaches_the_fork_read_is_silent(merged: str) -> None:
    assert _reads(merged, OURS, {READ}, {"scale = cfg.scale", "scale = 1"}, ["    scale = cfg.scale"]) == []


def test_a_read_that_was_above_the_assignment_at_the_fork_branch_already_is_silent() -> None:
    ours = f"def run(cfg, flag):\n    n = 1\n    {READ}\n    scale = cfg.scale\n"
    merged = f"def run(cfg, flag):\n    n = 1\n    {READ}\n    scale = cfg.scale + 1\n"
    assert _reads(merged, ours, {READ}, {"scale = cfg.scale + 1"}, ["    scale = cfg.scale"]) == []


SELF_READ = "self.tag = self.rank  # AEON"
SELF_OURS = (
    f"class W:\n    def __init__(self, cfg):\n        self.rank = cfg.rank\n        self.a = 1\n        {SELF_READ}\n"
)


def test_an_assignment_moved_into_a_method_called_above_the_read_is_silent() -> None:
    merged = (
        f"class W:\n    def __init__(self, cfg):\n        self._setup(cfg)\n        self.a = 1\n        {SELF_READ}\n\n"
        "    def _setup(self, cfg):\n        self.rank = cfg.rank\n"
    )
    assert (
        _reads(
            merged,
            SELF_OURS,
            {SELF_READ},
            {"self._setup(cfg)", "self.rank = cfg.rank"},
            ["        self.rank = cfg.rank"],
        )
        == []
    )


def test_a_method_call_that_does_not_assign_it_does_not_count() -> None:
    merged = (
        f"class W:\n    def __init__(self, cfg):\n        self._log(cfg)\n        self.a = 1\n        {SELF_READ}\n"
        "        self.rank = cfg.rank\n\n    def _log(self, cfg):\n        print(cfg)\n"
    )
    [finding] = _reads(
        merged, SELF_OURS, {SELF_READ}, {"self._log(cfg)", "self.rank = cfg.rank"}, ["        self.rank = cfg.rank"]
    )
    assert (finding.line, finding.severity.value) == (5, "error")


def test_an_attribute_another_method_sets_is_a_stale_read_a_warning() -> None:
    ours = f"class W:\n    def step(self, cfg):\n        self.rank = cfg.rank\n        {SELF_READ}\n\n    def reset(self):\n        self.rank = 0\n"
    merged = f"class W:\n    def step(self, cfg):\n        {SELF_READ}\n        self.rank = cfg.rank\n\n    def reset(self):\n        self.rank = 0\n"
    [finding] = _reads(merged, ours, {SELF_READ}, {"self.rank = cfg.rank"}, ["        self.rank = cfg.rank"])
    assert finding.severity.value == "warning" and "the value an earlier call left" in finding.message


def test_the_text_scan_wants_a_removed_assignment_the_fork_mentions() -> None:
    removed = [
        "    scale = cfg.scale",
        "    self.rank: int = 3",
        "    x == 4",
        "    n, (self.m, *k) = f()",
        "    f(n=1)",
    ]
    assert wanted(removed, {"y = scale * rank + n + m + k"}) == {"scale", "self.rank", "n", "self.m", "k"}
    assert wanted(["    scale = cfg.scale"], {"y = other * 2"}) == frozenset()


def test_a_parameter_rebound_below_the_fork_read_now_reads_the_argument_a_warning() -> None:
    # shaped like #11898 (18fd4a8331): add_request's `params = original_params.clone()` moved into the loop
    read = "n = params.n  # AEON"
    ours = f"def add(params, k):\n    params = params.clone()\n    k = 1\n    {read}\n    return n\n"
    merged = f"def add(params, k):\n    k = 1\n    {read}\n    for i in range(k):\n        params = params.clone()\n    return n\n"
    [finding] = _reads(merged, ours, {read}, {"params = params.clone()"}, ["    params = params.clone()"])
    assert (finding.line, finding.severity.value) == (3, "warning")
    assert "reads the argument as passed" in finding.message


def test_a_read_under_the_same_test_as_the_assignment_is_silent() -> None:
    # upstream made the assignment conditional; the fork's read sits under the same condition
    ours = f"def run(cfg, flag):\n    scale = cfg.scale\n    n = 1\n    if flag:\n        {READ}\n"
    merged = f"def run(cfg, flag):\n    if flag:\n        scale = cfg.scale\n    n = 1\n    if flag:\n        {READ}\n"
    assert _reads(merged, ours, {READ}, {"scale = cfg.scale"}, ["    scale = cfg.scale"]) == []
    other = merged.replace("    if flag:\n        " + READ, "    if n:\n        " + READ)
    assert (
        len(_reads(other, ours.replace("if flag", "if n"), {READ}, {"scale = cfg.scale"}, ["    scale = cfg.scale"]))
        == 1
    )


# -- where an assignment reaches through a loop, a ``:=``, a ``match``, a comprehension's scope ---------
def _run(body: str, read: str = READ) -> str:
    """A function ``run`` of ``body`` (its lines at one indent) with the fork's ``read`` and a return."""
    lines = "".join(f"    {line}\n" for line in body.splitlines())
    return f"def run(cfg, flag):\n{lines}    n = 1\n    {read}\n    return y\n"


@pytest.mark.parametrize(
    "body",
    [
        # ``while True:`` leaves only through a break that follows the assignment
        "while True:\n    scale = cfg.next()\n    if scale:\n        break",
        # the loop's break follows the assignment, its ``else`` raises
        "for c in cfg:\n    if c.ok:\n        scale = c.scale\n        break\nelse:\n    raise ValueError",
        # ``:=`` in an ``if`` test, in an expression
        "if (scale := cfg.scale) is None:\n    return None",
        "print(scale := cfg.scale)",
        "while (scale := cfg.next()) is None:\n    cfg.wait()",
        # every case assigns it and one always matches
        "match flag:\n    case 1:\n        scale = 1\n    case _:\n        scale = cfg.scale",
    ],
)
def test_an_assignment_through_a_loop_walrus_or_match_still_reaches_the_fork_read(body: str) -> None:
    new = {line.strip() for line in body.splitlines()}
    assert _reads(_run(body), OURS, {READ}, new, ["    scale = cfg.scale"]) == []


@pytest.mark.parametrize(
    "body",
    [
        "while True:\n    if cfg.done:\n        break\n    scale = cfg.next()",  # a break before it
        "while cfg.more:\n    scale = cfg.next()",  # may run no pass
        "for c in cfg:\n    scale = c.scale",
        "for c in cfg:\n    if c.ok:\n        break\n    scale = c.scale\nelse:\n    raise ValueError",
        "for c in cfg:\n    for d in c:\n        break\n    else:\n        break\n    scale = c.scale\nelse:\n    raise ValueError",
        "match flag:\n    case 1:\n        scale = 1\n    case 2:\n        scale = cfg.scale",  # no case always matches
        "if (n := cfg.n) is None:\n    scale = 1",  # the ``:=`` binds another name
    ],
)
def test_an_assignment_a_loop_or_match_may_skip_does_not_reach_the_fork_read(body: str) -> None:
    new = {line.strip() for line in body.splitlines()}
    [finding] = _reads(_run(body), OURS, {READ}, new, ["    scale = cfg.scale"])
    assert finding.severity.value == "error"


def test_a_comprehension_loop_name_is_not_the_function_s() -> None:
    # the fork's comprehension binds its own ``scale``; the function's moved below does not matter to it
    read = "names = [scale for scale in cfg.items]  # AEON"
    ours = f"def run(cfg, flag):\n    scale = cfg.scale\n    n = 1\n    {read}\n    return scale\n"
    merged = f"def run(cfg, flag):\n    n = 1\n    {read}\n    scale = cfg.scale\n    return scale\n"
    assert _reads(merged, ours, {read}, {"scale = cfg.scale"}, ["    scale = cfg.scale"]) == []
    # one that reads the function's ``scale`` still counts
    outer = "names = [scale * k for k in cfg.items]  # AEON"
    assert (
        len(
            _reads(
                merged.replace(read, outer),
                ours.replace(read, outer),
                {outer},
                {"scale = cfg.scale"},
                ["    scale = cfg.scale"],
            )
        )
        == 1
    )


def test_a_comprehension_loop_name_does_not_make_a_global_local() -> None:
    # upstream dropped the local; the module's ``scale`` is read, and ``[... for scale in ...]`` below
    # binds the comprehension's own
    merged = (
        f"scale = 3\n\n\ndef run(cfg, flag):\n    n = 1\n    {READ}\n    z = [scale for scale in cfg]\n    return y\n"
    )
    assert _reads(merged, OURS, {READ}, {"z = [scale for scale in cfg]"}, ["    scale = cfg.scale"]) == []


def test_a_read_under_an_and_test_that_holds_the_assignment_s_test_is_silent() -> None:
    ours = f"def run(cfg, flag):\n    scale = cfg.scale\n    n = 1\n    if flag and n:\n        {READ}\n"
    merged = (
        f"def run(cfg, flag):\n    if flag:\n        scale = cfg.scale\n    n = 1\n    if flag and n:\n        {READ}\n"
    )
    assert _reads(merged, ours, {READ}, {"scale = cfg.scale"}, ["    scale = cfg.scale"]) == []
    # the other way round does not hold: the assignment needs both, the read has one
    both = merged.replace("    if flag:\n        scale", "    if flag and cfg.x:\n        scale").replace(
        "    if flag and n:\n        " + READ, "    if flag:\n        " + READ
    )
    assert len(_reads(both, ours, {READ}, {"if flag and cfg.x:", "scale = cfg.scale"}, ["    scale = cfg.scale"])) == 1


@pytest.mark.parametrize(
    ("setup", "methods"),
    [
        ("self.__dict__.update(cfg.kw)", ""),
        # a method that calls the method that sets it
        (
            "self._init_all(cfg)",
            "\n    def _init_all(self, cfg):\n        self._setup(cfg)\n\n"
            "    def _setup(self, cfg):\n        self.rank = cfg.rank\n",
        ),
    ],
)
def test_a_call_that_sets_the_instance_s_attribute_above_the_read_is_silent(setup: str, methods: str) -> None:
    merged = (
        f"class W(B):\n    def __init__(self, cfg):\n        {setup}\n        self.a = 1\n        {SELF_READ}\n"
        f"        if cfg.x:\n            self.rank = 0\n{methods}"
    )
    new = {setup, "if cfg.x:", "self.rank = 0", "self._setup(cfg)", "self.rank = cfg.rank"}
    assert _reads(merged, SELF_OURS, {SELF_READ}, new, ["        self.rank = cfg.rank"]) == []


@pytest.mark.parametrize(
    "body",
    [
        "if flag:\n    scale = cfg.scale\nelse:\n    sys.exit(1)",
        "if flag:\n    scale = cfg.scale\nelse:\n    assert False, 'unreachable'",
        "match flag:\n    case 1:\n        scale = 1\n    case _:\n        assert_never(flag)",
    ],
)
def test_a_branch_that_never_returns_does_not_go_on_unassigned(body: str) -> None:
    new = {line.strip() for line in body.splitlines()}
    assert _reads(_run(body), OURS, {READ}, new, ["    scale = cfg.scale"]) == []


def test_a_read_in_a_try_s_else_follows_its_body() -> None:
    ours = f"def run(cfg, flag):\n    scale = cfg.scale\n    try:\n        n = 1\n    except KeyError:\n        return None\n    else:\n        {READ}\n"
    merged = f"def run(cfg, flag):\n    try:\n        scale = cfg.scale\n    except KeyError:\n        return None\n    else:\n        {READ}\n"
    assert _reads(merged, ours, {READ}, {"scale = cfg.scale"}, ["    scale = cfg.scale"]) == []
    # its handler does not
    handler = f"def run(cfg, flag):\n    try:\n        scale = cfg.scale\n    except KeyError:\n        {READ}\n"
    ours_h = (
        f"def run(cfg, flag):\n    scale = cfg.scale\n    try:\n        n = 1\n    except KeyError:\n        {READ}\n"
    )
    assert len(_reads(handler, ours_h, {READ}, {"scale = cfg.scale"}, ["    scale = cfg.scale"])) == 1


def test_nested_loops_and_branches_ask_each_statement_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``while True:`` / ``if c:`` nested 10 deep asked the same nested statements again at each level
    # (2 ** depth); counted, not timed
    from aeon_release.domain.audits.drift import unset_reads

    asked: list[int] = []
    walrus = unset_reads._walrus
    monkeypatch.setattr(unset_reads, "_walrus", lambda stmt, target: asked.append(1) or walrus(stmt, target))
    lines = [f"{'    ' * (i + 1)}{'while True:' if i % 2 == 0 else 'if c:'}" for i in range(20)]
    body = "\n".join(lines) + f"\n{'    ' * 21}scale = 1"
    merged = f"def run(cfg, flag):\n{body}\n    n = 1\n    {READ}\n    return y\n"
    statements = merged.count("\n")
    assert _reads(merged, OURS, {READ}, {"scale = 1"}, ["    scale = cfg.scale"]) == []
    assert len(asked) <= 4 * statements


def test_a_super_init_call_above_the_read_does_not_count_as_setting_it() -> None:
    # shaped like #14305 (cc2f9b32c8): FusedMoE.__init__ calls super().__init__() first, as nn.Module's
    # subclasses do, and upstream moved self.layer_name below the fork's read
    merged = (
        f"class W(B):\n    def __init__(self, cfg):\n        super().__init__()\n        self.a = 1\n        {SELF_READ}\n"
        "        self.rank = cfg.rank\n"
    )
    ours = SELF_OURS.replace(
        "    def __init__(self, cfg):\n", "    def __init__(self, cfg):\n        super().__init__()\n"
    )
    [finding] = _reads(merged, ours, {SELF_READ}, {"self.rank = cfg.rank"}, ["        self.rank = cfg.rank"])
    assert (finding.line, finding.severity.value) == (5, "error")
