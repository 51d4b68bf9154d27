"""Spread keys: a key upstream's def now puts into the dict it returns; a fork call spreads that dict with ``**``
beside a keyword of the same name, or into a def of its own that does not take it.

Shaped like #34846 (22a97e6613): ``get_default_config``'s general branch now returns ``num_warps``/``num_stages``;
a fork's ``kernel[grid](a, b, c, **config, num_warps=4)`` raises TypeError on that path (blind_replay_fusedmoe2).
An error when every returned display now carries the key and the base's carried it nowhere; a warning when some
paths only.  Quiet: a dict merge, ``dict(x, k=v)``, the key popped or tested first, a callee taking ``**kwargs``
or decorated, a def spreading another mapping, a key the base returned already, the fork's own def of the name.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import KEY_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

TILES = "pkg/kernels/tiles.py"
BASE = """def default_config(M: int, dtype: str | None) -> dict[str, int]:
    if dtype == "fp8":
        config = {"BLOCK_M": 64, "num_warps": 4}
    else:
        config = {"BLOCK_M": 16}
    return config


def launch_options(M: int) -> dict[str, int]:
    return {"BLOCK_M": M}


class Tuner:
    def tiles(self, M: int) -> dict[str, int]:
        cfg = {"BLOCK_M": M}
        return cfg


def spread_source(extra: dict[str, int]) -> dict[str, int]:
    return {"BLOCK_M": 16, **extra}


_TUNED: dict[int, dict[str, int]] = {}


def tuned_options(M: int) -> dict[str, int]:
    if M in _TUNED:
        return _TUNED[M]
    return {"BLOCK_M": 2 * M}


def loaded_options(M: int) -> dict[str, int]:
    config = dict(_TUNED.get(M, {}))
    if not config:
        config = {"BLOCK_M": 4 * M}
    return config


def branch_options(M: int) -> dict[str, int]:
    if M > 64:
        cfg = {"BLOCK_M": 64}
    else:
        cfg = {"BLOCK_M": 8 * M}
    return cfg
