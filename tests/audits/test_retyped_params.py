"""Parameter class drift (drift/retyped_params.py): upstream annotated a parameter with another class of the tree
and its body now reads what only that class has (#34485: ``renderer_from_config(config: ModelConfig)`` became
``(config: VllmConfig)`` reading ``config.model_config``); a fork call still passes a value typed as the old
class.  Twins: the new class passed, a body that still takes both, an attribute both classes have, a subclass
of the new class, an untyped argument, upstream unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
CFG = "pkg/config.py"
LIB = "pkg/renderers.py"
USE = "pkg/aeon_render.py"
CONFIGS = (
    "class ModelConfig:\n    tokenizer: str = 'tok'\n    revision: str = 'main'\n    is_multimodal_model: bool = False\n\n\n"
    "class VllmConfig:\n    model_config: ModelConfig\n    revision: str = 'main'\n    tokenizer: str = 'tok'\n\n\n"
    "class AeonVllmConfig(VllmConfig):\n    pass\n"
)
HEAD = "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from pkg.config import ModelConfig, VllmConfig\n\n\n"
OLD = (
    HEAD + 'def renderer_from_config(config: "ModelConfig", **kwargs):\n    return (config.tokenizer, kwargs)\n\n\n'
    'class Renderer:\n    def __init__(self, config: "ModelConfig | None") -> None:\n        self.config = config\n'
)
NEW = (
    HEAD + 'def renderer_from_config(config: "VllmConfig", **kwargs):\n'
    "    model_config = config.model_config\n    return (model_config.tokenizer, kwargs)\n\n\n"
    'class Renderer:\n    def __init__(self, config: "VllmConfig | None") -> None:\n'
    "        self.model_config = config.model_config\n"
)
FORK = "from pkg.config import AeonVllmConfig, ModelConfig, VllmConfig\nfrom pkg.renderers import Renderer, renderer_from_config\n\n\n"


def _sides(git_repo: GitRepo, body: str, new: str = NEW):  # noqa: ANN202
    return three_way(git_repo, {INIT: "", CFG: CONFIGS, LIB: OLD}, {USE: FORK + body}, {LIB: new})


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("def aeon(model_config: ModelConfig):\n    return renderer_from_config(model_config)\n", "return renderer"),
        (
            "def aeon(model_config: ModelConfig):\n    return renderer_from_config(config=model_config, x=1)\n",
            "return renderer",
        ),
        (
            "class Aeon:\n    def __init__(self, model_config: ModelConfig) -> None:\n"
            "        self.model_config = model_config\n\n"
            "    def build(self):\n        return renderer_from_config(self.model_config)\n",
            "return renderer",
        ),
        ("def aeon(model_config: ModelConfig):\n    return Renderer(model_config)\n", "return Renderer"),
    ],
    ids=["an annotated parameter", "by keyword", "a typed attribute of self", "a constructor"],
)
def test_an_argument_of_the_old_class_is_an_error(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    report = audit(git_repo, _sides(git_repo, body), tmp_path)
    assert found(report, RULE) == [(USE, line_of(FORK + body, needle), "error")]
    message = next(f.message for f in report.findings if f.rule_id == RULE)
    assert "upstream annotated VllmConfig (it was ModelConfig)" in message and "config.model_config" in message


@pytest.mark.parametrize(
    ("body", "new"),
    [
        ("def aeon(vllm_config: VllmConfig):\n    return renderer_from_config(vllm_config)\n", NEW),
        ("def aeon(vllm_config: AeonVllmConfig):\n    return renderer_from_config(vllm_config)\n", NEW),
        ("def aeon(model_config):\n    return renderer_from_config(model_config)\n", NEW),
        (
            "def aeon(model_config: ModelConfig):\n    return renderer_from_config(model_config)\n",
            NEW.replace(
                "    model_config = config.model_config\n",
                "    model_config = config if isinstance(config, ModelConfig) else config.model_config\n",
            ),
        ),
        (
            "def aeon(model_config: ModelConfig):\n    return renderer_from_config(model_config)\n",
            NEW.replace("    model_config = config.model_config\n", "    model_config = config.revision\n"),
        ),
        ("def aeon(model_config: ModelConfig):\n    return renderer_from_config(model_config)\n", OLD + "\n# a note\n"),
    ],
    ids=["the new class", "a subclass of it", "untyped", "the body tests the class", "a read both have", "unchanged"],
)
def test_retyped_parameter_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str, new: str) -> None:
    assert found(audit(git_repo, _sides(git_repo, body, new), tmp_path), RULE) == []


# the reviewer's false errors (each an error before): a body that still serves the old class another way, a
# lambda reading its own parameter of the name, a fork that converts or patches what it passes
BODY = "def aeon(model_config: ModelConfig):\n    return renderer_from_config(model_config)\n"
TRIED = NEW.replace(
    "    model_config = config.model_config\n",
    "    try:\n        model_config = config.model_config\n    except AttributeError:  # a bare ModelConfig\n"
    "        model_config = config\n",
)
MATCHED = NEW.replace(
    "    model_config = config.model_config\n",
    "    match config:\n        case ModelConfig():\n            model_config = config\n"
    "        case _:\n            model_config = config.model_config\n",
)
OWN_LAMBDA = HEAD + (
    'def renderer_from_config(config: "VllmConfig", **kwargs):\n'
    "    order = sorted(kwargs.get('others', []), key=lambda config: config.model_config)\n"
    "    return (config.tokenizer, order)\n\n\n"
    'class Renderer:\n    def __init__(self, config: "VllmConfig | None") -> None:\n        self.model_config = config.model_config\n'
)
PATCH = "ModelConfig.model_config = property(lambda self: self)\n\n\n"
SETATTR = 'setattr(ModelConfig, "model_config", property(lambda self: self))\n\n\n'
CONVERTED = "def aeon(model_config: ModelConfig):\n    model_config = VllmConfig()\n    return renderer_from_config(model_config)\n"


@pytest.mark.parametrize(
    ("body", "new"),
    [
        (BODY, TRIED),
        (BODY, TRIED.replace("except AttributeError:", "except Exception:")),
        (BODY, MATCHED),
        (BODY, OWN_LAMBDA),
        (PATCH + BODY, NEW),
        (SETATTR + BODY, NEW),
        (CONVERTED, NEW),
    ],
    ids=[
        "try AttributeError",
        "try Exception",
        "match",
        "own lambda",
        "patched",
        "setattr",
        "converted",
    ],
)
def test_old_class_still_served_stays_quiet(git_repo: GitRepo, tmp_path: Path, body: str, new: str) -> None:
    assert [f for f in found(audit(git_repo, _sides(git_repo, body, new), tmp_path), RULE) if f[2] == "error"] == []


def test_a_lambda_of_another_name_still_reads_the_parameter(git_repo: GitRepo, tmp_path: Path) -> None:
    new = OWN_LAMBDA.replace("lambda config: config.model_config", "lambda c: config.model_config")
    report = audit(git_repo, _sides(git_repo, BODY, new), tmp_path)
    assert found(report, RULE) == [(USE, line_of(FORK + BODY, "return renderer"), "error")]


# twins a second review found crying wolf (a correct fork flagged)
TWIN_NESTED = (
    "def aeon(model_config: ModelConfig, vllm_config: VllmConfig):\n"
    "    def build(model_config):\n        return renderer_from_config(model_config)\n"
    "    return build(vllm_config), model_config.tokenizer\n"
)
TWIN_LAMBDA = (
    "def aeon(model_config: ModelConfig, vllm_config: VllmConfig):\n"
    "    build = lambda model_config: renderer_from_config(model_config)  # noqa: E731\n"
    "    return build(vllm_config), model_config.tokenizer\n"
)
TWIN_COMP = (
    "def aeon(model_config: ModelConfig, vllm_configs: list[VllmConfig]):\n"
    "    return model_config.tokenizer, [renderer_from_config(model_config) for model_config in vllm_configs]\n"
)
TWIN_TRY = (
    "def aeon(model_config: ModelConfig, vllm_config: VllmConfig):\n"
    "    try:\n        return renderer_from_config(model_config)\n"
    "    except AttributeError:  # #34485 takes the whole config\n        return renderer_from_config(vllm_config)\n"
)
TWIN_FOR = (
    "def aeon(model_config: ModelConfig, vllm_configs: list[VllmConfig]):\n"
    "    out = [model_config.tokenizer]\n"
    "    for model_config in vllm_configs:\n        out.append(renderer_from_config(model_config))\n"
    "    return out\n"
)


@pytest.mark.parametrize(
    "body",
    [TWIN_NESTED, TWIN_LAMBDA, TWIN_COMP, TWIN_TRY, TWIN_FOR],
    ids=["nested def", "lambda", "comprehension", "try", "for"],
)
def test_a_name_the_fork_rebinds_or_a_call_in_its_own_try_is_no_error(
    git_repo: GitRepo, tmp_path: Path, body: str
) -> None:
    report = audit(git_repo, _sides(git_repo, body), tmp_path)
    assert [f for f in found(report, RULE) if f[2] == "error"] == []
