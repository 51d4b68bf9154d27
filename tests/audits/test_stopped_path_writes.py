"""Stopped writes of a path off ``self`` (drift/stopped_writes.py, killers179).

#28515 (327c0a9a23) made ``EngineArgs.create_engine_config`` work on ``compilation_config =
copy.deepcopy(self.compilation_config)`` where the base stored ``self.compilation_config.cudagraph_capture_sizes``:
a fork's read of ``engine_args.compilation_config.cudagraph_capture_sizes`` after the call now sees the sizes from
before it.  Twins: a read off the returned config, a path the method still stores, a first field the method now
stores whole (a new object may hold the path), a fork store of the path between.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

ARGS = "vllm/engine/arg_utils.py"
BASE = """import copy


class Compilation:
    sizes: list[int] | None = None
    level: int = 0


class EngineArgs:
    compilation_config: Compilation = Compilation()
    cuda_graph_sizes: list[int] | None = None
    level: int = 3

    def create_engine_config(self) -> Compilation:
        if self.cuda_graph_sizes is not None:
            self.compilation_config.sizes = self.cuda_graph_sizes
        self.compilation_config.level = self.level
        return self.compilation_config
"""
THEIRS = BASE.replace(
    """        if self.cuda_graph_sizes is not None:
            self.compilation_config.sizes = self.cuda_graph_sizes
        self.compilation_config.level = self.level
        return self.compilation_config
""",
    """        compilation_config = copy.deepcopy(self.compilation_config)
        if self.cuda_graph_sizes is not None:
            compilation_config.sizes = self.cuda_graph_sizes
        self.compilation_config.level = self.level
        return compilation_config
""",
)
WHOLE = THEIRS.replace(
    "        return compilation_config\n",
    "        self.compilation_config = compilation_config\n        return compilation_config\n",
)
USE = "vllm/aeon/warm.py"
HEAD = "from vllm.engine.arg_utils import EngineArgs\n\n\n"


def run(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {ARGS: BASE, "vllm/__init__.py": ""}, {USE: HEAD + fork}, {ARGS: theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    "fork",
    [
        "def aeon_sizes(args: EngineArgs) -> list[int]:\n    args.create_engine_config()\n"
        "    return list(args.compilation_config.sizes or [])\n",
        # a fork subclass's self read, and a read of one more attribute down the path
        "class AeonArgs(EngineArgs):\n    def aeon_warm(self) -> int:\n        self.create_engine_config()\n"
        "        return len(self.compilation_config.sizes.copy())\n",
    ],
    ids=["typed parameter", "subclass self, deeper read"],
)
def test_a_path_the_method_stopped_storing(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    text = HEAD + fork
    assert run(git_repo, tmp_path, fork) == [(USE, line_of(text, "compilation_config.sizes"), "error")]


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        (
            "def aeon_sizes(args: EngineArgs) -> list[int]:\n    config = args.create_engine_config()\n"
            "    return list(config.sizes or [])\n",
            THEIRS,
        ),
        (
            "def aeon_level(args: EngineArgs) -> int:\n    args.create_engine_config()\n"
            "    return args.compilation_config.level\n",
            THEIRS,
        ),
        (
            "def aeon_sizes(args: EngineArgs) -> list[int]:\n    args.create_engine_config()\n"
            "    return list(args.compilation_config.sizes or [])\n",
            WHOLE,
        ),
        (
            "def aeon_sizes(args: EngineArgs) -> list[int]:\n    args.create_engine_config()\n"
            "    args.compilation_config.sizes = [1, 2]\n    return list(args.compilation_config.sizes)\n",
            THEIRS,
        ),
    ],
    ids=["the returned config", "a path still stored", "the first field stored whole", "the fork stores it"],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str) -> None:
    assert run(git_repo, tmp_path, fork, theirs) == []
