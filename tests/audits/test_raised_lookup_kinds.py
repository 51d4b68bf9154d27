"""Raised-kind drift through a builtin lookup: ``seq.index(x)`` (ValueError) made ``d[x]`` (KeyError).

Shaped like #46542 (0bc479e6eb), which swapped ``convert_mapping``'s ``lora_index_to_id.index(x)`` for a
dict built once in its body: a fork's ``try: convert_mapping(...)`` / ``except ValueError:`` merges cleanly,
the handler never runs again, and the KeyError of an unmapped id escapes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport, audit_tree
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
    return found(audit_tree(git_repo.path, no_rules, merge=sides))


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
    assert run(git_repo, no_rules, text, new) == []
