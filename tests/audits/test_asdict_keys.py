"""Symbol drift: a key of ``dataclasses.asdict(x)`` is ``x``'s field, and goes when the field does.

vLLM #28733 made ``SchedulerConfig.max_model_len`` an ``InitVar``: a fork status page reading
``dataclasses.asdict(scheduler_config)["max_model_len"]`` merges cleanly and raises KeyError, since ``asdict``
holds only the stored fields.  A field upstream removed or renamed drops its key alike.  ``["k"]`` and
``.get("k")`` are errors; ``.get("k", d)`` answers the fork's own fallback, which it may have meant: a warning.
Quiet: a key upstream keeps, a ``field(init=False)`` (still a field, so still a key), ``asdict`` of the fork's
own class, a read under ``except KeyError``, under ``hasattr`` of the field or a test that the dict holds the key,
and a receiver whose class the engine cannot tell; ``.get("k") or d`` is ``.get("k", d)``, a warning.

Since killers173 (blind_replay_cfgparts, #17053 made ``ParallelConfig.data_parallel_rank_local`` a property
over ``_data_parallel_rank_local``): a field upstream made a property has no key either (the attribute still
reads), and the dict may sit in a local the function binds once and only reads keys of; a local the fork
writes into, rebinds or hands on is its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/config/__init__.py": ""}
CONFIG = "vllm/config/scheduler.py"
BASE = """import dataclasses
from dataclasses import InitVar, field


@dataclasses.dataclass
class SchedConfig:
    keep: int = 1
    old_knob: int = 2
    max_len: int = 8192
    later: int = 0
    rank_local: int | None = None