"""
NEW = (
    BASE.replace('config = {"BLOCK_M": 16}', 'config = {"BLOCK_M": 16, "num_warps": 8, "num_stages": 3}')
    .replace('return {"BLOCK_M": M}', 'return {"BLOCK_M": M, "num_warps": 4}')
    .replace('        cfg = {"BLOCK_M": M}\n', '        cfg = {"BLOCK_M": M}\n        cfg["num_stages"] = 2\n')
    .replace('return {"BLOCK_M": 16, **extra}', 'return {"BLOCK_M": 16, "num_warps": 4, **extra}')
    .replace('{"BLOCK_M": 2 * M}', '{"BLOCK_M": 2 * M, "num_warps": 4}')
    .replace('{"BLOCK_M": 4 * M}', '{"BLOCK_M": 4 * M, "num_warps": 4}')
    .replace('{"BLOCK_M": 64}', '{"BLOCK_M": 64, "num_warps": 8}')
    .replace('{"BLOCK_M": 8 * M}', '{"BLOCK_M": 8 * M, "num_warps": 4}')
)
UPSTREAM: list[tuple[str, dict[str, str | None]]] = [("[Perf] Improve default configs (#34846)", {TILES: NEW})]
HEAD = (
    "from pkg.kernels.tiles import (\n"
    "    Tuner, branch_options, default_config, launch_options, loaded_options, spread_source, tuned_options\n"
    ")\n\n\n"
)

FOUND = {
    # a call's result spread beside the keyword, every path: an error
    "f1": (HEAD + "def go(kernel, grid, a, M):\n    kernel[grid](a, **launch_options(M), num_warps=8)\n", "error"),
    # a local bound once, spread beside a key only some paths carry: a warning
    "f2": (
        HEAD + "def go(launch, a, M):\n    cfg = default_config(M, None)\n    launch(a, **cfg, num_stages=2)\n",
        "warning",
    ),
    # into a def of the file's own that does not take the key
    "f3": (
        HEAD + "def _go(a, BLOCK_M):\n    return a\n\n\ndef go(a, M):\n    return _go(a, **launch_options(M))\n",
        "error",
    ),
    # a method off a receiver typed as its class, the key in a spread display
    "f4": (
        HEAD + "def go(t: Tuner, launch, M):\n    cfg = t.tiles(M)\n    launch(**cfg, **{'num_stages': 1})\n",
        "warning",
    ),
    # the keyword before the spread
    "f5": (HEAD + "def go(launch, M):\n    launch(num_warps=4, **launch_options(M))\n", "error"),
    # every display now carries the key, but a tuned (looked-up, loaded) dict is returned on another path: the
    # fork's call may keep to that path, a warning (review121: an error before)
    "f6": (HEAD + "def go(launch, M):\n    launch(**tuned_options(M), num_warps=8)\n", "warning"),
    "f7": (HEAD + "def go(launch, M):\n    cfg = loaded_options(M)\n    launch(**cfg, num_warps=8)\n", "warning"),
    # near the mended shape: a local bound only to displays, each carrying the key on every path (review121
    # round 3: stays an error)
    "f8": (HEAD + "def go(launch, M):\n    cfg = branch_options(M)\n    launch(**cfg, num_warps=8)\n", "error"),
    # near the mended quiet shapes (review121 round 3): a loop over literals without the key, a try catching
    # another error, the key asked of another dict's keys()
    "f9": (
        HEAD
        + "def go(launch, M):\n    cfg = launch_options(M)\n    for k in ('num_stages',):\n        cfg.pop(k, None)\n"
        "    launch(**cfg, num_warps=8)\n",
        "error",
    ),
    "f10": (
        HEAD
        + "def go(launch, M):\n    try:\n        launch(**launch_options(M), num_warps=8)\n    except ValueError:\n"
        "        return None\n",
        "error",
    ),
    "f11": (
        HEAD
        + "def go(launch, M, opts):\n    cfg = launch_options(M)\n    if 'num_warps' in opts.keys():\n        return None\n"
        "    launch(**cfg, num_warps=8)\n",
        "error",
    ),
}
QUIET = {
    # the fork merges the dicts itself; dict(x, k=v)
    "q1": HEAD + "def go(launch, M):\n    launch(**{**launch_options(M), 'num_warps': 8})\n",
    "q2": HEAD + "def go(launch, M):\n    cfg = launch_options(M)\n    launch(**dict(cfg, num_warps=8))\n",
    # the key taken out or asked about first
    "q3": HEAD + "def go(launch, M):\n    cfg = launch_options(M)\n    cfg.pop('num_warps', None)\n"
    "    launch(**cfg, num_warps=8)\n",
    "q4": HEAD + "def go(launch, M):\n    cfg = launch_options(M)\n    if 'num_warps' in cfg:\n        return None\n"
    "    return launch(**cfg, num_warps=8)\n",
    # a callee taking **kwargs; a decorated one (a Triton kernel takes num_warps as a launch option)
    "q5": HEAD + "def _go(a, **kw):\n    return a\n\n\ndef go(a, M):\n    return _go(a, **launch_options(M))\n",
    "q6": HEAD + "def jit(f):\n    return f\n\n\n@jit\ndef _go(a, BLOCK_M):\n    return a\n\n\n"
    "def go(a, M):\n    return _go(a, **launch_options(M))\n",
    # a def spreading another mapping (its keys are not all shown)
    "q7": HEAD + "def go(launch):\n    launch(**spread_source({}), num_warps=8)\n",
    # a key the base returned already (broken before the merge, not by it)
    "q8": HEAD + "def go(launch, M):\n    launch(**launch_options(M), BLOCK_M=8)\n",
    # the fork's own def of the name
    "q9": "def launch_options(M):\n    return {'BLOCK_M': M}\n\n\ndef go(launch, M):\n"
    "    launch(**launch_options(M), num_warps=8)\n",
    # review121: the key popped in a loop over literal keys, asked of keys(), a try falling back on TypeError
    "q10": HEAD + "def go(launch, M):\n    cfg = launch_options(M)\n    for k in ('num_warps', 'num_stages'):\n"
    "        cfg.pop(k, None)\n    launch(**cfg, num_warps=8)\n",
    "q11": HEAD + "def go(launch, M):\n    cfg = launch_options(M)\n    if 'num_warps' not in cfg.keys():\n"
    "        return launch(**cfg, num_warps=8)\n    return launch(**cfg)\n",
    "q12": HEAD
    + "def go(launch, M):\n    try:\n        launch(**launch_options(M), num_warps=8)\n    except TypeError:\n"
    "        launch(**launch_options(M))\n",
}


FORKS = {f"pkg/aeon/{k}.py": text for k, (text, _) in FOUND.items()} | {f"pkg/aeon/{k}.py": t for k, t in QUIET.items()}


def found(repo: GitRepo) -> dict[str, list[Finding]]:
    """Every row's findings, from one merge and one audit of all the rows side by side a process."""
    return s.side_by_side(repo, {TILES: BASE}, FORKS, UPSTREAM, KEY_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_spread_beside_a_key_upstream_put_in_is_found(git_repo: GitRepo, name: str) -> None:
    text, severity = FOUND[name]
    spread = next(line for line in text.splitlines() if "**" in line)
    rows = [(f.line, f.severity.value) for f in found(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, spread.strip()), severity)]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert found(git_repo)[f"pkg/aeon/{name}.py"] == []


def test_the_message_names_the_def_and_the_key(git_repo: GitRepo) -> None:
    [finding] = found(git_repo)["pkg/aeon/f1.py"]
    assert "launch_options()" in finding.message and 'puts "num_warps"' in finding.message
    assert "multiple values" in finding.message
