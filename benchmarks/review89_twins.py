"""Adversarial twins of killers179's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a string a function no longer tells apart (new ``drift/dropped_sentinels.py``; #31260 moved ``"auto"``/``"-1"``
  out of ``human_readable_int`` into ``human_readable_int_or_auto``): the new function called with ``"auto"`` and
  as an ``add_argument`` ``type=`` beside ``default="auto"``, the fork's own ``human_readable_int``, a method of the
  fork's own class of the name, the call in a ``try``/``except ValueError`` falling back to -1, an import of the
  new name falling back to the old one under ``except ImportError``, a ``hasattr`` probe of the module, an int
  default (argparse converts only a string default), a keyword call with a plain size;
- a test of the old ``None`` where upstream's only store of the field writes the new default
  (``_set_upstream`` in ``drift/field_defaults.py``; #29185 ``EngineArgs.seed`` ``None`` -> ``0``): the fork's own
  dataclass with a ``seed`` of ``None``, a subclass of ``EngineArgs`` redeclaring ``seed: int | None = None``, a
  holder annotated with a class declaring ``seed`` itself (``SamplingParams``), a local built with ``seed=None``,
  a test of the new default;
- an option's computed default made None (``drift/option_defaults.py``; #28872 ``**scheduler_kwargs[...]`` ->
  ``**{**scheduler_kwargs[...], "default": None}``; #16533 (e51929ebca) ``default=EngineArgs.max_num_seqs`` ->
  ``**scheduler_kwargs["max_num_seqs"]``, computed to computed): ``args.max_num_seqs or 256``, an ``is not None``
  guard, the fork's own parser's ``--max-num-seqs``, a kept computed default (``--max-model-len``), the value off
  the built config;
- a handler of asserts upstream turned into raises, some kept (``_converted_asserts`` in ``drift/raised_kinds.py``;
  #49124 ``create_engine_config``'s launch asserts -> ``ValueError``): a handler of ``ValueError`` only, of
  ``Exception``, round an unchanged method, off the fork's own class of the name, a handler mending a field only a
  kept assert tests (``enable_prefix_caching``: a warning at most);
- a path off ``self`` a method stopped storing (``drift/stopped_writes.py``; #28515
  ``self.compilation_config.cudagraph_capture_sizes``): a read before the call, the fork storing the path itself
  after the call, a read of the source field ``cudagraph_capture_sizes``, a read of another path of the same
  object, a subclass override that writes the path back after ``super()``, the fork's own class of the names.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
by these widenings (``blind_replay_engargs.py``), kept to show the reach stays, #33843's and a re-raising
handler's (below).

Round 1 (main at 87316d7e), 6 cases and 32 twins as first written: 5 caught, 1 warned (#28872's arithmetic, a
warning by design) of 6; 2 false errors of 32, both dropped-sentinel drift: ``human_readable_int("auto")`` inside
``try`` / ``except ValueError: return -1`` (the fork expects the refusal) and ``type=aeon_int, default="auto"``
where ``aeon_int`` is ``human_readable_int_or_auto`` imported in a ``try`` with ``human_readable_int`` as the
``except ImportError`` fallback (``file_imports`` kept the last import: after the merge the name is the new
function).  None was not a twin.  The other four widenings stayed quiet on every twin.
Round 2 (this branch): a call in a ``try`` whose handler catches ValueError (``emptied.guarded``: a base of it
or ``contextlib.suppress`` too; a handler raising on does not count) is quiet, a ``type=`` default is not
(converted at ``parse_args``, no ``try`` round ``add_argument`` answers it); a name the file binds twice (``unbased.bound_twice``, made public) is not resolved
through its import.  5 caught, 1 warned of 6; 0 false errors of 32 (6 warned: the ``hasattr``-probed old call,
the guarded ``args.max_num_seqs or 256`` / ``is not None`` reads and the built config's ``max_num_seqs`` under
#28872, #16533's ``or 256``, and the handler mending only a kept assert's field: all by design, the value or the
handler's reach does change).  ``blind_replay_engargs.py`` as before: 19 caught, 2 warned of 21, 12 twins quiet.
Round 3 (written after the mends): #33843 (ff1f83b056) turned ``_supports_activation``'s ``activation in
["silu"]`` into ``[MoEActivation.SILU]`` (a plain ``Enum``): a case (``_supports_activation("silu")``, now False)
and two twins (the member, ``MoEActivation("silu")``); two more #31260 twins (a module-level rebinding of the name
to the new function, the call under ``contextlib.suppress(ValueError)``) and a #49124 twin (``except
LAUNCH_ERRORS`` naming both kinds), and a #31260 case kept by the mend (the call in a ``try`` whose
``except ValueError`` logs and raises on: the caller still meets the refusal).  On main (87316d7e): 2 caught, 2
false errors of 5 (the rebinding, the suppress).  This branch: 2 caught, 0 false.
All rounds, main (87316d7e): 7 caught, 1 warned of 8; 4 false errors of 37 twins.  This branch: 7 caught, 1
warned of 8; 0 false errors of 37 twins (6 warned).
Regression set (this branch): blind_replay_engargs 19 caught, 2 warned of 21 (12 quiet), killer_replay 26/26,
kind_change_replay 12/12 (5 quiet), blind_replay_entrycli 21/21 (11 quiet), blind_replay_config 16 caught, 1
warned of 17 (13 quiet, 2 warned): all as recorded.

  PYTHONPATH=.. python review89_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 7adeb4bfa8 (#31260): human_readable_int no longer tells "auto"/"-1" apart
HR = ("#31260", "7adeb4bfa8", "human_readable_int no longer accepts 'auto'")
HI = "import argparse\n\nfrom vllm.engine.arg_utils import human_readable_int\n\n\n"
HA = "import argparse\n\nfrom vllm.engine.arg_utils import human_readable_int_or_auto\n\n\n"
CASES += [
    (
        "#31260 dropped sentinel",
        "a call with the literal",
        K(
            *HR,
            "vllm/aeon/r89hr0.py",
            HI + 'def aeon_len() -> int:\n    return human_readable_int("auto")\n',
            '    return human_readable_int("auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "an argparse type= with the literal as its default",
        K(
            *HR,
            "vllm/aeon/r89hr1.py",
            HI + "def aeon_flags(parser: argparse.ArgumentParser) -> None:\n"
            '    parser.add_argument("--aeon-draft-max-len", type=human_readable_int, default="auto")\n',
            '    parser.add_argument("--aeon-draft-max-len", type=human_readable_int, default="auto")',
        ),
    ),
]
CASES += [
    (
        "#31260 dropped sentinel",
        "the call in a try whose handler logs and raises on",
        K(
            *HR,
            "vllm/aeon/r89hr13.py",
            HI + "def aeon_len() -> int:\n"
            "    try:\n"
            '        return human_readable_int("auto")\n'
            "    except ValueError:\n"
            "        print('AEON: bad draft length')\n"
            "        raise\n",
            '        return human_readable_int("auto")',
        ),
    ),
]
TWINS += [
    (
        "#31260 dropped sentinel",
        "twin: the new human_readable_int_or_auto called with 'auto'",
        K(
            *HR,
            "vllm/aeon/r89hr2.py",
            HA + 'def aeon_len() -> int:\n    return human_readable_int_or_auto("auto")\n',
            '    return human_readable_int_or_auto("auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: type=human_readable_int_or_auto beside default='auto'",
        K(
            *HR,
            "vllm/aeon/r89hr3.py",
            HA + "def aeon_flags(parser: argparse.ArgumentParser) -> None:\n"
            '    parser.add_argument("--aeon-draft-max-len", type=human_readable_int_or_auto, default="auto")\n',
            '    parser.add_argument("--aeon-draft-max-len", type=human_readable_int_or_auto, default="auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: the fork's own human_readable_int",
        K(
            *HR,
            "vllm/aeon/r89hr4.py",
            "def human_readable_int(value: str) -> int:\n"
            '    # AEON: the Spark\'s launcher keeps "auto" meaning "follow the target"\n'
            '    return -1 if value.strip().lower() == "auto" else int(value)\n\n\n'
            'def aeon_len() -> int:\n    return human_readable_int("auto")\n',
            '    return human_readable_int("auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: a method of the fork's own class of the name",
        K(
            *HR,
            "vllm/aeon/r89hr5.py",
            HI + "class AeonSizes:\n"
            "    def human_readable_int(self, value: str) -> int:\n"
            '        return -1 if value == "auto" else human_readable_int(value)\n\n'
            '    def aeon_len(self) -> int:\n        return self.human_readable_int("auto")\n',
            '        return self.human_readable_int("auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: the call in a try, -1 in except ValueError",
        K(
            *HR,
            "vllm/aeon/r89hr6.py",
            HI + "def aeon_len() -> int:\n"
            "    try:\n"
            '        return human_readable_int("auto")\n'
            "    except ValueError:  # AEON: newer upstreams keep 'auto' for human_readable_int_or_auto\n"
            "        return -1\n",
            '        return human_readable_int("auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: the new name imported, the old one only under except ImportError",
        K(
            *HR,
            "vllm/aeon/r89hr7.py",
            "import argparse\n\n"
            "try:\n"
            "    from vllm.engine.arg_utils import human_readable_int_or_auto as aeon_int\n"
            "except ImportError:  # AEON: older upstreams: human_readable_int took 'auto' itself\n"
            "    from vllm.engine.arg_utils import human_readable_int as aeon_int\n\n\n"
            "def aeon_flags(parser: argparse.ArgumentParser) -> None:\n"
            '    parser.add_argument("--aeon-draft-max-len", type=aeon_int, default="auto")\n',
            '    parser.add_argument("--aeon-draft-max-len", type=aeon_int, default="auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: a hasattr probe of the module picks the new function",
        K(
            *HR,
            "vllm/aeon/r89hr8.py",
            "from vllm.engine import arg_utils\n\n\n"
            "def aeon_len() -> int:\n"
            '    if hasattr(arg_utils, "human_readable_int_or_auto"):\n'
            '        return arg_utils.human_readable_int_or_auto("auto")\n'
            '    return arg_utils.human_readable_int("auto")\n',
            '    return arg_utils.human_readable_int("auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: an int default (argparse converts only a string default)",
        K(
            *HR,
            "vllm/aeon/r89hr9.py",
            HI + "def aeon_flags(parser: argparse.ArgumentParser) -> None:\n"
            '    parser.add_argument("--aeon-draft-max-len", type=human_readable_int, default=-1)\n',
            '    parser.add_argument("--aeon-draft-max-len", type=human_readable_int, default=-1)',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: a keyword call with a plain size",
        K(
            *HR,
            "vllm/aeon/r89hr10.py",
            HI + 'def aeon_len() -> int:\n    return human_readable_int(value="64K")\n',
            '    return human_readable_int(value="64K")',
        ),
    ),
]

TWINS += [
    (
        "#31260 dropped sentinel",
        "twin: a module-level rebinding of the name to the new function",
        K(
            *HR,
            "vllm/aeon/r89hr11.py",
            HI + "from vllm.engine.arg_utils import human_readable_int_or_auto\n\n"
            "human_readable_int = human_readable_int_or_auto  # AEON: the launcher's sizes may say 'auto'\n\n\n"
            'def aeon_len() -> int:\n    return human_readable_int("auto")\n',
            '    return human_readable_int("auto")',
        ),
    ),
    (
        "#31260 dropped sentinel",
        "twin: the call under contextlib.suppress(ValueError)",
        K(
            *HR,
            "vllm/aeon/r89hr12.py",
            "import contextlib\n\n" + HI + "def aeon_len() -> int:\n"
            "    n = -1\n"
            "    with contextlib.suppress(ValueError):\n"
            '        n = human_readable_int("auto")\n'
            "    return n\n",
            '        n = human_readable_int("auto")',
        ),
    ),
]

# --- ff1f83b056 (#33843): ``activation: str`` -> the ``MoEActivation`` enum (a plain Enum: no string equals a member)
MA = ("#33843", "ff1f83b056", "MoE activation strings replaced by the MoEActivation enum")
FP4 = "from vllm.model_executor.layers.quantization.utils import flashinfer_fp4_moe as fp4\n\n\n"
CASES += [
    (
        "#33843 dropped sentinel",
        "a string handed to a function now comparing with enum members",
        K(
            *MA,
            "vllm/aeon/r89ma0.py",
            FP4 + 'def aeon_trtllm_ok() -> bool:\n    return fp4._supports_activation("silu")\n',
            '    return fp4._supports_activation("silu")',
        ),
    ),
]
TWINS += [
    (
        "#33843 dropped sentinel",
        "twin: the enum member (the new spelling)",
        K(
            *MA,
            "vllm/aeon/r89ma1.py",
            "from vllm.model_executor.layers.fused_moe.activation import MoEActivation\n"
            + FP4
            + "def aeon_trtllm_ok() -> bool:\n    return fp4._supports_activation(MoEActivation.SILU)\n",
            "    return fp4._supports_activation(MoEActivation.SILU)",
        ),
    ),
    (
        "#33843 dropped sentinel",
        "twin: the enum built from the fork's string",
        K(
            *MA,
            "vllm/aeon/r89ma2.py",
            "from vllm.model_executor.layers.fused_moe.activation import MoEActivation\n"
            + FP4
            + 'def aeon_trtllm_ok() -> bool:\n    return fp4._supports_activation(MoEActivation("silu"))\n',
            '    return fp4._supports_activation(MoEActivation("silu"))',
        ),
    ),
]

# --- ceca060501 (#29185): EngineArgs.seed None -> 0, create_model_config keeps ``if self.seed is None: self.seed = 0``
SD = ("#29185", "ceca060501", "EngineArgs.seed default None -> 0")
EA = "from vllm.engine.arg_utils import EngineArgs\n\n\n"
CASES += [
    (
        "#29185 default made the stored one",
        "an is None test off a receiver typed as the class",
        K(
            *SD,
            "vllm/aeon/r89sd0.py",
            EA + "def aeon_seeded(engine_args: EngineArgs) -> bool:\n    return engine_args.seed is not None\n",
            "    return engine_args.seed is not None",
        ),
    ),
]
TWINS += [
    (
        "#29185 default made the stored one",
        "twin: the fork's own dataclass with a seed of None",
        K(
            *SD,
            "vllm/aeon/r89sd1.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\nclass AeonSoakArgs:\n    seed: int | None = None\n\n"
            "    def aeon_seeded(self) -> bool:\n        return self.seed is not None\n",
            "        return self.seed is not None",
        ),
    ),
    (
        "#29185 default made the stored one",
        "twin: a subclass redeclaring seed: int | None = None",
        K(
            *SD,
            "vllm/aeon/r89sd2.py",
            "import time\nfrom dataclasses import dataclass\n\n"
            + EA
            + "@dataclass\nclass AeonSeededArgs(EngineArgs):\n"
            "    seed: int | None = None  # AEON: no seed means a fresh one per soak run\n\n"
            "    def aeon_seed(self) -> None:\n"
            "        if self.seed is None:\n"
            "            self.seed = int(time.time())\n",
            "        if self.seed is None:",
        ),
    ),
    (
        "#29185 default made the stored one",
        "twin: a holder annotated with a class declaring seed itself",
        K(
            *SD,
            "vllm/aeon/r89sd3.py",
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_seeded(params: SamplingParams) -> bool:\n    return params.seed is not None\n",
            "    return params.seed is not None",
        ),
    ),
    (
        "#29185 default made the stored one",
        "twin: a local built with seed=None",
        K(
            *SD,
            "vllm/aeon/r89sd4.py",
            EA + "def aeon_args(model: str) -> EngineArgs:\n"
            "    args = EngineArgs(model=model, seed=None)\n"
            "    if args.seed is None:\n"
            "        args.seed = 1234\n"
            "    return args\n",
            "    if args.seed is None:",
        ),
    ),
    (
        "#29185 default made the stored one",
        "twin: a test of the new default",
        K(
            *SD,
            "vllm/aeon/r89sd5.py",
            EA + "def aeon_default_seed(engine_args: EngineArgs) -> bool:\n    return engine_args.seed == 0\n",
            "    return engine_args.seed == 0",
        ),
    ),
]

# --- bf9e1e8767 (#28872): --max-num-seqs/--enable-chunked-prefill's computed CLI defaults made None
CD = ("#28872", "bf9e1e8767", "CLI defaults of dynamic SchedulerConfig fields turned to None")
EP = (
    "import argparse\n\nfrom vllm.engine.arg_utils import EngineArgs\n"
    "from vllm.utils.argparse_utils import FlexibleArgumentParser\n\n\n"
)
CASES += [
    (
        "#28872 computed default made None",
        "arithmetic on the parsed namespace's value",
        K(
            *CD,
            "vllm/aeon/r89cd0.py",
            EP + "def aeon_slots(argv: list[str]) -> int:\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            "    return args.max_num_seqs * 2\n",
            "    return args.max_num_seqs * 2",
        ),
    ),
]
TWINS += [
    (
        "#28872 computed default made None",
        "twin: a fallback for None (or)",
        K(
            *CD,
            "vllm/aeon/r89cd1.py",
            EP + "def aeon_slots(argv: list[str]) -> int:\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            "    return (args.max_num_seqs or 256) * 2\n",
            "    return (args.max_num_seqs or 256) * 2",
        ),
    ),
    (
        "#28872 computed default made None",
        "twin: an is not None guard",
        K(
            *CD,
            "vllm/aeon/r89cd2.py",
            EP + "def aeon_slots(argv: list[str]) -> int:\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            "    if args.max_num_seqs is not None:\n"
            "        return args.max_num_seqs * 2\n"
            "    return 512\n",
            "        return args.max_num_seqs * 2",
        ),
    ),
    (
        "#28872 computed default made None",
        "twin: the fork's own parser's --max-num-seqs",
        K(
            *CD,
            "vllm/aeon/r89cd3.py",
            EP + "def aeon_slots(argv: list[str]) -> int:\n"
            "    parser = argparse.ArgumentParser()\n"
            '    parser.add_argument("--max-num-seqs", type=int, default=128)  # AEON: the soak driver\'s own\n'
            "    args = parser.parse_args(argv)\n"
            "    return args.max_num_seqs * 2\n",
            "    return args.max_num_seqs * 2",
        ),
    ),
    (
        "#28872 computed default made None",
        "twin: a kept computed default (--max-model-len given)",
        K(
            *CD,
            "vllm/aeon/r89cd4.py",
            EP + "def aeon_ctx(argv: list[str]) -> int:\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args([*argv, '--max-model-len', '8k'])\n"
            "    return args.max_model_len // 2\n",
            "    return args.max_model_len // 2",
        ),
    ),
    (
        "#28872 computed default made None",
        "twin: the value off the built config",
        K(
            *CD,
            "vllm/aeon/r89cd5.py",
            EP + "def aeon_slots(argv: list[str]) -> int:\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            "    config = EngineArgs.from_cli_args(args).create_engine_config()\n"
            "    return config.scheduler_config.max_num_seqs * 2\n",
            "    return config.scheduler_config.max_num_seqs * 2",
        ),
    ),
]

# --- e51929ebca (#16533): default=EngineArgs.max_num_seqs -> **scheduler_kwargs["max_num_seqs"] (computed both)
SC = ("#16533", "e51929ebca", "SchedulerConfig's CLI options read from the config class")
TWINS += [
    (
        "#16533 computed to computed",
        "twin: a fallback for the unset --max-num-seqs",
        K(
            *SC,
            "vllm/aeon/r89sc1.py",
            "from vllm.engine.arg_utils import EngineArgs\nfrom vllm.utils import FlexibleArgumentParser\n\n\n"
            "def aeon_slots(argv: list[str]) -> int:\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            "    return (args.max_num_seqs or 256) * 2\n",
            "    return (args.max_num_seqs or 256) * 2",
        ),
    ),
    (
        "#16533 computed to computed",
        "twin: a truth test of --enable-chunked-prefill",
        K(
            *SC,
            "vllm/aeon/r89sc2.py",
            "from vllm.engine.arg_utils import EngineArgs\nfrom vllm.utils import FlexibleArgumentParser\n\n\n"
            "def aeon_chunked(argv: list[str]) -> str:\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            '    return "chunked" if args.enable_chunked_prefill else "default"\n',
            '    return "chunked" if args.enable_chunked_prefill else "default"',
        ),
    ),
]

# --- 453f01783d (#49124): create_engine_config's data-parallel launch asserts -> ValueError, others kept
DP = ("#49124", "453f01783d", "create_engine_config's data-parallel asserts raise ValueError")
EV = "from vllm.config import VllmConfig\nfrom vllm.engine.arg_utils import EngineArgs\n\n\n"
CASES += [
    (
        "#49124 asserts made raises",
        "an except AssertionError mending nnodes",
        K(
            *DP,
            "vllm/aeon/r89dp0.py",
            EV + "def aeon_config(engine_args: EngineArgs) -> VllmConfig:\n"
            "    try:\n"
            "        return engine_args.create_engine_config()\n"
            "    except AssertionError:\n"
            "        engine_args.nnodes = 1\n"
            "        return engine_args.create_engine_config()\n",
            "    except AssertionError:",
        ),
    ),
]
TWINS += [
    (
        "#49124 asserts made raises",
        "twin: an except of ValueError only",
        K(
            *DP,
            "vllm/aeon/r89dp1.py",
            EV + "def aeon_config(engine_args: EngineArgs) -> VllmConfig:\n"
            "    try:\n"
            "        return engine_args.create_engine_config()\n"
            "    except ValueError:\n"
            "        engine_args.nnodes = 1\n"
            "        return engine_args.create_engine_config()\n",
            "    except ValueError:",
        ),
    ),
    (
        "#49124 asserts made raises",
        "twin: an except of Exception",
        K(
            *DP,
            "vllm/aeon/r89dp2.py",
            EV + "def aeon_config(engine_args: EngineArgs) -> VllmConfig:\n"
            "    try:\n"
            "        return engine_args.create_engine_config()\n"
            "    except Exception:\n"
            "        engine_args.nnodes = 1\n"
            "        return engine_args.create_engine_config()\n",
            "    except Exception:",
        ),
    ),
    (
        "#49124 asserts made raises",
        "twin: an except AssertionError round an unchanged method",
        K(
            *DP,
            "vllm/aeon/r89dp3.py",
            "from vllm.config import ModelConfig\nfrom vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_model(engine_args: EngineArgs) -> ModelConfig:\n"
            "    try:\n"
            "        return engine_args.create_model_config()\n"
            "    except AssertionError:\n"
            "        engine_args.nnodes = 1\n"
            "        return engine_args.create_model_config()\n",
            "    except AssertionError:",
        ),
    ),
    (
        "#49124 asserts made raises",
        "twin: the fork's own class's create_engine_config",
        K(
            *DP,
            "vllm/aeon/r89dp4.py",
            "class AeonLaunch:\n"
            "    nnodes: int = 2\n\n"
            "    def create_engine_config(self) -> dict:\n"
            "        assert self.nnodes <= 2, 'a Spark pair has two nodes'\n"
            "        return {'nnodes': self.nnodes}\n\n\n"
            "def aeon_config(launch: AeonLaunch) -> dict:\n"
            "    try:\n"
            "        return launch.create_engine_config()\n"
            "    except AssertionError:\n"
            "        launch.nnodes = 1\n"
            "        return launch.create_engine_config()\n",
            "    except AssertionError:",
        ),
    ),
    (
        "#49124 asserts made raises",
        "twin: a handler mending a field only a kept assert tests",
        K(
            *DP,
            "vllm/aeon/r89dp5.py",
            EV + "def aeon_config(engine_args: EngineArgs) -> VllmConfig:\n"
            "    try:\n"
            "        return engine_args.create_engine_config()\n"
            "    except AssertionError:  # AEON: the prefix-caching assert only\n"
            "        engine_args.enable_prefix_caching = False\n"
            "        return engine_args.create_engine_config()\n",
            "    except AssertionError:  # AEON: the prefix-caching assert only",
        ),
    ),
]

TWINS += [
    (
        "#49124 asserts made raises",
        "twin: a handler of a module constant naming both kinds",
        K(
            *DP,
            "vllm/aeon/r89dp6.py",
            EV + "LAUNCH_ERRORS = (AssertionError, ValueError)\n\n\n"
            "def aeon_config(engine_args: EngineArgs) -> VllmConfig:\n"
            "    try:\n"
            "        return engine_args.create_engine_config()\n"
            "    except LAUNCH_ERRORS:\n"
            "        engine_args.nnodes = 1\n"
            "        return engine_args.create_engine_config()\n",
            "    except LAUNCH_ERRORS:",
        ),
    ),
]

# --- 327c0a9a23 (#28515): create_engine_config no longer stores self.compilation_config.cudagraph_capture_sizes
CG = ("#28515", "327c0a9a23", "create_engine_config works on a deep copy of self.compilation_config")
CASES += [
    (
        "#28515 path no longer stored",
        "a read of the receiver's path after the build",
        K(
            *CG,
            "vllm/aeon/r89cg0.py",
            EA + "def aeon_sizes(engine_args: EngineArgs) -> list[int]:\n"
            "    engine_args.create_engine_config()\n"
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])\n",
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
]
TWINS += [
    (
        "#28515 path no longer stored",
        "twin: a read before the build",
        K(
            *CG,
            "vllm/aeon/r89cg1.py",
            EA + "def aeon_sizes(engine_args: EngineArgs) -> list[int]:\n"
            "    sizes = list(engine_args.compilation_config.cudagraph_capture_sizes or [])\n"
            "    engine_args.create_engine_config()\n"
            "    return sizes\n",
            "    sizes = list(engine_args.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
    (
        "#28515 path no longer stored",
        "twin: the fork stores the path itself after the build",
        K(
            *CG,
            "vllm/aeon/r89cg2.py",
            EA + "def aeon_sizes(engine_args: EngineArgs) -> list[int]:\n"
            "    config = engine_args.create_engine_config()\n"
            "    engine_args.compilation_config.cudagraph_capture_sizes = config.compilation_config.cudagraph_capture_sizes\n"
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])\n",
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
    (
        "#28515 path no longer stored",
        "twin: a read of the source field after the build",
        K(
            *CG,
            "vllm/aeon/r89cg3.py",
            EA + "def aeon_sizes(engine_args: EngineArgs) -> list[int]:\n"
            "    engine_args.create_engine_config()\n"
            "    return list(engine_args.cudagraph_capture_sizes or [])\n",
            "    return list(engine_args.cudagraph_capture_sizes or [])",
        ),
    ),
    (
        "#28515 path no longer stored",
        "twin: another path of the same object, never stored",
        K(
            *CG,
            "vllm/aeon/r89cg4.py",
            EA + "def aeon_mode(engine_args: EngineArgs) -> object:\n"
            "    engine_args.create_engine_config()\n"
            "    return engine_args.compilation_config.mode\n",
            "    return engine_args.compilation_config.mode",
        ),
    ),
    (
        "#28515 path no longer stored",
        "twin: a subclass override writing the path back after super()",
        K(
            *CG,
            "vllm/aeon/r89cg5.py",
            "from vllm.config import VllmConfig\n" + EA + "class AeonArgs(EngineArgs):\n"
            "    def create_engine_config(self, *args, **kwargs) -> VllmConfig:\n"
            "        config = super().create_engine_config(*args, **kwargs)\n"
            "        # AEON: the launcher reads the sizes back off the args\n"
            "        self.compilation_config.cudagraph_capture_sizes = config.compilation_config.cudagraph_capture_sizes\n"
            "        return config\n\n\n"
            "def aeon_sizes(engine_args: AeonArgs) -> list[int]:\n"
            "    engine_args.create_engine_config()\n"
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])\n",
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
    (
        "#28515 path no longer stored",
        "twin: the fork's own class of the names",
        K(
            *CG,
            "vllm/aeon/r89cg6.py",
            "from types import SimpleNamespace\n\n\n"
            "class AeonArgs:\n"
            "    def __init__(self) -> None:\n"
            "        self.compilation_config = SimpleNamespace(cudagraph_capture_sizes=None)\n\n"
            "    def create_engine_config(self) -> None:\n"
            "        self.compilation_config.cudagraph_capture_sizes = [1, 2, 4]\n\n\n"
            "def aeon_sizes(engine_args: AeonArgs) -> list[int]:\n"
            "    engine_args.create_engine_config()\n"
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])\n",
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review89-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