"""
THEIRS = (
    BASE.replace(
        "    rank_local: int | None = None\n",
        "    _rank_local: int | None = field(default=None, init=False)\n\n"
        "    @property\n    def rank_local(self) -> int:\n        return self._rank_local or 0\n",
    )
    .replace("old_knob: int = 2", "new_knob: int = 2")
    .replace(
        "max_len: int = 8192\n    later: int = 0\n",
        "max_len: InitVar[int] = 8192\n    later: int = field(default=0, init=False)\n\n"
        "    def __post_init__(self, max_len: int) -> None:\n        self.keep = min(self.keep, max_len)\n",
    )
)
HEAD = "import dataclasses\n\nfrom vllm.config.scheduler import SchedConfig\n\n\n"
FROM = "from dataclasses import asdict\n\nfrom vllm.config.scheduler import SchedConfig\n\n\n"
TYPED = "def status(cfg: SchedConfig) -> object:\n"

KILLERS = {
    "a property-made field's key": (HEAD + TYPED + '    return dataclasses.asdict(cfg)["rank_local"]\n', "error"),
    "a property-made field's key by .get": (FROM + TYPED + '    return asdict(cfg).get("rank_local")\n', "error"),
    "a renamed field's key": (HEAD + TYPED + '    return dataclasses.asdict(cfg)["old_knob"]\n', "error"),
    "a renamed field's key by .get": (FROM + TYPED + '    return asdict(cfg).get("old_knob")\n', "error"),
    "a renamed field's key by .get with a default": (
        FROM + TYPED + '    return asdict(cfg).get("old_knob", 2)\n',
        "warning",
    ),
    "an init-only field's key": (HEAD + TYPED + '    return dataclasses.asdict(cfg)["max_len"]\n', "error"),
    "an init-only field's key off a named holder": (
        "import dataclasses as dc\n\n\nclass Page:\n    def __init__(self, sched_config) -> None:\n"
        "        self.sched_config = sched_config\n\n    def show(self) -> object:\n"
        '        return dc.asdict(self.sched_config)["max_len"]\n',
        "error",
    ),
    "an init-only field's key by .get with a default": (
        FROM + TYPED + '    return asdict(cfg).get("max_len", 0)\n',
        "warning",
    ),
    # the fork's ``or`` answers for the missing key, as a default does: it may have meant that (review74)
    "a renamed field's key by .get or a fallback": (
        FROM + TYPED + '    return asdict(cfg).get("old_knob") or cfg.new_knob\n',
        "warning",
    ),
    "an init-only field's key by .get or a fallback": (
        FROM + TYPED + '    return asdict(cfg).get("max_len") or 0\n',
        "warning",
    ),
    "a renamed field's key under hasattr of another field": (
        HEAD
        + TYPED
        + '    if hasattr(cfg, "keep"):\n        return dataclasses.asdict(cfg)["old_knob"]\n    return None\n',
        "error",
    ),
}
TWINS = {
    "the property-made field read as an attribute": HEAD + TYPED + "    return cfg.rank_local\n",
    "the property's own field by its key": HEAD + TYPED + '    return dataclasses.asdict(cfg)["_rank_local"]\n',
    "a local the fork writes the key into": HEAD
    + TYPED
    + '    profile = dataclasses.asdict(cfg)\n    profile["old_knob"] = cfg.new_knob\n    return profile["old_knob"]\n',
    "a local rebound on a path": HEAD
    + TYPED
    + '    profile = dataclasses.asdict(cfg)\n    if cfg.keep:\n        profile = {"old_knob": 1}\n'
    '    return profile["old_knob"]\n',
    "a local handed on before the read": HEAD
    + TYPED
    + '    profile = dataclasses.asdict(cfg)\n    fill(profile)\n    return profile["old_knob"]\n',
    "a local of the module's own dict": HEAD
    + TYPED
    + '    profile = {"old_knob": cfg.new_knob}\n    return profile["old_knob"]\n',
    "a key upstream keeps": HEAD + TYPED + '    return dataclasses.asdict(cfg)["keep"]\n',
    "a field made init=False keeps its key": HEAD + TYPED + '    return dataclasses.asdict(cfg)["later"]\n',
    "asdict of the fork's own class": "import dataclasses\n\n\n@dataclasses.dataclass\nclass AeonConfig:\n"
    "    old_knob: int = 2\n    max_len: int = 1\n\n\ndef status(mine: AeonConfig) -> object:\n"
    '    return dataclasses.asdict(mine)["old_knob"], dataclasses.asdict(mine)["max_len"]\n',
    "a read under except KeyError": HEAD + TYPED + '    try:\n        return dataclasses.asdict(cfg)["old_knob"]\n'
    "    except KeyError:\n        return None\n",
    "a receiver of no known class": HEAD
    + 'def status(cfg) -> object:\n    return dataclasses.asdict(cfg)["old_knob"]\n',
    # guards of the read written for both sides of the change (review74)
    "a renamed field's key under hasattr of the field": HEAD
    + TYPED
    + '    if hasattr(cfg, "old_knob"):\n        return dataclasses.asdict(cfg)["old_knob"]\n    return cfg.new_knob\n',
    "a renamed field's key under a test that the dict holds it": HEAD
    + TYPED
    + '    if "old_knob" in dataclasses.asdict(cfg):\n        return dataclasses.asdict(cfg)["old_knob"]\n'
    "    return cfg.new_knob\n",
    "an init-only field's key under a test that the dict holds it": HEAD
    + TYPED
    + '    if "max_len" in dataclasses.asdict(cfg) and cfg.keep:\n        return dataclasses.asdict(cfg)["max_len"]\n'
    "    return 0\n",
    "an init-only field's key in a conditional expression testing it": FROM
    + TYPED
    + '    return asdict(cfg)["max_len"] if "max_len" in asdict(cfg) else 0\n',
    "a plain dict's key": TYPED.replace("cfg: SchedConfig", "cfg: dict") + '    return cfg["old_knob"]\n',
}

# a key read off a local holding asdict(x): the finding lands on the read, not on the asdict line
LOCAL_KILLERS = {
    "a renamed field's key off a local": (
        HEAD + TYPED + '    profile = dataclasses.asdict(cfg)\n    return profile["old_knob"]\n',
        'return profile["old_knob"]',
        "error",
    ),
    "a property-made field's key off a local by .get": (
        FROM
        + TYPED
        + '    profile = asdict(cfg)\n    rank = profile.get("rank_local")\n    return rank, profile.items()\n',
        'rank = profile.get("rank_local")',
        "error",
    ),
    "an init-only field's key off a local by .get with a default": (
        FROM + TYPED + '    profile = asdict(cfg)\n    return profile.get("max_len", 0)\n',
        'return profile.get("max_len", 0)',
        "warning",
    ),
}

# Every row is a fork module of its own beside the same base and upstream; each check reads only the module's own
# lines and upstream's class, so one merge and one audit of all of them side by side answers each row.
_AUDITED: dict[str, list[tuple[int, str]]] = {}


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[int, str]]:
    if not _AUDITED:
        texts = [text for text, _ in KILLERS.values()] + list(TWINS.values())
        texts += [text for text, _, _ in LOCAL_KILLERS.values()]
        paths = {text: f"vllm/aeon_page_{number}.py" for number, text in enumerate(texts)}
        sides = three_way(
            git_repo, {CONFIG: BASE, **PACKAGES}, {path: text for text, path in paths.items()}, {CONFIG: THEIRS}
        )
        every = found(audit(git_repo, sides, tmp_path), DRIFT)
        _AUDITED.update({text: [(line, sev) for at, line, sev in every if at == path] for text, path in paths.items()})
    return _AUDITED[fork]


@pytest.mark.parametrize(("fork", "severity"), list(KILLERS.values()), ids=list(KILLERS))
def test_a_key_of_asdict_whose_field_upstream_dropped_is_reported(
    git_repo: GitRepo, tmp_path: Path, fork: str, severity: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, "asdict("), severity)]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_a_key_that_stays_or_is_no_known_field_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(("fork", "at", "severity"), list(LOCAL_KILLERS.values()), ids=list(LOCAL_KILLERS))
def test_a_key_read_off_a_local_holding_asdict_is_reported(
    git_repo: GitRepo, tmp_path: Path, fork: str, at: str, severity: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, at), severity)]
