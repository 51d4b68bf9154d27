"""Environment-variable parsing drift: upstream changed how its registry parses a variable the fork sets or reads.

Each upstream change is shaped like a real vLLM one (benchmarks/blind_replay_envvars.py): #24761 wrapped a raw
``os.getenv`` into ``env_with_choices`` (a fork's ``"forkserver"`` now raises), #30428 replaced a choice list,
#28159 turned a raw string into ``bool(int(...))`` (a fork's ``"true"`` now raises, its ``== "1"`` never holds),
#28671 turned an ``int`` into a ``bool`` (``str()`` of it is ``"True"``).  The spellings go beyond the replay: a
case-insensitive choice list, a new ``float()`` parse, an ``in`` comparison and a ``!=`` through ``getattr``, a
stringified read in a dict's value, a comma-separated list of choices (``env_set_with_choices``); the twins: a
folded choice, a value the base already refused, the fork's own namesake module, a truth test, a log line, a list
whose every item is a choice, a membership test in the read (a set answers it as the string did).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.env_parsing import Parse, registry
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENVS = "app/envs.py"
BASE = """import os

environment_variables = {
    "APP_WORKER_METHOD": lambda: os.getenv("APP_WORKER_METHOD", "fork"),
    "APP_KV_LAYOUT": lambda: os.getenv("APP_KV_LAYOUT", "NHD"),
    "APP_PRECISION": env_with_choices("APP_PRECISION", "highest", ["highest", "high", "medium"]),
    "APP_HAS_CUBIN": lambda: os.getenv("APP_HAS_CUBIN", False),
    "APP_TIMEOUT": lambda: os.getenv("APP_TIMEOUT", "5"),
    "APP_CHUNK": lambda: int(os.getenv("APP_CHUNK", "64")),
    "APP_CONFIGURE_LOGGING": lambda: int(os.getenv("APP_CONFIGURE_LOGGING", "1")),
    "APP_TOOL_LABELS": lambda: os.getenv("APP_TOOL_LABELS", ""),
}
"""
UPSTREAM = (
    BASE.replace(
        'lambda: os.getenv("APP_WORKER_METHOD", "fork")',
        'env_with_choices("APP_WORKER_METHOD", "fork", ["spawn", "fork"])',
    )
    .replace(
        'lambda: os.getenv("APP_KV_LAYOUT", "NHD")',
        'env_with_choices("APP_KV_LAYOUT", "NHD", ["NHD", "HND"], case_sensitive=False)',
    )
    .replace('["highest", "high", "medium"]', '["ieee", "tf32", "highest"]')
    .replace('os.getenv("APP_HAS_CUBIN", False)', 'bool(int(os.getenv("APP_HAS_CUBIN", "0")))')
    .replace('os.getenv("APP_TIMEOUT", "5")', 'float(os.getenv("APP_TIMEOUT", "5"))')
    .replace('"APP_CHUNK", "64"', '"APP_CHUNK", "128"')
    .replace('int(os.getenv("APP_CONFIGURE_LOGGING", "1"))', 'bool(int(os.getenv("APP_CONFIGURE_LOGGING", "1")))')
    .replace(
        'lambda: os.getenv("APP_TOOL_LABELS", "")',
        'env_set_with_choices("APP_TOOL_LABELS", default=[], choices=["container", "web_search"])',
    )
)
SUBJECT = "[UX] Enforce valid choices for envs (#24761)"

FORK = "app/aeon/launch.py"
FORK_TEXT = """import logging
import os

import app.envs as envs
from app.aeon import knobs as aeon_envs

logger = logging.getLogger(__name__)


def aeon_launch() -> dict[str, str]:
    # AEON: the Spark's launch settings
    os.environ["APP_WORKER_METHOD"] = "forkserver"
    os.environ["APP_WORKER_METHOD"] = "spawn"
    os.environ.setdefault("APP_KV_LAYOUT", "hnd")
    os.environ["APP_KV_LAYOUT"] = "paged"
    os.environ["APP_PRECISION"] = "medium"
    os.environ["APP_PRECISION"] = "highest"
    os.environ["APP_HAS_CUBIN"] = "yes"
    os.environ["APP_HAS_CUBIN"] = "1"
    os.environ["APP_TIMEOUT"] = "5s"
    os.environ["APP_TIMEOUT"] = "2.5"
    os.environ["APP_CHUNK"] = "big"
    os.environ["APP_TOOL_LABELS"] = "container, web_search"
    os.environ["APP_TOOL_LABELS"] = "container,browser"
    boxed = "container" in envs.APP_TOOL_LABELS
    only = envs.APP_TOOL_LABELS == "container"
    fast = envs.APP_HAS_CUBIN in ("1", "true")
    slow = getattr(envs, "APP_HAS_CUBIN") != "0"
    own = aeon_envs.APP_HAS_CUBIN == "1"
    plain = bool(envs.APP_HAS_CUBIN)
    child = {"APP_CONFIGURE_LOGGING": str(envs.APP_CONFIGURE_LOGGING)}
    logger.info(f"configure logging: {envs.APP_CONFIGURE_LOGGING}")
    shown = {}
    shown["logging"] = str(envs.APP_CONFIGURE_LOGGING)
    return {"fast": str(fast or slow or own or plain or boxed or only), **child, **shown}
