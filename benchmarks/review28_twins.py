"""Adversarial twins of mend45's guarded reads, class shims and frozen receivers: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch (or now keep
quiet), but right after the merge (the merge base is the commit's first parent, upstream the commit):

- symbol drift's ``hasattr`` per release and class shims (#21585 46d81d6951, ``Worker.get_supported_pooling_tasks``
  replaced by ``get_supported_tasks``; #39212 e3b65a5ba0, ``WeightTransferUpdateInfo.is_checkpoint_format``
  removed): a ``hasattr`` picking the old or the new spelling, a ``try``/``except AttributeError`` round the old
  call, ``getattr(..., None)`` tested before the new call, a version check, the fork's own namesake method in a
  subclass, a class-body alias onto the fork's own def, a module-level shim onto a fork function, the kept
  namesake on another receiver, the new spelling;
- nulled setups' moved build (#42922 3cb83c9592, ``Worker.weight_transfer_engine`` built in ``load_model``): an
  override of ``load_model`` using the engine after ``super()``, a hook testing it for None;
- frozen receivers (#21791 755fa8b657, the KV-cache specs made frozen): loop variables and chains over the
  fork's own mutable classes, a replaced copy, a ``dataclasses.replace`` through a chain;
- empty-to-raise through a helper (#47058 1ab9522935, ``get_moe_expert_mapping`` raises where it answered
  ``[]``): a handler round the call, a ``hasattr`` test of the model first.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits -- among them killers shaped like the new quiet spellings (a ``hasattr`` whose other path is only a
constant, a conditional expression falling back to an empty literal) -- kept to show the reach stays.

Round 1, main after mend45 (c9ea5d68; 6 cases, 24 twins): 2 caught of 6, 4 MISSED -- every one a killer shaped
like mend45's new quiet ``hasattr`` (``drift/guarded_reads.py``'s ``gates_both_ways``): ``if hasattr(w, "old"):
return w.old()`` then ``return []``; ``w.old() if hasattr(w, "old") else []``; an ``else`` binding ``tasks =
[]``; #39212's ``info.is_checkpoint_format if hasattr(...) else True``.  All four were caught before mend45
(83fc13a5): the other path is only a default constant, the ``getattr(w, "old", [])`` the check reports, spelt
as a branch.  2 false errors of 24 on twin lines: ``old = getattr(worker, "get_supported_pooling_tasks",
None)`` tested for None before the new call (``falls_back`` reads only a fallback inside the call's own
expression), and #47058's ``bool(get_moe_expert_mapping(model))`` after ``if not hasattr(model,
"get_expert_mapping"): return False`` (empty-to-raise drift; false on 83fc13a5 too).  2 more errors off twin
lines (counted quiet by the replay, but they block the merge all the same): the old call after ``if not
hasattr(worker, "old"): return <new call>`` (r28pt13 line 7), and the unconditional module-level shim's own
store ``Worker.get_supported_pooling_tasks = _aeon_pooling_tasks`` that the fork's next function reads
(r28pt17 line 8).  For reference, 83fc13a5 (before mend45): 5 caught of 6 (the loop variable's write
missed), 9 false errors of 24.
Round 2, this branch (the mends: ``guarded_reads.gates_both_ways`` wants a path of substance without the
member, not only a default; ``fallbacks.falls_back`` reads ``v = getattr(x, "old", None)`` tested for holding
it with the new read in the ``else`` or after; symbol drift counts a class shim read off the fork's instances
as read back, and quiets the reads after ``if not hasattr(x, "old"): <leaves>``): 6 caught of 6; 1 false
error of 24 (#47058's ``hasattr(model, "get_expert_mapping")`` tested first: empty-to-raise drift, older than
mend45, left); the two off-line errors gone (the unconditional shim's store is a warning now, as a shim read
off the class gets).  Regression set at this head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
review15/16/17/23_twins 0 false errors (40, 30, 23, 37 twins; 7/7 cases of review23), blind_replay_gpuworker
26 caught, 2 warned of 28 (14 quiet, as on main), blind_replay_executor 19/19 (11 quiet),
``symbol_precision.py --windows 1`` 0 false errors (5 broken overrides, 4 caught).
mend46: #47058's twin r28mx11 (``hasattr(model, "get_expert_mapping")`` tested first) is quiet: empty-to-raise
drift now reads the attribute upstream's def asks of its parameter (or of a loop over it) before raising, and a
fork call under ``hasattr``/``isinstance`` of that argument excludes the raise.  6 caught of 6; 0 false errors of
24 (2 warned, as before).

  PYTHONPATH=.. python review28_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 46d81d6951 (#21585): Worker.get_supported_pooling_tasks -> Worker.get_supported_tasks
PT = ("#21585", "46d81d6951", "Worker.get_supported_pooling_tasks replaced by get_supported_tasks")
PW = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#21585 method replaced",
        "a hasattr whose other path is only an empty constant",
        K(
            *PT,
            "vllm/aeon/r28pt0.py",
            PW + "def aeon_pooling_tasks(worker: Worker) -> list:\n"
            '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
            "        return worker.get_supported_pooling_tasks()\n"
            "    return []\n",
            '    if hasattr(worker, "get_supported_pooling_tasks"):',
        ),
    ),
    (
        "#21585 method replaced",
        "a conditional expression falling back to an empty literal",
        K(
            *PT,
            "vllm/aeon/r28pt1.py",
            PW + "def aeon_pooling_tasks(worker: Worker) -> list:\n"
            '    return worker.get_supported_pooling_tasks() if hasattr(worker, "get_supported_pooling_tasks") else []\n',
            '    return worker.get_supported_pooling_tasks() if hasattr(worker, "get_supported_pooling_tasks") else []',
        ),
    ),
    (
        "#21585 method replaced",
        "an if/else whose else only binds an empty default",
        K(
            *PT,
            "vllm/aeon/r28pt2.py",
            PW + "def aeon_serves_embed(worker: Worker) -> bool:\n"
            '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
            "        tasks = worker.get_supported_pooling_tasks()\n"
            "    else:\n"
            "        tasks = []\n"
            '    return "embed" in tasks\n',
            '    if hasattr(worker, "get_supported_pooling_tasks"):',
        ),
    ),
    (
        "#21585 method replaced",
        "a subclass's self. read with no shim anywhere",
        K(
            *PT,
            "vllm/aeon/r28pt3.py",
            PW + "class AeonWorker(Worker):\n"
            "    def aeon_pooling(self) -> list:\n"
            "        return list(self.get_supported_pooling_tasks())\n",
            "        return list(self.get_supported_pooling_tasks())",
        ),
    ),
]
TWINS += [
    (
        "#21585 method replaced",
        "twin: hasattr picks the old call or the new one (if/else)",
        K(
            *PT,
            "vllm/aeon/r28pt10.py",
            PW + "def aeon_pooling_tasks(worker: Worker) -> list:\n"
            '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
            "        return list(worker.get_supported_pooling_tasks())\n"
            "    else:\n"
            '        return [t for t in worker.get_supported_tasks() if t != "generate"]\n',
            '    if hasattr(worker, "get_supported_pooling_tasks"):',
        ),
    ),
    (
        "#21585 method replaced",
        "twin: try the old call, except AttributeError the new one",
        K(
            *PT,
            "vllm/aeon/r28pt11.py",
            PW + "def aeon_pooling_tasks(worker: Worker) -> list:\n"
            "    try:\n"
            "        return list(worker.get_supported_pooling_tasks())\n"
            "    except AttributeError:  # AEON: upstreams after #21585\n"
            '        return [t for t in worker.get_supported_tasks() if t != "generate"]\n',
            "        return list(worker.get_supported_pooling_tasks())",
        ),
    ),
    (
        "#21585 method replaced",
        "twin: getattr(..., None) tested, then the new call",
        K(
            *PT,
            "vllm/aeon/r28pt12.py",
            PW + "def aeon_pooling_tasks(worker: Worker) -> list:\n"
            '    old = getattr(worker, "get_supported_pooling_tasks", None)\n'
            "    if old is not None:\n"
            "        return list(old())\n"
            '    return [t for t in worker.get_supported_tasks() if t != "generate"]\n',
            '    old = getattr(worker, "get_supported_pooling_tasks", None)',
        ),
    ),
    (
        "#21585 method replaced",
        "twin: hasattr negated, the new call in its body, the old after",
        K(
            *PT,
            "vllm/aeon/r28pt13.py",
            PW + "def aeon_pooling_tasks(worker: Worker) -> list:\n"
            '    if not hasattr(worker, "get_supported_pooling_tasks"):\n'
            '        return [t for t in worker.get_supported_tasks() if t != "generate"]\n'
            "    return list(worker.get_supported_pooling_tasks())\n",
            '    if not hasattr(worker, "get_supported_pooling_tasks"):',
        ),
    ),
    (
        "#21585 method replaced",
        "twin: a conditional expression picking the new call",
        K(
            *PT,
            "vllm/aeon/r28pt14.py",
            PW + "def aeon_tasks(worker: Worker) -> tuple:\n"
            "    return (\n"
            '        tuple(worker.get_supported_pooling_tasks()) if hasattr(worker, "get_supported_pooling_tasks")\n'
            "        else worker.get_supported_tasks()\n"
            "    )\n",
            '        tuple(worker.get_supported_pooling_tasks()) if hasattr(worker, "get_supported_pooling_tasks")',
        ),
    ),
    (
        "#21585 method replaced",
        "twin: the fork's subclass defines the method itself and calls it",
        K(
            *PT,
            "vllm/aeon/r28pt15.py",
            PW + "class AeonWorker(Worker):\n"
            "    def get_supported_pooling_tasks(self) -> list:\n"
            "        # AEON: the router's old question, answered off the runner\n"
            "        return list(self.model_runner.get_supported_pooling_tasks())\n\n"
            "    def aeon_serves_embed(self) -> bool:\n"
            '        return "embed" in self.get_supported_pooling_tasks()\n',
            '        return "embed" in self.get_supported_pooling_tasks()',
        ),
    ),
    (
        "#21585 method replaced",
        "twin: a class-body alias of the old name onto the fork's own def",
        K(
            *PT,
            "vllm/aeon/r28pt16.py",
            PW + "class AeonWorker(Worker):\n"
            "    def aeon_pooling_tasks(self) -> list:\n"
            "        return list(self.model_runner.get_supported_pooling_tasks())\n\n"
            "    get_supported_pooling_tasks = aeon_pooling_tasks  # AEON: the router's old name\n",
            "    get_supported_pooling_tasks = aeon_pooling_tasks  # AEON: the router's old name",
        ),
    ),
    (
        "#21585 method replaced",
        "twin: a module-level shim onto a fork function, read off a typed receiver",
        K(
            *PT,
            "vllm/aeon/r28pt17.py",
            PW + "def _aeon_pooling_tasks(self: Worker) -> list:\n"
            "    return list(self.model_runner.get_supported_pooling_tasks())\n\n\n"
            "Worker.get_supported_pooling_tasks = _aeon_pooling_tasks  # AEON: the router's old name\n\n\n"
            "def aeon_serves_embed(worker: Worker) -> bool:\n"
            '    return "embed" in worker.get_supported_pooling_tasks()\n',
            '    return "embed" in worker.get_supported_pooling_tasks()',
        ),
    ),
    (
        "#21585 method replaced",
        "twin: the runner's kept namesake off a typed parameter",
        K(
            *PT,
            "vllm/aeon/r28pt18.py",
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
            "def aeon_pooling_tasks(runner: GPUModelRunner) -> list:\n"
            "    return list(runner.get_supported_pooling_tasks())\n",
            "    return list(runner.get_supported_pooling_tasks())",
        ),
    ),
    (
        "#21585 method replaced",
        "twin: the fork's own class of another name with the method",
        K(
            *PT,
            "vllm/aeon/r28pt19.py",
            "class AeonPoolWorker:\n"
            "    def get_supported_pooling_tasks(self) -> list:\n"
            '        return ["embed"]\n\n\n'
            "def aeon_tasks(worker: AeonPoolWorker) -> list:\n"
            "    return worker.get_supported_pooling_tasks()\n",
            "    return worker.get_supported_pooling_tasks()",
        ),
    ),
    (
        "#21585 method replaced",
        "twin: the new spelling",
        K(
            *PT,
            "vllm/aeon/r28pt20.py",
            PW + "def aeon_tasks(worker: Worker) -> tuple:\n    return worker.get_supported_tasks()\n",
            "    return worker.get_supported_tasks()",
        ),
    ),
    (
        "#21585 method replaced",
        "twin: hasattr then a log and the fork's own computation after",
        K(
            *PT,
            "vllm/aeon/r28pt21.py",
            PW + "def aeon_pooling_tasks(worker: Worker) -> list:\n"
            '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
            "        return list(worker.get_supported_pooling_tasks())\n"
            "    tasks = worker.get_supported_tasks()\n"
            '    return [t for t in tasks if t in ("embed", "classify", "score")]\n',
            '    if hasattr(worker, "get_supported_pooling_tasks"):',
        ),
    ),
]

# --- e3b65a5ba0 (#39212): WeightTransferUpdateInfo.is_checkpoint_format removed
CF = ("#39212", "e3b65a5ba0", "WeightTransferUpdateInfo.is_checkpoint_format removed")
CI = "from vllm.distributed.weight_transfer.base import WeightTransferUpdateInfo\n\n\n"
CASES += [
    (
        "#39212 field removed",
        "a conditional expression falling back to a constant",
        K(
            *CF,
            "vllm/aeon/r28cf0.py",
            CI + "def aeon_needs_reload(info: WeightTransferUpdateInfo) -> bool:\n"
            '    return info.is_checkpoint_format if hasattr(info, "is_checkpoint_format") else True\n',
            '    return info.is_checkpoint_format if hasattr(info, "is_checkpoint_format") else True',
        ),
    ),
]
TWINS += [
    (
        "#39212 field removed",
        "twin: hasattr per release, the fork's own tracked value otherwise",
        K(
            *CF,
            "vllm/aeon/r28cf10.py",
            CI + "class AeonReloader:\n"
            "    def __init__(self, checkpoint_format: bool) -> None:\n"
            "        self.checkpoint_format = checkpoint_format\n\n"
            "    def needs_reload(self, info: WeightTransferUpdateInfo) -> bool:\n"
            '        if hasattr(info, "is_checkpoint_format"):\n'
            "            return info.is_checkpoint_format\n"
            "        return self.checkpoint_format\n",
            '        if hasattr(info, "is_checkpoint_format"):',
        ),
    ),
    (
        "#39212 field removed",
        "twin: try the field, except AttributeError the fork's own value",
        K(
            *CF,
            "vllm/aeon/r28cf11.py",
            CI + "def aeon_needs_reload(info: WeightTransferUpdateInfo, checkpoint_format: bool) -> bool:\n"
            "    try:\n"
            "        return info.is_checkpoint_format\n"
            "    except AttributeError:  # AEON: start_weight_update takes it now\n"
            "        return checkpoint_format\n",
            "        return info.is_checkpoint_format",
        ),
    ),
]

# --- 3cb83c9592 (#42922): Worker.weight_transfer_engine built in load_model, no longer in __init__
WT = ("#42922", "3cb83c9592", "Worker.weight_transfer_engine built in load_model, no longer in __init__")
TWINS += [
    (
        "#42922 built in load_model now",
        "twin: an override of load_model using the engine after super()",
        K(
            *WT,
            "vllm/aeon/r28wt10.py",
            PW + "class AeonWorker(Worker):\n"
            "    def load_model(self) -> None:\n"
            "        super().load_model()\n"
            "        self.aeon_engine_kind = type(self.weight_transfer_engine).__name__\n",
            "        self.aeon_engine_kind = type(self.weight_transfer_engine).__name__",
        ),
    ),
    (
        "#42922 built in load_model now",
        "twin: a hook testing the engine for None first",
        K(
            *WT,
            "vllm/aeon/r28wt11.py",
            PW + "class AeonWorker(Worker):\n"
            "    def init_device(self) -> None:\n"
            "        super().init_device()\n"
            "        if self.weight_transfer_engine is not None:\n"
            "            self.weight_transfer_engine.aeon_pin(self.device)\n",
            "            self.weight_transfer_engine.aeon_pin(self.device)",
        ),
    ),
]

# --- 755fa8b657 (#21791): the KV-cache specs made frozen dataclasses
FZ = ("#21791", "755fa8b657", "KVCacheSpec and its subclasses made frozen")
KI = "import dataclasses\n\nfrom vllm.v1.kv_cache_interface import FullAttentionSpec, KVCacheConfig, KVCacheGroupSpec\n\n\n"
CASES += [
    (
        "#21791 made frozen",
        "a loop variable over an annotated list of specs",
        K(
            *FZ,
            "vllm/aeon/r28fz0.py",
            KI + "def aeon_cap(specs: list[FullAttentionSpec], window: int) -> None:\n"
            "    for spec in specs:\n"
            "        spec.sliding_window = window\n",
            "        spec.sliding_window = window",
        ),
    ),
]
TWINS += [
    (
        "#21791 made frozen",
        "twin: the loop writes a replaced copy back into the group",
        K(
            *FZ,
            "vllm/aeon/r28fz10.py",
            KI + "def aeon_cap(config: KVCacheConfig, window: int) -> None:\n"
            "    for group in config.kv_cache_groups:\n"
            "        group.kv_cache_spec = dataclasses.replace(group.kv_cache_spec, sliding_window=window)\n",
            "        group.kv_cache_spec = dataclasses.replace(group.kv_cache_spec, sliding_window=window)",
        ),
    ),
    (
        "#21791 made frozen",
        "twin: a loop variable over the fork's own mutable view of the spec",
        K(
            *FZ,
            "vllm/aeon/r28fz11.py",
            KI + "@dataclasses.dataclass\n"
            "class AeonSpecView:\n"
            "    spec: FullAttentionSpec\n"
            "    sliding_window: int | None = None\n\n\n"
            "def aeon_cap(views: list[AeonSpecView], window: int) -> None:\n"
            "    for view in views:\n"
            "        view.sliding_window = window\n",
            "        view.sliding_window = window",
        ),
    ),
    (
        "#21791 made frozen",
        "twin: a chain through the fork's holder ending on its own mutable class",
        K(
            *FZ,
            "vllm/aeon/r28fz12.py",
            KI + "@dataclasses.dataclass\n"
            "class AeonWindow:\n"
            "    sliding_window: int | None = None\n\n\n"
            "@dataclasses.dataclass\n"
            "class AeonPlan:\n"
            "    spec: FullAttentionSpec\n"
            "    window: AeonWindow\n\n\n"
            "def aeon_cap(plan: AeonPlan, window: int) -> None:\n"
            "    plan.window.sliding_window = window\n",
            "    plan.window.sliding_window = window",
        ),
    ),
    (
        "#21791 made frozen",
        "twin: the group (left mutable) gets a new spec through a chain",
        K(
            *FZ,
            "vllm/aeon/r28fz13.py",
            KI + "class AeonPlanner:\n"
            "    def __init__(self, group: KVCacheGroupSpec) -> None:\n"
            "        self.group = group\n\n"
            "    def cap(self, window: int) -> None:\n"
            "        self.group.kv_cache_spec = dataclasses.replace(self.group.kv_cache_spec, sliding_window=window)\n",
            "        self.group.kv_cache_spec = dataclasses.replace(self.group.kv_cache_spec, sliding_window=window)",
        ),
    ),
    (
        "#21791 made frozen",
        "twin: a loop variable rebound to a replaced copy before the write",
        K(
            *FZ,
            "vllm/aeon/r28fz14.py",
            KI + "def aeon_windows(specs: list[FullAttentionSpec], window: int) -> dict[int, int | None]:\n"
            "    seen: dict[int, int | None] = {}\n"
            "    for spec in specs:\n"
            "        seen[spec.block_size] = spec.sliding_window\n"
            "    return seen\n",
            "        seen[spec.block_size] = spec.sliding_window",
        ),
    ),
    (
        "#21791 made frozen",
        "twin: a loop over the fork's own list of tensors of the same attribute name",
        K(
            *FZ,
            "vllm/aeon/r28fz15.py",
            KI + "class AeonSlot:\n"
            "    def __init__(self) -> None:\n"
            "        self.block_size = 16\n\n\n"
            "def aeon_resize(specs: list[FullAttentionSpec], slots: list[AeonSlot]) -> None:\n"
            "    for slot in slots:\n"
            "        slot.block_size = specs[0].block_size\n",
            "        slot.block_size = specs[0].block_size",
        ),
    ),
]

# --- 1ab9522935 (#47058): get_moe_expert_mapping raises ValueError where it answered []
MX = ("#47058", "1ab9522935", "get_moe_expert_mapping raises for a model with no expert mapping")
MI = "from vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
TWINS += [
    (
        "#47058 empty made a raise",
        "twin: a handler of ValueError round the call",
        K(
            *MX,
            "vllm/aeon/r28mx10.py",
            MI + "def aeon_is_moe(model) -> bool:\n"
            "    try:\n"
            "        return bool(get_moe_expert_mapping(model))\n"
            "    except ValueError:  # AEON: a dense model, after #47058\n"
            "        return False\n",
            "        return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: the model tested for an expert mapping first",
        K(
            *MX,
            "vllm/aeon/r28mx11.py",
            MI + "def aeon_is_moe(model) -> bool:\n"
            '    if not hasattr(model, "get_expert_mapping"):\n'
            "        return False\n"
            "    return bool(get_moe_expert_mapping(model))\n",
            "    return bool(get_moe_expert_mapping(model))",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review28-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
