"""A killer on a fork line under a test of the upstream package's own version is a warning, whatever the
check (domain/audits/drift/gated_lines.py); since mend47 so is one under a comparison of another library's or
the interpreter's version (a path per release of the library, saying which version it is), and since review44 one
under a helper named for a version comparison handed a release number (``is_torch_equal_or_newer("2.10.0")``),
a module helper returning a version test, or a local flag bound from one.  Unguarded, under a helper that spells
no release, or after a version ``if`` that does not leave the block, it stays an error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.gated_lines import LIBRARY_WHY, WHY
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import test_dispatched_call_drift as dispatched
from tests.audits import test_dropped_cache_drift as caches
from tests.audits import test_dropped_table_key_drift as table_keys
from tests.audits import test_stored_tuples as stored
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, three_way

UTILS = "vllm/layers/kernels.py"
KERNELS_BASE = "def gemm(x, w, scale=None):\n    return x\n\n\ndef old_pack(x):\n    return x\n"
KERNELS_THEIRS = "def gemm(x, w):\n    return x\n\n\ndef new_pack(x):\n    return x\n"
FORK = "vllm/aeon_use.py"


def _findings(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str, str]]:
    """The symbol-drift findings on the fork file (rule, line, severity, message) once upstream drops
    ``gemm``'s ``scale`` keyword and renames ``old_pack``."""
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", UTILS: KERNELS_BASE}
    sides = three_way(git_repo, base, {FORK: fork}, {UTILS: KERNELS_THEIRS})
    report = audit(git_repo, sides, tmp_path)
    return [(f.rule_id, f.line, f.severity.value, f.message) for f in report.findings if f.path == FORK]


def _severities(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[str]:
    return [f[2] for f in _findings(git_repo, tmp_path, fork) if f[0] == SYMBOL_DRIFT]


# The rows of the four tests below each put one fork module beside the same base and upstream and pin its symbol-drift
# findings (a warning under a version test, an error elsewhere): no row's module imports another's, and a version
# test is read in its own file, so one merge and one audit of every row's module side by side answers each row (27
# merges and audits became one per process; suitespeed8).
_ROW_FORKS: list[str] = []
_AUDITED: dict[tuple[str, ...], dict[str, list[tuple[str, int, str, str]]]] = {}


def _batched(forks: list[str]) -> list[str]:
    _ROW_FORKS.extend(forks)
    return forks


def _drift_among_rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str, str]]:
    """The symbol-drift findings of ``_findings`` on ``fork``'s module, from the one audit of every row's module."""
    forks = tuple(dict.fromkeys(_ROW_FORKS))
    if forks not in _AUDITED:
        paths = {text: f"vllm/aeon_use_{number}.py" for number, text in enumerate(forks)}
        base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", UTILS: KERNELS_BASE}
        sides = three_way(git_repo, base, {path: text for text, path in paths.items()}, {UTILS: KERNELS_THEIRS})
        found = [f for f in audit(git_repo, sides, tmp_path).findings if f.rule_id == SYMBOL_DRIFT]
        assert all(f.path in paths.values() for f in found), found
        _AUDITED[forks] = {
            text: [(f.rule_id, f.line, f.severity.value, f.message) for f in found if f.path == path]
            for text, path in paths.items()
        }
    return _AUDITED[forks][fork]


HEAD = "import sys\n\nimport torch\n\nimport vllm\nfrom vllm.layers.kernels import gemm\n\n\n"
KILLER = "gemm(x, w, scale=s)"


