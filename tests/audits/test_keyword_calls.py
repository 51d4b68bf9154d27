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


# the fork overrides the calling method too: upstream's keyword call never runs on the fork's class
OWN_CALLER = (
    OVERRIDE.format(params="req_id=None")
    + """
    async def post_process_async(self, model_output, request_id=None, **kwargs):
        collected = [item async for item in model_output]
        return self.post_process(collected, request_id)
"""
)
# a class between the fork's and the base overrides the calling method
BETWEEN = """from vllm.plugins.io import IOProcessor


class AeonBatched(IOProcessor):
    async def post_process_async(self, model_output, request_id=None, **kwargs):
        return [item async for item in model_output]


class AeonTiles(AeonBatched):
    def post_process(self, model_output, req_id=None):
        return list(model_output)
"""
# another class of the base's file has a method of the hook's name: the new keyword call is that class's
RENDERER = "\n\nclass Renderer:\n    def post_process(self, output, request_id=None):\n        return output\n"
RENDER = "\n\ndef render(renderer: Renderer, output, rid):\n    return renderer.post_process(output, request_id=rid)\n"
# ... and called on self in a method of that other class: never the fork's
SELF_RENDER = "\n    def render(self, output, rid):\n        return self.post_process(output, request_id=rid)\n"


@pytest.mark.parametrize(
    ("fork", "before", "theirs", "severity"),
    [
        (OWN_CALLER, BASE_TEXT, KEYWORD, None),
        (BETWEEN, BASE_TEXT, KEYWORD, None),
        (OVERRIDE.format(params="req_id=None"), BASE_TEXT + RENDERER, BASE_TEXT + RENDERER + SELF_RENDER, None),
        (OVERRIDE.format(params="req_id=None"), BASE_TEXT + RENDERER, BASE_TEXT + RENDERER + RENDER, "warning"),
    ],
)
def test_a_keyword_call_that_never_runs_on_the_fork_class(
    git_repo: GitRepo, tmp_path: Path, fork: str, before: str, theirs: str, severity: str | None
) -> None:
    """The new keyword call sits in a method the fork's class (or a class between) overrides, or in another
    class's method: quiet; a call off a receiver of no known class (another class's, by its annotation) warns."""
    sides = three_way(git_repo, {**PACKAGES, BASE: before}, {FORK: fork}, {BASE: theirs})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK]
    assert got == ([(FORK, line_of(fork, "def post_process("), severity)] if severity else [])
