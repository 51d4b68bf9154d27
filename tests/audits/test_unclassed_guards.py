"""A class upstream turned into a function, under fork code that already copes with it (a review of the
unclassed check): a TypeError caught, the name's kind asked, a lambda's own parameter, the name bound twice
or set by the fork are quiet; a version test or a star import that may rebind it leaves a warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import three_way
from tests.audits.test_unclassed_drift import FILES, FORK, LAYER, LAYER_AFTER, errors

IMP = "from vllm.moe.layer import FusedMoE\nfrom vllm.moe.routed import RoutedExperts\n\n\n"
F = "def f(m: object) -> bool:\n"
QUIET = {
    "isclass guard": IMP + f"import inspect\n\n\n{F}    return inspect.isclass(FusedMoE) and isinstance(m, FusedMoE)\n",
    "type guard": IMP + f"{F}    return isinstance(FusedMoE, type) and isinstance(m, FusedMoE)\n",
    "hasattr guard": IMP + f"{F}    return hasattr(FusedMoE, '__mro__') and isinstance(m, FusedMoE)\n",
    "early return guard": IMP
    + f"{F}    if not isinstance(FusedMoE, type):\n        return isinstance(m, RoutedExperts)\n"
    + "    return isinstance(m, FusedMoE)\n",
    "TypeError caught": IMP
    + f"{F}    try:\n        return isinstance(m, FusedMoE)\n    except TypeError:\n"
    + "        return isinstance(m, RoutedExperts)\n",
    "class statement in a try": IMP
    + "try:\n    class AeonMoE(FusedMoE):\n        pass\nexcept TypeError:\n    class AeonMoE(RoutedExperts):\n        pass\n",
    "import fallback": "try:\n    from vllm.moe.routed import RoutedExperts as MoEBase\nexcept ImportError:\n"
    + "    from vllm.moe.layer import FusedMoE as MoEBase\n\n\nclass AeonMoE(MoEBase):\n    pass\n",
    "version-chosen import": "import vllm\n\nif vllm.__version__ >= '0.12':\n"
    + "    from vllm.moe.routed import RoutedExperts as MoEBase\nelse:\n"
    + "    from vllm.moe.layer import FusedMoE as MoEBase\n\n\nclass AeonMoE(MoEBase):\n    pass\n",
    "fork sets the module attribute": "import vllm.moe.layer as lay\nfrom vllm.moe.routed import RoutedExperts\n\n"
    + "lay.FusedMoE = RoutedExperts\n\n\nclass AeonMoE(lay.FusedMoE):\n    pass\n",
    "lambda parameter": IMP + "g = lambda m, FusedMoE=RoutedExperts: isinstance(m, FusedMoE)\n",
}
WARNED = {
    "version test around the class": IMP
    + "import vllm\n\nif vllm.__version__ < '0.12':\n    class AeonMoE(FusedMoE):\n        pass\nelse:\n"
    + "    class AeonMoE(RoutedExperts):\n        pass\n",
    "version test around isinstance": IMP
    + f"import vllm\n\n\n{F}    if vllm.__version__ < '0.12':\n        return isinstance(m, FusedMoE)\n"
    + "    return isinstance(m, RoutedExperts)\n",
}
COMPAT = "vllm/aeon/compat.py"


def _warnings(git_repo: GitRepo, no_rules: Path, text: str) -> list[str]:
    sides = three_way(git_repo, FILES, {FORK: text}, {LAYER: LAYER_AFTER})
    report = git_repo.audit(no_rules, merge=sides)
    return [f.message for f in report.findings if f.path == FORK and f.severity.value == "warning"]


@pytest.mark.parametrize("name", list(QUIET) + list(WARNED))
def test_fork_code_that_copes_is_no_error(git_repo: GitRepo, no_rules: Path, name: str) -> None:
    sides = three_way(git_repo, FILES, {FORK: {**QUIET, **WARNED}[name]}, {LAYER: LAYER_AFTER})
    assert [(n, m) for n, m in errors(git_repo, no_rules, sides, FORK) if "class into a function" in m] == []


def test_a_star_import_that_may_rebind_the_name_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = {
        COMPAT: "from vllm.moe.routed import RoutedExperts\n\nFusedMoE = RoutedExperts\n",
        FORK: "from vllm.moe.layer import FusedMoE\nfrom vllm.aeon.compat import *\n\n\nclass AeonMoE(FusedMoE):\n    pass\n",
    }
    sides = three_way(git_repo, FILES, fork, {LAYER: LAYER_AFTER})
    assert [(n, m) for n, m in errors(git_repo, no_rules, sides, FORK) if "class into a function" in m] == []


def test_a_callable_test_copes_with_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    """``callable`` is True for the function as for the class: it guards nothing."""
    text = IMP + f"{F}    return callable(FusedMoE) and isinstance(m, FusedMoE)\n"
    sides = three_way(git_repo, FILES, {FORK: text}, {LAYER: LAYER_AFTER})
    assert [m for _, m in errors(git_repo, no_rules, sides, FORK) if "class into a function" in m]


@pytest.mark.parametrize("name", list(WARNED))
def test_a_version_test_leaves_a_warning(git_repo: GitRepo, no_rules: Path, name: str) -> None:
    assert [m for m in _warnings(git_repo, no_rules, WARNED[name]) if "class into a function" in m]
