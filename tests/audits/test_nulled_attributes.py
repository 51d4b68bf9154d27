"""Nulled attributes (misses1): a constructor that built an attribute itself now takes it as a parameter
defaulting to None, and a fork subclass uses the inherited attribute.  Rebuilt from #32148
(``EmbeddingPoolerHead``'s ``self.activation = PoolerNormalize()`` made ``self.activation = activation``,
``activation=None``) as a clean git merge, with twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

HEADS = "vllm/pooler/heads.py"
BASE = """import torch


class PoolerNormalize:
    def __call__(self, x):
        return x


class EmbeddingPoolerHead(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.activation = PoolerNormalize()

    def forward(self, x):
        return self.activation(x)
"""
AFTER = BASE.replace(
    "    def __init__(self) -> None:\n        super().__init__()\n        self.activation = PoolerNormalize()\n",
    "    def __init__(self, activation=None) -> None:\n        super().__init__()\n        self.activation = activation\n",
).replace(
    "        return self.activation(x)\n",
    "        if self.activation is not None:\n            x = self.activation(x)\n        return x\n",
)
FILES = {"vllm/__init__.py": "", "vllm/pooler/__init__.py": "", HEADS: BASE}
MINE = "vllm/aeon/head.py"
HEADER = "from vllm.pooler.heads import EmbeddingPoolerHead\n\n\n"


def errors(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    return [(f.line, f.message) for f in report.findings if f.path == path and f.severity.value == "error"]


def nulled(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str, str]]:
    """(line, level, message) of each nulled attribute finding of ``path``, warnings included."""
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == path and "defaulting to None" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


@pytest.mark.parametrize(
    ("header", "body", "use"),
    [
        (HEADER, "    def aeon_normed(self, x):\n        return self.activation(x)\n", "return self.activation(x)"),
        (HEADER, "    def aeon_name(self):\n        return self.activation.__class__.__name__\n", "return self"),
        (
            "from vllm.pooler import heads\n\n\n",
            "    def aeon_normed(self, x):\n        y = x * 2\n        return self.activation(y)\n",
            "return self.activation(y)",
        ),
    ],
    ids=["called", "an attribute read off it", "through a module alias"],
)
def test_an_inherited_attribute_now_none(git_repo: GitRepo, no_rules: Path, header: str, body: str, use: str) -> None:
    base = "heads.EmbeddingPoolerHead" if "import heads" in header else "EmbeddingPoolerHead"
    text = header + f"class AeonHead({base}):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: AFTER})
    [(line, level, message)] = nulled(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, use), "warning")  # a guess about who builds the class (fixAE)
    assert "inherited from EmbeddingPoolerHead" in message and "defaulting to None" in message


REBOUND = AFTER.replace(
    "        self.activation = activation\n",
    "        if activation is None:\n            activation = PoolerNormalize()\n        self.activation = activation\n",
)
SET_LATER = AFTER + "\n    def load(self):\n        self.activation = PoolerNormalize()\n"
CALL = "    def aeon_normed(self, x):\n        return self.activation(x)\n"


@pytest.mark.parametrize(
    ("after", "body", "elsewhere"),
    [
        (AFTER, "    def aeon_normed(self, x):\n        return self.activation(x) if self.activation else x\n", ""),
        (
            AFTER,
            "    def aeon_normed(self, x):\n        if self.activation is None:\n            return x\n"
            "        return self.activation(x)\n",
            "",
        ),
        (AFTER, "    def __init__(self):\n        super().__init__(activation=lambda x: x)\n\n" + CALL, ""),
        (AFTER, "    def __init__(self):\n        super().__init__()\n        self.activation = abs\n\n" + CALL, ""),
        (AFTER, CALL, "AEON_HEAD = AeonHead(activation=abs)\n"),
        (REBOUND, CALL, ""),
        (SET_LATER, CALL, ""),
        (BASE, CALL, ""),
        (AFTER, "    def aeon_has(self):\n        return self.activation\n", ""),
    ],
    ids=[
        "a truth test",
        "a None test",
        "super() handed it",
        "set by the fork's class",
        "built with it",
        "the parameter rebound to a default (#36630)",
        "another method sets it",
        "upstream unchanged",
        "only handed on, not used",
    ],
)
def test_nulled_attribute_twins_stay_quiet(
    git_repo: GitRepo, no_rules: Path, after: str, body: str, elsewhere: str
) -> None:
    text = HEADER + "class AeonHead(EmbeddingPoolerHead):\n" + body + ("\n\n" + elsewhere if elsewhere else "")
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: after})
    assert nulled(git_repo, no_rules, sides, MINE) == []


# fixAE: correct spellings the first engine flagged as errors: the value arrives another way, or the class
# escapes to code that may build it with one, or None's TypeError is caught
MIXIN = (
    "from vllm.pooler.heads import EmbeddingPoolerHead, PoolerNormalize\n\n\n"
    "class NormMixin:\n    def __init__(self, *args, **kwargs):\n        super().__init__(*args, **kwargs)\n"
    "        self.activation = PoolerNormalize()\n\n\nclass AeonHead(NormMixin, EmbeddingPoolerHead):\n" + CALL
)
SHIM = (
    "from vllm.pooler.heads import EmbeddingPoolerHead, PoolerNormalize\n\n\n"
    "class EmbeddingPoolerHead(EmbeddingPoolerHead):\n"
    "    def __init__(self):\n        super().__init__(activation=PoolerNormalize())\n\n\n"
    "class AeonHead(EmbeddingPoolerHead):\n" + CALL
)
PROPERTY = "    @property\n    def activation(self):\n        return self._act or abs\n\n"
SETATTR = "    def __init__(self):\n        super().__init__()\n        setattr(self, 'activation', abs)\n\n"
FACTORY = "    @classmethod\n    def build(cls):\n        return cls(activation=abs)\n\n"
TRY = "    def aeon_normed(self, x):\n        try:\n            return self.activation(x)\n        except TypeError:\n"
OWN = HEADER + "class AeonHead(EmbeddingPoolerHead):\n"


@pytest.mark.parametrize(
    "text",
    [
        MIXIN,
        SHIM,
        OWN + PROPERTY + CALL,
        OWN + SETATTR + CALL,
        OWN + FACTORY + CALL,
        OWN + TRY + "            return x\n",
        OWN + CALL + "\n\nHead = AeonHead\nAEON = Head(activation=abs)\n",
        "import functools\n\n" + OWN + CALL + "\n\nmake = functools.partial(AeonHead, activation=abs)\n",
        OWN + CALL + "\n\nclass AeonHead2(AeonHead):\n    pass\n\n\nAEON = AeonHead2(activation=abs)\n",
    ],
    ids=[
        "a mixin of the fork sets it",
        "a shim shadowing the import hands it",
        "a property of the name",
        "setattr",
        "a classmethod's cls(activation=)",
        "try/except TypeError",
        "built through an alias",
        "functools.partial",
        "a subclass built with it",
    ],
)
def test_nulled_attribute_received_elsewhere_stays_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: AFTER})
    assert nulled(git_repo, no_rules, sides, MINE) == []


@pytest.mark.parametrize(
    "elsewhere",
    ["from vllm.aeon.head import AeonHead\n\nHEAD = AeonHead()\n", "HEAD = AeonHead(projector=None)\n"],
    ids=["imported and built bare", "built without it"],
)
def test_a_class_built_without_the_value_still_warns(git_repo: GitRepo, no_rules: Path, elsewhere: str) -> None:
    text = OWN + CALL
    sides = three_way(git_repo, FILES, {MINE: text, "vllm/aeon/use.py": elsewhere}, {HEADS: AFTER})
    assert [level for _, level, _ in nulled(git_repo, no_rules, sides, MINE)] == ["warning"]


# killers135, shaped like #32299 (27b81e010d): the SigLIP tower built its pooling head whenever the config did not
# say otherwise; now its constructor takes a new ``use_head=False`` and builds the head only when asked, leaving
# ``self.head`` None otherwise.  A fork subclass's ``self.head(x)``, built without ``use_head``, meets None.
TOWER = "vllm/pooler/tower.py"
TOWER_BASE = """import torch


class PoolingHead(torch.nn.Module):
    def __init__(self, config) -> None:
        super().__init__()


class VisionTower(torch.nn.Module):
    def __init__(self, config, prefix: str = "") -> None:
        super().__init__()
        self.use_head = True if not hasattr(config, "vision_use_head") else config.vision_use_head
        if self.use_head:
            self.head = PoolingHead(config)
"""
TOWER_AFTER = TOWER_BASE.replace(
    '    def __init__(self, config, prefix: str = "") -> None:',
    '    def __init__(self, config, prefix: str = "", use_head: bool | None = False) -> None:',
).replace(
    "        if self.use_head:\n            self.head = PoolingHead(config)\n",
    "        if isinstance(use_head, bool):\n            self.use_head = use_head\n"
    "        self.head = (\n            PoolingHead(config)\n            if self.use_head\n            else None\n        )\n",
)
TOWER_FILES = {"vllm/__init__.py": "", "vllm/pooler/__init__.py": "", TOWER: TOWER_BASE}
TOWER_MINE = "vllm/aeon/tower.py"
TOWER_OWN = "from vllm.pooler.tower import VisionTower\n\n\nclass AeonTower(VisionTower):\n"
POOLED = "    def aeon_pooled(self, x):\n        return self.head(x)\n"


def opted(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == path and "only when its new parameter" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


def test_an_attribute_now_built_only_when_a_new_parameter_asks(git_repo: GitRepo, no_rules: Path) -> None:
    text = TOWER_OWN + POOLED
    sides = three_way(git_repo, TOWER_FILES, {TOWER_MINE: text}, {TOWER: TOWER_AFTER})
    [(line, level, message)] = opted(git_repo, no_rules, sides, TOWER_MINE)
    assert (line, level) == (line_of(text, "return self.head(x)"), "warning")  # who builds it is a guess
    assert "inherited from VisionTower" in message and "use_head" in message


TOWER_FLAGGED = TOWER_BASE.replace(
    'prefix: str = "") -> None:', 'prefix: str = "", use_head: bool | None = False) -> None:'
)
ALWAYS = TOWER_AFTER.replace(
    "            if self.use_head\n            else None\n", "            if True\n            else None\n"
)


@pytest.mark.parametrize(
    ("base", "after", "text"),
    [
        # the fork asks for the head
        (
            TOWER_BASE,
            TOWER_AFTER,
            TOWER_OWN + "    def __init__(self, config):\n        super().__init__(config, use_head=True)\n\n" + POOLED,
        ),
        (TOWER_BASE, TOWER_AFTER, TOWER_OWN + POOLED + "\n\nAEON = AeonTower(object(), use_head=True)\n"),
        # the fork tests it
        (
            TOWER_BASE,
            TOWER_AFTER,
            TOWER_OWN + "    def aeon_pooled(self, x):\n        return x if self.head is None else self.head(x)\n",
        ),
        # the flag is not new: the fork's callers chose before
        (TOWER_FLAGGED, TOWER_AFTER, TOWER_OWN + POOLED),
        # the test reads no new parameter
        (TOWER_BASE, ALWAYS, TOWER_OWN + POOLED),
    ],
    ids=["super() asks", "built asking", "a None test", "the flag taken at the base", "no new flag read"],
)
def test_opted_in_attribute_twins_stay_quiet(
    git_repo: GitRepo, no_rules: Path, base: str, after: str, text: str
) -> None:
    sides = three_way(git_repo, {**TOWER_FILES, TOWER: base}, {TOWER_MINE: text}, {TOWER: after})
    assert opted(git_repo, no_rules, sides, TOWER_MINE) == []


def test_a_use_under_a_test_of_the_flag_attribute_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The head is None exactly when ``self.use_head`` is falsy: the fork testing the flag guards the call."""
    text = TOWER_OWN + "    def aeon_pooled(self, x):\n        if self.use_head:\n            return self.head(x)\n"
    sides = three_way(git_repo, TOWER_FILES, {TOWER_MINE: text + "        return x\n"}, {TOWER: TOWER_AFTER})
    assert opted(git_repo, no_rules, sides, TOWER_MINE) == []


def test_a_use_under_a_test_of_another_attribute_still_warns(git_repo: GitRepo, no_rules: Path) -> None:
    text = TOWER_OWN + "    def aeon_pooled(self, x):\n        if self.training:\n            return self.head(x)\n"
    text += "        return x\n"
    sides = three_way(git_repo, TOWER_FILES, {TOWER_MINE: text}, {TOWER: TOWER_AFTER})
    [(line, level, _)] = opted(git_repo, no_rules, sides, TOWER_MINE)
    assert (line, level) == (line_of(text, "return self.head(x)"), "warning")


KEYWORD_ONLY = TOWER_AFTER.replace('prefix: str = "", use_head:', 'prefix: str = "", *, use_head:')
SUPER_POSITIONAL = (
    TOWER_OWN + "    def __init__(self, config, prefix):\n        super().__init__(config, prefix)\n\n" + POOLED
)


def test_a_keyword_only_flag_is_not_handed_by_positional_arguments(git_repo: GitRepo, no_rules: Path) -> None:
    """``super().__init__(config, prefix)`` cannot bring a keyword-only ``use_head``: the head stays None."""
    sides = three_way(git_repo, TOWER_FILES, {TOWER_MINE: SUPER_POSITIONAL}, {TOWER: KEYWORD_ONLY})
    [(line, level, _)] = opted(git_repo, no_rules, sides, TOWER_MINE)
    assert (line, level) == (line_of(SUPER_POSITIONAL, "return self.head(x)"), "warning")


@pytest.mark.parametrize(
    ("after", "text"),
    [
        # a flag any position may bring: the positional arguments may hand it
        (TOWER_AFTER, SUPER_POSITIONAL),
        # a keyword-only flag handed through **kwargs
        (
            KEYWORD_ONLY,
            TOWER_OWN + "    def __init__(self, config, **kw):\n        super().__init__(config, **kw)\n\n" + POOLED,
        ),
    ],
    ids=["positional flag", "keyword-only through kwargs"],
)
def test_a_flag_the_call_may_hand_stays_quiet(git_repo: GitRepo, no_rules: Path, after: str, text: str) -> None:
    sides = three_way(git_repo, TOWER_FILES, {TOWER_MINE: text}, {TOWER: after})
    assert opted(git_repo, no_rules, sides, TOWER_MINE) == []


# mend47, #32299's other half: ``SiglipVisionModel`` holds the tower as ``self.vision_model``, built with the
# wrapper's own new ``use_head``; a fork subclass of the wrapper reading ``self.vision_model.head.probe`` meets None
HOLDER = (
    "\n\nclass VisionModel(torch.nn.Module):\n"
    '    def __init__(self, config, prefix: str = "") -> None:\n'
    "        super().__init__()\n"
    "        self.vision_model = VisionTower(config, prefix=prefix)\n"
)
HOLDER_AFTER = HOLDER.replace('prefix: str = "") -> None:', 'prefix: str = "", use_head: bool | None = False) -> None:')
HOLDER_AFTER = HOLDER_AFTER.replace(
    "VisionTower(config, prefix=prefix)", "VisionTower(config, prefix=prefix, use_head=use_head)"
)
HELD_FILES = {**TOWER_FILES, TOWER: TOWER_BASE + HOLDER}
MODEL_OWN = "from vllm.pooler.tower import VisionModel\n\n\nclass AeonModel(VisionModel):\n"
PROBE = "    def aeon_probe(self):\n        return self.vision_model.head.probe\n"


def test_an_opted_in_attribute_of_a_held_object_warns(git_repo: GitRepo, no_rules: Path) -> None:
    text = MODEL_OWN + PROBE
    sides = three_way(git_repo, HELD_FILES, {TOWER_MINE: text}, {TOWER: TOWER_AFTER + HOLDER_AFTER})
    [(line, level, message)] = opted(git_repo, no_rules, sides, TOWER_MINE)
    assert (line, level) == (line_of(text, "return self.vision_model.head.probe"), "warning")
    assert "self.vision_model.head, inherited from VisionModel" in message and "use_head" in message


@pytest.mark.parametrize(
    ("after", "text"),
    [
        # the fork asks the wrapper for the head
        (
            HOLDER_AFTER,
            MODEL_OWN + "    def __init__(self, config):\n        super().__init__(config, use_head=True)\n\n" + PROBE,
        ),
        # the fork tests the held head, or the held flag
        (
            HOLDER_AFTER,
            MODEL_OWN
            + "    def aeon_probe(self):\n        if self.vision_model.head is None:\n            return None\n"
            "        return self.vision_model.head.probe\n",
        ),
        (
            HOLDER_AFTER,
            MODEL_OWN + "    def aeon_probe(self):\n        if self.vision_model.use_head:\n"
            "            return self.vision_model.head.probe\n        return None\n",
        ),
        # the fork builds the tower itself
        (
            HOLDER_AFTER,
            MODEL_OWN + "    def __init__(self, config):\n        super().__init__(config)\n"
            "        self.vision_model = object()\n\n" + PROBE,
        ),
        # the wrapper asks for the head itself, or hands a flag the base took already
        (HOLDER_AFTER.replace("use_head=use_head)", "use_head=True)"), MODEL_OWN + PROBE),
        (
            HOLDER_AFTER.replace("use_head=use_head)", "use_head=config.use_head)"),
            MODEL_OWN + PROBE,
        ),
    ],
    ids=[
        "super() asks",
        "a None test",
        "a test of the held flag",
        "built by the fork",
        "asked by the wrapper",
        "another value",
    ],
)
def test_held_opted_in_attribute_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, after: str, text: str) -> None:
    sides = three_way(git_repo, HELD_FILES, {TOWER_MINE: text}, {TOWER: TOWER_AFTER + after})
    assert opted(git_repo, no_rules, sides, TOWER_MINE) == []


