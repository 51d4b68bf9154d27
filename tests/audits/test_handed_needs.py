"""Handed needs (drift/handed_needs.py): #42749 made ``BaseKVCacheMethod.process_weights_after_loading(layer)``
fill ``layer._k_scale_cpu``, which upstream's own attention layers now create; a fork layer that makes its
scales by hand and hands itself to the method raises AttributeError when its scales load."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

KV = "vllm/model_executor/layers/quantization/kv_cache.py"
ATTN = "vllm/model_executor/layers/attention/attention.py"
KV_BASE = """import torch


class BaseKVCacheMethod:
    def create_weights(self, layer: torch.nn.Module) -> None:
        layer.k_scale = torch.tensor(-1.0)

    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:
        layer._k_scale.copy_(layer.k_scale)
        if layer.kv_cache_dtype != "auto":
            layer._k_scale_float = 1.0


def finish_scales(layer: torch.nn.Module, strict: bool = False) -> None:
    layer._k_scale.fill_(1.0)
    if hasattr(layer, "_prob_scale"):
        layer._prob_scale.fill_(1.0)


def describe(layer: torch.nn.Module) -> str:
    return str(layer.k_scale)
"""
KV_UPSTREAM = (
    KV_BASE.replace(
        "        layer._k_scale.copy_(layer.k_scale)\n",
        "        layer._k_scale.copy_(layer.k_scale)\n        layer._k_scale_cpu.fill_(1.0)\n",
    )
    .replace(
        "            layer._k_scale_float = 1.0\n",
        "            layer._k_scale_float = 1.0\n            layer._v_scale_cpu.fill_(1.0)\n",
    )
    .replace(
        "    layer._k_scale.fill_(1.0)\n    if hasattr",
        "    layer._k_scale.fill_(1.0)\n    layer._k_scale_cpu.fill_(1.0)\n"
        "    if hasattr(layer, '_host') and layer._host.any():\n        pass\n    if hasattr",
    )
    .replace("    return str(layer.k_scale)\n", "    return str(layer.k_scale) + str(layer.weight)\n")
)
ATTN_BASE = """import torch


def set_default_quant_scales(layer: torch.nn.Module) -> None:
    layer._k_scale = torch.tensor(1.0)