"""
KNOBS = "app/aeon/knobs.py"
KNOBS_TEXT = '# AEON: the fork\'s own knobs\nAPP_HAS_CUBIN = "1"\n'


def hits(git_repo: GitRepo, no_rules: Path) -> dict[str, Severity]:
    sides = s.merge_case(git_repo, {ENVS: BASE}, {FORK: FORK_TEXT, KNOBS: KNOBS_TEXT}, [(SUBJECT, {ENVS: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    lines = (git_repo.path / FORK).read_text().splitlines()
    return {
        lines[f.line - 1].strip(): f.severity
        for f in report.findings
        if f.rule_id == DEFAULT_DRIFT and f.path == FORK and "registry entry" in f.message
    }


def test_settings_the_new_parsing_refuses_and_reads_of_the_old_type_are_reported(
    git_repo: GitRepo, no_rules: Path
) -> None:
    got = hits(git_repo, no_rules)
    assert got == {
        'os.environ["APP_WORKER_METHOD"] = "forkserver"': Severity.ERROR,
        'os.environ["APP_KV_LAYOUT"] = "paged"': Severity.ERROR,
        'os.environ["APP_PRECISION"] = "medium"': Severity.ERROR,
        'os.environ["APP_HAS_CUBIN"] = "yes"': Severity.ERROR,
        'os.environ["APP_TIMEOUT"] = "5s"': Severity.ERROR,
        'os.environ["APP_TOOL_LABELS"] = "container,browser"': Severity.ERROR,
        'only = envs.APP_TOOL_LABELS == "container"': Severity.ERROR,
        'fast = envs.APP_HAS_CUBIN in ("1", "true")': Severity.ERROR,
        'slow = getattr(envs, "APP_HAS_CUBIN") != "0"': Severity.ERROR,
        'child = {"APP_CONFIGURE_LOGGING": str(envs.APP_CONFIGURE_LOGGING)}': Severity.ERROR,
        'logger.info(f"configure logging: {envs.APP_CONFIGURE_LOGGING}")': Severity.WARNING,
        'shown["logging"] = str(envs.APP_CONFIGURE_LOGGING)': Severity.WARNING,  # a display's key: no environment
    }, got


def test_kept_values_a_folded_choice_an_old_refusal_and_the_forks_namesake_stay_quiet(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """ "spawn", "highest", "1" and "2.5" parse on both sides; "hnd" folds into "HND"; "big" was refused by the
    base's int() already (not the merge's doing); ``aeon_envs`` is the fork's own module; a truth test of a bool
    holds as it did of the string."""
    got = hits(git_repo, no_rules)
    for quiet in (
        'os.environ["APP_WORKER_METHOD"] = "spawn"',
        'os.environ.setdefault("APP_KV_LAYOUT", "hnd")',
        'os.environ["APP_PRECISION"] = "highest"',
        'os.environ["APP_HAS_CUBIN"] = "1"',
        'os.environ["APP_TIMEOUT"] = "2.5"',
        'os.environ["APP_CHUNK"] = "big"',
        'own = aeon_envs.APP_HAS_CUBIN == "1"',
        'os.environ["APP_TOOL_LABELS"] = "container, web_search"',
        'boxed = "container" in envs.APP_TOOL_LABELS',
        "plain = bool(envs.APP_HAS_CUBIN)",
    ):
        assert quiet not in got, quiet


def test_registry_reads_choices_numeric_parses_and_kinds() -> None:
    names = {"APP_WORKER_METHOD", "APP_KV_LAYOUT", "APP_HAS_CUBIN", "APP_TIMEOUT", "APP_CONFIGURE_LOGGING"}
    old, new = registry(BASE, names), registry(UPSTREAM, names)
    assert old["APP_WORKER_METHOD"] == Parse(None, False, None, "str")
    assert new["APP_WORKER_METHOD"] == Parse(frozenset({"spawn", "fork"}), False, None, "str")
    assert new["APP_KV_LAYOUT"].folded and new["APP_KV_LAYOUT"].refuses("hnd") is None
    assert old["APP_HAS_CUBIN"].kind == "str" and new["APP_HAS_CUBIN"] == Parse(None, False, "int", "bool")
    assert new["APP_TIMEOUT"].refuses("5s") and not new["APP_TIMEOUT"].refuses("2.5")
    assert (old["APP_CONFIGURE_LOGGING"].kind, new["APP_CONFIGURE_LOGGING"].kind) == ("int", "bool")
    labels = registry(UPSTREAM, {"APP_TOOL_LABELS"})["APP_TOOL_LABELS"]
    assert labels.many and labels.kind == "list" and labels.choices == frozenset({"container", "web_search"})
    assert registry("x = {'APP_X': 1}", {"APP_X"}) == {}  # no getter: no entry


def test_a_stringified_read_as_a_dict_key_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """readE: ``{str(envs.X): v}`` puts the read in a key, not a value: the key's lookup among the values raised
    ValueError and took the whole merge audit down.  A key is no environment's value: a warning."""
    fork = (
        "import app.envs as envs\n\n\ndef aeon_keys() -> dict[str, int]:\n"
        "    # AEON: the fork's keyed table\n"
        "    return {str(envs.APP_CONFIGURE_LOGGING): 1}\n"
    )
    sides = s.merge_case(git_repo, {ENVS: BASE}, {FORK: fork}, [(SUBJECT, {ENVS: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    got = [(f.line, f.severity) for f in report.findings if f.path == FORK and "registry entry" in f.message]
    assert got == [(6, Severity.WARNING)], got


# review96 (benchmarks/review96_twins.py): fork code right after the change, shaped like what the check catches
TWINS = "app/aeon/twins.py"
TWINS_TEXT = """import json
import logging
import os

import app.envs as envs

logger = logging.getLogger(__name__)


def aeon_versioned(old: bool) -> None:
    if old:
        os.environ["APP_WORKER_METHOD"] = "forkserver"
    else:
        os.environ["APP_WORKER_METHOD"] = "spawn"


def aeon_validated() -> str:
    os.environ["APP_PRECISION"] = "medium"
    try:
        return envs.APP_PRECISION
    except ValueError:
        os.environ["APP_PRECISION"] = "tf32"
        return envs.APP_PRECISION


def aeon_wrong_handler() -> None:
    os.environ["APP_HAS_CUBIN"] = "yes"
    try:
        envs.APP_HAS_CUBIN
    except KeyError:
        os.environ["APP_HAS_CUBIN"] = "1"


def aeon_both_types() -> bool:
    cubin = envs.APP_HAS_CUBIN
    return envs.APP_HAS_CUBIN == "1" if isinstance(cubin, str) else bool(cubin)


def aeon_snapshot(envs) -> bool:
    return envs.APP_HAS_CUBIN == "1"


def aeon_shown(env_file) -> str:
    logger.info(f"APP_CONFIGURE_LOGGING={envs.APP_CONFIGURE_LOGGING}")
    print(f"APP_CONFIGURE_LOGGING={envs.APP_CONFIGURE_LOGGING}", file=env_file)
    ray_env = json.dumps({"env_vars": {"APP_CONFIGURE_LOGGING": str(envs.APP_CONFIGURE_LOGGING)}})
    return ray_env + json.dumps({"APP_CONFIGURE_LOGGING": str(envs.APP_CONFIGURE_LOGGING)})
"""


def test_fallbacks_type_guards_a_shadowing_parameter_and_displays_are_no_errors(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """Another arm (a version test) or an ``except ValueError`` handler setting a value upstream takes makes the
    refused setting a warning (a ``KeyError`` handler is no fallback for a refusal); a comparison under
    ``isinstance(..., str)`` of a local bound to the read and a parameter named as the module stay quiet; a
    ``NAME=`` f-string logged and a flat dict dumped to JSON warn, where one printed to a file and a runtime
    environment's ``env_vars`` dumped to JSON stay errors."""
    sides = s.merge_case(git_repo, {ENVS: BASE}, {TWINS: TWINS_TEXT}, [(SUBJECT, {ENVS: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    lines = (git_repo.path / TWINS).read_text().splitlines()
    got = {
        lines[f.line - 1].strip(): f.severity
        for f in report.findings
        if f.rule_id == DEFAULT_DRIFT and f.path == TWINS and "registry entry" in f.message
    }
    assert got == {
        'os.environ["APP_WORKER_METHOD"] = "forkserver"': Severity.WARNING,
        'os.environ["APP_PRECISION"] = "medium"': Severity.WARNING,
        'os.environ["APP_HAS_CUBIN"] = "yes"': Severity.ERROR,
        'logger.info(f"APP_CONFIGURE_LOGGING={envs.APP_CONFIGURE_LOGGING}")': Severity.WARNING,
        'print(f"APP_CONFIGURE_LOGGING={envs.APP_CONFIGURE_LOGGING}", file=env_file)': Severity.ERROR,
        'ray_env = json.dumps({"env_vars": {"APP_CONFIGURE_LOGGING": str(envs.APP_CONFIGURE_LOGGING)}})': (
            Severity.ERROR
        ),
        'return ray_env + json.dumps({"APP_CONFIGURE_LOGGING": str(envs.APP_CONFIGURE_LOGGING)})': Severity.WARNING,
    }, got


@pytest.mark.parametrize(
    ("entry", "choices", "many"),
    [
        # mend70: a lone default list is no choice list (the choices a callable the parser does not read)
        ('env_list_with_choices("APP_X", ["a", "b"], lambda: sorted(KNOWN))', None, True),
        ('env_with_choices("APP_X", "a", get_choices)', None, False),
        ('getenv_list("APP_X", ["a", "b"])', None, False),
        # the real choices argument: by keyword, or in its documented slot (after the name and the default)
        ('env_list_with_choices("APP_X", ["a"], ["a", "b", "c"])', frozenset({"a", "b", "c"}), True),
        ('env_with_choices("APP_X", default="a", choices=["a", "b"])', frozenset({"a", "b"}), False),
        ('read_choice("APP_X", ["x"], choices=["a", "b"])', frozenset({"a", "b"}), True),
    ],
    ids=["list default, callable choices", "callable choices", "no choices call", "positional", "keywords", "keyword"],
)
def test_only_a_real_choices_argument_counts(entry: str, choices: frozenset[str] | None, many: bool) -> None:
    parsed = registry(f"E = {{'APP_X': lambda: {entry}}}", {"APP_X"})["APP_X"]
    assert (parsed.choices, parsed.many) == (choices, many)


def test_a_stringified_read_of_a_string_turned_bool(git_repo: GitRepo, no_rules: Path) -> None:
    """mend71 (revDD): #28159 turned ``APP_HAS_CUBIN``'s raw string into a bool; ``str()``, an f-string, ``.format``
    or ``%`` of the read is "True"/"False" now where the fork expected the string it set ("1"): an error handed to
    an environment or compared with a string, a warning elsewhere; a truth test or ``bool()`` stays quiet."""
    fork = (
        "import logging\n\nimport app.envs as envs\n\nlogger = logging.getLogger(__name__)\n\n\n"
        "def aeon_cubin() -> dict[str, str]:\n"
        "    # AEON: hand the cubin switch on to the worker\n"
        '    env = {"APP_HAS_CUBIN": str(envs.APP_HAS_CUBIN)}\n'
        '    env["APP_HAS_CUBIN"] = "{}".format(envs.APP_HAS_CUBIN)\n'
        '    line = "APP_HAS_CUBIN=%s" % envs.APP_HAS_CUBIN\n'
        '    same = f"{envs.APP_HAS_CUBIN}" == "1"\n'
        "    text = str(envs.APP_HAS_CUBIN)\n"
        "    plain = bool(envs.APP_HAS_CUBIN)\n"
        "    if envs.APP_HAS_CUBIN:\n"
        '        env["APP_CUBIN_SEEN"] = str(plain and same)\n'
        '    return {**env, "line": line, "text": text}\n'
    )
    sides = s.merge_case(git_repo, {ENVS: BASE}, {FORK: fork}, [(SUBJECT, {ENVS: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    lines = (git_repo.path / FORK).read_text().splitlines()
    got = {lines[f.line - 1].strip(): f.severity for f in report.findings if f.path == FORK and "registry" in f.message}
    assert got == {
        'env = {"APP_HAS_CUBIN": str(envs.APP_HAS_CUBIN)}': Severity.ERROR,
        'env["APP_HAS_CUBIN"] = "{}".format(envs.APP_HAS_CUBIN)': Severity.ERROR,
        'line = "APP_HAS_CUBIN=%s" % envs.APP_HAS_CUBIN': Severity.ERROR,
        'same = f"{envs.APP_HAS_CUBIN}" == "1"': Severity.ERROR,
        "text = str(envs.APP_HAS_CUBIN)": Severity.WARNING,
    }, got
