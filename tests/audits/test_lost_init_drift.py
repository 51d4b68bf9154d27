"""Lost-constructor drift (benchmarks/blind_replay_linears.py, drift/lost_inits.py): upstream deleted a class's
``__init__`` and every base it keeps leaves construction to ``object``.

#6353 removed ``UnquantizedLinearMethod.__init__(self, separate_bias_add=False)``; its bases
(``LinearMethodBase``, ``QuantizeMethodBase(ABC)``) define none: ``UnquantizedLinearMethod(separate_bias_add=True)``
now raises ``TypeError``.  Twins: the class built on no arguments, a class whose inherited constructor is
``nn.Module``'s (unknown), a class a decorator may give a constructor, and one whose base of the tree still
defines ``__init__`` taking the keyword.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/layers/__init__.py": ""}
USE = "vllm/aeon_use.py"
LINEAR = "vllm/layers/linear.py"


def _linear(base: str, init: str, decorator: str = "") -> str:
    return (
        "from abc import ABC\n\nimport torch.nn as nn\n\n\n"
        "class QuantizeMethodBase(ABC):\n    def apply(self, layer, x):\n        raise NotImplementedError\n\n\n"
        "class ModuleBase(nn.Module):\n    pass\n\n\n"
        "def register(cls):\n    return cls\n\n\nclass KeptBase(ABC):\n    def __init__(self, separate_bias_add: bool = False):\n"
        "        self.separate_bias_add = separate_bias_add\n\n\n"
        f"{decorator}class UnquantizedLinearMethod({base}):\n{init}"
        "    def apply(self, layer, x):\n        return x\n"
    )


INIT = (
    "    def __init__(self, separate_bias_add: bool = False):\n        self.separate_bias_add = separate_bias_add\n\n"
)
HEAD = "from vllm.layers.linear import UnquantizedLinearMethod\n\n\n"
KEYWORD = HEAD + "def method():\n    return UnquantizedLinearMethod(separate_bias_add=True)\n"
POSITIONAL = HEAD + "def method():\n    return UnquantizedLinearMethod(True)\n"
BARE = HEAD + "def method():\n    return UnquantizedLinearMethod()\n"


def _run(git_repo: GitRepo, tmp_path: Path, fork: str, base: str, decorator: str = "") -> list:
    ours = {LINEAR: _linear(base, INIT, decorator), **PACKAGES}
    theirs = {LINEAR: _linear(base, "", decorator)}
    sides = three_way(git_repo, ours, {USE: fork}, theirs)
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


@pytest.mark.parametrize("fork", [KEYWORD, POSITIONAL], ids=["keyword", "positional"])
def test_an_argument_to_a_class_left_with_objects_constructor_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    line = line_of(fork, "return UnquantizedLinearMethod(")
    assert _run(git_repo, tmp_path, fork, "QuantizeMethodBase") == [(USE, line, "error")]


def test_a_class_left_with_objects_constructor_built_on_nothing_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _run(git_repo, tmp_path, BARE, "QuantizeMethodBase") == []


@pytest.mark.parametrize(
    ("base", "decorator"),
    [("ModuleBase", ""), ("KeptBase", ""), ("QuantizeMethodBase", "@register\n")],
    ids=["outside-init-unknown", "tree-base-keeps-init", "decorated"],
)
def test_a_constructor_that_may_still_take_the_argument_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, base: str, decorator: str
) -> None:
    assert _run(git_repo, tmp_path, KEYWORD, base, decorator) == []


# -- a constructor something else gives the class, or a call written for both (reviewer's cases) --------
PATCH_INIT = "def _init(self, separate_bias_add=False):\n    self.separate_bias_add = separate_bias_add\n\n\n"
MONKEY = HEAD + PATCH_INIT + "UnquantizedLinearMethod.__init__ = _init\n\n\n" + KEYWORD.removeprefix(HEAD)
PATCH = HEAD + PATCH_INIT + "setattr(UnquantizedLinearMethod, '__init__', _init)\n"
TRY_TYPE = HEAD + (
    "def method():\n    try:\n        return UnquantizedLinearMethod(separate_bias_add=True)\n"
    "    except TypeError:\n        return UnquantizedLinearMethod()\n"
)
VARS_GUARD = HEAD + (
    "def method():\n    if '__init__' in vars(UnquantizedLinearMethod):\n"
    "        return UnquantizedLinearMethod(separate_bias_add=True)\n    return UnquantizedLinearMethod()\n"
)
SUBCLASS_HOOK = (
    "    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n\n"
    "        def __init__(self, separate_bias_add=False):\n            self.separate_bias_add = separate_bias_add\n\n"
    "        cls.__init__ = __init__\n\n"
)


def _theirs(tail: str = "", hook: str = "") -> str:
    text = _linear("QuantizeMethodBase", "")
    if hook:
        text = text.replace("class QuantizeMethodBase(ABC):\n", "class QuantizeMethodBase(ABC):\n" + hook)
    return text + tail


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        ({USE: MONKEY}, _theirs()),
        ({USE: KEYWORD, "vllm/aeon_patch.py": PATCH}, _theirs()),
        ({USE: KEYWORD}, _theirs("\n\n" + PATCH_INIT + "UnquantizedLinearMethod.__init__ = _init\n")),
        ({USE: KEYWORD}, _theirs(hook=SUBCLASS_HOOK)),
        ({USE: TRY_TYPE}, _theirs()),
        ({USE: VARS_GUARD}, _theirs()),
    ],
    ids=[
        "fork-patches-init",
        "fork-setattr-elsewhere",
        "upstream-assigns-after",
        "init-subclass",
        "try-typeerror",
        "vars-guard",
    ],
)
def test_a_constructor_given_elsewhere_or_a_guarded_call_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: dict[str, str], theirs: str
) -> None:
    sides = three_way(git_repo, {LINEAR: _linear("QuantizeMethodBase", INIT), **PACKAGES}, fork, {LINEAR: theirs})
    assert found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) == []
