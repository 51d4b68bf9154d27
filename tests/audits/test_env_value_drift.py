"""Environment-variable value drift: upstream changed which set values its comparison takes as on.

Each upstream change is shaped like a real vLLM one: #22378 turned ``use_trtllm_attention``'s reading of
``VLLM_USE_TRTLLM_ATTENTION`` from ``no_use = env_value == "0"; return not no_use`` (on unless "0") into
``use = env_value == "1"`` (on only for "1"); a fork's ``os.environ[...] = "true"`` merges cleanly and now turns
the kernel off.  The other spellings go beyond the replay: a lowered ``in ("1", "true")`` narrowed to ``== "1"``
(a fork's ``setdefault(..., "True")``), a registry lambda's ``os.environ[NAME] == "1"`` widened to ``!= "0"`` and a
fix in the fork's favour (``== "1"`` widened to ``.lower() in ("1", "true")``: the fork's "true" works now).
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift.env_values import Reading, flipped, readings
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

HELPER = "vllm/utils/kernel_switches.py"
BASE = """import os

import vllm.envs as envs


def use_fast_attention() -> bool:
    env_value = envs.VLLM_USE_FAST_ATTN
    if env_value is not None:
        no_use = env_value == "0"
        return not no_use
    return False


def use_cutlass() -> bool:
    return os.getenv("VLLM_USE_CUTLASS", "0").lower() in ("1", "true")


def use_tuned() -> bool:
    return os.getenv("VLLM_USE_TUNED", "0") == "1"


def kv_layout() -> str:
    layout = os.environ.get("VLLM_KV_LAYOUT", "NHD")
    return "HND" if layout == "HND" else "NHD"


SWITCHES = {
    "VLLM_SKIP_WARMUP": lambda: os.environ["VLLM_SKIP_WARMUP"] == "1",
}
"""
UPSTREAM = (
    BASE.replace(
        '        no_use = env_value == "0"\n        return not no_use',
        '        use = env_value == "1"\n        return use',
    )
    .replace('os.getenv("VLLM_USE_CUTLASS", "0").lower() in ("1", "true")', 'os.getenv("VLLM_USE_CUTLASS", "0") == "1"')
    .replace('os.getenv("VLLM_USE_TUNED", "0") == "1"', 'os.getenv("VLLM_USE_TUNED", "0").lower() in ("1", "true")')
    .replace('layout == "HND"', 'layout in ("HND", "hnd")')
    .replace('os.environ["VLLM_SKIP_WARMUP"] == "1"', 'os.environ["VLLM_SKIP_WARMUP"] != "0"')
)
SUBJECT = "[Bugfix] Fix trtllm-gen attention env (#22378)"

FORK = "vllm/aeon/switches.py"
FORK_TEXT = """import os

