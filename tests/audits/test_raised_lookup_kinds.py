"""Raised-kind drift through a builtin lookup: ``seq.index(x)`` (ValueError) made ``d[x]`` (KeyError).

Shaped like #46542 (0bc479e6eb), which swapped ``convert_mapping``'s ``lora_index_to_id.index(x)`` for a
dict built once in its body: a fork's ``try: convert_mapping(...)`` / ``except ValueError:`` merges cleanly,
the handler never runs again, and the KeyError of an unmapped id escapes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "pkg/mapping.py"
UTILS_BASE = """def convert_mapping(prompt_mapping: list[int], index_to_id: list[int | None]) -> list[int]:
    out = [index_to_id.index(x) if x > 0 else -1 for x in prompt_mapping]
    return out


def slot_of(lora_id: int, index_to_id: list[int | None]) -> int:
    return index_to_id.index(lora_id)
"""
UTILS_NEW = UTILS_BASE.replace(
    "    out = [index_to_id.index(x) if x > 0 else -1 for x in prompt_mapping]\n",
    "    id_to_index = {i: n for n, i in enumerate(index_to_id) if i is not None}\n"
    "    out = [id_to_index[x] if x > 0 else -1 for x in prompt_mapping]\n",
)
SUBJECT = "[Perf][LoRA] Replace O(n) list.index() with a dict in convert_mapping (#46542)"
FORK = "pkg/aeon_mapping.py"


def fork(body: str) -> str:
    return (
        "# AEON: a slot evicted between scheduling and the step\nfrom pkg.mapping import convert_mapping, slot_of\n\n\n"
        + body
    )


def found(report: AuditReport) -> list[tuple[int, str, str]]:
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = UTILS_NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, "pkg/__init__.py": ""},
        {FORK: fork(text)},
        [(SUBJECT, {UTILS: new})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def no_error(findings: list[tuple[int, str, str]]) -> bool:
    """No error, and a warning only of the handler left dead with nothing raised in its place (the old kind
    gone, nothing new escaping: the case may be accepted now, worth a look, never a block)."""
    return all(sev == "warning" and "nor anything in its place" in msg for _, sev, msg in findings)


CATCH = "def aeon_map(m: list[int], ids: list[int | None]):\n    try:\n        return convert_mapping(m, ids)\n    except {}:\n        return None\n"


def test_an_index_made_a_dict_lookup_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, CATCH.format("ValueError"))
    assert (line, severity) == (8, "error")
    assert "catches ValueError from convert_mapping(), which upstream made raise KeyError" in message
    assert "#46542" in message


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # the new kind caught too, or everything
        (CATCH.format("(ValueError, KeyError)"), UTILS_NEW),
        (CATCH.format("LookupError"), UTILS_NEW),
        # a lookup guarded by ``in`` raises nothing: only the old kind gone, nothing new escapes
        (
            CATCH.format("ValueError"),
            UTILS_NEW.replace("id_to_index[x] if x > 0", "id_to_index[x] if x in id_to_index"),
        ),
        # the def still calls .index(): the handler is alive
        (
            CATCH.format("ValueError"),
            UTILS_NEW.replace("    return out\n", "    out.append(index_to_id.index(None))\n    return out\n", 1),
        ),
        # a lookup of a dict the def did not build (a parameter): not judged
        (
            CATCH.format("ValueError"),
            UTILS_NEW.replace(
                "id_to_index = {i: n for n, i in enumerate(index_to_id) if i is not None}", "id_to_index = index_to_id"
            ),
        ),
        # the untouched helper
        (
            "def aeon_slot(i: int, ids: list[int | None]) -> int:\n    try:\n        return slot_of(i, ids)\n    except ValueError:\n        return -1\n",
            UTILS_NEW,
        ),
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    assert no_error(run(git_repo, no_rules, text, new))


OLD_LINE = "    out = [index_to_id.index(x) if x > 0 else -1 for x in prompt_mapping]\n    return out\n"
DICT = "    id_to_index = {i: n for n, i in enumerate(index_to_id) if i is not None}\n"
RAISES = "\n\n\ndef _unmapped(ids):\n    raise ValueError('unmapped LoRA id')\n"


@pytest.mark.parametrize(
    "body",
    [
        # the ValueError still raised, through a helper of the file the def calls (its reach)
        DICT
        + "    if any(x < -1 for x in prompt_mapping):\n        _unmapped(prompt_mapping)\n"
        + "    return [id_to_index[x] if x > 0 else -1 for x in prompt_mapping]\n"
        + RAISES,
        # a guard by set difference off .keys(), and a helper raising the old kind for what is missing
        DICT
        + "    missing = {x for x in prompt_mapping if x > 0} - id_to_index.keys()\n"
        + "    if missing:\n        _unmapped(missing)\n"
        + "    return [id_to_index[x] if x > 0 else -1 for x in prompt_mapping]\n"
        + RAISES,
        # a .get() guard
        DICT
        + "    if any(x > 0 and id_to_index.get(x) is None for x in prompt_mapping):\n        return []\n"
        + "    return [id_to_index[x] if x > 0 else -1 for x in prompt_mapping]\n",
        # the def catches its own KeyError round the lookup
        DICT
        + "    out = []\n    for x in prompt_mapping:\n        try:\n"
        + "            out.append(id_to_index[x] if x > 0 else -1)\n        except KeyError:\n            out.append(-1)\n"
        + "    return out\n",
        # membership through .keys()
        DICT + "    return [id_to_index[x] if x in id_to_index.keys() else -1 for x in prompt_mapping]\n",
        # a lookup of the dict's own keys
        DICT
        + "    inv = {id_to_index[i]: i for i in id_to_index}\n    return [inv.get(x, -1) for x in prompt_mapping]\n",
    ],
)
def test_a_lookup_that_cannot_raise_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert no_error(run(git_repo, no_rules, CATCH.format("ValueError"), UTILS_BASE.replace(OLD_LINE, body)))


NAMES = "pkg/names.py"
NAMES_BASE = 'ADAPTERS = {"a": 1}\n\n\ndef adapter_id(name: str) -> int:\n    if name not in ADAPTERS:\n        raise KeyError(name)\n    return ADAPTERS[name]\n'
# unknown names map to 0 now, and a "name:rev" suffix is stripped: a guarded str.index raises nothing
NAMES_NEW = 'ADAPTERS = {"a": 1}\n\n\ndef adapter_id(name: str) -> int:\n    if ":" in name:\n        name = name[: name.index(":")]\n    return ADAPTERS.get(name, 0)\n'
NAMES_FORK = "from pkg.names import adapter_id\n\n\ndef aeon_id(name: str):\n    try:\n        return adapter_id(name)\n    except KeyError:\n        return None\n"


@pytest.mark.parametrize("guard", ['    if ":" in name:\n', "    if True:\n"])
def test_a_new_index_is_no_fresh_kind(git_repo: GitRepo, no_rules: Path, guard: str) -> None:
    """A ``.index(`` upstream added can keep an old kind alive, never stands for the kind raised instead: a
    guarded one raises nothing, and an unguarded one is too often safe by an invariant the check cannot read."""
    sides = s.merge_case(
        git_repo,
        {NAMES: NAMES_BASE, "pkg/__init__.py": ""},
        {"pkg/aeon_names.py": NAMES_FORK},
        [("[LoRA] unknown adapter names map to 0 (#1)", {NAMES: NAMES_NEW.replace('    if ":" in name:\n', guard)})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


OWN_DEF = "def convert_mapping(m, ids):\n    return [ids.index(x) for x in m]\n\n\n"
METHOD = (
    "class Mapper:\n    def convert_mapping(self, m, ids):\n        return [ids.index(x) for x in m]\n\n\n"
    "class Sub(Mapper):\n    def aeon_map(self, m, ids):\n        try:\n            return self.convert_mapping(m, ids)\n"
    "        except ValueError:\n            return None\n"
)
LIBRARY = (
    "import numpy as np\n\n\ndef aeon_map(m, ids):\n    try:\n        return np.convert_mapping(m, ids)\n"
    "    except ValueError:\n        return None\n"
)


@pytest.mark.parametrize(
    "text",
    [
        # the fork's own def of the name in the file (it shadows the import), its class's (or base's) method,
        # a library module's function of the same name: none is upstream's def
        OWN_DEF + CATCH.format("ValueError"),
        METHOD,
        LIBRARY,
    ],
)
def test_a_call_reaching_another_def_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_fork_shim_module_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    shim = "def convert_mapping(m, ids):\n    return [ids.index(x) for x in m]\n"
    user = "from pkg.aeon_compat import convert_mapping\n\n\n" + CATCH.format("ValueError")
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, "pkg/__init__.py": ""},
        {"pkg/aeon_compat.py": shim, "pkg/aeon_user.py": user},
        [(SUBJECT, {UTILS: UTILS_NEW})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


@pytest.mark.parametrize(
    ("text", "severity"),
    [
        # off the module that defines it: the def itself
        (
            "from pkg import mapping\n\n\ndef aeon_map(m, ids):\n    try:\n        return mapping.convert_mapping(m, ids)\n"
            "    except ValueError:\n        return None\n",
            "error",
        ),
        # off a receiver not read: which def is called is unknown
        (
            "def aeon_map(mapper, m, ids):\n    try:\n        return mapper.convert_mapping(m, ids)\n"
            "    except ValueError:\n        return None\n",
            "warning",
        ),
    ],
)
def test_a_call_off_a_receiver_is_read_through_it(git_repo: GitRepo, no_rules: Path, text: str, severity: str) -> None:
    [(_, got, _)] = run(git_repo, no_rules, text)
    assert got == severity


def test_a_function_local_import_is_read(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "def aeon_local(m, ids):\n    from pkg.mapping import convert_mapping as cm\n\n    try:\n"
        "        return cm(m, ids)\n    except ValueError:\n        return None\n"
    )
    [(_, severity, _)] = run(git_repo, no_rules, text)
    assert severity == "error"
