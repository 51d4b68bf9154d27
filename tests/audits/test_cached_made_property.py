"""A ``cached_property`` upstream made a plain ``property`` (drift/read_only.py).

vLLM #40701 made ``ModelConfig.is_mm_prefix_lm`` a ``@property`` reading the architecture config, where it had
been a ``@cached_property``: a fork's store ``config.is_mm_prefix_lm = True`` overrode the cached value and now
raises AttributeError (the property has no setter); a value seeded into the instance's ``__dict__`` is never
read back (a property is a data descriptor); dropping the cached value drops nothing (a warning: the property
computes on every read, from what it reads now), unless the fork patched, just before, a member of the
config the property no longer reads (an error: the patch never reaches the value).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"pkg/__init__.py": ""}
CONFIG = "pkg/config.py"
USE = "pkg/aeon_use.py"
BASE = (
    "from functools import cached_property\n\n\n"
    "class Settings:\n"
    "    def __init__(self, raw) -> None:\n"
    "        self.raw = raw\n\n"
    "    @cached_property\n"
    "    def prefix_lm(self) -> bool:\n"
    '        return bool(getattr(self.raw, "prefix_lm", False))\n\n'
    "    @cached_property\n"
    "    def layers(self) -> int:\n"
    "        return self.raw.layers\n\n"
    "    @property\n"
    "    def heads(self) -> int:\n"
    "        return self.raw.heads\n"
)
THEIRS = (
    "from functools import cached_property\n\n\n"
    "class Settings:\n"
    "    def __init__(self, raw) -> None:\n"
    "        self.raw = raw\n"
    "        self.arch = dict(vars(raw))\n\n"
    "    @property\n"
    "    def prefix_lm(self) -> bool:\n"
    '        return bool(self.arch.get("prefix_lm", False))\n\n'
    "    @cached_property\n"
    "    def layers(self) -> int:\n"
    "        return self.raw.layers\n\n"
    "    @property\n"
    "    def heads(self) -> int:\n"
    "        return self.raw.heads\n"
)
HEAD = "from pkg.config import Settings\n\n\n"
ASSIGNED = HEAD + "def mine(settings: Settings) -> None:\n    settings.prefix_lm = True\n"
SETATTR = HEAD + 'def mine(settings: Settings) -> None:\n    setattr(settings, "prefix_lm", True)\n'
SEEDED = HEAD + 'def mine(settings: Settings) -> None:\n    settings.__dict__["prefix_lm"] = True\n'
VARS_SEEDED = (
    HEAD + 'class MySettings(Settings):\n    def force(self, on: bool) -> None:\n        vars(self)["prefix_lm"] = on\n'
)
POPPED = HEAD + 'def mine(settings: Settings) -> None:\n    settings.__dict__.pop("prefix_lm", None)\n'
DELETED = HEAD + 'def mine(settings: Settings) -> None:\n    del vars(settings)["prefix_lm"]\n'
# a drop after patching what the base's cached value was computed from, which upstream's property no longer reads
STALE = (
    HEAD + "def mine(settings: Settings, on: bool) -> None:\n"
    "    settings.raw.prefix_lm = on\n"
    '    settings.__dict__.pop("prefix_lm", None)\n'
)
# ... and after patching what it reads now: the drop is a no-op, the patch still reaches the value (a warning)
STILL_READ = (
    HEAD + "def mine(settings: Settings, on: bool) -> None:\n"
    '    settings.arch["prefix_lm"] = on\n'
    "    settings.arch.update(prefix_lm=on)\n"
    '    settings.__dict__.pop("prefix_lm", None)\n'
)
# twins: a read; the kept cached_property seeded and dropped; the fork's own class; a store under a try
READ = HEAD + "def mine(settings: Settings) -> bool:\n    return settings.prefix_lm\n"
KEPT = (
    HEAD + "def mine(settings: Settings) -> None:\n"
    "    settings.layers = 2\n"
    '    settings.__dict__["layers"] = 2\n'
    '    settings.__dict__.pop("layers", None)\n'
)
OWN = (
    "class Settings:\n    prefix_lm = False\n\n\n"
    'def mine(settings: Settings) -> None:\n    settings.__dict__["prefix_lm"] = True\n    settings.prefix_lm = True\n'
)
TRIED = (
    HEAD + "def mine(settings: Settings) -> None:\n"
    "    try:\n        settings.prefix_lm = True\n    except AttributeError:\n        pass\n"
)
# a name that was always a property: dropping its (absent) slot was never a cache, and stays quiet
ALWAYS = HEAD + 'def mine(settings: Settings) -> None:\n    settings.__dict__.pop("heads", None)\n'
# revDF (benchmarks/review98_twins.py): the fork asks which release it runs on before it writes -- the descriptor's
# kind, or whether what upstream's property reads now (``self.arch.prefix_lm`` below) is there
ASKED = (
    "from functools import cached_property\n\n" + HEAD + "def mine(settings: Settings) -> None:\n"
    '    if isinstance(getattr(type(settings), "prefix_lm", None), cached_property):\n'
    "        settings.prefix_lm = True\n"
    "    else:\n"
    '        settings.arch["prefix_lm"] = True\n'
)
ASKED_NOT_PROPERTY = (
    HEAD + "def mine(settings: Settings) -> None:\n"
    '    if not isinstance(getattr(type(settings), "prefix_lm", None), property):\n'
    '        settings.__dict__["prefix_lm"] = True\n'
)
READS_GATED = (
    HEAD.replace("import Settings", "import Settings, Arch") + "def mine(settings: Settings) -> None:\n"
    '    if hasattr(settings.arch, "prefix_lm"):\n'
    "        settings.arch.prefix_lm = True\n"
    "    else:\n"
    '        settings.__dict__["prefix_lm"] = True\n'
)
# ... but the write in the branch where the descriptor is a property, or gated on a member it does not read, errs
ASKED_WRONG = ASKED.replace(
    "        settings.prefix_lm = True\n    else:\n", "        pass\n    else:\n        settings.prefix_lm = True\n"
)
ASKED_OTHER = ASKED.replace('"prefix_lm", None), cached_property', '"layers", None), cached_property')
OTHER_GATED = READS_GATED.replace('hasattr(settings.arch, "prefix_lm")', 'hasattr(settings.raw, "prefix_lm")')


def _run(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {CONFIG: BASE, **PACKAGES}, {USE: fork}, {CONFIG: THEIRS})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (ASSIGNED, "settings.prefix_lm = True"),
        (SETATTR, "setattr("),
        (SEEDED, '__dict__["prefix_lm"]'),
        (VARS_SEEDED, "vars(self)"),
    ],
    ids=["assigned", "setattr", "seeded-dict", "seeded-vars-in-a-subclass"],
)
def test_a_write_to_a_cached_property_made_a_property_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _run(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(POPPED, ".pop("), (DELETED, "del vars"), (STILL_READ, ".pop(")],
    ids=["popped", "deleted", "after-patching-what-it-reads"],
)
def test_a_drop_of_the_cached_value_is_a_warning(git_repo: GitRepo, tmp_path: Path, fork: str, needle: str) -> None:
    assert _run(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "warning")]


@pytest.mark.parametrize(
    "fork", [READ, KEPT, OWN, TRIED, ALWAYS], ids=["a-read", "a-kept-cache", "the-fork-own-class", "tried", "always"]
)
def test_reads_kept_caches_and_guarded_writes_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, fork) == []


def test_a_drop_after_patching_what_the_property_no_longer_reads_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _run(git_repo, tmp_path, STALE) == [(USE, line_of(STALE, ".pop("), "error")]


@pytest.mark.parametrize(
    "fork", [ASKED, ASKED_NOT_PROPERTY, READS_GATED], ids=["descriptor-is-cached", "not-a-property", "reads-gated"]
)
def test_a_write_only_where_the_old_release_runs_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    """revDF: the write runs only where the descriptor is still a ``cached_property``, or where what upstream's
    property reads now is absent (#40701: ``hasattr(config.model_arch_config, "is_mm_prefix_lm")``)."""
    theirs = THEIRS.replace("        self.arch = dict(vars(raw))\n", "        self.arch = Arch(raw)\n").replace(
        'return bool(self.arch.get("prefix_lm", False))', "return bool(self.arch.prefix_lm)"
    )
    theirs += "\n\nclass Arch:\n    def __init__(self, raw) -> None:\n        self.prefix_lm = getattr(raw, 'prefix_lm', False)\n"
    base = BASE + "\n\nclass Arch:\n    pass\n"
    sides = three_way(git_repo, {CONFIG: base, **PACKAGES}, {USE: fork}, {CONFIG: theirs})
    assert found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) == []


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (ASKED_WRONG, "        settings.prefix_lm = True"),
        (ASKED_OTHER, "        settings.prefix_lm = True"),
        (OTHER_GATED, '__dict__["prefix_lm"]'),
    ],
    ids=["the-property-branch", "another-name-asked", "gated-on-another-member"],
)
def test_a_write_on_the_new_release_still_errs(git_repo: GitRepo, tmp_path: Path, fork: str, needle: str) -> None:
    assert _run(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]
