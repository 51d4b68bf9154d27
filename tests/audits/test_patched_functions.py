"""Patched functions: a fork function put over upstream's module function, which upstream's module now calls otherwise.

vLLM #38482 gave the batch runner's ``download_bytes_from_url(url)`` an ``allowed_media_domains`` parameter and
made its caller in the same module pass it; a fork's ``run_batch.download_bytes_from_url = _aeon_download``
(``async def _aeon_download(url)``) merges cleanly and raises TypeError on every row, since the module's call
looks the name up at run time.  An error on the patch's line when a call upstream added in the module does not
bind to the fork's function and every call at the base did; quiet for a function taking the new parameters or
``**kwargs``, upstream's own function assigned, a function upstream's calls did not change, a function that never
took the base's calls, the fork's own module; a warning when an ``if`` testing upstream's function picks the patch.

Shaped like #23556 too (the second half, from killers171's ``test_outgrown_patches.py``, joined here by mend60):
``replace_linear_class`` gained a keyword-only ``prefix`` and the module's own loop now passes ``prefix=qual_name``;
a fork's ``tf.replace_linear_class = aeon_replace`` written for the old three parameters merges cleanly and raises
TypeError on the first model load.  One finding per patch, on the patch's line (for a lambda the same line).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
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


def tag(url: str) -> str:
    return url
"""
THEIRS = (
    BASE.replace("def fetch_bytes(url: str)", "def fetch_bytes(url: str, allowed: list[str] | None = None)")
    .replace("await fetch_bytes(url)", 'await fetch_bytes(url, allowed=["a"])')
    .replace("def make_wrapper(is_translation: bool)", "def make_wrapper(is_translation: bool, domains=None)")
    .replace("make_wrapper(is_translation=False)", "make_wrapper(is_translation=False, domains=None)")
    .replace('def encode(text: str, mode: str = "utf-8")', 'def encode(text: str, mode: str = "utf-8", strict=False)')
    .replace("return encode(text)", 'return encode(text, "utf-8", True)')
    + "\n\ndef labelled(url: str) -> str:\n    return tag(url, strict=True)\n"
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
    # killers171's spelling: a decorator other than ``functools.wraps`` may change what the name takes (a twin below)
    "a def under functools.wraps alone": (
        "import functools\n\n" + MOD + "@functools.wraps(runner.fetch_bytes)\n" + MINE + "runner.fetch_bytes = _mine\n",
        "runner.fetch_bytes = _mine",
    ),
    # mend61: a chained install puts one function over two names; the second target was unread
    "a chained install, the outgrown name second": (
        MOD + MINE + "runner.describe = runner.fetch_bytes = _mine\n",
        "runner.describe = runner.fetch_bytes = _mine",
    ),
    "a chained install, the outgrown name first": (
        PKG + MINE + "runner.fetch_bytes = runner.describe = _mine\n",
        "runner.fetch_bytes = runner.describe = _mine",
    ),
    # killers220 (#41664's ``setattr(fi, "flashinfer_scaled_fp4_mm", _spark_backend(fi.flashinfer_scaled_fp4_mm))``):
    # the value is a call of the file's factory, whose every return hands back its one nested function
    "a factory's nested def, by setattr": (
        "import functools\n\n"
        + MOD
        + "def _deco(f):\n    @functools.wraps(f)\n    async def inner(url: str) -> bytes:\n"
        "        return await f(url)\n\n    return inner\n\n\n"
        'setattr(runner, "fetch_bytes", _deco(runner.fetch_bytes))\n',
        "setattr(runner",
    ),
    "a factory's lambda, by assignment": (
        MOD
        + "def _make(flag: bool):\n    return lambda is_translation: flag\n\n\nrunner.make_wrapper = _make(False)\n",
        "runner.make_wrapper = _make(False)",
    ),
    # review126 round 3: what the shadowing/import mends must not swallow -- an installer's parameter of another
    # name beside the file's factory, a namesake def after an import of upstream's function in the same block
    "the file's factory called where a parameter of another name is in scope": (
        MOD + "def _deco(f):\n    async def inner(url: str) -> bytes:\n        return await f(url)\n\n"
        "    return inner\n\n\ndef install(make) -> None:\n    runner.fetch_bytes = _deco(runner.fetch_bytes)\n",
        "    runner.fetch_bytes = _deco(runner.fetch_bytes)",
    ),
    "a def after an import of its name in the same block": (
        MOD + "from vllm.batch.runner import fetch_bytes\n\n\n"
        "async def fetch_bytes(url: str) -> bytes:  # noqa: F811\n    return b''\n\n\n"
        "runner.fetch_bytes = fetch_bytes\n",
        "runner.fetch_bytes = fetch_bytes",
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
    # mend60: upstream's own def does not take its new call either (an upstream bug, or a def rebound where the
    # engine cannot see): no fork function's break
    "a new call upstream's own def does not take": MOD + "def _tag(url: str) -> str:\n    return url\n\n\n"
    "runner.tag = _tag\n",
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
    # mend61: a chained install whose function takes every name's new calls
    "a chained install that still fits": MOD + "async def _mine(url: str, allowed=None) -> bytes:\n    return b''\n\n\n"
    "runner.describe = runner.fetch_bytes = _mine\n",
    # killers220: a factory's nested def taking **kwargs, a factory picking one of two functions, a call of no
    # factory of the fork's file
    "a factory's nested def taking **kwargs": MOD + "def _deco(f):\n    async def inner(url: str, **kw) -> bytes:\n"
    "        return await f(url, **kw)\n\n    return inner\n\n\nrunner.fetch_bytes = _deco(runner.fetch_bytes)\n",
    "a factory returning one of two functions": MOD + "def _pick(fast: bool):\n    async def a(url: str) -> bytes:\n"
    "        return b''\n\n    async def b(url: str, allowed=None) -> bytes:\n        return b''\n\n"
    "    if fast:\n        return a\n    return b\n\n\nrunner.fetch_bytes = _pick(True)\n",
    "a call of upstream's own factory": "import functools\n\n"
    + MOD
    + "runner.fetch_bytes = functools.partial(runner.describe)\n",
    # review126: the factory's (or def's) name a parameter of the installing function, or imported with the def a
    # fallback: the patch installs what the caller hands in, or the import
    "the factory's name a parameter of the installer": MOD
    + "def _deco(f):\n    async def inner(url: str) -> bytes:\n        return await f(url)\n\n    return inner\n\n\n"
    "def install(_deco) -> None:\n    runner.fetch_bytes = _deco(runner.fetch_bytes)\n",
    "the def's name a defaulted parameter of the installer": MOD
    + MINE
    + "async def _kw(url: str, **kw) -> bytes:\n    return b''\n\n\n"
    "def install(_mine=_kw) -> None:\n    runner.fetch_bytes = _mine\n",
    "the factory imported, its def a fallback": MOD
    + "try:\n    from vllm.aeon_own import _deco\nexcept ImportError:\n\n"
    "    def _deco(f):\n        async def inner(url: str) -> bytes:\n            return await f(url)\n\n"
    "        return inner\n\n\nrunner.fetch_bytes = _deco(runner.fetch_bytes)\n",
    "a chained install over the instance's own state": MOD + MINE + "class AeonBox:\n    def __init__(self) -> None:\n"
    "        self.fetch_bytes = self.saved = _mine\n",
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


# --- #23556's shape (killers171's outgrown-patch cases)
BACKEND = "vllm/model_executor/models/tfbackend.py"
BACKEND_BASE = """def replace_linear_class(linear, style, quant_config):
    return linear


def tensor_parallel(modules, quant_config):
    for name, module in modules.items():
        modules[name] = replace_linear_class(module, "colwise", quant_config)
"""
KEYWORD = BACKEND_BASE.replace("style, quant_config):\n", 'style, quant_config, *, prefix: str = ""):\n').replace(
    'replace_linear_class(module, "colwise", quant_config)',
    'replace_linear_class(module, "colwise", quant_config, prefix=name)',
)
POSITIONAL = BACKEND_BASE.replace("style, quant_config):\n", "style, quant_config, dtype=None):\n").replace(
    'replace_linear_class(module, "colwise", quant_config)',
    'replace_linear_class(module, "colwise", quant_config, None)',
)
PLUGIN = "vllm/aeon_plugin.py"
PLUGIN_TEXT = """from vllm.model_executor.models import tfbackend as tf


def aeon_replace(linear, style, quant_config):
    return linear


def register():
    tf.replace_linear_class = aeon_replace
"""
SUBJECT = "[Feature] pass layer prefix to replace_linear_class (#23556)"


def rows(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, base: str = BACKEND_BASE
) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {BACKEND: base, "vllm/model_executor/__init__.py": "", "vllm/model_executor/models/__init__.py": ""},
        {PLUGIN: fork},
        [(SUBJECT, {BACKEND: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if "installs" in r[3]]


def test_a_new_keyword_the_fork_function_does_not_take_is_an_error_on_its_patch(
    git_repo: GitRepo, no_rules: Path
) -> None:
    [(path, line, severity, message)] = rows(git_repo, no_rules, PLUGIN_TEXT, KEYWORD)
    # mend60: on the patch (line 9), where the hazard is made, not the def (line 4) killers171 put it on; the
    # message names the def's line, whose parameters must change
    assert (path, line, severity) == (PLUGIN, 9, "error")
    assert (
        "fork-owned patch tf.replace_linear_class = ... (line 9) installs aeon_replace(linear, style, quant_config)"
        " (def line 4)" in message
    )
    assert "the call passes prefix=, which it does not take" in message and "#23556" in message


@pytest.mark.parametrize(
    ("fork", "upstream", "line"),
    [
        # a lambda: the error lands on the patch
        (
            "from vllm.model_executor.models import tfbackend as tf\n\n"
            "tf.replace_linear_class = lambda linear, style, quant_config: linear\n",
            KEYWORD,
            3,
        ),
        # setattr with a literal name, the module imported whole
        (
            "import vllm.model_executor.models.tfbackend\n\n\ndef aeon_replace(linear, style, quant_config):\n"
            "    return linear\n\n\n"
            'setattr(vllm.model_executor.models.tfbackend, "replace_linear_class", aeon_replace)\n',
            KEYWORD,
            8,  # mend60: the setattr line, not the def's (4)
        ),
        # one more positional argument than the fork function takes
        (PLUGIN_TEXT, POSITIONAL, 9),  # mend60: the patch's line, not the def's (4)
    ],
    ids=["lambda", "setattr", "positional"],
)
def test_other_spellings_of_an_outgrown_patch(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, line: int
) -> None:
    [(_, found_line, severity, _message)] = rows(git_repo, no_rules, fork, upstream)
    assert (found_line, severity) == (line, "error")


@pytest.mark.parametrize(
    ("fork", "upstream", "base"),
    [
        # the fork function takes the new keyword already
        (PLUGIN_TEXT.replace("style, quant_config):", 'style, quant_config, *, prefix=""):'), KEYWORD, BACKEND_BASE),
        # or hands **kwargs on
        (PLUGIN_TEXT.replace("style, quant_config):", "style, quant_config, **kwargs):"), KEYWORD, BACKEND_BASE),
        # the fork's own namesake: an attribute of its own object, not the module
        (
            "class Holder:\n    pass\n\n\ndef aeon_replace(linear, style, quant_config):\n    return linear\n\n\n"
            "holder = Holder()\nholder.replace_linear_class = aeon_replace\n",
            KEYWORD,
            BACKEND_BASE,
        ),
        # upstream only re-wrapped a call that passed the keyword at the base already (the fork's break is older)
        (PLUGIN_TEXT, KEYWORD.replace("prefix=name)", "prefix=name,\n        )"), KEYWORD),
    ],
    ids=["new keyword taken", "kwargs", "namesake", "rewrapped"],
)
def test_a_patch_that_still_fits_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, base: str
) -> None:
    assert rows(git_repo, no_rules, fork, upstream, base) == []


def test_a_decorated_patch_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # a decorator may change what the name takes (review82's ``@_any_domain`` giving ``**kwargs``): read as
    # written, but a warning, not an error (the join kept review82's warning over killers171's silence)
    fork = PLUGIN_TEXT.replace("\ndef aeon_replace", "\n@aeon_adapt\ndef aeon_replace")
    assert [r[2] for r in rows(git_repo, no_rules, fork, KEYWORD, BACKEND_BASE)] == ["warning"]


# --- killers180: #48526's shape -- the patched module calls a function it imports (``from x import f``)
STATE = "vllm/dist/state.py"
STATE_BASE = "def capture(device):\n    return device\n\n\ndef helper(device):\n    return device\n"
STATE_THEIRS = STATE_BASE.replace("def capture(device):", "def capture(device, context=None):")
CALLER = "vllm/worker/caller.py"
CALLER_BASE = """from vllm.dist.state import capture, helper


def run(device):
    helper(device)
    return capture(device=device)
"""
CALLER_THEIRS = CALLER_BASE.replace("capture(device=device)", "capture(device=device, context=None)")
LOCAL_BASE = "def run(device):\n    from vllm.dist.state import capture\n\n    return capture(device=device)\n"
LOCAL_THEIRS = LOCAL_BASE.replace("capture(device=device)", "capture(device=device, context=None)")
CM = "from contextlib import contextmanager\n\nimport vllm.worker.caller as caller\n\n\n"
CM_DEF = "@contextmanager\ndef _mine(device):\n    yield device\n\n\n"


def imported_rows(
    git_repo: GitRepo, no_rules: Path, fork: str, caller: tuple[str, str] = (CALLER_BASE, CALLER_THEIRS)
) -> list:
    sides = s.merge_case(
        git_repo,
        {STATE: STATE_BASE, CALLER: caller[0], "vllm/dist/__init__.py": "", "vllm/worker/__init__.py": ""},
        {PLUGIN: fork},
        [("[ROCm] capture on the current stream (#48526)", {STATE: STATE_THEIRS, CALLER: caller[1]})],
    )
    return [
        (r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == PLUGIN and "installs" in r[3]
    ]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (CM + CM_DEF + "caller.capture = _mine\n", "caller.capture = _mine"),
        (
            CM + CM_DEF + "def test_run(monkeypatch):\n    monkeypatch.setattr(caller, 'capture', _mine)\n",
            "monkeypatch.setattr",
        ),
        (
            "from unittest import mock\n\n" + CM + CM_DEF + "def aeon_patch():\n"
            "    return mock.patch.object(caller, 'capture', new=_mine)\n",
            "mock.patch.object",
        ),
    ],
    ids=["a contextmanager def assigned", "monkeypatch.setattr", "patch.object with new="],
)
def test_a_patch_of_a_name_the_module_imports_is_judged_by_the_imported_def(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str
) -> None:
    assert imported_rows(git_repo, no_rules, fork) == [(line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    ("fork", "caller"),
    [
        # the defining module patched: the caller's name was bound at import and never finds the patch
        (
            "import vllm.dist.state as state\n\n\ndef _mine(device):\n    return device\n\n\nstate.capture = _mine\n",
            None,
        ),
        # the replacement takes the new parameter
        (
            CM + "@contextmanager\ndef _mine(device, context=None):\n    yield device\n\n\ncaller.capture = _mine\n",
            None,
        ),
        # the caller imports the name inside its function: the local binding wins over the module's attribute
        (CM + CM_DEF + "caller.capture = _mine\n", (LOCAL_BASE, LOCAL_THEIRS)),
        # a function whose calls upstream did not change
        (CM + "def _help(device):\n    return device\n\n\ncaller.helper = _help\n", None),
    ],
    ids=["the defining module patched", "takes the new parameter", "a local import", "an unchanged call"],
)
def test_a_patch_the_new_call_does_not_reach_or_that_fits_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, caller: tuple[str, str] | None
) -> None:
    assert imported_rows(git_repo, no_rules, fork, caller or (CALLER_BASE, CALLER_THEIRS)) == []


SHARD = """

def shard(modules, replace_linear_class):
    for name, module in modules.items():
        modules[name] = replace_linear_class(module, "rowwise", None, prefix=name)
"""
# the def takes ``prefix`` upstream; the only new call passing it is of a local of the function's name
TAKES = BACKEND_BASE.replace("style, quant_config):\n", 'style, quant_config, *, prefix: str = ""):\n')


@pytest.mark.parametrize(
    "upstream",
    [
        TAKES + SHARD,
        TAKES
        + SHARD.replace("(modules, replace_linear_class)", "(modules, table)").replace(
            "    for name", "    replace_linear_class = table['linear']\n    for name"
        ),
        TAKES + SHARD.replace("    for name", "    def inner():\n        pass\n\n    for name"),
    ],
    ids=["twin: a parameter of its name", "twin: a local of its name", "twin: a parameter, a nested def beside"],
)
def test_a_call_of_a_local_shadowing_the_module_function_is_not_its_call(
    git_repo: GitRepo, no_rules: Path, upstream: str
) -> None:
    """mend67: ``_bare_calls`` counted the call of a parameter or local named like the patched function."""
    assert rows(git_repo, no_rules, PLUGIN_TEXT, upstream) == []


def test_the_module_function_called_beside_a_shadowing_local_is_still_its_call(
    git_repo: GitRepo, no_rules: Path
) -> None:
    outside = SHARD + "\n\ndef rowwise(module):\n    return replace_linear_class(module, 'rowwise', None, prefix='r')\n"
    assert [r[2] for r in rows(git_repo, no_rules, PLUGIN_TEXT, TAKES + outside)] == ["error"]


# --- killers198: #30489's shape -- the caller imports the name inside its function, so a patch of the DEFINING
# module reaches it (the import runs at call time, after the fork's ``backends.set_model_tag = mine``)
ST = "import vllm.dist.state as state\n\n\n"
ST_DEF = "def _mine(device):\n    return device\n\n\n"
# the caller's function imports it beside another name and calls it in a loop (an aliased import whose added
# lines never spell the patched name is left unread: the cheap gate looks for the name's call)
LOCAL_LOOP = (
    "def run(devices):\n    from vllm.dist.state import capture, helper\n\n"
    "    for d in devices:\n        helper(d)\n        capture(d)\n",
    "def run(devices):\n    from vllm.dist.state import capture, helper\n\n"
    "    for d in devices:\n        helper(d)\n        capture(d, context=None)\n",
)


@pytest.mark.parametrize(
    ("fork", "needle", "caller"),
    [
        (ST + ST_DEF + "state.capture = _mine\n", "state.capture = _mine", (LOCAL_BASE, LOCAL_THEIRS)),
        (
            "from vllm.dist import state\n\n\n" + CM_DEF.replace("@contextmanager\n", "") + "def install():\n"
            "    setattr(state, 'capture', _mine)\n",
            "setattr(state",
            (LOCAL_BASE, LOCAL_THEIRS),
        ),
        (ST + "state.capture = lambda device: device\n", "state.capture = lambda", LOCAL_LOOP),
    ],
    ids=["a def over the defining module", "setattr from the package", "a lambda, the caller importing two names"],
)
def test_a_patch_of_the_defining_module_reaches_a_function_local_import(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str, caller: tuple[str, str]
) -> None:
    assert imported_rows(git_repo, no_rules, fork, caller) == [(line_of(fork, needle), "error")]


OTHER_LOCAL = (
    LOCAL_BASE.replace("vllm.dist.state", "vllm.dist.other"),
    LOCAL_THEIRS.replace("vllm.dist.state", "vllm.dist.other"),
)


@pytest.mark.parametrize(
    ("fork", "caller"),
    [
        # the defining module patched, the replacement taking what the new call passes
        (ST + "def _mine(device, context=None):\n    return device\n\n\nstate.capture = _mine\n", None),
        (ST + "def _mine(device, **kwargs):\n    return device\n\n\nstate.capture = _mine\n", None),
        # the caller's local import names another module's ``capture``: not the patched function
        (ST + ST_DEF + "state.capture = _mine\n", OTHER_LOCAL),
        # the fork's own namesake: a function of another module of its own
        ("import vllm.aeon_own as own\n\n\n" + ST_DEF + "own.capture = _mine\n", None),
    ],
    ids=["takes the new keyword", "takes **kwargs", "another module's namesake", "the fork's own module"],
)
def test_a_patch_of_the_defining_module_that_fits_or_is_not_reached_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, caller: tuple[str, str] | None
) -> None:
    assert imported_rows(git_repo, no_rules, fork, caller or (LOCAL_BASE, LOCAL_THEIRS)) == []


# --- killers231: #28406's shape -- upstream defines a name the fork had installed on the module itself
# (``torch_utils.aux_stream = aeon_aux_stream``) and calls it from another module, without the fork's parameter
HOME = "vllm/util/streams.py"
HOME_BASE = "def current():\n    return None\n"
HOME_THEIRS = HOME_BASE + "\n\ndef side_stream():\n    return None\n"
LAYER = "vllm/layers/shared.py"
LAYER_BASE = "def build():\n    return None\n"
IMPORTED = (
    "from vllm.util.streams import current, side_stream\n\n\ndef build():\n    current()\n    return side_stream()\n"
)
THROUGH = "from vllm.util import streams\n\n\ndef build():\n    return streams.side_stream()\n"
SIDE = "from vllm.util import streams\n\n\ndef aeon_side(device):\n    return device\n\n\n"


def home_rows(
    git_repo: GitRepo, no_rules: Path, fork: str, layer: str, home: tuple[str, str] = (HOME_BASE, HOME_THEIRS)
) -> list:
    sides = s.merge_case(
        git_repo,
        {HOME: home[0], LAYER: LAYER_BASE, "vllm/util/__init__.py": "", "vllm/layers/__init__.py": ""},
        {PLUGIN: fork},
        [("[MoE] overlap shared experts on an aux stream (#28406)", {HOME: home[1], LAYER: layer})],
    )
    return [
        (r[1], r[2], r[3])
        for r in s.rule_rows(git_repo, no_rules, sides, DRIFT)
        if r[0] == PLUGIN and "installs" in r[3]
    ]


@pytest.mark.parametrize(
    ("fork", "needle", "layer", "severity"),
    [
        # the caller binds the name at its import: the patch reaches it when it ran first (the import order's)
        (SIDE + "streams.side_stream = aeon_side\n", "streams.side_stream = aeon_side", IMPORTED, "warning"),
        (
            "import vllm.util.streams\n\n\ndef _side(priority):\n    return priority\n\n\n"
            'def install():\n    setattr(vllm.util.streams, "side_stream", _side)\n',
            "setattr(",
            IMPORTED,
            "warning",
        ),
        # the caller looks the name up through the module at run time: it finds the patch on every path
        (SIDE + "streams.side_stream = aeon_side\n", "streams.side_stream = aeon_side", THROUGH, "error"),
    ],
    ids=["a def over the new name, imported by name", "setattr, imported by name", "called through the module"],
)
def test_a_name_upstream_now_defines_over_the_forks_patch_called_elsewhere(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str, layer: str, severity: str
) -> None:
    [(line, found, message)] = home_rows(git_repo, no_rules, fork, layer)
    assert (line, found) == (line_of(fork, needle), severity)
    assert "vllm.util.streams.side_stream()" in message and LAYER in message and "#28406" in message


@pytest.mark.parametrize(
    ("fork", "layer", "home"),
    [
        # the fork's function takes upstream's call (a defaulted parameter)
        (SIDE.replace("(device)", "(device=None)") + "streams.side_stream = aeon_side\n", IMPORTED, None),
        (SIDE.replace("(device)", "(device=None)") + "streams.side_stream = aeon_side\n", THROUGH, None),
        # the fork's own attribute name
        (SIDE + "streams.aeon_side_stream = aeon_side\n", THROUGH, None),
        # killers180's reckoning: a name the home module defined at the base, imported by name, was bound before
        # any patch
        (SIDE + "streams.side_stream = aeon_side\n", IMPORTED, (HOME_THEIRS, HOME_THEIRS + "\n\nX = 1\n")),
        # the caller imports another module's namesake
        (SIDE + "streams.side_stream = aeon_side\n", IMPORTED.replace("vllm.util.streams", "vllm.util.other"), None),
    ],
    ids=["fits, imported", "fits, through the module", "the fork's own name", "defined at the base", "a namesake"],
)
def test_a_name_upstream_now_defines_quiet_where_the_patch_fits_or_is_not_met(
    git_repo: GitRepo, no_rules: Path, fork: str, layer: str, home: tuple[str, str] | None
) -> None:
    assert home_rows(git_repo, no_rules, fork, layer, home or (HOME_BASE, HOME_THEIRS)) == []


# --- review136: the new call of another module's name sits in a caller the fork's file replaces too
OWN_BUILD = "def aeon_build():\n    return None\n\n\n"


@pytest.mark.parametrize(
    ("fork", "layer"),
    [
        # the layer's ``build`` is the fork's now: upstream's new call there never runs
        (SIDE + OWN_BUILD + "streams.side_stream = aeon_side\nshared.build = aeon_build\n", THROUGH),
        (SIDE + OWN_BUILD + "streams.side_stream = aeon_side\nshared.build = aeon_build\n", IMPORTED),
    ],
    ids=["through the module", "imported by name"],
)
def test_a_new_call_in_a_caller_the_fork_replaces_too_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, layer: str
) -> None:
    fork = fork.replace(
        "from vllm.util import streams\n", "from vllm.layers import shared\nfrom vllm.util import streams\n"
    )
    assert home_rows(git_repo, no_rules, fork, layer) == []