class Attention(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.weight = None
        set_default_quant_scales(self)
"""
ATTN_UPSTREAM = ATTN_BASE.replace(
    "    layer._k_scale = torch.tensor(1.0)\n",
    "    layer._k_scale = torch.tensor(1.0)\n    layer._k_scale_cpu = torch.tensor(1.0)\n"
    "    layer._v_scale_cpu = torch.tensor(1.0)\n    layer._host = torch.tensor(1.0)\n"
    "    layer.weight = torch.tensor(1.0)\n",
)
SUBJECT = "[ROCm] Sync host scale copies for the fused KV cache kernels (#42749)"
FORK = "vllm/aeon/scales.py"
HEAD = (
    "import torch\nfrom torch import nn\n\n"
    "from vllm.model_executor.layers.attention.attention import Attention, set_default_quant_scales\n"
    "from vllm.model_executor.layers.quantization import kv_cache\n"
    "from vllm.model_executor.layers.quantization.kv_cache import BaseKVCacheMethod, describe, finish_scales\n\n\n"
)


def _rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str, str]]:
    base = {KV: KV_BASE, ATTN: ATTN_BASE}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + fork}, [(SUBJECT, {KV: KV_UPSTREAM, ATTN: ATTN_UPSTREAM})])
    return [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]


def test_a_fork_layer_handed_to_a_def_that_now_reads_an_attribute_it_lacks(git_repo: GitRepo, no_rules: Path) -> None:
    """A method off a receiver typed as its class, and a module's function called by its import and off its
    module, each handed ``self`` of a fork layer that never has ``_k_scale_cpu``: an error on the call, naming
    the read; the read under an ``if`` on the layer (``_v_scale_cpu``) rides along in the same finding."""
    fork = (
        "class AeonCache(nn.Module):\n"  # line 9
        "    def __init__(self, method: BaseKVCacheMethod) -> None:\n"
        "        super().__init__()\n"
        "        self.kv_cache_dtype = 'fp8'\n"
        "        method.create_weights(self)\n"
        "        self.register_buffer('_k_scale', torch.tensor(1.0))\n\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        method.process_weights_after_loading(self)\n\n"  # line 17
        "    def finish(self) -> None:\n"
        "        finish_scales(self)\n"  # line 20
        "        kv_cache.finish_scales(layer=self, strict=True)\n"  # line 21
        "        print(isinstance(self, nn.Module), describe(self))\n"
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(17, "error"), (20, "error"), (21, "error")]
    assert "layer._k_scale_cpu, layer._v_scale_cpu" in found[0][2] and "#42749" in found[0][2]


def test_a_read_only_a_test_of_the_object_leads_to_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """The def reads the new attribute only past an ``if`` on the object (``layer.kv_cache_dtype``): the
    fork's layer may never take that path, a warning."""
    kv_upstream = KV_UPSTREAM.replace(
        "        layer._k_scale_cpu.fill_(1.0)\n        if layer.kv", "        if layer.kv"
    )
    fork = (
        "class AeonCache(nn.Module):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        method.process_weights_after_loading(self)\n"
    )
    base = {KV: KV_BASE, ATTN: ATTN_BASE}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + fork}, [(SUBJECT, {KV: kv_upstream, ATTN: ATTN_UPSTREAM})])
    found = [(ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert found == [(11, "warning")]


def test_a_class_that_has_the_attribute_or_may_get_it_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: the class sets the attribute itself, calls upstream's helper that now creates it, derives from
    a class of the tree (``Attention``), a local base sets it, it defines ``__getattr__``, it fills its
    ``vars()``, it hands itself to a def of its own file first (which may set anything); a read upstream
    guards with ``hasattr`` (``_host``) and one of an attribute upstream now stores but the base already
    named (``weight``: ``nn.Linear`` may bring it) are quiet too."""
    fork = (
        "def aeon_prepare(layer):\n    layer._k_scale_cpu = torch.tensor(1.0)\n\n\n"
        "class AeonOwn(nn.Module):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        self._k_scale_cpu = self._v_scale_cpu = torch.tensor(1.0)\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonHelped(nn.Module):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        set_default_quant_scales(self)\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonAttention(Attention):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonScalesBase(nn.Module):\n"
        "    _k_scale_cpu = None\n"
        "    _v_scale_cpu = None\n\n\n"
        "class AeonDerived(AeonScalesBase):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonLazy(nn.Module):\n"
        "    def __getattr__(self, name: str):\n        return torch.tensor(1.0)\n\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonPrepared(nn.Module):\n"
        "    def load(self) -> None:\n"
        "        aeon_prepare(self)\n"
        "        finish_scales(self)\n\n\n"
        "class AeonVars(nn.Module):\n"
        "    def load(self, method: BaseKVCacheMethod, scales: dict) -> None:\n"
        "        vars(self).update(scales)\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonDescribed(nn.Module):\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_local_built_from_a_fork_class_and_handed_to_the_def(git_repo: GitRepo, no_rules: Path) -> None:
    """A function builds the fork layer once (``layer = AeonBare()``) and hands it to the def: an error on the
    call; quiet when the function stores the attribute on it first, or hands it to a def of its own file
    (which may set anything), or rebinds the name."""
    fork = (
        "class AeonBare(nn.Module):\n    pass\n\n\n"  # line 9
        "def aeon_prepare(layer):\n    pass\n\n\n"
        "def aeon_load(method: BaseKVCacheMethod) -> AeonBare:\n"  # line 17
        "    layer = AeonBare()\n"
        "    method.process_weights_after_loading(layer)\n"  # line 19
        "    return layer\n\n\n"
        "def aeon_stored(method: BaseKVCacheMethod) -> None:\n"
        "    layer = AeonBare()\n"
        "    layer._k_scale_cpu = layer._v_scale_cpu = torch.tensor(1.0)\n"
        "    method.process_weights_after_loading(layer)\n\n\n"
        "def aeon_helped(method: BaseKVCacheMethod) -> None:\n"
        "    layer = AeonBare()\n"
        "    aeon_prepare(layer)\n"
        "    method.process_weights_after_loading(layer)\n\n\n"
        "def aeon_rebound(method: BaseKVCacheMethod, other) -> None:\n"
        "    layer = AeonBare()\n"
        "    layer = other\n"
        "    method.process_weights_after_loading(layer)\n"
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(19, "error")]
    assert found[0][2].startswith("hands layer (an AeonBare) to BaseKVCacheMethod.process_weights_after_loading")


def test_a_method_off_the_class_s_typed_attribute_handed_self(git_repo: GitRepo, no_rules: Path) -> None:
    """mend46: ``self.method.process_weights_after_loading(self)`` where the class annotates ``self.method`` as
    upstream's class, or builds it as one: an error on the call, as for a typed parameter.  A ``self.x`` the class
    gives no class, gives two, or builds as a class of its own file: quiet; so is a class handing itself to an
    object it holds first (``self.helper.prepare(self)`` may give it anything)."""
    fork = (
        "class AeonAnnotated(nn.Module):\n"  # line 9
        "    method: BaseKVCacheMethod\n\n"
        "    def load(self) -> None:\n"
        "        self.method.process_weights_after_loading(self)\n\n\n"  # line 13
        "class AeonBuilt(nn.Module):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.method = BaseKVCacheMethod()\n\n"
        "    def load(self) -> None:\n"
        "        self.method.process_weights_after_loading(self)\n\n\n"  # line 22
        "class AeonOwnMethod:\n"
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        pass\n\n\n"
        "class AeonOwn(nn.Module):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.method = AeonOwnMethod()\n\n"
        "    def load(self) -> None:\n"
        "        self.method.process_weights_after_loading(self)\n\n\n"
        "class AeonUntyped(nn.Module):\n"
        "    def __init__(self, method) -> None:\n"
        "        super().__init__()\n"
        "        self.method = method\n\n"
        "    def load(self) -> None:\n"
        "        self.method.process_weights_after_loading(self)\n\n\n"
        "class AeonHelped(nn.Module):\n"
        "    method: BaseKVCacheMethod\n\n"
        "    def load(self, helper) -> None:\n"
        "        self.helper = helper\n"
        "        self.helper.prepare(self)\n"
        "        self.method.process_weights_after_loading(self)\n\n\n"
        "class AeonTwoKinds(nn.Module):\n"
        "    def __init__(self, fused: bool) -> None:\n"
        "        super().__init__()\n"
        "        self.method = BaseKVCacheMethod() if fused else None\n"
        "        if fused:\n"
        "            self.method = AeonOwnMethod()\n\n"
        "    def load(self) -> None:\n"
        "        self.method.process_weights_after_loading(self)\n"
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(13, "error"), (22, "error")]


def test_self_x_annotated_as_upstream_s_class_but_built_as_the_fork_s(git_repo: GitRepo, no_rules: Path) -> None:
    """review31 (#42749's twin r31kv1): ``self.method: BaseKVCacheMethod = AeonMethod()`` holds the fork's
    subclass, whose own method needs nothing of the layer: quiet; annotated and built as upstream's class: an
    error on the call."""
    fork = (
        "class AeonMethod(BaseKVCacheMethod):\n"  # line 9
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        layer._k_scale_float = 1.0\n\n\n"
        "class AeonBuiltMine(nn.Module):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.method: BaseKVCacheMethod = AeonMethod()\n\n"
        "    def load(self) -> None:\n"
        "        self.method.process_weights_after_loading(self)\n\n\n"  # line 20
        "class AeonBuiltTheirs(nn.Module):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.method: BaseKVCacheMethod = BaseKVCacheMethod()\n\n"
        "    def load(self) -> None:\n"
        "        self.method.process_weights_after_loading(self)\n"  # line 29
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(29, "error")]


def test_a_keyword_namespace_or_a_plain_class_lacking_a_name_the_base_held(git_repo: GitRepo, no_rules: Path) -> None:
    """killers175 (#18042's class): ``describe(layer)`` now reads ``layer.weight``, a name the base already held
    (quiet for an ``nn.Module`` subclass, which an outside base may give it).  A keyword-only namespace
    (``types.SimpleNamespace``, ``argparse.Namespace``) has exactly its keywords, a plain class of the file (its
    bases the file's own) exactly what it names: handed to the def, an error on the call; a namespace handed
    to a def that now reads a name upstream newly creates is one too."""
    fork = (
        "import argparse\nimport types\nfrom types import SimpleNamespace\n\n\n"  # line 9
        "def aeon_probe() -> str:\n"  # line 14
        "    probe = SimpleNamespace(k_scale=1.0)\n"
        "    return describe(probe)\n\n\n"  # line 16
        "def aeon_args() -> str:\n"
        "    ns = argparse.Namespace(k_scale=2.0, kv_cache_dtype='auto')\n"
        "    return describe(layer=ns)\n\n\n"  # line 21
        "def aeon_load(method: BaseKVCacheMethod) -> None:\n"
        "    ns = types.SimpleNamespace(_k_scale=torch.ones(1), k_scale=torch.ones(1), kv_cache_dtype='fp8')\n"
        "    method.process_weights_after_loading(ns)\n\n\n"  # line 26
        "class AeonBase:\n    k_scale = 1.0\n\n\n"
        "class AeonPlain(AeonBase):\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n"  # line 35
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [
        (16, "error"),
        (21, "error"),
        (26, "error"),
        (35, "error"),
    ]
    assert "layer.weight" in found[0][2] and "give the object weight" in found[0][2]
    assert "give the class weight" in found[3][2]


def test_a_namespace_that_has_or_may_get_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: the namespace built with the name, given it after, spread from a mapping (``**cfg``) or built
    from one (a positional), handed first to a def of the file, handed under ``try`` catching
    ``AttributeError``, rebound; a plain class deriving from a local base that derives from ``nn.Module``,
    and one naming the attribute, stay quiet."""
    fork = (
        "from types import SimpleNamespace\n\n\n"
        "def aeon_prepare(obj):\n    pass\n\n\n"
        "def aeon_with() -> str:\n"
        "    probe = SimpleNamespace(k_scale=1.0, weight=None)\n"
        "    return describe(probe)\n\n\n"
        "def aeon_after() -> str:\n"
        "    probe = SimpleNamespace(k_scale=1.0)\n"
        "    probe.weight = None\n"
        "    return describe(probe)\n\n\n"
        "def aeon_spread(cfg: dict) -> str:\n"
        "    probe = SimpleNamespace(**cfg)\n"
        "    other = SimpleNamespace(cfg)\n"
        "    return describe(probe) + describe(other)\n\n\n"
        "def aeon_helped() -> str:\n"
        "    probe = SimpleNamespace(k_scale=1.0)\n"
        "    aeon_prepare(probe)\n"
        "    return describe(probe)\n\n\n"
        "def aeon_tried() -> str:\n"
        "    probe = SimpleNamespace(k_scale=1.0)\n"
        "    try:\n"
        "        return describe(probe)\n"
        "    except AttributeError:\n"
        "        return ''\n\n\n"
        "def aeon_rebound(other) -> str:\n"
        "    probe = SimpleNamespace(k_scale=1.0)\n"
        "    probe = other\n"
        "    return describe(probe)\n\n\n"
        "class AeonModuleBase(nn.Module):\n    pass\n\n\n"
        "class AeonOnModule(AeonModuleBase):\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n\n\n"
        "class AeonNamed:\n"
        "    weight = None\n\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_static_method_a_mixin_or_a_class_given_names_from_outside_its_body_is_no_closed_object(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """review84 (#18042's, #33506's twins): a ``staticmethod``'s first parameter is no object of its class; a
    class holding no state is a mixin (its objects another class's), as is one a class of the file mixes into
    ``nn.Module``; a class decorated by a def of the file, or given the name by the module after its body, has
    it.  All quiet; a dataclass lacking the name still errs."""
    fork = (
        "import dataclasses\n\n\n"  # line 9
        "class AeonOracle:\n"
        "    @staticmethod\n"
        "    def name(layer) -> str:\n"
        "        return describe(layer)\n\n\n"
        "class AeonMixin:\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n\n\n"
        "class AeonMixedState:\n"
        "    k_scale = 1.0\n\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n\n\n"
        "class AeonMixed(AeonMixedState, nn.Module):\n"
        "    pass\n\n\n"
        "def _aeon_defaults(cls: type) -> type:\n"
        "    cls.weight = None\n"
        "    return cls\n\n\n"
        "@_aeon_defaults\n"
        "class AeonDecorated:\n"
        "    k_scale = 1.0\n\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n\n\n"
        "class AeonLater:\n"
        "    k_scale = 1.0\n\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n\n\n"
        "AeonLater.weight = None\n\n\n"
        "@dataclasses.dataclass\n"
        "class AeonFields:\n"
        "    k_scale: float = 1.0\n\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n"  # line 62
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(62, "error")]


def test_a_class_under_a_metaclass_or_answering_any_name_is_no_closed_object(git_repo: GitRepo, no_rules: Path) -> None:
    """mend62: a metaclass of the file may give every object a name its class body never writes, and a class
    defining ``__getattribute__`` answers any name (as one with ``__getattr__`` does): neither is closed, and
    ``describe(self)`` reading ``layer.weight`` (a name the base held) is quiet for both."""
    fork = (
        "class _AeonWeighted(type):\n"
        "    def __call__(cls, *args, **kwargs):\n"
        "        made = super().__call__(*args, **kwargs)\n"
        "        made.weight = None\n"
        "        return made\n\n\n"
        "class AeonMeta(metaclass=_AeonWeighted):\n"
        "    k_scale = 1.0\n\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n\n\n"
        "class AeonLookup:\n"
        "    k_scale = 1.0\n\n"
        "    def __getattribute__(self, name: str) -> object:\n"
        "        return getattr(torch, name)\n\n"
        "    def name(self) -> str:\n"
        "        return describe(self)\n"
    )
    assert _rows(git_repo, no_rules, fork) == []
