"""Patched functions: upstream's call of the patched name keeps its first line and gains an argument below it.

vLLM #23745 added ``expert_placement_strategy=expert_placement_strategy,`` on a line of its own inside the fused
MoE layer's ``self.local_num_experts, self.expert_map = determine_expert_map(`` call, whose first line stayed as
it was: no added line named the function, and a fork's ``layer.determine_expert_map = aeon_map`` written for
the old three parameters (TypeError at layer build) went unseen (killers205's blind miss).  Errors: a keyword
or a positional argument added below the call's first line, whatever the patch's spelling (an assignment, a
``setattr``).  Quiet: a fork function taking ``**kwargs`` or the new keyword, an added line of the file outside
the call, a comment added inside the call.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

LAYER = "vllm/moe/layer.py"
BASE = """def place(ep_size, ep_rank, total, strategy="linear"):
    return total // ep_size, None


def scale(x, factor=1.0, bias=0.0):
    return x * factor + bias


class Layer:
    def __init__(self, ep_size, ep_rank, total, strategy):
        self.local, self.map = place(
            ep_size=ep_size,
            ep_rank=ep_rank,
            total=total,
        )
        self.out = scale(
            total,
            2.0,
        )
"""
# a keyword and a positional argument, each added on its own line below an unchanged first line; a line added
# outside both calls
THEIRS = (
    BASE.replace("            total=total,\n", "            total=total,\n            strategy=strategy,\n")
    .replace("            2.0,\n        )", "            2.0,\n            0.5,\n        )")
    .replace("        self.out = scale(", "        self.ready = True\n        self.out = scale(")
)
HEAD = "from vllm.moe import layer as lyr\n\n\n"
PLACE = "def aeon_place(ep_size, ep_rank, total):\n    return total, None\n\n\n"
SCALE = "def aeon_scale(x, factor=1.0):\n    return x * factor\n\n\n"
KILLERS = {
    "a keyword added below the call's first line": (
        HEAD + PLACE + "lyr.place = aeon_place\n",
        "lyr.place = aeon_place",
    ),
    "a setattr of it": (
        HEAD + PLACE + 'setattr(lyr, "place", aeon_place)\n',
        'setattr(lyr, "place", aeon_place)',
    ),
    "a positional argument added below the call's first line": (
        HEAD + SCALE + "lyr.scale = aeon_scale\n",
        "lyr.scale = aeon_scale",
    ),
}
TWINS = {
    "a function taking **kwargs": HEAD + "def aeon_place(ep_size, ep_rank, total, **kwargs):\n"
    "    return total, None\n\n\nlyr.place = aeon_place\n",
    "a function taking the new keyword": HEAD + "def aeon_place(ep_size, ep_rank, total, strategy=None):\n"
    "    return total, None\n\n\nlyr.place = aeon_place\n",
    "a function taking *args": HEAD + "def aeon_scale(x, *args):\n    return x\n\n\nlyr.scale = aeon_scale\n",
    "the fork's own object of the name": HEAD + "class Box:\n    pass\n\n\n" + PLACE + "box = Box()\n"
    "box.place = aeon_place\n",
}
PACKAGES = {"vllm/__init__.py": "", "vllm/moe/__init__.py": ""}
_AUDITED: dict[str, list[tuple[int, str]]] = {}


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[int, str]]:
    key = f"{theirs}\0{fork}"
    if key not in _AUDITED:
        sides = three_way(git_repo, {LAYER: BASE, **PACKAGES}, {"vllm/aeon_p.py": fork}, {LAYER: theirs})
        every = found(audit(git_repo, sides, tmp_path), DRIFT)
        _AUDITED[key] = [(line, sev) for at, line, sev in every if at == "vllm/aeon_p.py"]
    return _AUDITED[key]


@pytest.mark.parametrize(("fork", "needle"), list(KILLERS.values()), ids=list(KILLERS))
def test_an_argument_added_below_an_unchanged_first_line_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_a_patch_that_takes_the_grown_call_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_comment_or_an_outside_line_added_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    # the call's arguments unchanged: a comment inside the call, a statement added beside it
    theirs = BASE.replace("            total=total,\n", "            total=total,  # the placement's size\n").replace(
        "        self.out = scale(", "        self.ready = True\n        self.out = scale("
    )
    both = HEAD + PLACE + SCALE + "lyr.place = aeon_place\nlyr.scale = aeon_scale\n"
    assert _rows(git_repo, tmp_path, both, theirs) == []


# review112: the class method holding upstream's grown call replaced by the fork too (#49948's
# ``AudioMediaIO.load_bytes``/``load_file`` beside an old-parameter ``load_audio``): upstream's call never runs
OWN_INIT = "def aeon_init(self, ep_size, ep_rank, total, strategy):\n    self.local, self.map = aeon_place(ep_size, ep_rank, total)\n\n\n"


def test_the_caller_method_replaced_too_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + PLACE + OWN_INIT + "lyr.Layer.__init__ = aeon_init\nlyr.place = aeon_place\n"
    assert _rows(git_repo, tmp_path, fork) == []


def test_the_caller_method_kept_by_the_fork_still_errors(git_repo: GitRepo, tmp_path: Path) -> None:
    # the fork's init hands on to upstream's own, whose grown call runs all the same
    fork = (
        HEAD
        + PLACE
        + "_up = lyr.Layer.__init__\n\n\n"
        + "def aeon_init(self, *args):\n    _up(self, *args)\n\n\n"
        + "lyr.Layer.__init__ = aeon_init\nlyr.place = aeon_place\n"
    )
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, "lyr.place = aeon_place"), "error")]


def test_another_method_of_the_class_replaced_still_errors(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        HEAD
        + PLACE
        + "def aeon_repr(self):\n    return 'Layer'\n\n\nlyr.Layer.__repr__ = aeon_repr\nlyr.place = aeon_place\n"
    )
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, "lyr.place = aeon_place"), "error")]
