"""Adversarial twins of killers148's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- symbol drift through a package's star import (``from .parallel_state import *`` in an unchanged
  ``__init__``): #41471 (e6018c644a) dropped ``get_decode_context_model_parallel_world_size`` / ``_rank`` and
  the ``get_context_model_parallel_group`` alias, #29617 (a24ea5414b) ``get_tensor_model_parallel_group`` /
  ``get_pipeline_model_parallel_group``, #51078 (373fe8b83e) ``prepare_communication_buffer_for_model``; the
  twins import the name under ``try/except ImportError``, read it off the package with ``getattr(..., None)``
  or under ``hasattr``, under ``TYPE_CHECKING`` or a version test, take the kept or new spelling through the
  star, carry the fork's own shim in the starred module, or import a namesake from the fork's own starred
  package; the pooling package's stars of modules with ``__all__`` (#32148 8863c2b25c, #35829 9c7cab5ebb)
  taken at kept names;
- stopped-write drift's field a base of another module may set and ``weakref.finalize(self, ...)`` no hand-on
  (#23917 8de261b04a; the multiproc executor's ``_init_executor`` registers its finalizer): a fork override
  reading a field upstream moved into a helper ``_init_executor`` still calls (#28506 484e22bc18), a field the
  override stores itself before reading, a read under ``getattr(self, ..., None)`` or ``hasattr``, the kept
  field, a read in another method.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1, main's engine (0952af20, killers148 landed): 4 caught, 1 warned of 5 cases; 3 false errors of 27
twins (4 warned): symbol drift on ``from vllm.distributed import get_tensor_model_parallel_group`` inside ``if
hasattr(dist, "get_tensor_model_parallel_group"):`` (a function's local import, and its call below it) and the
same at module level choosing between the old import and ``get_tp_group as ...`` (#29617) -- the import errors
are new with the star widening, the call's error was there before it; and name drift on ``prepare =
getattr(dist, "prepare_communication_buffer_for_model", None)`` then ``if prepare is not None: prepare(model)``
(#51078; there before the widening too).  Before the widenings (d0aa7738): 1 caught, 3 warned, 1 missed of 5;
1 false error of 27 (the name-drift getattr; the hasattr-guarded local import's call erred, off the twin's line).
Round 2, after the mends (symbol drift's ``_probed_imports``: an import under a ``hasattr`` of the module it
draws from, and the reads of what it binds, are guarded; name drift: a probe off a package takes the deleted
function of the module it names among the files that deleted the name, and a method of the name is no module
value): 4 caught, 1 warned of 5; 0 false errors of 27 (5 warned: the name-drift probes, now warnings, the
version test's import, the fork's shim beside upstream's hunk).  Other real commits of the kinds, added: #41471's
removed alias (a case, caught), a submodule of the starring package, the fork's own re-export added to the
package, #25311's rewritten ``eplb_state`` under the eplb package's star, #32104's and #11737's client
``__init__`` (the one registering ``weakref.finalize``) storing fields under a branch or a ``try``.
Round 3: the import after ``if not hasattr(dist, name): return dist.get_tp_group()``, and under ``if
getattr(dist, name, None) is not None:`` (#29617): 2 false errors of 2 on main and after round 2's mends (the
import and the call of what it binds); mended (``hasattr_exited`` and ``hasattr_branch`` in
``drift/fallbacks.py`` feed the same ``_imported_lines``).
All rounds, main (0952af20): 5 caught, 1 warned of 6 cases; 5 false errors of 34 twins.  This branch: 5 caught,
1 warned of 6; 0 false errors of 34 (6 warned: the name-drift probes of the removed names, now warnings, the
version test's import, the fork's shim beside upstream's hunk).
Regression set at this branch's head: blind_replay_rayexec 16 caught, 1 warned, 1 missed of 18 (as landed; 9
twins quiet), killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false of
40/30/23, review18 0 false of 41, review25 0 false of 26, blind_replay_executor 19/19, blind_replay_distributed
20/20, ``symbol_precision.py --windows 1`` 0 false errors.

  PYTHONPATH=.. python review50_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

PS = "vllm/distributed/parallel_state.py"

# --- e6018c644a (#41471): parallel_state's dead DCP helpers removed; vllm.distributed stars the module
DC = ("#41471", "e6018c644a", "get_decode_context_model_parallel_world_size removed from parallel_state")
CASES += [
    (
        "#41471 star name removed",
        "an import through the package",
        K(
            *DC,
            "vllm/aeon/r50dc0.py",
            "from vllm.distributed import get_decode_context_model_parallel_world_size\n\n\n"
            "def aeon_dcp_size() -> int:\n"
            "    return get_decode_context_model_parallel_world_size()\n",
            "from vllm.distributed import get_decode_context_model_parallel_world_size",
        ),
    ),
]
TWINS += [
    (
        "#41471 star name removed",
        "try/except ImportError around the import",
        K(
            *DC,
            "vllm/aeon/r50dc1.py",
            "try:\n"
            "    from vllm.distributed import get_decode_context_model_parallel_world_size\n"
            "except ImportError:  # upstream dropped the helper: read the DCP group itself\n"
            "    from vllm.distributed import get_dcp_group\n\n"
            "    def get_decode_context_model_parallel_world_size() -> int:\n"
            "        return get_dcp_group().world_size\n\n\n"
            "def aeon_dcp_size() -> int:\n"
            "    return get_decode_context_model_parallel_world_size()\n",
            "    from vllm.distributed import get_decode_context_model_parallel_world_size",
        ),
    ),
    (
        "#41471 star name removed",
        "getattr(package, name, None) with a fallback",
        K(
            *DC,
            "vllm/aeon/r50dc2.py",
            "import vllm.distributed as dist\n\n\n"
            "def aeon_dcp_rank() -> int:\n"
            "    legacy = getattr(dist, 'get_decode_context_model_parallel_rank', None)\n"
            "    return legacy() if legacy is not None else dist.get_dcp_group().rank_in_group\n",
            "    legacy = getattr(dist, 'get_decode_context_model_parallel_rank', None)",
        ),
    ),
    (
        "#41471 star name removed",
        "hasattr(package, name) guard",
        K(
            *DC,
            "vllm/aeon/r50dc3.py",
            "import vllm.distributed as dist\n\n\n"
            "def aeon_dcp_size() -> int:\n"
            "    if hasattr(dist, 'get_decode_context_model_parallel_world_size'):\n"
            "        return dist.get_decode_context_model_parallel_world_size()\n"
            "    return dist.get_dcp_group().world_size\n",
            "        return dist.get_decode_context_model_parallel_world_size()",
        ),
    ),
    (
        "#41471 star name removed",
        "the new spelling through the star",
        K(
            *DC,
            "vllm/aeon/r50dc4.py",
            "from vllm.distributed import get_dcp_group\n\n\n"
            "def aeon_dcp_size() -> int:\n"
            "    return get_dcp_group().world_size\n",
            "from vllm.distributed import get_dcp_group",
        ),
    ),
    (
        "#41471 star name removed",
        "the fork's shim in the starred module",
        Killer(
            *DC,
            (
                Edit(
                    PS,
                    "# AEON: kept for the fork's DCP callers\n"
                    "def get_decode_context_model_parallel_world_size() -> int:\n"
                    "    return get_dcp_group().world_size\n\n\n",
                    "def get_pp_group() -> GroupCoordinator:",
                ),
                Edit(
                    "vllm/aeon/r50dc5.py",
                    "from vllm.distributed import get_decode_context_model_parallel_world_size\n\n\n"
                    "def aeon_dcp_size() -> int:\n"
                    "    return get_decode_context_model_parallel_world_size()\n",
                ),
            ),
            (("vllm/aeon/r50dc5.py", "from vllm.distributed import get_decode_context_model_parallel_world_size"),),
        ),
    ),
    (
        "#41471 star name removed",
        "a namesake from the fork's own starred package",
        Killer(
            *DC,
            (
                Edit("vllm/aeon/r50compat/__init__.py", "from .groups import *\n"),
                Edit(
                    "vllm/aeon/r50compat/groups.py",
                    "from vllm.distributed import get_dcp_group\n\n\n"
                    "def get_decode_context_model_parallel_world_size() -> int:\n"
                    "    return get_dcp_group().world_size\n",
                ),
                Edit(
                    "vllm/aeon/r50dc6.py",
                    "from vllm.aeon.r50compat import get_decode_context_model_parallel_world_size\n\n\n"
                    "def aeon_dcp_size() -> int:\n"
                    "    return get_decode_context_model_parallel_world_size()\n",
                ),
            ),
            (("vllm/aeon/r50dc6.py", "from vllm.aeon.r50compat import get_decode_context_model_parallel_world_size"),),
        ),
    ),
    (
        "#41471 star name removed",
        "an import under TYPE_CHECKING of a kept class",
        K(
            *DC,
            "vllm/aeon/r50dc7.py",
            "from typing import TYPE_CHECKING\n\n"
            "if TYPE_CHECKING:\n"
            "    from vllm.distributed import GroupCoordinator\n\n\n"
            "def aeon_size(group: 'GroupCoordinator') -> int:\n"
            "    return group.world_size\n",
            "    from vllm.distributed import GroupCoordinator",
        ),
    ),
    (
        "#41471 star name removed",
        "a name of another starred module (communication_op)",
        K(
            *DC,
            "vllm/aeon/r50dc8.py",
            "import torch\n\n"
            "from vllm.distributed import tensor_model_parallel_all_reduce\n\n\n"
            "def aeon_reduce(x: torch.Tensor) -> torch.Tensor:\n"
            "    return tensor_model_parallel_all_reduce(x)\n",
            "from vllm.distributed import tensor_model_parallel_all_reduce",
        ),
    ),
    (
        "#41471 star name removed",
        "a name of the third starred module (utils)",
        K(
            *DC,
            "vllm/aeon/r50dc9.py",
            "from vllm.distributed import StatelessProcessGroup, divide\n\n\n"
            "def aeon_chunk(n: int, group: StatelessProcessGroup) -> int:\n"
            "    return divide(n, group.world_size)\n",
            "from vllm.distributed import StatelessProcessGroup, divide",
        ),
    ),
    (
        "#41471 star name removed",
        "a name the starred module imports and the star hands on",
        K(
            *DC,
            "vllm/aeon/r50dc10.py",
            "from vllm.distributed import ProcessGroup\n\n\n"
            "def aeon_is_group(pg: object) -> bool:\n"
            "    return isinstance(pg, ProcessGroup)\n",
            "from vllm.distributed import ProcessGroup",
        ),
    ),
]

# --- a24ea5414b (#29617): get_tensor_model_parallel_group / get_pipeline_model_parallel_group removed
TG = ("#29617", "a24ea5414b", "get_tensor_model_parallel_group removed from parallel_state")
CASES += [
    (
        "#29617 star name removed",
        "an import through the package",
        K(
            *TG,
            "vllm/aeon/r50tg0.py",
            "from vllm.distributed import get_tensor_model_parallel_group\n\n\n"
            "def aeon_tp_group():\n"
            "    return get_tensor_model_parallel_group()\n",
            "from vllm.distributed import get_tensor_model_parallel_group",
        ),
    ),
    (
        "#29617 star name removed",
        "a module-attribute call off the package",
        K(
            *TG,
            "vllm/aeon/r50tg1.py",
            "from vllm import distributed\n\n\n"
            "def aeon_pp_group():\n"
            "    return distributed.get_pipeline_model_parallel_group()\n",
            "    return distributed.get_pipeline_model_parallel_group()",
        ),
    ),
]
TWINS += [
    (
        "#29617 star name removed",
        "the kept get_tp_group through the star",
        K(
            *TG,
            "vllm/aeon/r50tg2.py",
            "from vllm.distributed import get_pp_group, get_tp_group\n\n\n"
            "def aeon_groups():\n"
            "    return get_tp_group(), get_pp_group()\n",
            "from vllm.distributed import get_pp_group, get_tp_group",
        ),
    ),
    (
        "#29617 star name removed",
        "try/except (ImportError, AttributeError) around a module-attribute call",
        K(
            *TG,
            "vllm/aeon/r50tg3.py",
            "import vllm.distributed as dist\n\n\n"
            "def aeon_tp_group():\n"
            "    try:\n"
            "        return dist.get_tensor_model_parallel_group()\n"
            "    except AttributeError:  # upstream dropped the deprecated alias\n"
            "        return dist.get_tp_group()\n",
            "        return dist.get_tensor_model_parallel_group()",
        ),
    ),
    (
        "#29617 star name removed",
        "a local alias of the new spelling under the old name",
        K(
            *TG,
            "vllm/aeon/r50tg4.py",
            "import vllm.distributed as dist\n\n"
            "get_tensor_model_parallel_group = dist.get_tp_group\n\n\n"
            "def aeon_tp_group():\n"
            "    return get_tensor_model_parallel_group()\n",
            "    return get_tensor_model_parallel_group()",
        ),
    ),
    (
        "#29617 star name removed",
        "hasattr on the package around a local import of the name",
        K(
            *TG,
            "vllm/aeon/r50tg5.py",
            "import vllm.distributed as dist\n"
            "from vllm.distributed import get_tp_group\n\n\n"
            "def aeon_tp_group():\n"
            "    if hasattr(dist, 'get_tensor_model_parallel_group'):\n"
            "        from vllm.distributed import get_tensor_model_parallel_group\n\n"
            "        return get_tensor_model_parallel_group()\n"
            "    return get_tp_group()\n",
            "        from vllm.distributed import get_tensor_model_parallel_group",
        ),
    ),
    (
        "#29617 star name removed",
        "a module-level hasattr choosing the import",
        K(
            *TG,
            "vllm/aeon/r50tg7.py",
            "import vllm.distributed as dist\n\n"
            "if hasattr(dist, 'get_tensor_model_parallel_group'):\n"
            "    from vllm.distributed import get_tensor_model_parallel_group\n"
            "else:  # upstream dropped the deprecated alias\n"
            "    from vllm.distributed import get_tp_group as get_tensor_model_parallel_group\n\n\n"
            "def aeon_tp_group():\n"
            "    return get_tensor_model_parallel_group()\n",
            "    from vllm.distributed import get_tensor_model_parallel_group",
        ),
    ),
    (
        "#29617 star name removed",
        "a version test around the old import",
        K(
            *TG,
            "vllm/aeon/r50tg8.py",
            "from packaging.version import Version\n\n"
            "from vllm import __version__\n\n"
            "if Version(__version__) < Version('0.12'):\n"
            "    from vllm.distributed import get_tensor_model_parallel_group\n"
            "else:\n"
            "    from vllm.distributed import get_tp_group as get_tensor_model_parallel_group\n\n\n"
            "def aeon_tp_group():\n"
            "    return get_tensor_model_parallel_group()\n",
            "    from vllm.distributed import get_tensor_model_parallel_group",
        ),
    ),
    (
        "#29617 star name removed",
        "the fork's alias in the starred module",
        Killer(
            *TG,
            (
                Edit(
                    PS,
                    "get_tensor_model_parallel_group = get_tp_group  # AEON: the fork's callers\n\n\n",
                    "def get_pp_group() -> GroupCoordinator:",
                ),
                Edit(
                    "vllm/aeon/r50tg6.py",
                    "from vllm.distributed import get_tensor_model_parallel_group\n\n\n"
                    "def aeon_tp_group():\n"
                    "    return get_tensor_model_parallel_group()\n",
                ),
            ),
            (("vllm/aeon/r50tg6.py", "from vllm.distributed import get_tensor_model_parallel_group"),),
        ),
    ),
]

# --- 373fe8b83e (#51078): prepare_communication_buffer_for_model removed from parallel_state
PC = ("#51078", "373fe8b83e", "prepare_communication_buffer_for_model removed")
CASES += [
    (
        "#51078 star name removed",
        "an import through the package",
        K(
            *PC,
            "vllm/aeon/r50pc0.py",
            "import torch\n\n"
            "from vllm.distributed import prepare_communication_buffer_for_model\n\n\n"
            "def aeon_prepare(model: torch.nn.Module) -> None:\n"
            "    prepare_communication_buffer_for_model(model)\n",
            "from vllm.distributed import prepare_communication_buffer_for_model",
        ),
    ),
]
TWINS += [
    (
        "#51078 star name removed",
        "getattr on the package, default a no-op",
        K(
            *PC,
            "vllm/aeon/r50pc1.py",
            "import torch\n\n"
            "import vllm.distributed as dist\n\n\n"
            "def aeon_prepare(model: torch.nn.Module) -> None:\n"
            "    prepare = getattr(dist, 'prepare_communication_buffer_for_model', None)\n"
            "    if prepare is not None:\n"
            "        prepare(model)\n",
            "    prepare = getattr(dist, 'prepare_communication_buffer_for_model', None)",
        ),
    ),
    (
        "#51078 star name removed",
        "a kept name of the same starred module",
        K(
            *PC,
            "vllm/aeon/r50pc2.py",
            "from vllm.distributed import get_ep_group, get_world_group\n\n\n"
            "def aeon_ranks() -> tuple[int, int]:\n"
            "    return get_world_group().rank, get_ep_group().rank_in_group\n",
            "from vllm.distributed import get_ep_group, get_world_group",
        ),
    ),
]

# --- the pooling package stars modules that each set __all__
PO = ("#32148", "8863c2b25c", "pooler/common.py's __all__ widened")
PB = ("#35829", "9c7cab5ebb", "pooler/special.py's __all__ widened")
TWINS += [
    (
        "#32148 pooler __all__",
        "kept names of the package's stars",
        K(
            *PO,
            "vllm/aeon/r50po1.py",
            "from vllm.model_executor.layers.pooler import ClassifierFn, Pooler, PoolingParamsUpdate\n\n\n"
            "def aeon_head(fn: ClassifierFn, pooler: Pooler) -> PoolingParamsUpdate:\n"
            "    return pooler.get_pooling_updates('embed') if fn else PoolingParamsUpdate()\n",
            "from vllm.model_executor.layers.pooler import ClassifierFn, Pooler, PoolingParamsUpdate",
        ),
    ),
    (
        "#35829 pooler __all__",
        "kept names of a star whose __all__ changed",
        K(
            *PB,
            "vllm/aeon/r50po2.py",
            "from vllm.model_executor.layers.pooler import BOSEOSFilter, DispatchPooler, IdentityPooler\n\n\n"
            "def aeon_poolers() -> tuple[type, ...]:\n"
            "    return BOSEOSFilter, DispatchPooler, IdentityPooler\n",
            "from vllm.model_executor.layers.pooler import BOSEOSFilter, DispatchPooler, IdentityPooler",
        ),
    ),
]

# --- 8de261b04a (#23917) and 484e22bc18 (#28506): fields of the multiproc executor's _init_executor
MPE = "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
KA = ("#23917", "8de261b04a", "self.kv_output_aggregator no longer set in _init_executor")
PS28 = ("#28506", "484e22bc18", "world_size stored by _get_parallel_sizes, called from _init_executor")
TWINS += [
    (
        "#23917 attribute set later",
        "getattr(self, field, None) after super()",
        K(
            *KA,
            "vllm/aeon/r50ka1.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def _init_executor(self) -> None:\n"
            "        super()._init_executor()\n"
            "        self.aeon_aggregator = getattr(self, 'kv_output_aggregator', None)\n",
            "        self.aeon_aggregator = getattr(self, 'kv_output_aggregator', None)",
        ),
    ),
    (
        "#23917 attribute set later",
        "the override builds the field itself before reading it",
        K(
            *KA,
            "vllm/aeon/r50ka2.py",
            "from vllm.distributed.kv_transfer.kv_connector.utils import KVOutputAggregator\n"
            + MPE
            + "class AeonExecutor(MultiprocExecutor):\n"
            "    def _init_executor(self) -> None:\n"
            "        super()._init_executor()\n"
            "        self.kv_output_aggregator = KVOutputAggregator(self.parallel_config.world_size)\n"
            "        self.aeon_aggregator = self.kv_output_aggregator\n",
            "        self.aeon_aggregator = self.kv_output_aggregator",
        ),
    ),
    (
        "#23917 attribute set later",
        "a read in execute_model, after setup has run",
        K(
            *KA,
            "vllm/aeon/r50ka3.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_pending(self) -> int:\n"
            "        return len(self.kv_output_aggregator._recv_remaining_count)\n",
            "        return len(self.kv_output_aggregator._recv_remaining_count)",
        ),
    ),
    (
        "#23917 attribute set later",
        "the kept has_connector after super()",
        K(
            *KA,
            "vllm/aeon/r50ka4.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def _init_executor(self) -> None:\n"
            "        super()._init_executor()\n"
            "        self.aeon_kv = self.has_connector\n",
            "        self.aeon_kv = self.has_connector",
        ),
    ),
    (
        "#28506 stored by a helper",
        "world_size read after super()._init_executor()",
        K(
            *PS28,
            "vllm/aeon/r50ps1.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def _init_executor(self) -> None:\n"
            "        super()._init_executor()\n"
            "        self.aeon_local = self.local_world_size\n"
            "        self.aeon_world = self.world_size\n",
            "        self.aeon_world = self.world_size",
        ),
    ),
    (
        "#28506 stored by a helper",
        "the finalizer field read after super()",
        K(
            *PS28,
            "vllm/aeon/r50ps2.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def _init_executor(self) -> None:\n"
            "        super()._init_executor()\n"
            "        self.aeon_alive = self._finalizer.alive and not self.is_failed\n",
            "        self.aeon_alive = self._finalizer.alive and not self.is_failed",
        ),
    ),
]
CASES += [
    (
        "#23917 attribute set later",
        "a subclass's _init_executor read after super() (warned)",
        K(
            *KA,
            "vllm/aeon/r50ka0.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def _init_executor(self) -> None:\n"
            "        super()._init_executor()\n"
            "        self.aeon_aggregator = self.kv_output_aggregator\n",
            "        self.aeon_aggregator = self.kv_output_aggregator",
        ),
    ),
]


# --- round 2: other real commits of the kinds
CASES += [
    (
        "#41471 star name removed",
        "the removed alias through the package",
        K(
            *DC,
            "vllm/aeon/r50dc11.py",
            "from vllm.distributed import get_context_model_parallel_group\n\n\n"
            "def aeon_cp_group():\n"
            "    return get_context_model_parallel_group()\n",
            "from vllm.distributed import get_context_model_parallel_group",
        ),
    ),
]
TWINS += [
    (
        "#41471 star name removed",
        "a submodule of the starring package",
        K(
            *DC,
            "vllm/aeon/r50dc12.py",
            "from vllm.distributed import parallel_state\n\n\n"
            "def aeon_dcp_size() -> int:\n"
            "    return parallel_state.get_dcp_group().world_size\n",
            "from vllm.distributed import parallel_state",
        ),
    ),
    (
        "#41471 star name removed",
        "the fork's own re-export added to the package",
        Killer(
            *DC,
            (
                Edit(
                    "vllm/distributed/__init__.py",
                    "from .aeon_compat import get_decode_context_model_parallel_world_size  # AEON\n",
                    "from .utils import *",
                ),
                Edit(
                    "vllm/distributed/aeon_compat.py",
                    "from vllm.distributed.parallel_state import get_dcp_group\n\n\n"
                    "def get_decode_context_model_parallel_world_size() -> int:\n"
                    "    return get_dcp_group().world_size\n",
                ),
                Edit(
                    "vllm/aeon/r50dc13.py",
                    "from vllm.distributed import get_decode_context_model_parallel_world_size\n\n\n"
                    "def aeon_dcp_size() -> int:\n"
                    "    return get_decode_context_model_parallel_world_size()\n",
                ),
            ),
            (("vllm/aeon/r50dc13.py", "from vllm.distributed import get_decode_context_model_parallel_world_size"),),
        ),
    ),
    (
        "#25311 eplb star",
        "a kept class of the eplb package's star, its module rewritten",
        K(
            "#25311",
            "e50c454672",
            "EplbState rewritten (EplbModelState split out)",
            "vllm/aeon/r50ep1.py",
            "from vllm.distributed.eplb import EplbState, rebalance_experts\n\n\n"
            "def aeon_eplb(state: EplbState) -> object:\n"
            "    return rebalance_experts\n",
            "from vllm.distributed.eplb import EplbState, rebalance_experts",
        ),
    ),
]
TWINS += [
    (
        "#29617 star name removed",
        "an early return when the package lacks the name, then the import",
        K(
            *TG,
            "vllm/aeon/r50tg9.py",
            "import vllm.distributed as dist\n\n\n"
            "def aeon_tp_group():\n"
            "    if not hasattr(dist, 'get_tensor_model_parallel_group'):\n"
            "        return dist.get_tp_group()\n"
            "    from vllm.distributed import get_tensor_model_parallel_group\n\n"
            "    return get_tensor_model_parallel_group()\n",
            "    from vllm.distributed import get_tensor_model_parallel_group",
        ),
    ),
    (
        "#29617 star name removed",
        "getattr(package, name, None) tested, then the import",
        K(
            *TG,
            "vllm/aeon/r50tg10.py",
            "import vllm.distributed as dist\n\n\n"
            "def aeon_pp_group():\n"
            "    if getattr(dist, 'get_pipeline_model_parallel_group', None) is not None:\n"
            "        from vllm.distributed import get_pipeline_model_parallel_group\n\n"
            "        return get_pipeline_model_parallel_group()\n"
            "    return dist.get_pp_group()\n",
            "        from vllm.distributed import get_pipeline_model_parallel_group",
        ),
    ),
]
CL = "from vllm.v1.engine.core_client import SyncMPClient\n\n\n"
TWINS += [
    (
        "#32104 stored in a branch",
        "a client subclass reading the encoder after super().__init__ (the finalizer's __init__)",
        K(
            "#32104",
            "80b70884eb",
            "MPClient.__init__ stores encoder under a branch",
            "vllm/aeon/r50cl1.py",
            CL + "class AeonClient(SyncMPClient):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_codec = (self.encoder, self.decoder)\n",
            "        self.aeon_codec = (self.encoder, self.decoder)",
        ),
    ),
    (
        "#11737 stored under a try",
        "a client subclass reading the socket and the results after super().__init__",
        K(
            "#11737",
            "2b05b8ce69",
            "MPClient.__init__ stores its sockets under a try",
            "vllm/aeon/r50cl2.py",
            CL + "class AeonClient(SyncMPClient):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_pending = len(self.utility_results)\n"
            "        self.aeon_socket = self.input_socket\n",
            "        self.aeon_socket = self.input_socket",
        ),
    ),
]


def main() -> int:
    run(__doc__ or "", CASES, TWINS, prefix="aeon-review50-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
