"""A blind replay of the parallel config a fork's launch and speculative paths read, set and build.

7 first-parent commits (6 with killers, one twins only) on ``vllm/config/parallel.py`` -- the ``ParallelConfig``/``EPLBConfig`` a fork that runs
single-node tensor/expert parallel on its own hardware builds, subclasses and reads: ``EPLBConfig.from_cli``
removed, the sync EPLB default communicator moved off ``"torch_nccl"`` (to ``"nixl"`` or ``"torch_gloo"``),
``disable_nccl_for_dp_synchronization``'s default turned from ``False`` to ``None`` (resolved later by the
engine config), ``data_parallel_backend`` narrowed from ``str`` to ``Literal["ray", "mp"]``,
``data_parallel_rpc_port`` bounded to ``1..65535``, the prefill-context-parallel ``ValueError`` removed from
X by
scanning the path's diff (``git log --first-parent -p``), avoiding the commits every other replay uses
(``blind_replay_config``, ``_vllmcfg``, ``_dpcoord``, ``_eplbstate`` cover parts of this surface).  Each is
replayed under 1-3 fork spellings written the way fork code is written (a class-method call, a table of
callables, a ``getattr`` with a literal, a comparison of a field with a literal, a dict indexed by a field, an
identity test against ``False``, a keyword build with a literal outside the field's new type or bounds, a
``try``/``except ValueError`` around a build that no longer raises, a subclass method that now shadows a new
base method), with twins (fork code the commit does not break: the new spelling, a kept literal, a
truthiness test, a literal inside the bounds, a validation that still raises).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d1d002cb): 7 caught, 0 warned, 7 missed of 14 (twins: 9
quiet, 0 false errors; the subclass's own ``sync_dp_state`` warned, rightly: a namesake now overriding).
Symbol drift caught the removed ``from_cli`` (a call, a table, a ``getattr``, a subclass's override and
``super()`` call), default drift the ``is False``/``!= False`` tests of the new ``None`` default, narrowed
choices the keyword build with ``"aeon_spark"``.  The misses: #51469's two (a build bounded by the new
``Field(ge=1, le=65535)`` was read only when every keyword was a constant, and ``dataclasses.replace`` never),
#26417's ``dataclasses.replace`` (a copy was not read as a build of the annotated class), #43110's three (a
comparison, a dict lookup and a membership test against ``"torch_nccl"``, which the auto-selection no longer
produces though the field's ``Literal`` still holds it) and #30050's ``except ValueError`` fallback, dead now
that the build no longer raises.
After the killers199 widenings: 10 caught, 0 warned, 4 missed of 14 (twins: 9 quiet, 0 false errors).  Caught
now: a constant keyword outside a new field bound beside keywords that are not constants, and
``dataclasses.replace(obj, k=v)`` of an ``obj`` annotated as a validated class, against a new bound or a
narrowed ``Literal`` (``drift/refused_values.py``, ``drift/names.py``).  Left missed: #43110's three (the value
is still a valid choice a user may set; only the branch that picked it when unset went: a new check of
"a literal a method no longer assigns to a field" would be needed, and it must stay a warning) and #30050's
fallback (a raise removed from a validator: the fork's handler is dead, not wrong; a warning at most).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
blind_replay_eplbops 25/25 (14 quiet), blind_replay_loader 9 caught, 4 warned, 1 missed of 14 (8 quiet; as
recorded), blind_replay_cfgparts 19 caught, 2 warned of 21 (12 quiet; as recorded), blind_replay_vllmcfg 13
caught, 3 warned of 16 (9 quiet; as recorded), blind_replay_contracts 21 caught, 2 warned of 23 (13 quiet; the
two #14702/#16954 ABC spellings warn on main at d1d002cb too, not this change's doing).
After mend76 (from main at cbb8da63, where the line was 10 caught, 0 warned, 4 missed of 14; twins: 9 quiet, 0 false
errors): 10 caught, 4 warned, 0 missed of 14 (twins: 9 quiet, 0 false errors; one warned, as before).  Warned now:
#43110's three (``drift/dropped_fixups.py`` widened: a string constant a class's method no longer stores into a
field of an object it holds, ``self.eplb_config.communicator = "torch_nccl"``; the fork's comparison, ``in`` a
tuple of strings and lookup in a module table keyed by that string; a warning, the user may still set the value)
and #30050's fallback (``drift/dropped_validations.py``, new: a raise dropped from a class's ``model_validator``
whose test the fork's build meets, ``prefill_context_parallel_size=2`` against ``> 1``; a warning, the validator's
other raises keep the handler alive).  Its twin (a build handing no field of the dropped test) stays quiet.
Regression set at mend76's head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_vllmcfg 13 caught, 3 warned of 16 (9 quiet; both #34523 spellings still warned),
blind_replay_cfgparts 19 caught, 2 warned of 21 (12 quiet, 1 warned), blind_replay_engargs 19 caught, 2 warned of
21 (12 quiet): each as recorded, 0 false errors.  Cost (drift_speed's 150-commit window, both versions timed in one
audit, a loaded machine): dropped_fixup_drift 3.9 ms (5.8 ms before), dropped_validation_drift 0.2 ms.

The sixtieth landing's final sweep (main at 0a1903c2): 10 caught, 4 warned of 14, 1 false error of 9 twins -- the
sd1 twin's own ``sync_dp_state``, taken by killers225's sole-hook rule (a new hook's name only its family
defines decides the error off any receiver) for an override of the engine core's call, which goes through the
class (``ParallelConfig.sync_dp_state(...)``) and never reaches a subclass.  Mended: a call through a class
upstream's module defines or imports is not decided by that rule: 10 caught, 4 warned of 14 (9 quiet, 1 of them
warned, 0 false errors).

  python benchmarks/blind_replay_parcfg.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #23305 (1b9b16649c): EPLBConfig.from_cli removed (dicts are unpacked into the class instead)
FC = "1b9b16649c"
FCW = "EPLBConfig.from_cli removed"
EP = "import json\n\nfrom vllm.config.parallel import EPLBConfig\n\n\n"
CASES += [
    (
        "#23305 class method removed",
        "a class-method call",
        K(
            "#23305",
            FC,
            FCW,
            "vllm/aeon/fc1.py",
            EP + "def aeon_eplb_from_env(text: str) -> EPLBConfig:\n"
            "    # AEON: the Spark launcher passes the EPLB settings as one JSON env var\n"
            "    return EPLBConfig.from_cli(text)\n",
            "return EPLBConfig.from_cli(text)",
        ),
    ),
    (
        "#23305 class method removed",
        "a table of callables",
        K(
            "#23305",
            FC,
            FCW,
            "vllm/aeon/fc2.py",
            EP + "# AEON: the Spark launcher's JSON flags, each parsed by its config's own parser\n"
            "AEON_PARSERS = {\n"
            '    "eplb": EPLBConfig.from_cli,\n'
            '    "raw": json.loads,\n'
            "}\n",
            '"eplb": EPLBConfig.from_cli,',
        ),
    ),
    (
        "#23305 class method removed",
        "a getattr with a literal",
        K(
            "#23305",
            FC,
            FCW,
            "vllm/aeon/fc3.py",
            EP + "def aeon_parse_eplb(text: str) -> EPLBConfig:\n"
            "    # AEON: one parser for every JSON flag of the Spark launcher\n"
            '    parse = getattr(EPLBConfig, "from_cli")\n'
            "    return parse(text)\n",
            'parse = getattr(EPLBConfig, "from_cli")',
        ),
    ),
    (
        "#23305 class method removed",
        "a subclass's super() call",
        K(
            "#23305",
            FC,
            FCW,
            "vllm/aeon/fc5.py",
            EP + "class AeonEPLBConfig(EPLBConfig):\n"
            "    # AEON: the Spark's EPLB flag also accepts a bare window size\n"
            "    @classmethod\n"
            "    def from_cli(cls, cli_value: str) -> EPLBConfig:\n"
            "        if cli_value.isdigit():\n"
            "            return cls(window_size=int(cli_value))\n"
            "        return super().from_cli(cli_value)\n",
            "return super().from_cli(cli_value)",
        ),
    ),
    (
        "#23305 class method removed",
        "twin: the dict unpacked into the class",
        K(
            "#23305",
            FC,
            FCW,
            "vllm/aeon/fc4.py",
            EP + "def aeon_eplb_from_env2(text: str) -> EPLBConfig:\n"
            "    # AEON: the Spark launcher passes the EPLB settings as one JSON env var\n"
            "    return EPLBConfig(**json.loads(text))\n",
            "return EPLBConfig(**json.loads(text))",
        ),
    ),
]

# --- #43110 (d3a563501b): sync EPLB's default communicator moved off "torch_nccl"
CM = "d3a563501b"
CMW = "the auto-selected EPLB communicator is now nixl or torch_gloo, never torch_nccl"
PC = "from vllm.config.parallel import ParallelConfig\n\n\n"
CASES += [
    (
        "#43110 default literal changed",
        "a comparison of the field with a literal",
        K(
            "#43110",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            PC + "def aeon_eplb_needs_nccl_stream(pc: ParallelConfig) -> bool:\n"
            "    # AEON: GB10's single NVLink-C2C node: the NCCL communicator gets its own stream\n"
            '    return pc.eplb_config.communicator == "torch_nccl"\n',
            'return pc.eplb_config.communicator == "torch_nccl"',
        ),
    ),
    (
        "#43110 default literal changed",
        "a dict indexed by the field",
        K(
            "#43110",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            PC + "# AEON: the Spark's per-communicator staging buffer, in MiB\n"
            'AEON_STAGING_MIB = {"torch_nccl": 256, "torch_gloo": 64, "pynccl": 256}\n\n\n'
            "def aeon_staging(pc: ParallelConfig) -> int:\n"
            "    return AEON_STAGING_MIB[pc.eplb_config.communicator]\n",
            "return AEON_STAGING_MIB[pc.eplb_config.communicator]",
        ),
    ),
    (
        "#43110 default literal changed",
        "a membership test with a tuple of literals",
        K(
            "#43110",
            CM,
            CMW,
            "vllm/aeon/cm4.py",
            PC + "def aeon_eplb_on_device(pc: ParallelConfig) -> bool:\n"
            "    # AEON: device-side communicators share the Spark's unified memory pool\n"
            '    return pc.eplb_config.communicator in ("torch_nccl", "pynccl")\n',
            'return pc.eplb_config.communicator in ("torch_nccl", "pynccl")',
        ),
    ),
    (
        "#43110 default literal changed",
        "twin: a literal upstream still assigns",
        K(
            "#43110",
            CM,
            CMW,
            "vllm/aeon/cm3.py",
            PC + "def aeon_eplb_elastic(pc: ParallelConfig) -> bool:\n"
            "    # AEON: elastic EP on the Spark always runs PyNCCL\n"
            '    return pc.eplb_config.communicator == "pynccl"\n',
            'return pc.eplb_config.communicator == "pynccl"',
        ),
    ),
]

# --- #32197 (9273a427b5): disable_nccl_for_dp_synchronization defaults to None (resolved later)
DN = "9273a427b5"
DNW = "disable_nccl_for_dp_synchronization default False -> None"
CASES += [
    (
        "#32197 default changed",
        "an identity test against False on a fresh build",
        K(
            "#32197",
            DN,
            DNW,
            "vllm/aeon/dn1.py",
            PC + "def aeon_dp_sync_uses_nccl(tp: int) -> bool:\n"
            "    # AEON: the Spark's standalone DP probe builds its own parallel config\n"
            "    pc = ParallelConfig(tensor_parallel_size=tp)\n"
            "    return pc.disable_nccl_for_dp_synchronization is False\n",
            "return pc.disable_nccl_for_dp_synchronization is False",
        ),
    ),
    (
        "#32197 default changed",
        "an equality with False on the class default",
        K(
            "#32197",
            DN,
            DNW,
            "vllm/aeon/dn2.py",
            PC + "def aeon_gloo_forced() -> bool:\n"
            "    # AEON: the Spark forces Gloo only when a maintainer changed the default\n"
            "    return ParallelConfig().disable_nccl_for_dp_synchronization != False  # noqa: E712\n",
            "return ParallelConfig().disable_nccl_for_dp_synchronization != False  # noqa: E712",
        ),
    ),
    (
        "#32197 default changed",
        "twin: a truthiness test (None and False alike)",
        K(
            "#32197",
            DN,
            DNW,
            "vllm/aeon/dn3.py",
            PC + "def aeon_dp_sync_uses_nccl2(tp: int) -> bool:\n"
            "    # AEON: the Spark's standalone DP probe builds its own parallel config\n"
            "    pc = ParallelConfig(tensor_parallel_size=tp)\n"
            "    return not pc.disable_nccl_for_dp_synchronization\n",
            "return not pc.disable_nccl_for_dp_synchronization",
        ),
    ),
]

# --- #26417 (92be3f3517): data_parallel_backend narrowed from str to Literal["ray", "mp"]
DB = "92be3f3517"
DBW = "data_parallel_backend typed Literal['ray', 'mp'] (pydantic validation)"
CASES += [
    (
        "#26417 field type narrowed",
        "a keyword build with a literal outside the new type",
        K(
            "#26417",
            DB,
            DBW,
            "vllm/aeon/db1.py",
            PC + "def aeon_spark_parallel(tp: int) -> ParallelConfig:\n"
            "    # AEON: the Spark's own DP launcher, read by the fork's engine-core hook\n"
            '    return ParallelConfig(tensor_parallel_size=tp, data_parallel_backend="aeon_spark")\n',
            'return ParallelConfig(tensor_parallel_size=tp, data_parallel_backend="aeon_spark")',
        ),
    ),
    (
        "#26417 field type narrowed",
        "a dataclasses.replace with a literal outside the new type",
        K(
            "#26417",
            DB,
            DBW,
            "vllm/aeon/db3.py",
            "import dataclasses\n\n" + PC + "def aeon_with_spark_dp(pc: ParallelConfig) -> ParallelConfig:\n"
            "    # AEON: the Spark's own DP launcher, read by the fork's engine-core hook\n"
            '    return dataclasses.replace(pc, data_parallel_backend="aeon_spark")\n',
            'return dataclasses.replace(pc, data_parallel_backend="aeon_spark")',
        ),
    ),
    (
        "#26417 field type narrowed",
        "twin: a dataclasses.replace with a kept literal",
        K(
            "#26417",
            DB,
            DBW,
            "vllm/aeon/db4.py",
            "import dataclasses\n\n" + PC + "def aeon_with_ray_dp(pc: ParallelConfig) -> ParallelConfig:\n"
            "    # AEON: two Sparks over the 200G link: Ray DP\n"
            '    return dataclasses.replace(pc, data_parallel_backend="ray")\n',
            'return dataclasses.replace(pc, data_parallel_backend="ray")',
        ),
    ),
    (
        "#26417 field type narrowed",
        "twin: a literal the new type keeps",
        K(
            "#26417",
            DB,
            DBW,
            "vllm/aeon/db2.py",
            PC + "def aeon_spark_parallel2(tp: int) -> ParallelConfig:\n"
            "    # AEON: one GB10 node: multiprocessing DP\n"
            '    return ParallelConfig(tensor_parallel_size=tp, data_parallel_backend="mp")\n',
            'return ParallelConfig(tensor_parallel_size=tp, data_parallel_backend="mp")',
        ),
    ),
]

# --- #51469 (22a175921c): data_parallel_rpc_port bounded to 1..65535
RP = "22a175921c"
RPW = "data_parallel_rpc_port = Field(default=29550, ge=1, le=65535)"
CASES += [
    (
        "#51469 field bounded",
        "a keyword build with 0 (pick a free port)",
        K(
            "#51469",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            PC + "def aeon_local_dp(dp: int) -> ParallelConfig:\n"
            "    # AEON: on one Spark the RPC port is picked by the OS: 0\n"
            "    return ParallelConfig(data_parallel_size=dp, data_parallel_rpc_port=0)\n",
            "return ParallelConfig(data_parallel_size=dp, data_parallel_rpc_port=0)",
        ),
    ),
    (
        "#51469 field bounded",
        "a dataclasses.replace with 0",
        K(
            "#51469",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            "import dataclasses\n\n" + PC + "def aeon_free_rpc_port(pc: ParallelConfig) -> ParallelConfig:\n"
            "    # AEON: on one Spark the RPC port is picked by the OS: 0\n"
            "    return dataclasses.replace(pc, data_parallel_rpc_port=0)\n",
            "return dataclasses.replace(pc, data_parallel_rpc_port=0)",
        ),
    ),
    (
        "#51469 field bounded",
        "twin: a port inside the bounds",
        K(
            "#51469",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            PC + "def aeon_local_dp2(dp: int) -> ParallelConfig:\n"
            "    # AEON: the Spark's fixed RPC port, away from the DGX dashboard's\n"
            "    return ParallelConfig(data_parallel_size=dp, data_parallel_rpc_port=29551)\n",
            "return ParallelConfig(data_parallel_size=dp, data_parallel_rpc_port=29551)",
        ),
    ),
]

# --- #30050 (a11f4a81e0): the prefill-context-parallel ValueError removed from ParallelConfig
PP = "a11f4a81e0"
PPW = "ParallelConfig no longer raises for prefill_context_parallel_size > 1"
CASES += [
    (
        "#30050 raise removed",
        "a try/except ValueError around a build that no longer raises",
        K(
            "#30050",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            PC + "def aeon_try_pcp(tp: int) -> ParallelConfig:\n"
            "    # AEON: try prefill CP on the Spark; fall back to plain TP when refused\n"
            "    try:\n"
            "        return ParallelConfig(tensor_parallel_size=tp, prefill_context_parallel_size=2)\n"
            "    except ValueError:\n"
            "        return ParallelConfig(tensor_parallel_size=tp)\n",
            "return ParallelConfig(tensor_parallel_size=tp)",
        ),
    ),
    (
        "#30050 raise removed",
        "twin: a validation that still raises",
        K(
            "#30050",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            PC + "def aeon_try_local_dp(dp: int) -> ParallelConfig:\n"
            "    # AEON: try two local DP ranks on the Spark; fall back when refused\n"
            "    try:\n"
            "        return ParallelConfig(data_parallel_size=dp, data_parallel_size_local=2)\n"
            "    except ValueError:\n"
            "        return ParallelConfig(data_parallel_size=dp)\n",
            "return ParallelConfig(data_parallel_size=dp)",
        ),
    ),
]

# --- #39366 (0335316a9b): ParallelConfig.sync_dp_state added (static, called by the engine core)
SD = "0335316a9b"
SDW = "ParallelConfig.sync_dp_state(dp_group, has_unfinished, pending_pause) added"
CASES += [
    (
        "#39366 base method added",
        "twin: a subclass's own namesake (the engine core calls the base's through the class)",
        K(
            "#39366",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            PC + "class AeonParallelConfig(ParallelConfig):\n"
            "    # AEON: the Spark's DP state, logged for the launcher's health probe\n"
            "    def sync_dp_state(self) -> dict[str, int]:\n"
            '        return {"dp": self.data_parallel_size, "tp": self.tensor_parallel_size}\n',
            "def sync_dp_state(self) -> dict[str, int]:",
        ),
    ),
    (
        "#39366 base method added",
        "twin: the kept has_unfinished_dp",
        K(
            "#39366",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            PC + "def aeon_any_unfinished(group, local: bool) -> bool:\n"
            "    # AEON: the Spark's drain loop\n"
            "    return ParallelConfig.has_unfinished_dp(group, local)\n",
            "return ParallelConfig.has_unfinished_dp(group, local)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-parcfg-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