def test_a_held_flag_the_wrapper_took_at_the_base_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    base = TOWER_BASE + HOLDER.replace(
        'prefix: str = "") -> None:', 'prefix: str = "", use_head: bool = False) -> None:'
    )
    sides = three_way(
        git_repo, {**TOWER_FILES, TOWER: base}, {TOWER_MINE: MODEL_OWN + PROBE}, {TOWER: TOWER_AFTER + HOLDER_AFTER}
    )
    assert opted(git_repo, no_rules, sides, TOWER_MINE) == []


# killers157, shaped like #41055 (d9b4990783): ``FusedMoE.__init__`` built ``self.eplb_state = EplbLayerState()``
# whatever ``enable_eplb`` said; now it sets None at its top level and builds the state under ``if enable_eplb:``.
# The flag is old, but what it decides is new: a fork subclass's ``self.eplb_state.expert_load_view`` meets None.
EPLB = "vllm/moe/layer.py"
EPLB_BASE = """import torch


class EplbLayerState:
    def __init__(self) -> None:
        self.expert_load_view = None


class FusedMoE(torch.nn.Module):
    def __init__(self, num_experts: int, enable_eplb: bool = False) -> None:
        super().__init__()
        self.num_experts = num_experts
        self.eplb_state = EplbLayerState()
"""
EPLB_AFTER = EPLB_BASE.replace(
    "        self.eplb_state = EplbLayerState()\n",
    "        self.eplb_state: EplbLayerState | None = None\n        if enable_eplb:\n"
    "            self.eplb_state = EplbLayerState()\n",
)
EPLB_FILES = {"vllm/__init__.py": "", "vllm/moe/__init__.py": "", EPLB: EPLB_BASE}
EPLB_MINE = "vllm/aeon/moe.py"
EPLB_OWN = "from vllm.moe.layer import FusedMoE\n\n\nclass AeonMoE(FusedMoE):\n"
LOAD = "    def aeon_load(self):\n        return self.eplb_state.expert_load_view\n"