@pytest.mark.parametrize(
    "fork",
    _batched(
        [
            # either branch of an if
            HEAD + f"def aeon(x, w, s):\n    if vllm.__version__ < '0.10':\n        return {KILLER}\n"
            "    else:\n        return gemm(x, w)\n",
            HEAD + f"def aeon(x, w, s):\n    if vllm.__version__ >= '0.10':\n        return gemm(x, w)\n"
            f"    else:\n        return {KILLER}\n",
            # after an earlier if of the block that returns
            HEAD
            + f"def aeon(x, w, s):\n    if vllm.__version__ >= '0.10':\n        return gemm(x, w)\n    return {KILLER}\n",
            # a module-level flag from `from <pkg> import __version__`, in a conditional expression
            HEAD + "from vllm import __version__\n\nOLD = __version__ < '0.10'\n\n\n"
            f"def aeon(x, w, s):\n    return {KILLER} if OLD else gemm(x, w)\n",
            # the version module, aliased
            HEAD + "from vllm.version import __version__ as VLLM_VERSION\n\n\n"
            f"def aeon(x, w, s):\n    if VLLM_VERSION.startswith('0.9'):\n        return {KILLER}\n    return gemm(x, w)\n",
            # the installed distribution's version
            HEAD + "from importlib.metadata import version\n\n\n"
            f"def aeon(x, w, s):\n    if version('vllm') < '0.10':\n        return {KILLER}\n    return gemm(x, w)\n",
        ]
    ),
    ids=["if-body", "else", "after-exiting-if", "module-flag-ifexp", "version-module-alias", "metadata-version"],
)
def test_a_killer_under_the_packages_version_is_a_warning(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    found = _drift_among_rows(git_repo, tmp_path, fork)
    assert [f[2] for f in found] == ["warning"]
    assert found[0][3].endswith(WHY)


# mend47: a comparison of another library's or the interpreter's version: the fork's path per release of it
@pytest.mark.parametrize(
    "fork",
    _batched(
        [
            HEAD
            + f"def aeon(x, w, s):\n    if torch.__version__ < '2.8':\n        return {KILLER}\n    return gemm(x, w)\n",
            HEAD
            + f"def aeon(x, w, s):\n    if sys.version_info < (3, 11):\n        return {KILLER}\n    return gemm(x, w)\n",
            HEAD + "from packaging.version import Version\n\nimport transformers\n\n\n"
            f"def aeon(x, w, s):\n    if Version(transformers.__version__) >= Version('4.56'):\n        return gemm(x, w)\n"
            f"    else:\n        return {KILLER}\n",
            HEAD + "import importlib.metadata\n\nOLD_TORCH = importlib.metadata.version('torch') < '2.9'\n\n\n"
            f"def aeon(x, w, s):\n    return {KILLER} if OLD_TORCH else gemm(x, w)\n",
            HEAD + "from torch import __version__ as TORCH\n\n\n"
            f"def aeon(x, w, s):\n    if TORCH >= '2.9':\n        return gemm(x, w)\n    return {KILLER}\n",
            HEAD
            + f"def aeon(x, w, s):\n    if torch.version.cuda < '12.8':\n        return {KILLER}\n    return gemm(x, w)\n",
            # review44: the upstream tree's own spellings of a path per torch release
            HEAD + "from vllm.utils import is_torch_equal_or_newer\n\n\n"
            f"def aeon(x, w, s):\n    if not is_torch_equal_or_newer('2.8'):\n        return {KILLER}\n    return gemm(x, w)\n",
            HEAD + "from vllm.layers import torchao_version_at_least\n\n\n"
            f"def aeon(x, w, s):\n    if torchao_version_at_least('0.15.0'):\n        return gemm(x, w)\n    return {KILLER}\n",
            HEAD
            + "from vllm.utils import is_torch_equal_or_newer\n\nNEW_TORCH = is_torch_equal_or_newer('2.10.0')\n\n\n"
            f"def aeon(x, w, s):\n    return gemm(x, w) if NEW_TORCH else {KILLER}\n",
            HEAD + 'def _new_torch() -> bool:\n    """Doc."""\n    return torch.__version__ >= \'2.9\'\n\n\n'
            f"def aeon(x, w, s):\n    if _new_torch():\n        return gemm(x, w)\n    return {KILLER}\n",
            HEAD + "def aeon(x, w, s):\n    old_torch = torch.__version__ < '2.9'\n"
            f"    if old_torch:\n        return {KILLER}\n    return gemm(x, w)\n",
        ]
    ),
    ids=[
        "torch-version",
        "python-version",
        "packaging-of-transformers",
        "metadata-flag",
        "imported-alias",
        "cuda",
        "torch-helper",
        "torchao-helper",
        "torch-helper-flag",
        "version-helper-of-the-module",
        "local-flag",
    ],
)
def test_a_killer_under_a_library_s_version_is_a_warning(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    found = _drift_among_rows(git_repo, tmp_path, fork)
    assert [f[2] for f in found] == ["warning"]
    assert found[0][3].endswith(LIBRARY_WHY)


@pytest.mark.parametrize(
    "fork",
    _batched(
        [
            # the old spelling outside the test, in a file that asks torch's version elsewhere
            HEAD + f"def aeon(x, w, s):\n    if torch.__version__ < '2.8':\n        s = None\n    return {KILLER}\n",
            HEAD + "def fast() -> bool:\n    return torch.__version__ >= '2.9'\n\n\n"
            f"def aeon(x, w, s):\n    return {KILLER}\n",
            # a version-looking attribute that is no comparison: a test of the build, not of a release
            HEAD + f"def aeon(x, w, s):\n    if torch.version.cuda:\n        return {KILLER}\n    return gemm(x, w)\n",
        ]
    ),
    ids=["after-non-exiting-torch-if", "torch-asked-elsewhere", "truthiness-of-the-cuda-build"],
)
def test_a_killer_beside_a_library_s_version_test_stays_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert [f[2] for f in _drift_among_rows(git_repo, tmp_path, fork)] == ["error"]


@pytest.mark.parametrize(
    "fork",
    _batched(
        [
            # review44: a helper handed a variable, not a release number; a helper named for no comparison
            HEAD + "from vllm.utils import is_torch_equal_or_newer\n\n\n"
            f"def aeon(x, w, s, r):\n    if not is_torch_equal_or_newer(r):\n        return {KILLER}\n    return gemm(x, w)\n",
            HEAD + "from vllm.utils import supports\n\n\n"
            f"def aeon(x, w, s):\n    if not supports('2.8'):\n        return {KILLER}\n    return gemm(x, w)\n",
            # a local name bound from the version once, and once from something else: no flag
            HEAD
            + "def aeon(x, w, s, flags):\n    old = torch.__version__ < '2.8'\n    for old in flags:\n        pass\n"
            f"    if old:\n        return {KILLER}\n    return gemm(x, w)\n",
            HEAD + f"def aeon(x, w, s):\n    return {KILLER}\n",
            # the version if does not leave the block: the killer runs on every release
            HEAD + f"def aeon(x, w, s):\n    if vllm.__version__ < '0.10':\n        s = None\n    return {KILLER}\n",
            # a module that refuses old releases: what follows is the only path, and it runs after the merge
            HEAD + "if vllm.__version__ < '0.10':\n    raise ImportError('needs 0.10')\n\n\n"
            f"def aeon(x, w, s):\n    return {KILLER}\n",
            # a helper of the package's own that asks another library's version
            HEAD + "from vllm.layers import get_cuda_version\n\n\n"
            f"def aeon(x, w, s):\n    if get_cuda_version() < (12, 8):\n        return {KILLER}\n    return gemm(x, w)\n",
        ]
    ),
    ids=[
        "torch-helper-handed-a-variable",
        "helper-named-for-no-comparison",
        "local-name-bound-twice",
        "unguarded",
        "after-non-exiting-if",
        "after-a-raising-requirement",
        "package-helper-asking-cuda",
    ],
)
def test_a_killer_elsewhere_stays_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert [f[2] for f in _drift_among_rows(git_repo, tmp_path, fork)] == ["error"]


def test_an_import_of_a_renamed_name_under_the_version_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        "import vllm\n\nif vllm.__version__ < '0.10':\n    from vllm.layers.kernels import old_pack as pack\n"
        "else:\n    from vllm.layers.kernels import new_pack as pack\n\n\ndef aeon(x):\n    return pack(x)\n"
    )
    assert _severities(git_repo, tmp_path, fork) == ["warning"]


def _gate(body: str, old: str, new: str) -> str:
    return f"import vllm\n{body}def aeon_case(*a):\n    if vllm.__version__ < '0.10':\n        {old}\n    {new}\n"


Rows = Callable[[GitRepo, Path, str], list]


@pytest.mark.parametrize(
    ("rows", "fork"),
    [
        (  # a dispatcher's returned function called the old way (dispatched calls)
            dispatched._rows,
            _gate(dispatched.NAMED, "return dispatch_gemm()(a[0], a[1].weight, None)", "return None"),
        ),
        (  # a cache upstream dropped, cleared (dropped caches)
            caches._rows,
            _gate(caches.MODULE, "inv.is_invariant.cache_clear()", "return None"),
        ),
        (  # a table key upstream renamed, looked up (dropped table keys)
            table_keys._rows,
            _gate(table_keys.NAMED, "return get_and_mul('gelu_and_mul')", "return get_and_mul('geglu')"),
        ),
    ],
    ids=["dispatched-call", "dropped-cache", "dropped-table-key"],
)
def test_other_classes_are_warnings_under_the_version(git_repo: GitRepo, tmp_path: Path, rows: Rows, fork: str) -> None:
    assert [r[2] for r in rows(git_repo, tmp_path, fork)] == ["warning"]


def test_a_stored_tuple_unpacked_under_the_version_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "import vllm\n\n\ndef aeon_hidden(runner: Runner):\n    if vllm.__version__ < '0.18':\n"
        "        return runner.state[2]\n    return runner.state.hidden\n"
    )
    assert [r[2] for r in stored.rows(git_repo, no_rules, body)] == ["warning"]


