"""Symbol drift through a module bound by ``importlib.import_module("a.b")``: read as ``import a.b as name``.

#31714 (e9717801bd) stopped importing ``FlashAttentionMetadata`` into ``vllm.v1.spec_decode.eagle``; a fork
launcher's ``mod = importlib.import_module("vllm.v1.spec_decode.eagle")`` then ``getattr(mod,
"FlashAttentionMetadata")`` raises AttributeError after a clean merge (blind_replay_eagle2), where the engine
had read ``mod`` as the ``ModuleType`` the call is typed to return.  Errors: a ``getattr`` with no default, an
attribute read, a call through a bare ``import_module`` imported from importlib.  Quiet: a kept name, a probe
with a default, a name bound otherwise too, a computed or relative module name, a lambda's own parameter of
the name (review120; a lambda reading the function's module is still an error).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

HOME = "pkg/backends/flash.py"
PROXY = "pkg/spec/eagle.py"
FLASH = "class FlashMetadata:\n    pass\n"
BASE = "from pkg.backends.flash import FlashMetadata\n\n\nclass Proposer:\n    pass\n\n\ndef kept() -> int:\n    return 1\n"
AFTER = BASE.replace("from pkg.backends.flash import FlashMetadata\n\n\n", "")
SUBJECT = "[Bugfix][ROCm] Fix Unsupported attention metadata type for speculative decoding (#31714)"

FOUND = {
    "getattr": (
        "import importlib\n\n\ndef cls() -> type:\n"
        '    mod = importlib.import_module("pkg.spec.eagle")\n    return getattr(mod, "FlashMetadata")\n',
        'return getattr(mod, "FlashMetadata")',
    ),
    "attribute": (
        "import importlib\n\n\ndef cls() -> type:\n"
        '    eagle = importlib.import_module("pkg.spec.eagle")\n    return eagle.FlashMetadata\n',
        "return eagle.FlashMetadata",
    ),
    "bare": (
        "from importlib import import_module\n\n\ndef make() -> object:\n"
        '    m = import_module("pkg.spec.eagle")\n    return m.FlashMetadata()\n',
        "return m.FlashMetadata()",
    ),
    "lambda_reads_it": (  # review120: a lambda taking another name reads the function's module
        "import importlib\n\n\ndef cls() -> type:\n"
        '    mod = importlib.import_module("pkg.spec.eagle")\n    get = lambda m: mod.FlashMetadata\n    return get(1)\n',
        "get = lambda m: mod.FlashMetadata",
    ),
}
QUIET = {
    # review120: a lambda's own parameter of the module's name, in a function binding the module
    "lambda": "import importlib\n\n\ndef cls(home) -> type:\n"
    '    mod = importlib.import_module("pkg.spec.eagle")\n    get = lambda mod: mod.FlashMetadata\n'
    "    return mod.Proposer, get(home)\n",
    "lambda_import": "def cls(home) -> type:\n    import pkg.spec.eagle as mod\n\n"
    "    get = lambda mod: mod.FlashMetadata\n    return mod.Proposer, get(home)\n",
    "kept": "import importlib\n\n\ndef n() -> int:\n"
    '    mod = importlib.import_module("pkg.spec.eagle")\n    return mod.kept()\n',
    "default": "import importlib\n\n\ndef cls() -> object:\n"
    '    mod = importlib.import_module("pkg.spec.eagle")\n    return getattr(mod, "FlashMetadata", None)\n',
    "rebound": "import importlib\n\n\ndef cls(other) -> type:\n"
    '    mod = importlib.import_module("pkg.spec.eagle")\n    mod = other\n    return mod.FlashMetadata\n',
    "computed": "import importlib\n\n\ndef cls(name: str) -> type:\n"
    "    mod = importlib.import_module(name)\n    return mod.FlashMetadata\n",
    "relative": "import importlib\n\n\ndef cls() -> type:\n"
    '    mod = importlib.import_module(".eagle", "pkg.spec")\n    return mod.FlashMetadata\n',
    "not_importlib": "def import_module(name: str) -> object:\n    return object()\n\n\ndef cls() -> object:\n"
    '    mod = import_module("pkg.spec.eagle")\n    return mod.FlashMetadata\n',
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _) in FOUND.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    inits = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/backends", "pkg/spec", "pkg/aeon")}
    base = {**inits, HOME: FLASH, PROXY: BASE}
    return s.side_by_side(repo, base, FORKS, [(SUBJECT, {PROXY: AFTER})], SYMBOL_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_name_the_module_no_longer_hands_on_is_an_error(git_repo: GitRepo, name: str) -> None:
    text, line = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), "error")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []
