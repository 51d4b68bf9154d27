"""Every rule kind's VALID and INVALID examples, run as tests (as Fixit does with its rules)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.kinds.base import Example, doc_line
from aeon_release.domain.audits.registry import KINDS
from tests.audits.conftest import write_tree

CASES = [
    pytest.param(name, example, valid, id=f"{name}-{'valid' if valid else 'invalid'}-{i}")
    for name, kind in sorted(KINDS.items())
    for valid, examples in ((True, kind.valid), (False, kind.invalid))
    for i, example in enumerate(examples)
]


def run_example(tmp_path: Path, kind: str, example: Example) -> set[tuple[str, int]]:
    rule = {"id": f"example/{kind}", "kind": kind, "message": "example", **example.rule}
    config = tmp_path / "config"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "example.yaml").write_text(yaml.safe_dump({"rules": [rule]}))
    tree = write_tree(tmp_path / "tree", example.files)
    report = audit_tree(tree, config)
    own = [f for f in report.findings if not f.rule_id.startswith("baseline/")]  # the always-on tree rules
    assert all(f.rule_id == rule["id"] for f in own), own
    return {(f.path, f.line) for f in own}


@pytest.mark.parametrize(("kind", "example", "valid"), CASES)
def test_examples(tmp_path: Path, kind: str, example: Example, valid: bool) -> None:
    found = run_example(tmp_path, kind, example)
    if valid:
        assert found == set()
    else:
        assert found == set(example.expect)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_documents_itself(name: str) -> None:
    kind = KINDS[name]
    assert kind.name == name
    assert doc_line(kind).endswith((".", ")")), "the first docstring line is what `audits list` prints"
    assert kind.valid and kind.invalid, "every kind carries VALID and INVALID examples"
    assert all(example.expect for example in kind.invalid), "INVALID examples say where the finding is"


def test_the_issue_kinds_are_all_registered() -> None:
    wanted = {
        "enum-value",
        "enum-literal",
        "forbidden-call",
        "required-symbol",
        "marker",
        "layer-offset",
        "conflict-markers",
        "py-compile",
    }
    assert wanted <= set(KINDS)