# review44: the version test kept in a compat module of the fork's own, imported where the paths part
COMPAT = "vllm/aeon_compat.py"


def _compat_severities(git_repo: GitRepo, tmp_path: Path, compat: str, fork: str) -> list[str]:
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", UTILS: KERNELS_BASE}
    sides = three_way(git_repo, base, {FORK: fork, COMPAT: compat}, {UTILS: KERNELS_THEIRS})
    report = audit(git_repo, sides, tmp_path)
    return [f.severity.value for f in report.findings if f.path == FORK and f.rule_id == SYMBOL_DRIFT]


TORCH_FLAG = "from vllm.utils import is_torch_equal_or_newer\n\nNEW_TORCH = is_torch_equal_or_newer('2.10.0')\n"
USE_FLAG = (
    "from vllm.aeon_compat import NEW_TORCH\nfrom vllm.layers.kernels import gemm\n\n\n"
    f"def aeon(x, w, s):\n    if NEW_TORCH:\n        return gemm(x, w)\n    return {KILLER}\n"
)
USE_HELPER = (
    "from vllm.aeon_compat import new_torch as torch_ok\nfrom vllm.layers.kernels import gemm\n\n\n"
    f"def aeon(x, w, s):\n    if not torch_ok():\n        return {KILLER}\n    return gemm(x, w)\n"
)


