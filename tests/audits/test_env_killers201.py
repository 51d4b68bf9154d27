"""Environment-variable drift widened by killers201 (benchmarks/blind_replay_envs2.py): four registry changes
whose fork reads and settings merged cleanly and went silent.

Each upstream change is shaped like a real vLLM one: #13615 turned ``bool(os.getenv(NAME, False))`` (any non-empty
value on) into ``... .lower() in ("on", "true", "1")`` (a fork's ``"yes"`` is off now; env-value drift), #21289
made an ``int`` defaulting to ``"0"`` None unless set (env-default drift: the guarded read's own ``"0"`` no longer
hides the None), #41083 turned ``maybe_convert_bool(os.environ.get(NAME))`` into the raw string (env-parsing
drift: ``is True`` never holds, ``"0"`` is truthy), #32429 and #37198 replaced a literal default with a uuid
factory's and a computed one (env-default drift: the fork's repetition of the old literal is a warning).  The
spellings go beyond the replay's; the twins: a value both parses take, a value the base misread (a fix in the
fork's favour), an ``or`` fallback, an ``is not None`` guard, the new string spelling, the fork's own namesake
module, a registry read of a computed default, a getenv with another default.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENVS = "app/envs.py"
BASE = """import os
import uuid


def maybe_convert_bool(value):
    return None if value is None else bool(int(value))


def get_env_or_set_default(name, factory):
    def read():
        return os.environ.setdefault(name, factory())

    return read


environment_variables = {
    "APP_EXPORT_COMPRESS": lambda: bool(os.getenv("APP_EXPORT_COMPRESS", False)),
    "APP_KV_SPACE": lambda: int(os.getenv("APP_KV_SPACE", "0")),
    "APP_GEMM_TYPE": lambda: maybe_convert_bool(os.environ.get("APP_GEMM_TYPE", None)),
    "APP_SHM_NAME": lambda: os.getenv("APP_SHM_NAME", "APP_SHM"),
    "APP_MEGA": lambda: os.environ.get("APP_MEGA", "0") == "1",
}
"""
UPSTREAM = (
    BASE.replace(
        'bool(os.getenv("APP_EXPORT_COMPRESS", False))',
        '(os.environ.get("APP_EXPORT_COMPRESS", "0").lower() in\n     ("on", "true", "1"))',
    )
    .replace(
        'int(os.getenv("APP_KV_SPACE", "0"))',
        'int(os.getenv("APP_KV_SPACE", "0")) if "APP_KV_SPACE" in os.environ else None',
    )
    .replace(
        'maybe_convert_bool(os.environ.get("APP_GEMM_TYPE", None))',
        'os.environ.get("APP_GEMM_TYPE", None)',
    )
    .replace(
        'lambda: os.getenv("APP_SHM_NAME", "APP_SHM")',
        'get_env_or_set_default("APP_SHM_NAME", lambda: f"APP_SHM_{uuid.uuid4().hex}")',
    )
    .replace('lambda: os.environ.get("APP_MEGA", "0") == "1"', "use_mega")
    .replace(
        "environment_variables = {",
        'def use_mega():\n    default = "1" if os.cpu_count() else "0"\n'
        '    return os.environ.get("APP_MEGA", default) == "1"\n\n\nenvironment_variables = {',
    )
)
SUBJECT = "[Core] Registry parsing and defaults (#21289)"

FORK = "app/aeon/launch.py"
FORK_TEXT = """import os

import app.envs as envs
from app.aeon import knobs as aeon_envs


def aeon_launch() -> None:
    # AEON: the Spark's launch settings
    os.environ["APP_EXPORT_COMPRESS"] = "Y"
    os.environ.setdefault("APP_EXPORT_COMPRESS", "yes")
    os.environ["APP_EXPORT_COMPRESS"] = "true"
    os.environ["APP_EXPORT_COMPRESS"] = "0"


def aeon_kv() -> list[object]:
    half = envs.APP_KV_SPACE // 2
    big = envs.APP_KV_SPACE >= 8
    gib = float(envs.APP_KV_SPACE)
    unset = envs.APP_KV_SPACE != 0
    fallback = (envs.APP_KV_SPACE or 4) * 2
    return [half, big, gib, unset, fallback]


def aeon_kv_guarded() -> int:
    # a scope that tests the read for None settles the unset case for all its reads
    guarded = envs.APP_KV_SPACE * 2 if envs.APP_KV_SPACE is not None else 0
    return guarded


