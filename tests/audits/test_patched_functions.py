"""Patched functions: a fork function put over upstream's module function, which upstream's module now calls otherwise.

vLLM #38482 gave the batch runner's ``download_bytes_from_url(url)`` an ``allowed_media_domains`` parameter and
made its caller in the same module pass it; a fork's ``run_batch.download_bytes_from_url = _aeon_download``
(``async def _aeon_download(url)``) merges cleanly and raises TypeError on every row, since the module's call
looks the name up at run time.  An error on the patch's line when a call upstream added in the module does not
bind to the fork's function and every call at the base did; quiet for a function taking the new parameters or
``**kwargs``, upstream's own function assigned, a function upstream's calls did not change, a function that never
took the base's calls, the fork's own module; a warning when an ``if`` testing upstream's function picks the patch.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/batch/__init__.py": ""}
RUNNER = "vllm/batch/runner.py"
BASE = """async def fetch_bytes(url: str) -> bytes:
    return url.encode()


def make_wrapper(is_translation: bool) -> bool:
    return is_translation


async def handle(url: str) -> bytes:
    return await fetch_bytes(url)


def registry() -> dict[str, bool]:
    return {"t": make_wrapper(is_translation=False)}


def encode(text: str, mode: str = "utf-8") -> bytes:
    return text.encode(mode)


def render(text: str) -> bytes:
    return encode(text)


def describe(url: str) -> str:
    return url
"""
THEIRS = (
    BASE.replace("def fetch_bytes(url: str)", "def fetch_bytes(url: str, allowed: list[str] | None = None)")
    .replace("await fetch_bytes(url)", 'await fetch_bytes(url, allowed=["a"])')
    .replace("def make_wrapper(is_translation: bool)", "def make_wrapper(is_translation: bool, domains=None)")
    .replace("make_wrapper(is_translation=False)", "make_wrapper(is_translation=False, domains=None)")
    .replace('def encode(text: str, mode: str = "utf-8")', 'def encode(text: str, mode: str = "utf-8", strict=False)')
    .replace("return encode(text)", 'return encode(text, "utf-8", True)')
)
MOD = "import vllm.batch.runner as runner\n\n\n"
PKG = "from vllm.batch import runner\n\n\n"
MINE = "async def _mine(url: str) -> bytes:\n    return b''\n\n\n"

KILLERS = {
    "a module imported from its package": (PKG + MINE + "runner.fetch_bytes = _mine\n", "runner.fetch_bytes = _mine"),
    "by setattr": (MOD + MINE + 'setattr(runner, "fetch_bytes", _mine)\n', "setattr(runner"),
    "a lambda": (MOD + "runner.make_wrapper = lambda is_translation: False\n", "runner.make_wrapper = lambda"),
    "a def inside the installing function": (
        MOD + "def install() -> None:\n    async def _mine(url: str) -> bytes:\n        return b''\n\n"
        "    runner.fetch_bytes = _mine\n",
        "runner.fetch_bytes = _mine",
    ),
    # review82: the caller patched too, but by a wrapper of upstream's own caller, whose new call runs all the same
    "the caller patched by a wrapper of upstream's": (
        MOD + MINE + "_up_handle = runner.handle\n\n\nasync def _handle(url: str) -> bytes:\n"
        "    return await _up_handle(url)\n\n\nrunner.handle = _handle\nrunner.fetch_bytes = _mine\n",
        "runner.fetch_bytes = _mine",
    ),
    "a positional argument upstream's call adds": (
        MOD + "def _enc(text: str, mode: str = 'utf-8') -> bytes:\n    return b''\n\n\nrunner.encode = _enc\n",
        "runner.encode = _enc",
    ),
}
WARNED = {
    "a patch picked by a look at upstream's function": (
        "import inspect\n\n" + MOD + MINE + 'if "allowed" not in inspect.signature(runner.fetch_bytes).parameters:\n'
        "    runner.fetch_bytes = _mine\n",
        "    runner.fetch_bytes = _mine",
    ),
    # review82: a decorator stands between the def and the patched value; it may take what the def does not
    "a patch through a decorator of the fork's file": (
        MOD + "def _any(f):\n    return f\n\n\n@_any\nasync def _mine(url: str) -> bytes:\n    return b''\n\n\n"
        "runner.fetch_bytes = _mine\n",
        "runner.fetch_bytes = _mine",
    ),
}
TWINS = {
    "the patch takes **kwargs": MOD + "async def _mine(url: str, **kwargs) -> bytes:\n    return b''\n\n\n"
    "runner.fetch_bytes = _mine\n",
    "the patch takes the new parameter": MOD + "async def _mine(url: str, allowed=None) -> bytes:\n    return b''\n\n\n"
    "runner.fetch_bytes = _mine\n",
    "upstream's own function assigned": "from vllm.batch import runner\nfrom vllm.batch.runner import describe\n\n"
    "runner.fetch_bytes = describe\n",
    "a function upstream's calls did not change": MOD + "def _describe(url: str) -> str:\n    return url\n\n\n"
    "runner.describe = _describe\n",
    "a function that never took the base's call": MOD + "async def _mine() -> bytes:\n    return b''\n\n\n"
    "runner.fetch_bytes = _mine\n",
    "the fork's own module patched": "import vllm.aeon_own as own\n\n\n" + MINE + "own.fetch_bytes = _mine\n",
    "a method of the fork's class named alike": MOD
    + "class AeonFetch:\n    async def fetch_bytes(self, url: str) -> bytes:\n"
    "        return b''\n\n\nrunner.handler = AeonFetch().fetch_bytes\n",
    # review82: the caller holding upstream's new call patched too: the module runs the fork's caller instead
    "the caller of the new call patched too": MOD
    + MINE
    + "async def _handle(url: str) -> bytes:\n    return await runner.fetch_bytes(url)\n\n\n"
    "runner.handle = _handle\nrunner.fetch_bytes = _mine\n",
    # review82: the name rebound to a wrapper taking **kwargs before the patch
    "the patched name rebound to a wrapper": MOD
    + MINE
    + "def _any(f):\n    async def g(url: str, **kw) -> bytes:\n        return await f(url)\n\n    return g\n\n\n"
    "_mine = _any(_mine)\nrunner.fetch_bytes = _mine\n",
}

_AUDITED: dict[str, list[tuple[int, str]]] = {}


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[int, str]]:
    if not _AUDITED:
        texts = [text for text, _ in [*KILLERS.values(), *WARNED.values()]] + list(TWINS.values())
        paths = {text: f"vllm/aeon_fn_{number}.py" for number, text in enumerate(texts)}
        sides = three_way(
            git_repo,
            {RUNNER: BASE, "vllm/aeon_own.py": "x = 1\n", **PACKAGES},
            {path: text for text, path in paths.items()},
            {RUNNER: THEIRS},
        )
        every = found(audit(git_repo, sides, tmp_path), DRIFT)
        _AUDITED.update({text: [(line, sev) for at, line, sev in every if at == path] for text, path in paths.items()})
    return _AUDITED[fork]


@pytest.mark.parametrize(("fork", "needle"), list(KILLERS.values()), ids=list(KILLERS))
def test_a_patch_upstreams_new_call_does_not_fit_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_a_patch_that_fits_or_is_no_fork_function_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(("fork", "needle"), list(WARNED.values()), ids=list(WARNED))
def test_a_patch_picked_by_a_look_at_upstreams_function_is_a_warning(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, needle), "warning")]