@pytest.mark.parametrize(
    ("compat", "fork"),
    [
        (TORCH_FLAG, USE_FLAG),
        (TORCH_FLAG + "\n\ndef new_torch() -> bool:\n    return NEW_TORCH\n", USE_HELPER),
        ("import torch\n\n\ndef new_torch() -> bool:\n    return torch.__version__ >= '2.10'\n", USE_HELPER),
    ],
    ids=["a-flag", "a-helper-of-the-flag", "a-helper-reading-the-version"],
)
def test_a_killer_under_a_compat_module_s_version_test_is_a_warning(
    git_repo: GitRepo, tmp_path: Path, compat: str, fork: str
) -> None:
    assert _compat_severities(git_repo, tmp_path, compat, fork) == ["warning"]


@pytest.mark.parametrize(
    ("compat", "fork"),
    [
        ("import os\n\nNEW_TORCH = os.environ.get('AEON_NEW_TORCH') == '1'\n", USE_FLAG),
        ("def new_torch() -> bool:\n    return True\n", USE_HELPER),
    ],
    ids=["a-flag-of-no-version", "a-helper-of-no-version"],
)
def test_a_killer_under_a_compat_module_s_other_test_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, compat: str, fork: str
) -> None:
    assert _compat_severities(git_repo, tmp_path, compat, fork) == ["error"]