def aeon_gemm() -> list[object]:
    forced = envs.APP_GEMM_TYPE == True  # noqa: E712
    grouped = not envs.APP_GEMM_TYPE
    kind = 1 if envs.APP_GEMM_TYPE else 2
    auto = envs.APP_GEMM_TYPE is None
    spelt = (envs.APP_GEMM_TYPE or "").lower()
    indexed = envs.APP_GEMM_TYPE == "indexed"
    own = aeon_envs.APP_GEMM_TYPE is True
    return [forced, grouped, kind, auto, spelt, indexed, own]


def aeon_kv_present() -> list[object]:
    # review109: a presence test of the variable itself makes the read the value again
    if "APP_KV_SPACE" in os.environ:
        return [envs.APP_KV_SPACE * 2]
    ranged = list(range(envs.APP_KV_SPACE)) if envs.is_set("APP_KV_SPACE") else []
    absent = 0 if "APP_KV_SPACE" not in os.environ else envs.APP_KV_SPACE + 1
    if not envs.is_set("APP_KV_SPACE"):
        return [ranged, absent]
    return [envs.APP_KV_SPACE // 4]


def aeon_kv_other() -> int:
    return envs.APP_KV_SPACE * 3 if envs.is_set("APP_OTHER") else 0


def aeon_gemm_string() -> list[object]:
    # review109: the same read compared with a string or given a str method is a presence test of the string
    if envs.APP_GEMM_TYPE and envs.APP_GEMM_TYPE.lower() == "grouped":
        return ["grouped"]
    if envs.APP_GEMM_TYPE and envs.APP_SHM_NAME == "x":
        return ["other"]
    if envs.APP_GEMM_TYPE:
        picked = envs.APP_GEMM_TYPE
        return [picked]
    return []


def aeon_shm() -> list[object]:
    sidecar = os.environ.get("APP_SHM_NAME", "APP_SHM")
    mega = os.getenv("APP_MEGA", "0")
    name = envs.APP_SHM_NAME
    other = os.getenv("APP_SHM_NAME", "APP_OTHER")
    return [sidecar, mega, name, other]
"""
KNOBS = "app/aeon/knobs.py"
KNOBS_TEXT = "# AEON: the fork's own knobs\nAPP_GEMM_TYPE = True\n"


def hits(git_repo: GitRepo, no_rules: Path) -> dict[str, Severity]:
    sides = s.merge_case(git_repo, {ENVS: BASE}, {FORK: FORK_TEXT, KNOBS: KNOBS_TEXT}, [(SUBJECT, {ENVS: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    lines = (git_repo.path / FORK).read_text().splitlines()
    found: dict[str, Severity] = {}
    for f in report.findings:
        if f.rule_id == DEFAULT_DRIFT and f.path == FORK:
            text = lines[f.line - 1].strip()
            found[text] = max(found.get(text, f.severity), f.severity, key=lambda v: v is Severity.ERROR)
    return found


def test_reads_and_settings_the_registry_changes_broke(git_repo: GitRepo, no_rules: Path) -> None:
    got = hits(git_repo, no_rules)
    for line, severity in {
        'os.environ["APP_EXPORT_COMPRESS"] = "Y"': Severity.ERROR,
        'os.environ.setdefault("APP_EXPORT_COMPRESS", "yes")': Severity.ERROR,
        "half = envs.APP_KV_SPACE // 2": Severity.ERROR,
        "big = envs.APP_KV_SPACE >= 8": Severity.ERROR,
        "gib = float(envs.APP_KV_SPACE)": Severity.ERROR,
        "unset = envs.APP_KV_SPACE != 0": Severity.ERROR,
        "forced = envs.APP_GEMM_TYPE == True  # noqa: E712": Severity.ERROR,
        "grouped = not envs.APP_GEMM_TYPE": Severity.ERROR,
        "kind = 1 if envs.APP_GEMM_TYPE else 2": Severity.ERROR,
        'sidecar = os.environ.get("APP_SHM_NAME", "APP_SHM")': Severity.WARNING,
        'mega = os.getenv("APP_MEGA", "0")': Severity.WARNING,
    }.items():
        assert got.get(line) is severity, (line, got)


def test_twins_stay_without_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """ "true" is on for both parses; "0" was on by the base's misreading (upstream's fix is in the fork's favour);
    an ``or`` fallback and an ``is not None`` guard settle the None; ``is None``, the new string spelling and the
    ``or ""`` read are written for the string; ``aeon_envs`` is the fork's own module; the registry's read of a
    computed default is upstream's own value; another default is no repetition of the old one."""
    got = hits(git_repo, no_rules)
    for quiet in (
        'os.environ["APP_EXPORT_COMPRESS"] = "true"',
        'os.environ["APP_EXPORT_COMPRESS"] = "0"',
        "fallback = (envs.APP_KV_SPACE or 4) * 2",
        "guarded = envs.APP_KV_SPACE * 2 if envs.APP_KV_SPACE is not None else 0",
        "auto = envs.APP_GEMM_TYPE is None",
        'spelt = (envs.APP_GEMM_TYPE or "").lower()',
        'indexed = envs.APP_GEMM_TYPE == "indexed"',
        "own = aeon_envs.APP_GEMM_TYPE is True",
        "name = envs.APP_SHM_NAME",
        'other = os.getenv("APP_SHM_NAME", "APP_OTHER")',
    ):
        assert got.get(quiet) is not Severity.ERROR, (quiet, got)
    assert "name = envs.APP_SHM_NAME" not in got  # a computed default reports no registry read at all


def test_review109_a_presence_test_of_the_variable_guards_its_read(git_repo: GitRepo, no_rules: Path) -> None:
    """review109: ``"NAME" in os.environ``, ``envs.is_set("NAME")`` (and their negations, exiting) leave the read
    an int where #21289 made it None unless set; a presence test of another variable guards nothing."""
    got = hits(git_repo, no_rules)
    for quiet in (
        "return [envs.APP_KV_SPACE * 2]",
        'ranged = list(range(envs.APP_KV_SPACE)) if envs.is_set("APP_KV_SPACE") else []',
        'absent = 0 if "APP_KV_SPACE" not in os.environ else envs.APP_KV_SPACE + 1',
        "return [envs.APP_KV_SPACE // 4]",
    ):
        assert got.get(quiet) is not Severity.ERROR, (quiet, got)
    assert got.get('return envs.APP_KV_SPACE * 3 if envs.is_set("APP_OTHER") else 0') is Severity.ERROR, got


def test_review109_a_truth_test_beside_a_string_use_of_the_read(git_repo: GitRepo, no_rules: Path) -> None:
    """review109: ``X and X.lower() == "grouped"`` reads the string (quiet); ``if X: return X`` hands the value on
    as is (a warning: it may be the string the fork wants); another read's string comparison changes nothing."""
    got = hits(git_repo, no_rules)
    assert got.get('if envs.APP_GEMM_TYPE and envs.APP_GEMM_TYPE.lower() == "grouped":') is None, got
    assert got.get("if envs.APP_GEMM_TYPE:") is Severity.WARNING, got
    assert got.get('if envs.APP_GEMM_TYPE and envs.APP_SHM_NAME == "x":') is Severity.ERROR, got


REG = "app/registry.py"
REG_BASE = """import os

environment_variables = {
    "APP_PROF_DIR": lambda: os.getenv("APP_PROF_DIR"),
    "APP_KEPT": lambda: os.getenv("APP_KEPT"),
}


def is_set(name):
    if name in environment_variables:
        return name in os.environ
    raise AttributeError(name)


def lookup(name):
    return environment_variables[name]()
"""
REG_UPSTREAM = REG_BASE.replace('    "APP_PROF_DIR": lambda: os.getenv("APP_PROF_DIR"),\n', "")
USER = "app/aeon/profile.py"
USER_TEXT = """import logging

import app.registry as envs

logger = logging.getLogger(__name__)


def show(text: str) -> str:
    return text


def aeon_profiling() -> list[object]:
    # AEON: the Spark's bench harness asks the registry about the profiler
    stack = envs.is_set("APP_PROF_DIR")
    keyed = envs.is_set(name="APP_PROF_DIR")
    value = envs.lookup("APP_PROF_DIR")
    kept = envs.is_set("APP_KEPT")
    shown = show("APP_PROF_DIR")
    logger.info("APP_PROF_DIR")
    return [stack, keyed, value, kept, shown]


def aeon_profiler_dir() -> list[object]:
    probed = envs.APP_PROF_DIR if hasattr(envs, "APP_PROF_DIR") else None
    if hasattr(envs, "APP_PROF_DIR"):
        logger.info("traces in %s", envs.APP_PROF_DIR)
    plain = envs.APP_PROF_DIR
    return [probed, plain]
"""


def test_a_removed_variable_named_to_a_module_function_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """#33722 removed the profiler's variables; the registry's ``is_set`` raises for a name it no longer holds.
    A string spelt as a variable handed to a function off a module may be that registry's key: a warning (the
    callee may read it otherwise).  A kept variable, a bare function of the fork's own and a log line: quiet."""
    sides = s.merge_case(
        git_repo, {REG: REG_BASE}, {USER: USER_TEXT}, [("[Deprecation] profiling envs (#33722)", {REG: REG_UPSTREAM})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    lines = (git_repo.path / USER).read_text().splitlines()
    got = {lines[f.line - 1].strip(): f.severity for f in report.findings if f.path == USER}
    for line in (
        'stack = envs.is_set("APP_PROF_DIR")',
        'keyed = envs.is_set(name="APP_PROF_DIR")',
        'value = envs.lookup("APP_PROF_DIR")',
    ):
        assert got.get(line) is Severity.WARNING, (line, got)
    for quiet in ('kept = envs.is_set("APP_KEPT")', 'shown = show("APP_PROF_DIR")', 'logger.info("APP_PROF_DIR")'):
        assert quiet not in got, (quiet, got)
    # review109: a module's read under a hasattr of the same name is written for both sides; a bare one is not
    for guarded in (
        'probed = envs.APP_PROF_DIR if hasattr(envs, "APP_PROF_DIR") else None',
        'logger.info("traces in %s", envs.APP_PROF_DIR)',
    ):
        assert got.get(guarded) is not Severity.ERROR, (guarded, got)
    assert got.get("plain = envs.APP_PROF_DIR") is Severity.ERROR, got


FACT = "app/factors.py"
FACT_BASE = """environment_variables = {"APP_FORCE_LOAD": lambda: 1, "APP_KEEP": lambda: 2, "APP_ROOT": lambda: 3}


def compile_factors() -> dict[str, object]:
    ignored: set[str] = {
        "APP_ROOT",
    }
    factors: dict[str, object] = {}
    for name, getter in environment_variables.items():
        if name in ignored:
            continue
        factors[name] = getter()
    return factors


def hashed_factors() -> dict[str, object]:
    wanted = [
        "APP_KEEP",
    ]
    out = {}
    for name, getter in environment_variables.items():
        if name not in wanted:
            continue
        out[name] = getter()
    return out
"""
FACT_UPSTREAM = FACT_BASE.replace('        "APP_ROOT",\n', '        "APP_ROOT",\n        "APP_FORCE_LOAD",\n').replace(
    '        "APP_KEEP",\n', '        "APP_KEEP",\n        "APP_ROOT",\n'
)
CACHE = "app/aeon/cache.py"
CACHE_TEXT = """import app.factors as envs
from app.factors import compile_factors


def aeon_cache_keys() -> list[object]:
    # AEON: the Spark's cache pruner reads the compile factors
    forced = envs.compile_factors()["APP_FORCE_LOAD"]
    factors = compile_factors()
    bound = factors["APP_FORCE_LOAD"]
    asked = envs.compile_factors().get("APP_FORCE_LOAD")
    kept = envs.compile_factors()["APP_KEEP"]
    wanted = envs.hashed_factors()["APP_ROOT"]
    return [forced, bound, asked, kept, wanted]
"""
# a file that asks about the key, or writes it, is written for its absence (key drift's rule): apart
TWIN = "app/aeon/cache_twins.py"
TWIN_TEXT = """import app.factors as envs


def own_factors() -> dict[str, object]:
    return {"APP_FORCE_LOAD": 1}


def aeon_cache_twins() -> list[object]:
    present = "APP_FORCE_LOAD" in envs.compile_factors()
    own = own_factors()["APP_FORCE_LOAD"]
    return [present, own]
"""


def test_a_key_a_functions_filling_loop_now_skips(git_repo: GitRepo, no_rules: Path) -> None:
    """#30809 put a variable into ``compile_factors``' ``ignored_factors``: the dict it returns holds it no more.
    Errors: an index of the call, of a name bound to it.  ``.get`` is key drift's warning; a kept key, a key put
    into an *include* list (``if name not in wanted: continue``), a membership test and the fork's own function
    of another name stay without an error."""
    subject = "[compile] Ignore APP_FORCE_LOAD from cache factors (#30809)"
    fork = {CACHE: CACHE_TEXT, TWIN: TWIN_TEXT}
    sides = s.merge_case(git_repo, {FACT: FACT_BASE}, fork, [(subject, {FACT: FACT_UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    got = {}
    for path in (CACHE, TWIN):
        lines = (git_repo.path / path).read_text().splitlines()
        got |= {lines[f.line - 1].strip(): f.severity for f in report.findings if f.path == path}
    for line in ('forced = envs.compile_factors()["APP_FORCE_LOAD"]', 'bound = factors["APP_FORCE_LOAD"]'):
        assert got.get(line) is Severity.ERROR, (line, got)
    assert got.get('asked = envs.compile_factors().get("APP_FORCE_LOAD")') is not Severity.ERROR, got
    for quiet in (
        'kept = envs.compile_factors()["APP_KEEP"]',
        'wanted = envs.hashed_factors()["APP_ROOT"]',
        'present = "APP_FORCE_LOAD" in envs.compile_factors()',
        'own = own_factors()["APP_FORCE_LOAD"]',
    ):
        assert quiet not in got, (quiet, got)
