"""Unbound submodules (drift/unbound_submodules.py): #29716 (a49d813fa8) replaced the configs package's eager
``from <pkg>.configs.eagle import EAGLEConfig`` lines by a lazy module ``__getattr__``; a fork's
``configs.eagle.EAGLEConfig`` read off the package finds ``eagle`` bound only once something imports the
submodule."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

INIT = "vllm/configs/__init__.py"
BASE = "from vllm.configs.eagle import EAGLEConfig\nfrom .medusa import MedusaConfig\n\n__all__ = ['EAGLEConfig']\n"
UPSTREAM = """import importlib

_CLASS_TO_MODULE = {"EAGLEConfig": "vllm.configs.eagle", "MedusaConfig": "vllm.configs.medusa"}


def __getattr__(name):
    if name in _CLASS_TO_MODULE:
        return getattr(importlib.import_module(_CLASS_TO_MODULE[name]), name)
    raise AttributeError(name)
"""
FILES = {
    INIT: BASE,
    "vllm/configs/eagle.py": "class EAGLEConfig:\n    model_type = 'eagle'\n",
    "vllm/configs/medusa.py": "class MedusaConfig:\n    model_type = 'medusa'\n",
}
SUBJECT = "Lazy loading to avoid importing all files (#29716)"
FORK = "vllm/aeon/cfgs.py"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, FILES, {FORK: body}, [(SUBJECT, {INIT: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [
        (line, severity) for path, line, severity, message in found if path == FORK and "off the package" in message
    ]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("from vllm import configs\n\nBASE = configs.eagle.EAGLEConfig\n", 3),
        # a relative import's submodule, off an aliased package import, in a function
        ("import vllm.configs as hf\n\n\ndef f():\n    return hf.medusa.MedusaConfig.model_type\n", 5),
        # another submodule imported by name: the read one is still unbound
        (
            'import importlib\nfrom vllm import configs\n\nimportlib.import_module("vllm.configs.medusa")\nB = configs.eagle.X\n',
            5,
        ),
    ],
    ids=["absolute import's submodule", "relative import's, aliased package", "another imported by name"],
)
def test_a_submodule_read_off_a_package_that_stopped_importing_it_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    assert rows(git_repo, no_rules, body) == [(line, "warning")]


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # the class off the package: the lazy __getattr__ serves it
        ("from vllm import configs\n\nBASE = configs.EAGLEConfig\n", UPSTREAM),
        # the fork imports the submodule itself
        ("import vllm.configs.eagle\nfrom vllm import configs\n\nBASE = configs.eagle.EAGLEConfig\n", UPSTREAM),
        ("from vllm.configs.eagle import EAGLEConfig\nfrom vllm import configs\n\nB = configs.eagle.X\n", UPSTREAM),
        # under a try catching AttributeError
        (
            "from vllm import configs\n\ntry:\n    BASE = configs.eagle.EAGLEConfig\nexcept AttributeError:\n"
            "    BASE = None\n",
            UPSTREAM,
        ),
        # upstream still imports the submodule another way
        ("from vllm import configs\n\nBASE = configs.eagle.EAGLEConfig\n", UPSTREAM + "from . import eagle\n"),
        # imported by name first
        (
            'import importlib\nfrom vllm import configs\n\nimportlib.import_module("vllm.configs.eagle")\nB = configs.eagle.X\n',
            UPSTREAM,
        ),
    ],
    ids=[
        "class off the package",
        "imports it",
        "imports from it",
        "try AttributeError",
        "still imported",
        "import_module",
    ],
)
def test_reads_that_still_find_the_submodule_stay_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []
