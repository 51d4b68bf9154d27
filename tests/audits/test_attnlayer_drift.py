"""Attention-layer shapes from blind_replay_attnlayer.py: an enum kept as an alias class a metaclass answers for,
and a signature shim upstream removed in front of a hook a fork overrides under the old parameters.

Shaped like vLLM #24794 (b30dfa03c5), which turned ``LegacyBackend(enum.Enum)`` into ``class LegacyBackend(metaclass=
_BackendMeta)``, the metaclass's ``__getattribute__`` handing every read on to ``AttentionBackendEnum``: a fork's
``LegacyBackend.FLASH_ATTN`` still answers, and the merge must stay quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

REG = "pkg/attn/registry.py"
ENUM = "import enum\n\n\nclass LegacyBackend(enum.Enum):\n    FLASH_ATTN = 1\n    TRITON_ATTN = 2\n"
NEW = "import enum\n\n\nclass BackendEnum(enum.Enum):\n    FLASH_ATTN = 1\n    TRITON_ATTN = 2\n\n\n"
HOOK = "    def {}(cls, name: str):\n        return getattr(BackendEnum, name)\n\n\n"
ALIAS = "class LegacyBackend(metaclass=_BackendMeta):\n    pass\n"
USE = "pkg/aeon_use.py"
PKG = {"pkg/__init__.py": "", "pkg/attn/__init__.py": ""}
FORK = "from pkg.attn.registry import LegacyBackend\n\n\ndef is_flash(backend) -> bool:\n    return backend == LegacyBackend.FLASH_ATTN\n"


@pytest.mark.parametrize("hook", ["__getattribute__", "__getattr__"])
def test_a_member_read_off_a_class_its_metaclass_answers_for_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, hook: str
) -> None:
    theirs = NEW + "class _BackendMeta(type):\n" + HOOK.format(hook) + ALIAS
    sides = three_way(git_repo, {**PKG, REG: ENUM}, {USE: FORK}, {REG: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


def test_a_metaclass_that_answers_nothing_still_leaves_the_member_gone(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = NEW + "class _BackendMeta(type):\n    def __repr__(cls) -> str:\n        return 'backend'\n\n\n" + ALIAS
    sides = three_way(git_repo, {**PKG, REG: ENUM}, {USE: FORK}, {REG: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(FORK, "LegacyBackend.FLASH_ATTN"), "error")]


# -- a signature shim removed (#30396, 5a87d8b9b1): the selector stopped testing a platform hook for ``use_v1`` --
PLAT = "pkg/platforms/base.py"
PLATFORM = (
    "class Platform:\n"
    "    @classmethod\n"
    "    def get_backend_cls(cls, backend, head_size, dtype, use_mla, has_sink, attn_type=None) -> str:\n"
    "        return ''\n"
)
SEL = "pkg/selector.py"
SHIM = (
    "import inspect\n\nfrom pkg.platforms.base import Platform\n\n\n"
    "def pick(platform: Platform, backend, head_size, dtype, use_mla, has_sink) -> str:\n"
    "    sig = inspect.signature(platform.get_backend_cls)\n"
    '    if "use_v1" in sig.parameters:\n'
    "        return platform.get_backend_cls(backend, head_size, dtype, True, use_mla, has_sink)\n"
    "    return platform.get_backend_cls(backend, head_size, dtype, use_mla, has_sink)\n"
)
NO_SHIM = (
    "from pkg.platforms.base import Platform\n\n\n"
    "def pick(platform: Platform, backend, head_size, dtype, use_mla, has_sink) -> str:\n"
    "    return platform.get_backend_cls(backend, head_size, dtype, use_mla, has_sink)\n"
)
MINE = "pkg/aeon_platform.py"
OVERRIDE = (
    "from pkg.platforms.base import Platform\n\n\n"
    "class AeonPlatform(Platform):\n"
    "    @classmethod\n"
    "    def get_backend_cls(cls, backend, head_size, dtype, {}) -> str:\n"
    "        return 'aeon'\n"
)
OWN_ARG = (
    "from pkg.platforms.base import Platform\n\n\n"
    "def pick(platform: Platform, backend, head_size, dtype, use_v1, use_mla, has_sink) -> str:\n"
    "    return platform.get_backend_cls(backend, head_size, dtype, use_v1, use_mla, has_sink)\n"
)
SHIM_BASE = {**PKG, "pkg/platforms/__init__.py": "", PLAT: PLATFORM, SEL: SHIM}


# the shim's other spellings: the parameters bound to a name, or read off getfullargspec
PARAMS = SHIM.replace(
    '    sig = inspect.signature(platform.get_backend_cls)\n    if "use_v1" in sig.parameters:',
    '    params = inspect.signature(platform.get_backend_cls).parameters\n    if "use_v1" in params:',
)
ARGSPEC = SHIM.replace(
    '    sig = inspect.signature(platform.get_backend_cls)\n    if "use_v1" in sig.parameters:',
    '    if "use_v1" in inspect.getfullargspec(platform.get_backend_cls).args:',
)


@pytest.mark.parametrize(
    ("params", "shim"),
    [
        ("use_v1, use_mla, has_sink, attn_type=None", SHIM),  # the old positionals: each shifts one place
        ("use_mla, has_sink, use_v1, attn_type=None", SHIM),  # past the call's positionals, no default: TypeError
        ("use_v1, use_mla, has_sink, attn_type=None", PARAMS),
        ("use_v1, use_mla, has_sink, attn_type=None", ARGSPEC),
    ],
)
def test_an_override_under_the_old_parameters_of_a_removed_signature_shim(
    git_repo: GitRepo, tmp_path: Path, params: str, shim: str
) -> None:
    assert shim.count("use_v1") == 1
    fork = OVERRIDE.format(params)
    sides = three_way(git_repo, {**SHIM_BASE, SEL: shim}, {MINE: fork}, {SEL: NO_SHIM})
    report = audit(git_repo, sides, tmp_path)
    assert (MINE, line_of(fork, "def get_backend_cls"), "error") in found(report, RULE)
    message = next(f.message for f in report.findings if f.path == MINE and f.rule_id == RULE)
    assert "use_v1" in message and "pkg/selector.py" in message


@pytest.mark.parametrize(
    ("params", "theirs"),
    [
        # the twin: the override takes the new parameters
        ("use_mla, has_sink, attn_type=None", NO_SHIM),
        # use_v1 after the call's positionals, with a default: the call leaves it alone
        ("use_mla, has_sink, use_v1=True, attn_type=None", NO_SHIM),
        # upstream kept the shim: the old override is still called the old way
        ("use_v1, use_mla, has_sink, attn_type=None", SHIM + "\n\nVERSION = 2\n"),
        # the call's argument in NAME's place is NAME's own: the def reads as the call fills it
        ("use_v1, use_mla, has_sink, attn_type=None", OWN_ARG),
        # upstream no longer calls the hook in that file: nothing tells how it is called now
        ("use_v1, use_mla, has_sink, attn_type=None", "def pick() -> str:\n    return ''\n"),
    ],
)
def test_overrides_a_removed_shim_still_fills_right_stay_quiet(
    git_repo: GitRepo, tmp_path: Path, params: str, theirs: str
) -> None:
    sides = three_way(git_repo, SHIM_BASE, {MINE: OVERRIDE.format(params)}, {SEL: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == MINE and f[2] == "error"] == []


# -- the shim's twins a reviewer found (each an error before): a def only sharing the hook's name, a shim
# upstream respelled through a helper, a dunder hook matched against an unrelated ``super().__init__`` call --
QUANT = "pkg/quant/base.py"
QUANT_BASE = "class QuantMethodBase:\n    def apply(self, x, layer=None):\n        return x\n"
LAYER = "pkg/quant/layer.py"
LAYER_SHIM = (
    "import inspect\n\n\nclass QuantLinear:\n    def __init__(self, quant_method):\n        self.quant_method = quant_method\n\n"
    "    def forward(self, x):\n"
    '        if "layer" in inspect.signature(self.quant_method.apply).parameters:\n'
    "            return self.quant_method.apply(x, layer=self)\n"
    "        return self.quant_method.apply(x)\n"
)
LAYER_NO_SHIM = (
    "class QuantLinear:\n    def __init__(self, quant_method):\n        self.quant_method = quant_method\n\n"
    "    def forward(self, x):\n        return self.quant_method.apply(x, layer=self)\n"
)
# upstream kept the shim, spelled through a helper (``supports_kw``), the keyword call first or last
LAYER_HELPER = (
    "from pkg.utils import supports_kw\n\n\nclass QuantLinear:\n"
    "    def __init__(self, quant_method):\n        self.quant_method = quant_method\n\n"
    "    def forward(self, x):\n"
    '        if not supports_kw(self.quant_method.apply, "layer"):\n'
    "            return self.quant_method.apply(x)\n"
    "        return self.quant_method.apply(x, layer=self)\n"
)
UTILS = "import inspect\n\n\ndef supports_kw(fn, name):\n    return name in inspect.signature(fn).parameters\n"
QUANT_TREE = {**PKG, "pkg/quant/__init__.py": "", QUANT: QUANT_BASE, LAYER: LAYER_SHIM, "pkg/utils.py": UTILS}
AEON_QUANT = "pkg/aeon_quant.py"
OLD_METHOD = (
    "from pkg.quant.base import QuantMethodBase\n\n\n"
    "class AeonQuantMethod(QuantMethodBase):\n    def apply(self, x):\n        return x\n"
)
UNRELATED = (
    "from pkg.quant.base import QuantMethodBase\n\n\n"
    "class AeonPenalty:\n    def __init__(self, scale):\n        self.scale = scale\n\n"
    "    def apply(self, logits):\n        return logits * self.scale\n"
)


def test_an_override_left_without_the_keyword_a_removed_shim_tested_is_an_error(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    sides = three_way(git_repo, QUANT_TREE, {AEON_QUANT: OLD_METHOD}, {LAYER: LAYER_NO_SHIM})
    report = audit(git_repo, sides, tmp_path)
    assert (AEON_QUANT, line_of(OLD_METHOD, "def apply"), "error") in found(report, RULE)


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        (UNRELATED, LAYER_NO_SHIM),  # a class of its own that only shares the hook's name
        (OLD_METHOD, LAYER_HELPER),  # the shim kept, respelled through a helper
        (OLD_METHOD, LAYER_HELPER.replace("supports_kw", "accepts_kwarg")),
    ],
)
def test_defs_a_removed_shim_does_not_reach_stay_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str
) -> None:
    sides = three_way(git_repo, QUANT_TREE, {AEON_QUANT: fork}, {LAYER: theirs})
    report = audit(git_repo, sides, tmp_path)
    assert [f for f in found(report, RULE) if f[0] == AEON_QUANT and f[2] == "error"] == []


LOADER = "pkg/loader.py"
LOADER_SHIM = (
    "import inspect\n\n\nclass BaseLoader:\n    def __init__(self, load_config):\n        self.load_config = load_config\n\n\n"
    "class DefaultLoader(BaseLoader):\n    def __init__(self, load_config):\n        super().__init__(load_config)\n\n\n"
    "def init_model(model_class, vllm_config, prefix=''):\n"
    '    if "prefix" in inspect.signature(model_class.__init__).parameters:\n'
    "        return model_class(vllm_config, prefix)\n"
    "    return model_class(vllm_config)\n"
)
LOADER_NO_SHIM = LOADER_SHIM.replace(
    '    if "prefix" in inspect.signature(model_class.__init__).parameters:\n'
    "        return model_class(vllm_config, prefix)\n    return model_class(vllm_config)\n",
    "    return model_class(vllm_config, prefix)\n",
)
MODEL_BASE = "class BaseModel:\n    def __init__(self, vllm_config, prefix=''):\n        self.prefix = prefix\n"
AEON_MODEL = "pkg/aeon_model.py"
MODEL = "from pkg.model import BaseModel\n\n\nclass AeonForCausalLM(BaseModel):\n    def __init__(self, {}):\n        pass\n"


@pytest.mark.parametrize(
    ("params", "severity"),
    [
        ("vllm_config, prefix", None),  # the constructor call fills it right (not super().__init__(load_config))
        ("prefix, vllm_config", "warning"),  # misfilled, but which class the loader builds is unknown here
    ],
)
def test_a_dunder_hook_is_read_off_the_constructor_call_and_only_warns(
    git_repo: GitRepo, tmp_path: Path, params: str, severity: str | None
) -> None:
    base = {**PKG, "pkg/model.py": MODEL_BASE, LOADER: LOADER_SHIM}
    fork = MODEL.format(params)
    sides = three_way(git_repo, base, {AEON_MODEL: fork}, {LOADER: LOADER_NO_SHIM})
    assert "inspect" not in LOADER_NO_SHIM.split("class")[1]
    report = audit(git_repo, sides, tmp_path)
    got = [f[2] for f in found(report, RULE) if f[0] == AEON_MODEL and f[1] == 5]
    assert got == ([severity] if severity else [])


def test_a_call_not_on_the_receiver_the_removed_test_read_only_warns(git_repo: GitRepo, tmp_path: Path) -> None:
    """The new file calls the hook off another name (``qm = self.quant_method``): which object that is, is not
    followed, so the misfill it reads is a warning."""
    theirs = LAYER_NO_SHIM.replace(
        "        return self.quant_method.apply(x, layer=self)\n",
        "        qm = self.quant_method\n        return qm.apply(x, layer=self)\n",
    )
    sides = three_way(git_repo, QUANT_TREE, {AEON_QUANT: OLD_METHOD}, {LAYER: theirs})
    report = audit(git_repo, sides, tmp_path)
    assert [f for f in found(report, RULE) if f[0] == AEON_QUANT] == [
        (AEON_QUANT, line_of(OLD_METHOD, "def apply"), "warning")
    ]


# twins a second review found crying wolf (a correct fork flagged)
TWIN_HEAD = "import inspect\n\n\nclass QuantLinear:\n    def __init__(self, quant_method):\n        self.quant_method = quant_method\n\n"
# upstream respelled the shim as a try/except TypeError fallback
TWIN_TRY = TWIN_HEAD + (
    "    def forward(self, x):\n        try:\n            return self.quant_method.apply(x, layer=self)\n"
    "        except TypeError:  # an out-of-tree method without layer\n            return self.quant_method.apply(x)\n"
)
# the shim kept, the callable bound to a local first
TWIN_LOCAL = TWIN_HEAD + (
    "    def forward(self, x):\n        fn = self.quant_method.apply\n"
    '        if "layer" in inspect.signature(fn).parameters:\n            return fn(x, layer=self)\n'
    "        return self.quant_method.apply(x)\n"
)
# the shim kept, .parameters.keys()
TWIN_KEYS = LAYER_NO_SHIM.replace(
    "        return self.quant_method.apply(x, layer=self)\n",
    '        if "layer" in inspect.signature(self.quant_method.apply).parameters.keys():\n'
    "            return self.quant_method.apply(x, layer=self)\n        return self.quant_method.apply(x)\n",
)
TWIN_KEYS = "import inspect\n\n\n" + TWIN_KEYS
# the shim kept, in a one-argument helper of the same file
TWIN_HELPER = TWIN_HEAD.replace(
    "class QuantLinear",
    'def _takes_layer(fn):\n    return "layer" in inspect.signature(fn).parameters\n\n\nclass QuantLinear',
) + (
    "    def forward(self, x):\n        if _takes_layer(self.quant_method.apply):\n"
    "            return self.quant_method.apply(x, layer=self)\n        return self.quant_method.apply(x)\n"
)
TWIN_SAMPLE = "class LogitsProcessor:\n    def apply(self, logits):\n        return logits\n"
TWIN_PENALTY = (
    "from pkg.sample import LogitsProcessor\n\n\n"
    "class AeonPenalty(LogitsProcessor):\n    def apply(self, logits):\n        return logits * 2\n"
)


@pytest.mark.parametrize(
    ("fork", "theirs", "extra"),
    [
        (OLD_METHOD, TWIN_TRY, {}),
        (OLD_METHOD, TWIN_LOCAL, {}),
        (OLD_METHOD, TWIN_KEYS, {}),
        (OLD_METHOD, TWIN_HELPER, {}),
        (TWIN_PENALTY, LAYER_NO_SHIM, {"pkg/sample.py": TWIN_SAMPLE}),
    ],
    ids=["try TypeError", "local fn", "keys()", "same-file helper", "other base's apply"],
)
def test_a_kept_shim_or_a_class_named_for_another_receiver_is_no_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str, extra: dict
) -> None:
    sides = three_way(git_repo, {**QUANT_TREE, **extra}, {AEON_QUANT: fork}, {LAYER: theirs})
    report = audit(git_repo, sides, tmp_path)
    assert [f for f in found(report, RULE) if f[0] == AEON_QUANT and f[2] == "error"] == []


TWIN_FORK_TREE = (
    "class AeonPenalty:\n    def apply(self, logits):\n        return logits\n\n\n"
    "class AeonScaled(AeonPenalty):\n    def apply(self, logits):\n        return logits * 2\n"
)


def test_a_hierarchy_wholly_the_forks_is_no_error(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, QUANT_TREE, {AEON_QUANT: TWIN_FORK_TREE}, {LAYER: LAYER_NO_SHIM})
    report = audit(git_repo, sides, tmp_path)
    assert [f for f in found(report, RULE) if f[0] == AEON_QUANT and f[2] == "error"] == []