def flagged(repo: GitRepo, no_rules: Path, base: str, after: str, text: str) -> list[tuple[int, str, str]]:
    sides = three_way(repo, {**EPLB_FILES, EPLB: base}, {EPLB_MINE: text}, {EPLB: after})
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == EPLB_MINE and "self.eplb_state" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


def test_an_attribute_built_always_now_only_under_an_old_flag(git_repo: GitRepo, no_rules: Path) -> None:
    text = EPLB_OWN + LOAD
    [(line, level, message)] = flagged(git_repo, no_rules, EPLB_BASE, EPLB_AFTER, text)
    assert (line, level) == (line_of(text, "return self.eplb_state.expert_load_view"), "warning")
    assert "only when its parameter enable_eplb" in message and "inherited from FusedMoE" in message


def test_the_statement_form_under_a_new_flag(git_repo: GitRepo, no_rules: Path) -> None:
    after = EPLB_AFTER.replace(
        "enable_eplb: bool = False) -> None:", "enable_eplb: bool = False, eplb: bool = False) -> None:"
    )
    after = after.replace("        if enable_eplb:\n", "        if eplb:\n")
    text = EPLB_OWN + LOAD
    [(line, level, message)] = flagged(git_repo, no_rules, EPLB_BASE, after, text)
    assert (line, level) == (line_of(text, "return self.eplb_state.expert_load_view"), "warning")
    assert "only when its new parameter eplb" in message


