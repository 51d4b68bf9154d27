"""A lookup of a key upstream removed from a registry, written so that it runs only where the key is there.

Review 43 (``benchmarks/review43_twins.py``) replayed #44126 (f8e9c56d15, the video loader key ``"glm4_6v"``
renamed ``"glmga"``) under correct fork carries, and the new lookup class made six of them errors: the fork
putting the key back itself (its registering decorator wrapped over lines as upstream's own, or a store into
the registry's table), and a lookup that runs only where the key is present (under a membership test of the
registry, as the fallback of the new key's lookup, under a probe for the class upstream renamed).  Each stays
quiet now (on the lookup's line; name drift's reads of the key on other lines are as they were); the
lookups around them that do run after the merge stay errors.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.test_registry_lookups import FORK, HEAD, WRAPPED, audited, errors, line_of

LOOKUP = '    return LOADERS.load("glm4_6v")\n'


@pytest.mark.parametrize(
    "fork",
    [
        # the fork's own registration, wrapped as upstream wraps its own
        HEAD + '@LOADERS.register(\n    "glm4_6v",  # the fleet pins this key\n)\nclass AeonGLM:\n    pass\n\n\n'
        "def aeon_glm():\n" + LOOKUP,
        # the fork's alias written into the registry's table
        "from vllm.mm import video\n\n"
        'video.LOADERS.name2class["glm4_6v"] = getattr(video, "GLMGABackend", None)\n\n\n'
        'def aeon_glm():\n    return video.LOADERS.load("glm4_6v")\n',
        # a membership test of the key in the registry's table
        HEAD
        + 'def aeon_glm():\n    if "glm4_6v" in LOADERS.name2class:\n    '
        + LOOKUP
        + '    return LOADERS.load("glmga")\n',
        # the same, negated, the lookup in its else
        HEAD + 'def aeon_glm():\n    if "glm4_6v" not in LOADERS.name2class:\n        return LOADERS.load("glmga")\n'
        "    else:\n    " + LOOKUP,
        # the old side's fallback of the new key's lookup
        HEAD
        + 'def aeon_glm():\n    try:\n        return LOADERS.load("glmga")\n    except AssertionError:\n    '
        + LOOKUP,
        # a probe for the class upstream's diff renamed away
        "from vllm.mm import video\n"
        + HEAD
        + 'def aeon_glm():\n    if hasattr(video, "GLMBackend"):\n    '
        + LOOKUP
        + '    return LOADERS.load("glmga")\n',
        # a probe for the class it renamed to, failing
        "from vllm.mm import video\n" + HEAD + "def aeon_glm():\n"
        '    if getattr(video, "GLMGABackend", None) is None:\n    ' + LOOKUP + '    return LOADERS.load("glmga")\n',
        # the same probe as a conditional expression
        "from vllm.mm import video\n" + HEAD + "def aeon_glm():\n"
        '    return LOADERS.load("glmga") if hasattr(video, "GLMGABackend") else LOADERS.load("glm4_6v")\n',
        # the membership test and-ed with the fork's own condition
        HEAD
        + 'def aeon_glm(fps):\n    if fps > 0 and "glm4_6v" in LOADERS.name2class:\n    '
        + LOOKUP
        + "    return None\n",
        # an early return where the key is missing
        HEAD + 'def aeon_glm():\n    if "glm4_6v" not in LOADERS.name2class:\n        return None\n' + LOOKUP,
        # a probe for the new class or'ed with the fork's own flag, the old key in the else
        "from vllm.mm import video\n" + HEAD + "def aeon_glm(new):\n"
        '    if new or hasattr(video, "GLMGABackend"):\n        return LOADERS.load("glmga")\n'
        "    else:\n    " + LOOKUP,
    ],
    ids=[
        "wrapped registration",
        "table alias",
        "membership test",
        "not in, else",
        "except fallback",
        "hasattr of the old class",
        "getattr of the new class is None",
        "conditional on the new class",
        "and-ed membership test",
        "early return where absent",
        "or-ed probe, the lookup in its else",
    ],
)
def test_a_lookup_written_for_the_keys_absence_is_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    # name drift's older reads on other lines (the membership test "is always False now") are not this class's
    lookup = line_of(fork, 'load("glm4_6v")')
    assert [e for e in errors(audited(git_repo, no_rules, fork, WRAPPED)) if e[1] == lookup] == []


@pytest.mark.parametrize(
    "fork",
    [
        # a membership test of another key, or of another registry of the fork's
        HEAD + 'def aeon_glm():\n    if "opencv" in LOADERS.name2class:\n    ' + LOOKUP + "    return None\n",
        HEAD + 'AEON = {}\n\n\ndef aeon_glm():\n    if "glm4_6v" in AEON:\n    ' + LOOKUP + "    return None\n",
        # a fallback whose try looks nothing up on the registry
        HEAD + "def aeon_glm(fps):\n    try:\n        return int(fps)\n    except ValueError:\n    " + LOOKUP,
        # a probe for a class upstream kept
        "from vllm.mm import video\n"
        + HEAD
        + 'def aeon_glm():\n    if hasattr(video, "OpenCVBackend"):\n    '
        + LOOKUP
        + "    return None\n",
        # the fork registers another key, and stores the old one into a table of its own
        HEAD + 'AEON = {}\nAEON["glm4_6v"] = object\n\n\n@LOADERS.register(\n    "aeon_glm",\n)\n'
        "class AeonGLM:\n    pass\n\n\ndef aeon_glm():\n" + LOOKUP,
    ],
    ids=["another key", "another table", "an unrelated try", "a kept class", "another key registered"],
)
def test_a_lookup_that_still_runs_is_an_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    lookup = line_of(fork, LOOKUP.strip())
    [(path, _, message)] = [e for e in errors(audited(git_repo, no_rules, fork, WRAPPED)) if e[1] == lookup]
    assert path == FORK
    assert "key 'glm4_6v'" in message and "finds no entry" in message


# revBI (mend48): name drift's own reads on the guards' lines.  A membership test of the removed key in the
# registry (or a table of it) asks whether the key is there; a store of it there is the fork registering it.
@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (HEAD + 'def aeon_glm():\n    if "glm4_6v" in LOADERS.name2class:\n' + "        return 1\n", '" in LOADERS'),
        (HEAD + 'def aeon_glm():\n    return "glm4_6v" not in LOADERS\n', "not in LOADERS"),
        (HEAD + 'LOADERS.name2class["glm4_6v"] = object\n', "name2class["),
        (
            "from vllm.mm import video\n\n"
            'if "glm4_6v" not in video.LOADERS.name2class:\n'
            '    video.LOADERS.name2class["glm4_6v"] = getattr(video, "GLMGABackend", object)\n',
            "video.LOADERS.name2class[",
        ),
    ],
    ids=["membership test", "not in the registry", "a store into the table", "a guarded store off the module"],
)
def test_a_membership_test_or_store_of_the_key_on_the_registry_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str
) -> None:
    found = errors(audited(git_repo, no_rules, fork, WRAPPED))
    assert [e for e in found if e[1] == line_of(fork, needle)] == []
    assert [e for e in found if e[0] == FORK] == []


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (HEAD + 'def aeon_glm():\n    return LOADERS.name2class["glm4_6v"]\n', 'name2class["glm4_6v"]'),
        (HEAD + 'AEON = {}\n\n\ndef aeon_glm():\n    return "glm4_6v" in AEON\n', '" in AEON'),
    ],
    ids=["a plain read off the table", "a membership test of another table"],
)
def test_a_read_of_the_key_off_the_table_stays_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str
) -> None:
    found = errors(audited(git_repo, no_rules, fork, WRAPPED))
    assert [e[1] for e in found if e[0] == FORK] == [line_of(fork, needle)]
    assert "key 'glm4_6v'" in found[0][2]


# revBR: the table's own answers for an absent key (``get``, ``pop`` with a default, ``setdefault``), a
# membership test of a local the module binds only to the table, and the lookup under a test of the table's keys()
@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (HEAD + 'def aeon_glm():\n    return LOADERS.name2class.get("glm4_6v")\n', ".get("),
        (HEAD + 'LOADERS.name2class.pop("glm4_6v", None)\n', ".pop("),
        (
            HEAD
            + 'def aeon_glm():\n    table = LOADERS.name2class\n    return "glm4_6v" if "glm4_6v" in table else "x"\n',
            "in table",
        ),
        (
            HEAD
            + 'def aeon_glm():\n    if "glm4_6v" in LOADERS.name2class.keys():\n    '
            + LOOKUP
            + "    return None\n",
            'load("glm4_6v")',
        ),
    ],
    ids=["get off the table", "pop with a default", "a local bound to the table", "the lookup under keys()"],
)
def test_the_tables_answer_for_an_absent_key_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str
) -> None:
    found = errors(audited(git_repo, no_rules, fork, WRAPPED))
    assert [e for e in found if e[1] == line_of(fork, needle)] == []


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (HEAD + 'LOADERS.name2class.pop("glm4_6v")\n', ".pop("),
        (
            HEAD + 'AEON = {}\n\n\ndef aeon_glm():\n    table = AEON\n    return "glm4_6v" in table\n',
            "in table",
        ),
        (
            HEAD + 'def aeon_glm(table):\n    return "glm4_6v" in table\n',
            "in table",
        ),
    ],
    ids=["pop without a default", "a local bound to another table", "a parameter"],
)
def test_a_raising_pop_or_another_tables_test_stays_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str
) -> None:
    found = errors(audited(git_repo, no_rules, fork, WRAPPED))
    assert [e[1] for e in found if e[0] == FORK] == [line_of(fork, needle)]
