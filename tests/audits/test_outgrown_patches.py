"""A fork function patched over a module's function, which the module now calls with arguments it does not take.

Shaped like #23556 (1b7b161a09): ``replace_linear_class`` gained a keyword-only ``prefix`` and the module's
own loop now passes ``prefix=qual_name``; a fork's ``tf.replace_linear_class = aeon_replace`` written for the
old three parameters merges cleanly and raises TypeError on the first model load.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

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
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if "installs" in r[3]]


def test_a_new_keyword_the_fork_function_does_not_take_is_an_error_on_its_def(
    git_repo: GitRepo, no_rules: Path
) -> None:
    [(path, line, severity, message)] = rows(git_repo, no_rules, PLUGIN_TEXT, KEYWORD)
    assert (path, line, severity) == (PLUGIN, 4, "error")
    assert (
        "fork-owned patch tf.replace_linear_class = ... (line 9) installs aeon_replace(linear, style, quant_config)"
        in message
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
            4,
        ),
        # one more positional argument than the fork function takes
        (PLUGIN_TEXT, POSITIONAL, 4),
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
        # a decorator may change what the name takes
        (PLUGIN_TEXT.replace("\ndef aeon_replace", "\n@aeon_adapt\ndef aeon_replace"), KEYWORD, BACKEND_BASE),
    ],
    ids=["new keyword taken", "kwargs", "namesake", "rewrapped", "decorated"],
)
def test_a_patch_that_still_fits_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, base: str
) -> None:
    assert rows(git_repo, no_rules, fork, upstream, base) == []
