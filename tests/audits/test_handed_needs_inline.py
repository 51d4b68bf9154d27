"""Handed needs, killers197: an object the handing call builds in place (#23014's class).

#23014 (c31246800c) made ``get_quant_config(model_config, load_config)`` read ``model_config.hf_overrides``; a
fork that builds its draft's stand-in in the call (``get_quant_config(model_config=AeonDraftView(cfg, path),
...)``) merges cleanly and raises AttributeError.  Here ``describe(layer)`` now reads ``layer.weight`` and
``process_weights_after_loading(layer)`` ``layer._k_scale_cpu`` (``tests/audits/test_handed_needs.py``'s
trees): a fresh object of a closed class of the file, or a keyword-only namespace, handed in place by
position or keyword, from a function or a method, is an error on the call; one that has or may get the name,
or is handed under ``try`` catching ``AttributeError``, is quiet."""

from __future__ import annotations

from pathlib import Path

from tests.audits.conftest import GitRepo
from tests.audits.test_handed_needs import _rows

SHAPE = "class AeonShape:\n    def __init__(self, scale: float) -> None:\n        self.k_scale = scale\n\n\n"


def test_an_object_built_in_the_handing_call_that_lacks_the_name(git_repo: GitRepo, no_rules: Path) -> None:
    """A plain class built by position, a namespace built by keyword, and a plain cache built in a method's
    call of the upstream method: each an error on its call, naming the built object."""
    fork = (
        SHAPE  # line 9
        + "class AeonPlainCache:\n"  # line 14
        "    kv_cache_dtype = 'fp8'\n\n\n"
        "def aeon_describe() -> str:\n"  # line 18
        "    return describe(AeonShape(1.0))\n\n\n"  # line 19
        "def aeon_probe() -> str:\n"
        "    return describe(layer=SimpleNamespace(k_scale=1.0))\n\n\n"  # line 23
        "class AeonLoader:\n"
        "    def __init__(self, method: BaseKVCacheMethod) -> None:\n"
        "        self.method = method\n\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        method.process_weights_after_loading(AeonPlainCache())\n"  # line 31
    )
    found = _rows(git_repo, no_rules, "from types import SimpleNamespace\n" + fork)
    assert [(line, severity) for line, severity, _ in found] == [(20, "error"), (24, "error"), (32, "error")]
    assert "hands AeonShape(...)" in found[0][2] and "layer.weight" in found[0][2]
    assert "layer._k_scale_cpu" in found[2][2]


def test_an_object_built_in_place_that_has_or_may_get_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: a class naming the attribute (the fork's own namesake), a namespace built with it or spread from a
    mapping, a build under ``try`` catching ``AttributeError``, a class on an outside base (``nn.Module`` may
    bring ``weight``), a build handed to a def of the fork, and the upstream class itself: all quiet."""
    fork = (
        "from types import SimpleNamespace\n"
        "class AeonNamed:\n"
        "    def __init__(self) -> None:\n"
        "        self.weight = None\n\n\n"
        "class AeonOnModule(nn.Module):\n"
        "    pass\n\n\n"
        "def aeon_own(obj) -> str:\n"
        "    return str(obj)\n\n\n"
        "def aeon_twins(cfg: dict) -> str:\n"
        "    out = describe(AeonNamed())\n"
        "    out += describe(layer=SimpleNamespace(k_scale=1.0, weight=None))\n"
        "    out += describe(SimpleNamespace(**cfg))\n"
        "    out += describe(AeonOnModule())\n"
        "    out += aeon_own(SimpleNamespace(k_scale=1.0))\n"
        "    out += describe(Attention())\n"
        "    try:\n"
        "        out += describe(SimpleNamespace(k_scale=1.0))\n"
        "    except AttributeError:\n"
        "        pass\n"
        "    return out\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_class_the_function_defines_itself_is_not_the_files_namesake(git_repo: GitRepo, no_rules: Path) -> None:
    """review106 r106e12: a function's own class of a file class's name, holding the attribute, is what its call
    builds (in place or bound to a local): quiet, where the file's class of that name, built elsewhere, stays an
    error."""
    fork = (
        SHAPE + "def aeon_full() -> str:\n"
        "    class AeonShape:\n"
        "        weight = None\n\n"
        "        def __init__(self, scale: float) -> None:\n"
        "            self.k_scale = scale\n\n"
        "    shape = AeonShape(2.0)\n"
        "    return describe(AeonShape(1.0)) + describe(shape)\n\n\n"
        "def aeon_bare() -> str:\n"
        "    return describe(AeonShape(1.0))\n"  # the file's class: line 26 of the tree's file
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(26, "error")]


def test_a_class_whose_new_returns_another_object_builds_none_of_its_own(git_repo: GitRepo, no_rules: Path) -> None:
    """review106 r106e13: a probe class whose ``__new__`` returns a copy of the object it is handed builds no
    object of the class (quiet, in place or bound to a local); a plain class lacking the name stays an error."""
    fork = (
        "import copy\n"
        "class AeonProbe:\n"
        "    def __new__(cls, layer):\n"
        "        probe = copy.copy(layer)\n"
        "        probe.k_scale = 1.0\n"
        "        return probe\n\n\n"
        "class AeonPlain:\n"
        "    def __init__(self, scale: float) -> None:\n"
        "        self.k_scale = scale\n\n\n"
        "def aeon_probe(layer) -> str:\n"
        "    probe = AeonProbe(layer)\n"
        "    return describe(AeonProbe(layer)) + describe(probe)\n\n\n"
        "def aeon_fresh() -> str:\n"
        "    return describe(AeonPlain(1.0))\n"
    )
    found = _rows(git_repo, no_rules, fork)
    assert [severity for _, severity, _ in found] == ["error"]
    assert "hands AeonPlain(...)" in found[0][2]