# AEON: the Spark's serving image turns its kernels on
os.environ["VLLM_USE_FAST_ATTN"] = "true"
os.environ.setdefault("VLLM_USE_CUTLASS", "True")
os.environ["VLLM_USE_FAST_ATTN"] = "1"
os.environ["VLLM_USE_CUTLASS"] = "0"
os.environ["AEON_USE_FAST_ATTN"] = "true"
os.environ["VLLM_KV_LAYOUT"] = "HND"
os.environ["VLLM_USE_TUNED"] = "true"
os.environ["VLLM_SKIP_WARMUP"] = "yes"
AEON_DEFAULTS = {}
AEON_DEFAULTS["VLLM_USE_FAST_ATTN"] = "true"
# os.environ["VLLM_USE_CUTLASS"] = "yes"
"""


def found(report: AuditReport) -> dict[int, tuple[Severity, str]]:
    return {
        f.line: (f.severity, f.message)
        for f in report.findings
        if f.rule_id == DEFAULT_DRIFT and f.path == FORK and "fork-owned setting" in f.message
    }


def line_of(repo: GitRepo, text: str) -> int:
    return next(i for i, line in enumerate((repo.path / FORK).read_text().splitlines(), 1) if line == text)


def test_settings_whose_value_upstream_now_reads_the_other_way_are_errors(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(git_repo, {HELPER: BASE}, {FORK: FORK_TEXT}, [(SUBJECT, {HELPER: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    hits = found(report)
    fast = line_of(git_repo, 'os.environ["VLLM_USE_FAST_ATTN"] = "true"')
    cutlass = line_of(git_repo, 'os.environ.setdefault("VLLM_USE_CUTLASS", "True")')
    assert set(hits) == {fast, cutlass}, hits
    assert all(severity is Severity.ERROR for severity, _ in hits.values())
    assert 'compares it with "1"' in hits[fast][1] and "#22378" in hits[fast][1]
    assert 'set VLLM_USE_CUTLASS to "1"' in hits[cutlass][1]


def test_a_fix_in_the_forks_favour_a_kept_value_and_no_flag_stay_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """ "1" and "0" read alike on both sides; the fork's own variable, a dict's key and a comment set nothing
    upstream reads; "HND" is no flag; "true" for VLLM_USE_TUNED was misread at the base and works now; "yes"
    for VLLM_SKIP_WARMUP was off at the base (not "1"), so the fork's switch never did what it meant."""
    sides = s.merge_case(git_repo, {HELPER: BASE}, {FORK: FORK_TEXT}, [(SUBJECT, {HELPER: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    quiet = [
        'os.environ["VLLM_USE_FAST_ATTN"] = "1"',
        'os.environ["VLLM_USE_CUTLASS"] = "0"',
        'os.environ["AEON_USE_FAST_ATTN"] = "true"',
        'os.environ["VLLM_KV_LAYOUT"] = "HND"',
        'os.environ["VLLM_USE_TUNED"] = "true"',
        'os.environ["VLLM_SKIP_WARMUP"] = "yes"',
        'AEON_DEFAULTS["VLLM_USE_FAST_ATTN"] = "true"',
        '# os.environ["VLLM_USE_CUTLASS"] = "yes"',
    ]
    hits = found(report)
    assert not {line_of(git_repo, text) for text in quiet} & set(hits), hits


def test_readings_follow_a_bound_name_a_lowered_value_and_a_registry_subscript() -> None:
    got = readings(BASE, {"VLLM_USE_FAST_ATTN", "VLLM_USE_CUTLASS", "VLLM_SKIP_WARMUP", "VLLM_KV_LAYOUT"})
    assert got["VLLM_USE_FAST_ATTN"] == Reading(frozenset({"0"}), False)
    assert got["VLLM_USE_CUTLASS"] == Reading(frozenset({"1", "true"}), True)
    assert got["VLLM_SKIP_WARMUP"] == Reading(frozenset({"1"}), False)
    assert got["VLLM_KV_LAYOUT"].takes("HND") is None  # no flag's reading


def test_flipped_needs_the_base_to_read_the_value_as_the_fork_means() -> None:
    off_unless_one, on_unless_zero = Reading(frozenset({"1"}), False), Reading(frozenset({"0"}), False)
    assert flipped("true", on_unless_zero, off_unless_one)
    assert flipped("on", on_unless_zero, off_unless_one)
    assert not flipped("1", on_unless_zero, off_unless_one)
    assert not flipped("true", off_unless_one, on_unless_zero)  # upstream fixed the fork's value
    assert not flipped("auto", on_unless_zero, off_unless_one)  # no flag spelling
    assert not flipped("true", on_unless_zero, Reading(frozenset({"1", "0"}), False))  # mixed: no flag reading


# review88 (benchmarks/review88_twins.py): a docstring or a string that spells the old setting is no setting, and a
# value chosen by a probe of upstream's reading (the other arm sets the new spelling) is written for both readings
GUARDED = "vllm/aeon/guarded.py"
GUARDED_TEXT = '''import os

HINT = 'os.environ["VLLM_USE_FAST_ATTN"] = "true"'


def aeon_force() -> None:
    """Turn the fast attention on.

    Older upstreams took any value but 0, so the images said
    os.environ["VLLM_USE_FAST_ATTN"] = "true"
    """
    if aeon_reads_one_only():
        os.environ["VLLM_USE_FAST_ATTN"] = "1"
    else:
        os.environ["VLLM_USE_FAST_ATTN"] = "true"


def aeon_force_again() -> None:
    os.environ["VLLM_USE_FAST_ATTN"] = "true"


def aeon_reads_one_only() -> bool:
    return True
'''


def test_a_docstring_is_no_setting_and_a_probed_arm_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(git_repo, {HELPER: BASE}, {GUARDED: GUARDED_TEXT}, [(SUBJECT, {HELPER: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    hits = {
        f.line: f.severity
        for f in report.findings
        if f.rule_id == DEFAULT_DRIFT and f.path == GUARDED and "fork-owned setting" in f.message
    }
    lines = GUARDED_TEXT.splitlines()
    setting = [i for i, line in enumerate(lines, 1) if line.strip().startswith('os.environ["VLLM_USE_FAST_ATTN"] = "t')]
    docstring, probed, plain = setting
    assert hits == {probed: Severity.WARNING, plain: Severity.ERROR}, hits
    assert docstring not in hits and lines.index('HINT = \'os.environ["VLLM_USE_FAST_ATTN"] = "true"\'') + 1 not in hits


def test_a_later_file_whose_reading_flips_the_setting_is_still_read(git_repo: GitRepo, no_rules: Path) -> None:
    # readD #6: only the first changed file per variable was tested; an earlier file's widening (the fork's
    # "True" still on) hid the helper's narrowing to == "1" (now off)
    first = "vllm/a_probe.py"
    probe = (
        'import os\n\n\ndef probe() -> bool:\n    return os.getenv("VLLM_USE_CUTLASS", "0").lower() in ("1", "true")\n'
    )
    widened = probe.replace('("1", "true")', '("1", "true", "yes")')
    fork = 'import os\n\nos.environ.setdefault("VLLM_USE_CUTLASS", "True")\n'
    sides = s.merge_case(
        git_repo, {HELPER: BASE, first: probe}, {FORK: fork}, [(SUBJECT, {HELPER: UPSTREAM, first: widened})]
    )
    hits = found(git_repo.audit(no_rules, merge=sides))
    assert {line: severity for line, (severity, _) in hits.items()} == {3: Severity.ERROR}, hits


def test_the_finding_stands_on_the_merged_files_line(git_repo: GitRepo, no_rules: Path) -> None:
    # readD #5: the fork's file upstream also edited (three lines added above the setting): the merged line
    base = "import os\n\n\ndef setup() -> None:\n    pass\n"
    fork = base + '\n\nos.environ["VLLM_USE_FAST_ATTN"] = "true"\n'
    theirs = base.replace("import os\n", "import os\n\n# one\n# two\n# three\n")
    sides = s.merge_case(
        git_repo, {HELPER: BASE, FORK: base}, {FORK: fork}, [(SUBJECT, {HELPER: UPSTREAM, FORK: theirs})]
    )
    hits = found(git_repo.audit(no_rules, merge=sides))
    assert set(hits) == {line_of(git_repo, 'os.environ["VLLM_USE_FAST_ATTN"] = "true"')} == {12}, hits


def test_a_truthy_read_is_the_raw_strings_not_a_registry_getattr() -> None:
    """readG: ``bool(getattr(envs, NAME))`` is the registry's parsed value's truth, as ``bool(envs.NAME)`` is (a
    "0" the registry parses off): only ``bool(os.getenv(NAME))`` takes any non-empty string as on."""
    text = "import os\nfrom app import envs\n\n\ndef f():\n    return bool(getattr(envs, 'APP_FAST'))\n\n\n"
    text += "def g():\n    return bool(os.getenv('APP_RAW'))\n"
    assert readings(text, {"APP_FAST", "APP_RAW"}) == {"APP_RAW": Reading(frozenset(), False, True)}
