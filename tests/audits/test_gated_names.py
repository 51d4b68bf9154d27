"""A ``hasattr`` gate of a name upstream removed from everywhere (drift/names.py ``_compatible`` with
drift/guarded_reads.py ``gates_both_ways``): name drift leaves quiet the version gate symbol drift already
leaves quiet.  #28631 (d9d21eb8e3) removed ``OpenAIServing._validate_input``, and no upstream file spells the
name any more: a fork subclass's ``if hasattr(self, "_validate_input"): return self._validate_input(...)``
followed by its own path for the new release is written for both sides, yet name drift called the ``hasattr``
line an error ("is always False").  Still found: a gate whose only path is the fork's own work, one whose other
path only hands back a default, the answer handed on."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT, SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
LIB = "pkg/serving.py"
USE = "pkg/aeon_serving.py"
OLD = (
    "class Serving:\n"
    "    def _validate_input(self, request, input_ids: list[int], input_text: str) -> dict:\n"
    "        return {'prompt_token_ids': input_ids, 'prompt': input_text}\n\n"
    "    def _base_request_id(self, raw) -> str:\n        return str(raw)\n"
)
NEW = "class Serving:\n    def _base_request_id(self, raw) -> str:\n        return str(raw)\n"
HEAD = "from pkg.serving import Serving\n\n\nclass AeonServing(Serving):\n"


def _rows(git_repo: GitRepo, tmp_path: Path, body: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: HEAD + body}, {LIB: NEW})
    report = audit(git_repo, sides, tmp_path)
    return [row for rule in (NAME_DRIFT, SYMBOL_DRIFT) for row in found(report, rule) if row[2] == "error"]


@pytest.mark.parametrize(
    "body",
    [
        "    def aeon_prompt(self, request, ids: list[int], text: str) -> dict:\n"
        '        if hasattr(self, "_validate_input"):  # upstreams before #28631\n'
        "            return self._validate_input(request, ids, text)\n"
        "        return {'prompt_token_ids': ids[-8192:], 'prompt': text}\n",
        "    def aeon_prompt(self, request, ids: list[int], text: str) -> dict:\n"
        '        if hasattr(self, "_validate_input"):\n'
        "            prompt = self._validate_input(request, ids, text)\n"
        "        else:\n"
        "            prompt = {'prompt_token_ids': ids, 'prompt': text}\n"
        "        return prompt\n",
        "    def aeon_prompt(self, request, ids: list[int], text: str) -> dict:\n"
        "        return (\n"
        '            self._validate_input(request, ids, text) if hasattr(self, "_validate_input")\n'
        "            else {'prompt_token_ids': ids, 'prompt': text}\n"
        "        )\n",
    ],
    ids=["a return then the new path", "an if and its else", "a conditional expression"],
)
def test_a_hasattr_picking_a_path_per_release_is_no_error(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _rows(git_repo, tmp_path, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "    def aeon_check(self, request, ids: list[int], text: str) -> None:\n"
        '        if hasattr(self, "_validate_input"):\n'
        "            self.aeon_checked = True\n",
        "    def aeon_prompt(self, request, ids: list[int], text: str):\n"
        '        if hasattr(self, "_validate_input"):\n'
        "            return self._validate_input(request, ids, text)\n"
        "        return None\n",
        '    def aeon_validates(self) -> bool:\n        return hasattr(self, "_validate_input")\n',
    ],
    ids=["only the fork's own work", "a default in the other path", "the answer handed on"],
)
def test_a_hasattr_with_no_other_path_is_still_an_error(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert (USE, line_of(HEAD + body, "hasattr("), "error") in _rows(git_repo, tmp_path, body)
