"""A fork comparison of a field upstream now compares with another quantity (drift/switched_operands.py).

#26499 (6e783bc54b) made ``_decode_cudagraph_max_bs`` a token count and turned ``num_decodes <=
self._decode_cudagraph_max_bs`` into ``num_decode_tokens <= self._decode_cudagraph_max_bs``; a fork subclass
comparing its request count with the field merges cleanly and now compares requests with tokens
(blind_replay_flashattn).  A warning on the fork's comparison with any name but upstream's new one.  Quiet: the new
name, a number, a file naming nothing of upstream's module, a rename (the old name gone upstream), a field upstream
did not switch.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/builder.py"
BASE = """class Builder:
    def __init__(self, max_num_reqs: int, spec: int) -> None:
        self._graph_max_bs = max_num_reqs
        self.max_pages = max_num_reqs * 4

    def build(self, num_decodes: int, num_decode_tokens: int, num_pages: int) -> bool:
        use_graph = (
            num_decodes > 0
            and num_decodes <= self._graph_max_bs
        )
        return use_graph and num_pages <= self.max_pages
"""
AFTER = (
    BASE.replace("self._graph_max_bs = max_num_reqs", "self._graph_max_bs = (1 + spec) * max_num_reqs")
    .replace("and num_decodes <= self._graph_max_bs", "and num_decode_tokens <= self._graph_max_bs")
    .replace("num_pages: int) -> bool:", "pages: int) -> bool:")
    .replace("num_pages <= self.max_pages", "pages <= self.max_pages")
)
SUBJECT = "[Spec decode] count the decode graph bound in tokens (#26499)"
IMPORT = "from pkg.builder import Builder\n\n\n"
FOUND = {
    "copy": IMPORT + "class Mine(Builder):\n    def in_graph(self, num_decodes: int) -> bool:\n"
    "        return num_decodes <= self._graph_max_bs\n",
    "other_name": IMPORT + "class Mine(Builder):\n    def eager(self, num_reqs: int) -> bool:\n"
    "        return num_reqs > self._graph_max_bs\n",
    "flipped": IMPORT + "def fits(b: Builder, n: int) -> bool:\n    return b._graph_max_bs >= n\n",
}
QUIET = {
    "new_name": IMPORT + "class Mine(Builder):\n    def in_graph(self, num_decode_tokens: int) -> bool:\n"
    "        return num_decode_tokens <= self._graph_max_bs\n",
    "number": IMPORT + "class Mine(Builder):\n    def big(self) -> bool:\n        return self._graph_max_bs > 512\n",
    "unrelated_file": "def fits(cfg, n: int) -> bool:\n    return n <= cfg._graph_max_bs\n",
    "renamed_operand": IMPORT + "class Mine(Builder):\n    def fits(self, num_pages: int) -> bool:\n"
    "        return num_pages <= self.max_pages\n",
}
FORKS = {f"pkg/aeon/{name}.py": body for name, body in {**FOUND, **QUIET}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], SYMBOL_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_comparison_of_a_switched_field_is_warned(rows: dict[str, list[Finding]], name: str) -> None:
    path = f"pkg/aeon/{name}.py"
    line = next(i for i, t in enumerate(FORKS[path].splitlines(), 1) if "_graph_max_bs" in t)
    assert [(f.line, f.severity.value) for f in rows[path]] == [(line, "warning")], rows[path]
    assert "with `num_decode_tokens` where it compared `num_decodes`" in rows[path][0].message
    assert "#26499" in rows[path][0].message


@pytest.mark.parametrize("name", sorted(QUIET))
def test_what_is_no_stale_comparison_stays_quiet(rows: dict[str, list[Finding]], name: str) -> None:
    assert rows[f"pkg/aeon/{name}.py"] == []