@pytest.mark.parametrize(
    ("base", "after", "text"),
    [
        # the fork tests it
        (
            EPLB_BASE,
            EPLB_AFTER,
            EPLB_OWN + "    def aeon_load(self):\n        state = self.eplb_state\n"
            "        return None if state is None else state.expert_load_view\n",
        ),
        # the fork asks for it
        (
            EPLB_BASE,
            EPLB_AFTER,
            EPLB_OWN + "    def __init__(self, n):\n        super().__init__(n, enable_eplb=True)\n\n" + LOAD,
        ),
        # the base built it under the flag already: the fork's callers chose before
        (
            EPLB_BASE.replace(
                "        self.eplb_state = EplbLayerState()\n",
                "        self.eplb_state = EplbLayerState() if enable_eplb else None\n",
            ),
            EPLB_AFTER,
            EPLB_OWN + LOAD,
        ),
        # an else branch builds it too
        (
            EPLB_BASE,
            EPLB_AFTER.replace(
                "            self.eplb_state = EplbLayerState()\n",
                "            self.eplb_state = EplbLayerState()\n        else:\n            self.eplb_state = EplbLayerState()\n",
            ),
            EPLB_OWN + LOAD,
        ),
        # built above the None: the None is no default the flag overrides
        (
            EPLB_BASE,
            EPLB_AFTER.replace(
                "        self.eplb_state: EplbLayerState | None = None\n        if enable_eplb:\n"
                "            self.eplb_state = EplbLayerState()\n",
                "        if enable_eplb:\n            self.eplb_state = EplbLayerState()\n"
                "        self.eplb_state: EplbLayerState | None = None\n",
            ),
            EPLB_OWN + LOAD,
        ),
    ],
    ids=["a None test", "super() asks", "the base built it under the flag", "an else builds it", "built above"],
)
def test_an_old_flag_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, base: str, after: str, text: str) -> None:
    assert flagged(git_repo, no_rules, base, after, text) == []
