"""Type-only names (drift/type_only_names.py): #46820 moved ``interfaces.py``'s imports of ``VllmModel``,
``TokensPrompt``... under ``if TYPE_CHECKING:``; a fork that imported them from ``interfaces`` (a re-export) fails."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

IFACES = "vllm/model_executor/models/interfaces.py"
BASE_TEXT = """from typing import TYPE_CHECKING

from vllm.inputs import PromptType, TokensPrompt
from vllm.logger import init_logger

from .interfaces_base import VllmModel

if TYPE_CHECKING:
    from vllm.config import VllmConfig


class SupportsPP:
    def make_empty_intermediate_tensors(self, batch_size: int) -> None: ...
"""
UPSTREAM_TEXT = """from typing import TYPE_CHECKING

from vllm.logger import init_logger

if TYPE_CHECKING:
    from vllm.config import VllmConfig
    from vllm.inputs import PromptType, TokensPrompt
    from vllm.model_executor.models.interfaces_base import VllmModel


class SupportsPP:
    def make_empty_intermediate_tensors(self, batch_size: int) -> "None": ...
"""
SUBJECT = "Fix Transformers backend FP8 MoE and remove some boilerplate (#46820)"
FORK = "vllm/aeon/models.py"
FORK_TEXT = """from typing import TYPE_CHECKING

from vllm.model_executor.models import interfaces
from vllm.model_executor.models.interfaces import SupportsPP, VllmModel

if TYPE_CHECKING:
    from vllm.model_executor.models.interfaces import PromptType


def aeon_prompt(ids: list[int]):
    return interfaces.TokensPrompt(prompt_token_ids=ids)


def aeon_typed(model: interfaces.VllmModel, prompt: "PromptType") -> bool:
    return isinstance(model, SupportsPP)


def aeon_optional():
    try:
        from vllm.model_executor.models.interfaces import TokensPrompt
    except ImportError:
        return None
    return TokensPrompt
"""


def rows(git_repo: GitRepo, no_rules: Path, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {IFACES: BASE_TEXT}, {FORK: FORK_TEXT}, [(SUBJECT, {IFACES: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, severity, message) for path, line, severity, message in found if path == FORK]


def test_a_name_the_module_now_imports_only_for_type_checkers_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The run-time import and the read off the module are errors; the fork's own type-only import, an
    annotation, a name the module still binds and an import under ``except ImportError`` are not."""
    found = rows(git_repo, no_rules, UPSTREAM_TEXT)
    assert [(line, severity) for line, severity, _ in found] == [(4, "error"), (11, "error")]
    assert "VllmModel from vllm.model_executor.models.interfaces" in found[0][2]
    assert "import it from vllm.model_executor.models.interfaces_base" in found[0][2]
    assert "TokensPrompt" in found[1][2] and "#46820" in found[1][2]


def test_a_name_still_bound_at_run_time_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream keeps a run-time import beside the type-only one (or a stand-in under ``else``): quiet,
    while a read of a name it did move (``PromptType``) stays an error."""
    kept = UPSTREAM_TEXT.replace(
        "from vllm.logger import init_logger\n",
        "from vllm.logger import init_logger\nfrom vllm.inputs import TokensPrompt\n",
    ).replace("\n\nclass SupportsPP", "else:\n    VllmModel = object\n\n\nclass SupportsPP")
    fork = FORK_TEXT + "\n\nAEON_PROMPT = interfaces.PromptType\n"
    base = {IFACES: BASE_TEXT, PACKAGE: PACKAGE_BASE, REGISTRY: "class ModelRegistry: ...\n"}
    upstream = {IFACES: kept, PACKAGE: PACKAGE_UPSTREAM}
    sides = s.merge_case(git_repo, base, {FORK: fork, FORK_PKG: FORK_PKG_TEXT}, [(SUBJECT, upstream)])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(path, line, severity) for path, line, severity, _ in found if path.startswith("vllm/aeon/")] == [
        (FORK, 26, "error"),
        (FORK_PKG, 2, "error"),
    ]


# a package's __init__ moving ``from . import registry`` under TYPE_CHECKING: the submodule still imports
PACKAGE = "vllm/model_executor/models/__init__.py"
REGISTRY = "vllm/model_executor/models/registry.py"
PACKAGE_BASE = "from . import registry\nfrom .registry import ModelRegistry\n"
PACKAGE_UPSTREAM = (
    "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from . import registry\n"
    "    from .registry import ModelRegistry\n"
)
FORK_PKG = "vllm/aeon/registry_use.py"
FORK_PKG_TEXT = (
    "from vllm.model_executor.models import registry\nfrom vllm.model_executor.models import ModelRegistry\n"
)


GUARD_HEAD = "from vllm.model_executor.models import interfaces\nfrom vllm.inputs import TokensPrompt as _TP\n\n\n"


def fork_rows(git_repo: GitRepo, no_rules: Path, fork: dict[str, str]) -> list[tuple[str, int, str]]:
    sides = s.merge_case(git_repo, {IFACES: BASE_TEXT}, fork, [(SUBJECT, {IFACES: UPSTREAM_TEXT})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(path, line, severity) for path, line, severity, _ in found if path.startswith("vllm/aeon/")]


def test_a_read_under_hasattr_or_after_the_forks_own_shim_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: reads only where ``hasattr(interfaces, "TokensPrompt")`` holds (an ``if``, a conditional), and a
    read the fork's own shim serves (``interfaces.TokensPrompt = _TP`` in another fork file, or ``setattr``):
    quiet, while an unguarded read of a name no shim binds (``PromptType``) stays an error."""
    guarded = GUARD_HEAD + (
        "def aeon_prompt(ids):\n    if hasattr(interfaces, 'TokensPrompt'):\n"
        "        return interfaces.TokensPrompt(prompt_token_ids=ids)\n"
        "    return (interfaces.TokensPrompt if hasattr(interfaces, 'TokensPrompt') else _TP)(ids)\n"
    )
    shim = GUARD_HEAD + "interfaces.TokensPrompt = _TP\nsetattr(interfaces, 'VllmModel', object)\n"
    user = GUARD_HEAD + (
        "def aeon_use(ids):\n    return interfaces.TokensPrompt(ids), interfaces.VllmModel, interfaces.PromptType\n"
    )
    fork = {FORK: guarded, "vllm/aeon/shim.py": shim, "vllm/aeon/user.py": user}
    assert fork_rows(git_repo, no_rules, fork) == [("vllm/aeon/user.py", 6, "error")]