_HEAD = "from vllm.layers import shared\nfrom vllm.util import streams\n\n\n"
_AEON_SIDE = SIDE.split("\n\n\n", 1)[1]


@pytest.mark.parametrize(
    "fork",
    [
        # the fork's file keeps upstream's ``build`` and calls it: the new call runs all the same
        _HEAD
        + _AEON_SIDE
        + "_upstream_build = shared.build\n\n\ndef aeon_build():\n    return _upstream_build()\n\n\n"
        + "streams.side_stream = aeon_side\nshared.build = aeon_build\n",
        # another function of the layer replaced: ``build`` is still upstream's
        _HEAD + _AEON_SIDE + OWN_BUILD + "streams.side_stream = aeon_side\nshared.other = aeon_build\n",
    ],
    ids=["the caller kept", "another function replaced"],
)
def test_a_replaced_caller_the_fork_keeps_or_another_caller_still_counts(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    [(line, found, _)] = home_rows(git_repo, no_rules, fork, THROUGH)
    assert (line, found) == (line_of(fork, "streams.side_stream = aeon_side"), "error")


@pytest.mark.parametrize(
    ("home_base", "warned"),
    [
        # the home module bound the name at the base by assignment: callers imported it before any patch
        (HOME_BASE + "\n\nside_stream = current\n", False),
        (
            HOME_BASE
            + "\n\ntry:\n    from vllm.util.cuda import side_stream\nexcept ImportError:\n    side_stream = None\n",
            False,
        ),
        # another name bound so: the new name is still the fork's own at the base
        (HOME_BASE + "\n\nside = current\n", True),
    ],
    ids=["assigned at the base", "imported at the base", "another name assigned"],
)
def test_a_name_the_home_module_bound_at_the_base_by_assignment_counts_as_defined(
    git_repo: GitRepo, no_rules: Path, home_base: str, warned: bool
) -> None:
    fork = SIDE + "streams.side_stream = aeon_side\n"
    rows = home_rows(git_repo, no_rules, fork, IMPORTED, (home_base, HOME_THEIRS))
    assert [found for _, found, _ in rows] == (["warning"] if warned else [])
