"""A fork's probe of a package whose star import stopped handing a name on (review50).

#29617 (a24ea5414b) dropped ``get_tensor_model_parallel_group`` from the parallel state the distributed package
stars: ``if hasattr(dist, "get_tensor_model_parallel_group"): from vllm.distributed import ...`` imports the name
only where the package still has it, as a read of ``dist.get_tensor_model_parallel_group`` under the same test
does.  #51078 (373fe8b83e) dropped ``prepare_communication_buffer_for_model`` from the parallel state (a top-level
function beside the group class's method of the name) and from a communicator's class: ``getattr(dist, name,
None)`` probes the package's function, a warning (the fork's fallback runs), not an error.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.names import RULE as NAMES
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way
from tests.audits.test_symbol_drift import found as drift_found

PKG = "vllm/distributed/__init__.py"
STATE = "vllm/distributed/parallel_state.py"
OTHER = "vllm/distributed/other.py"
FORK = "vllm/aeon/probe.py"
STATE_BASE = "def get_tp_group():\n    return None\n\n\nget_tensor_model_parallel_group = get_tp_group\n"
STATE_AFTER = "def get_tp_group():\n    return None\n"
SUBJECT = "[Deprecation] Advance deprecation status (#29617)"


def _symbols(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = s.merge_case(
        git_repo,
        {PKG: "from .parallel_state import *\n", STATE: STATE_BASE, OTHER: "def kept():\n    return None\n"},
        {FORK: fork},
        [(SUBJECT, {STATE: STATE_AFTER})],
    )
    return drift_found(git_repo.audit(no_rules, merge=sides))


LOCAL = """import vllm.distributed as dist
from vllm.distributed import get_tp_group


def aeon_tp_group():
    if hasattr(dist, "get_tensor_model_parallel_group"):
        from vllm.distributed import get_tensor_model_parallel_group

        return get_tensor_model_parallel_group()
    return get_tp_group()
"""
TOP = """from vllm import distributed

if hasattr(distributed, "get_tensor_model_parallel_group"):
    from vllm.distributed import get_tensor_model_parallel_group
else:
    from vllm.distributed import get_tp_group as get_tensor_model_parallel_group


def aeon_tp_group():
    return get_tensor_model_parallel_group()
"""


def test_an_import_under_a_hasattr_of_its_own_package_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert [f for f in _symbols(git_repo, no_rules, LOCAL) if f[0] == FORK] == []


def test_a_module_level_hasattr_choosing_the_import_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert [f for f in _symbols(git_repo, no_rules, TOP) if f[0] == FORK] == []


EXITED = """import vllm.distributed as dist


def aeon_tp_group():
    if not hasattr(dist, "get_tensor_model_parallel_group"):
        return dist.get_tp_group()
    from vllm.distributed import get_tensor_model_parallel_group

    return get_tensor_model_parallel_group()
"""
TESTED = """import vllm.distributed as dist


def aeon_tp_group():
    if getattr(dist, "get_tensor_model_parallel_group", None) is not None:
        from vllm.distributed import get_tensor_model_parallel_group

        return get_tensor_model_parallel_group()
    return dist.get_tp_group()
"""


def test_an_import_after_an_early_return_where_the_package_lacks_the_name_is_quiet(
    git_repo: GitRepo, no_rules: Path
) -> None:
    assert [f for f in _symbols(git_repo, no_rules, EXITED) if f[0] == FORK] == []


def test_an_import_under_a_getattr_tested_for_none_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert [f for f in _symbols(git_repo, no_rules, TESTED) if f[0] == FORK] == []


def test_an_import_where_the_getattr_found_nothing_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``is None``: the branch runs exactly where the package lacks the name, and its import fails there."""
    fork = TESTED.replace("is not None", "is None")
    assert (FORK, 6) in [(p, n) for p, n, _ in _symbols(git_repo, no_rules, fork) if p == FORK]


def test_a_hasattr_of_another_module_guards_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    """The test asks ``other`` for the name: the package's import still fails where the test holds."""
    fork = LOCAL.replace("import vllm.distributed as dist", "import vllm.distributed.other as dist")
    results = [(p, n) for p, n, _ in _symbols(git_repo, no_rules, fork) if p == FORK]
    assert (FORK, 7) in results


COMM = "vllm/distributed/communicator.py"
PREP_STATE = """class GroupCoordinator:
    def prepare_buffers_for_model(self, model):
        return model


def prepare_buffers_for_model(model):
    return GroupCoordinator().prepare_buffers_for_model(model)
"""
PREP_COMM = "class Communicator:\n    def prepare_buffers_for_model(self, model):\n        return model\n"
PREP_FORK = """import vllm.distributed as dist


def aeon_prepare(model) -> None:
    prepare = getattr(dist, "prepare_buffers_for_model", None)
    if prepare is not None or model.force:
        prepare(model)


def aeon_layer_prepare(layer, model) -> None:
    prepare = getattr(layer, "prepare_buffers_for_model", None)
    if prepare is not None or model.force:
        prepare(model)
"""
# (mend50: a test of the value that does not keep the call from the default: a probe calling the member only
# where it is found is the fork's bridge, quiet, drift/probed_callables.py)


def test_a_probe_of_the_starring_package_takes_the_function_its_module_deleted(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """The name left two files (a communicator's method sorts first); the probe off the package names the
    parallel state's function, whose class's method of the name is no attribute of the module: a warning.  An
    object's attribute probed stays an error."""
    base = {
        "vllm/__init__.py": "",
        "vllm/aeon/__init__.py": "",
        PKG: "from .parallel_state import *\n",
        STATE: PREP_STATE,
        COMM: PREP_COMM,
    }
    theirs = {STATE: "def get_tp_group():\n    return None\n", COMM: "class Communicator:\n    pass\n"}
    sides = three_way(git_repo, base, {FORK: PREP_FORK}, theirs)
    got = sorted(f for f in found(audit(git_repo, sides, tmp_path), NAMES) if f[0] == FORK)
    module, layer = line_of(PREP_FORK, "getattr(dist,"), line_of(PREP_FORK, "getattr(layer,")
    assert got == [(FORK, module, "warning"), (FORK, layer, "error")]
