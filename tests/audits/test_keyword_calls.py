"""A base's own call of a hook now passes by keyword what it passed by position (#34236's shape).

``IOProcessor.post_process_async`` called ``self.post_process(outputs, request_id, **kwargs)`` and now passes
``request_id=request_id``: a fork override naming the parameter otherwise, without ``**kwargs``, raises
TypeError after a clean merge though the hook's signature never changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

BASE = "vllm/plugins/io.py"
BASE_TEXT = """class IOProcessor:
    def post_process(self, model_output, request_id=None, **kwargs):
        raise NotImplementedError

    async def post_process_async(self, model_output, request_id=None, **kwargs):
        collected = [item async for item in model_output]
        return self.post_process(collected, request_id, **kwargs)
"""
KEYWORD = BASE_TEXT.replace("(collected, request_id, **kwargs)", "(collected, request_id=request_id, **kwargs)")
FORK = "vllm/aeon/tiles.py"
PACKAGES = {"vllm/__init__.py": "", "vllm/plugins/__init__.py": "", "vllm/aeon/__init__.py": ""}
OVERRIDE = """from vllm.plugins.io import IOProcessor


class AeonTiles(IOProcessor):
    def post_process(self, model_output, {params}):
        return list(model_output)
"""


FLUSH = "\n    def flush(self):\n        return self.post_process([], request_id='flush')\n"


@pytest.mark.parametrize(
    ("params", "before", "theirs", "error"),
    [
        ("req_id=None", BASE_TEXT, KEYWORD, True),  # the killer: TypeError, an unexpected keyword
        ("request_id=None", BASE_TEXT, KEYWORD, False),  # the base's name: the keyword binds
        ("req_id=None, **kwargs", BASE_TEXT, KEYWORD, False),  # it lands in **kwargs (no TypeError)
        # a call that still passes by position
        ("req_id=None", BASE_TEXT, BASE_TEXT.replace("NotImplementedError", "NotImplementedError('abstract')"), False),
        # a call of the base's file passed request_id= before the merge: the override never fitted it
        ("req_id=None", BASE_TEXT + FLUSH, KEYWORD + FLUSH, False),
    ],
)
def test_an_override_naming_the_parameter_otherwise(
    git_repo: GitRepo, tmp_path: Path, params: str, before: str, theirs: str, error: bool
) -> None:
    """The override that names the slot otherwise without **kwargs is an error on its def line; the twins (it
    takes the keyword, the call is positional still, the keyword was passed before) stay quiet."""
    fork = OVERRIDE.format(params=params)
    sides = three_way(git_repo, {**PACKAGES, BASE: before}, {FORK: fork}, {BASE: theirs})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK]
    assert got == ([(FORK, line_of(fork, "def post_process"), "error")] if error else [])
