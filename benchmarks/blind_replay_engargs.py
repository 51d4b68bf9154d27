"""A blind replay of the engine arguments a fork's launcher builds, subclasses and reads back from its CLI.

11 first-parent commits on ``vllm/engine/arg_utils.py`` -- ``EngineArgs``/``AsyncEngineArgs``, their CLI
(``add_cli_args``, ``from_cli_args``), ``create_engine_config`` and its default-setting hooks, and the module's
helpers -- the surface a Spark fork's launcher carries code against (it builds ``EngineArgs`` with its own NVFP4,
speculative and GB10 memory defaults, subclasses it to add flags and hooks, and reads the parsed namespace):
the legacy speculative fields (``speculative_model``, ``num_speculative_tokens`` ...) removed,
``_set_default_args`` renamed and ``get_chunked_prefill_prefix_caching_defaults`` removed,
``human_readable_int`` no longer accepting ``"auto"``, ``seed``'s default turned from ``None`` to ``0``,
``generation_config``'s default turned from ``None`` to ``"auto"``, the ``--disable-log-requests`` flag removed,
``create_engine_config`` no longer writing the capture sizes back into ``self.compilation_config``, the CLI
defaults of ``--max-num-seqs``/``--enable-chunked-prefill`` turned to ``None``,
``valid_tensorizer_config_provided`` removed, the data-parallel launch asserts turned into ``ValueError``, and
the V1 override hooks (``_override_v1_engine_args``/``_override_v1_engine_config``) removed -- picked by
scanning the path's diffs (``git log --first-parent -p``), avoiding the commits every other replay uses
(``blind_replay_config``, ``_cfgparts``, ``_engfront``, ``_entrycli``, ``_llmapi`` cover other commits of this
file).  Each is replayed under 1-3 fork spellings written the way fork code is written (a keyword build, a
subclass's ``self.`` read, a read off a receiver typed as the class, an override the base no longer calls, a
``super()``/``self.`` call of a removed hook, a classmethod call, a call with a literal the function no longer
accepts, an ``argparse`` ``type=`` with a string default, an ``is None`` test of a default, a ``getattr`` with a
literal, a read of the parsed namespace, an argv list, an ``except`` of the old exception), with twins (fork
code the commit does not break: the kept field or hook, the new spelling, an explicit value, a read off the
returned config).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error
on their line.

Blind, on the engine before any widening (main at eb141937): 13 caught, 0 warned, 8 missed of 21 (twins: 12
quiet, 0 false errors).  Symbol drift caught the removed speculative fields (keyword build, ``self.`` read, typed
read), the renamed and removed hooks (an override no longer called, a ``super()``/``self.`` call, a classmethod
call), ``valid_tensorizer_config_provided`` (override, call) and the V1 hooks (two overrides); parsed-option drift
caught both ``--disable-log-requests`` spellings; default drift caught ``generation_config``'s ``is None``.  The
misses: #29185's two (``seed is None`` off a subclass's ``self`` and a typed receiver: upstream's
``create_model_config`` keeps ``if self.seed is None: self.seed = 0``, and any upstream store of the field was read
as bringing the old value back), #31260's two (``human_readable_int("auto")`` and ``type=human_readable_int,
default="auto"``: no check read the strings a function tells apart), #28515's read of
``engine_args.compilation_config.cudagraph_capture_sizes`` after ``create_engine_config()`` (a write of a path off
``self``, not a field), #28872's two (``args.max_num_seqs * 2`` and ``args.enable_chunked_prefill`` on the parsed
namespace: the default was spread in from a computed mapping, ``**scheduler_kwargs[...]``, and made None by a
display's ``"default"`` key, no ``default=`` keyword on either side), and #49124's ``except AssertionError`` round
``create_engine_config()`` (some of its asserts became ``raise ValueError``, others stay, so the handler is not dead).
No label was wrong.
After the killers179 widenings: 19 caught, 2 warned, 0 missed of 21 (twins: 12 quiet, 0 false errors).  Caught
now: a test of the old ``None`` where upstream's only store of the field writes the new default itself
(``drift/field_defaults.py``); a string a function compared its parameter with at the base and no longer quotes,
handed to it by a call or an ``add_argument`` default beside ``type=`` (new ``drift/dropped_sentinels.py``); a
path off ``self`` a method stopped storing, read whole off the receiver after the call
(``drift/stopped_writes.py``); a handler of ``AssertionError`` mending a field that an assert upstream turned into
a raise of another kind had tested (``drift/raised_kinds.py``).  Warned, by design: #28872's two, an option's
computed default made None (``drift/option_defaults.py``, ``drift/field_defaults.py``), a warning as #32525's
``default=1`` -> ``None`` is (the fleet may pass the flag).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
blind_replay_config 16 caught, 1 warned of 17 (13 quiet, 2 warned), blind_replay_entrycli 21/21 (11 quiet),
blind_replay_protocol 19/19 (12 quiet), blind_replay_quantext 17 caught, 1 warned, 1 missed of 19 (13 quiet),
blind_replay_customops 13 caught, 1 warned of 14 (11 quiet), blind_replay_sampparams 14 caught, 1 missed of 15
(10 quiet), all as recorded; review77_twins 7 caught, 2 warned of 9 (39 quiet, 0 false), review78_twins 7
caught, 1 warned of 8 (36 quiet, 0 false) and blind_replay_mlasparse 22 caught, 1 warned, 1 missed of 24 (11
quiet, 0 false): below their recorded lines, but verdict for verdict the same on main (eb141937), so not this
branch's doing.  ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught,
8 warnings).

  python benchmarks/blind_replay_engargs.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

EA = "from vllm.engine.arg_utils import EngineArgs\n\n\n"

# --- #15466 (239b7befdd): the legacy speculative fields of EngineArgs removed
SP = "239b7befdd"
SPW = "EngineArgs.speculative_model/num_speculative_tokens/... removed (speculative_config only)"
CASES += [
    (
        "#15466 fields removed",
        "a keyword build with the legacy fields",
        K(
            "#15466",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            EA + "def aeon_engine_args(model: str, draft: str) -> EngineArgs:\n"
            "    # AEON: the Spark's launcher serves an NVFP4 target with a small draft model\n"
            '    return EngineArgs(model=model, quantization="modelopt_fp4", speculative_model=draft, num_speculative_tokens=3)\n',
            'return EngineArgs(model=model, quantization="modelopt_fp4", speculative_model=draft, num_speculative_tokens=3)',
        ),
    ),
    (
        "#15466 fields removed",
        "a subclass's self. read",
        K(
            "#15466",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            EA + "class AeonEngineArgs(EngineArgs):\n"
            "    def aeon_draft_tokens(self) -> int:\n"
            "        # AEON: the GB10 memory budget reserves a slot per draft token\n"
            "        return self.num_speculative_tokens or 0\n",
            "return self.num_speculative_tokens or 0",
        ),
    ),
    (
        "#15466 fields removed",
        "a read off a receiver typed as the class",
        K(
            "#15466",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            EA + "def aeon_has_draft(args: EngineArgs) -> bool:\n"
            "    # AEON: the Spark's report names the draft model\n"
            "    return args.speculative_model is not None\n",
            "return args.speculative_model is not None",
        ),
    ),
    (
        "#15466 fields removed",
        "twin: the speculative_config dict",
        K(
            "#15466",
            SP,
            SPW,
            "vllm/aeon/sp4.py",
            EA + "def aeon_engine_args2(model: str, draft: str) -> EngineArgs:\n"
            '    return EngineArgs(model=model, speculative_config={"model": draft, "num_speculative_tokens": 3})\n',
            'return EngineArgs(model=model, speculative_config={"model": draft, "num_speculative_tokens": 3})',
        ),
    ),
]

# --- #26623 (f4b76056ee): _set_default_args renamed, get_chunked_prefill_prefix_caching_defaults removed
DA = "f4b76056ee"
DAW = "EngineArgs._set_default_args split and renamed; get_chunked_prefill_prefix_caching_defaults removed"
EAM = "from vllm.config import ModelConfig\nfrom vllm.engine.arg_utils import EngineArgs\nfrom vllm.usage.usage_lib import UsageContext\n\n\n"
CASES += [
    (
        "#26623 hook renamed",
        "an override the base no longer calls",
        K(
            "#26623",
            DA,
            DAW,
            "vllm/aeon/da1.py",
            EAM + "class AeonSparkArgs(EngineArgs):\n"
            "    def _set_default_args(self, usage_context: UsageContext, model_config: ModelConfig) -> None:\n"
            "        # AEON: GB10's unified memory wants a smaller batch than upstream's default\n"
            "        if self.max_num_seqs is None:\n"
            "            self.max_num_seqs = 64\n",
            "    def _set_default_args(self, usage_context: UsageContext, model_config: ModelConfig) -> None:",
        ),
    ),
    (
        "#26623 hook renamed",
        "a classmethod call of the removed defaults",
        K(
            "#26623",
            DA,
            DAW,
            "vllm/aeon/da2.py",
            EAM + "def aeon_prefix_caching(model_config: ModelConfig) -> bool:\n"
            "    # AEON: the Spark's report shows whether prefix caching is on by default\n"
            "    _, prefix = EngineArgs.get_chunked_prefill_prefix_caching_defaults(model_config)\n"
            "    return prefix\n",
            "_, prefix = EngineArgs.get_chunked_prefill_prefix_caching_defaults(model_config)",
        ),
    ),
    (
        "#26623 hook renamed",
        "a subclass's self. call of the renamed hook",
        K(
            "#26623",
            DA,
            DAW,
            "vllm/aeon/da3.py",
            EAM + "class AeonDefaultsArgs(EngineArgs):\n"
            "    def aeon_resolve(self, model_config: ModelConfig) -> None:\n"
            "        # AEON: the launcher resolves the defaults early to size the KV pool\n"
            "        self._set_default_args(UsageContext.OPENAI_API_SERVER, model_config)\n",
            "self._set_default_args(UsageContext.OPENAI_API_SERVER, model_config)",
        ),
    ),
    (
        "#26623 hook renamed",
        "twin: the kept create_model_config",
        K(
            "#26623",
            DA,
            DAW,
            "vllm/aeon/da4.py",
            EAM + "class AeonModelArgs(EngineArgs):\n"
            "    def aeon_model(self) -> ModelConfig:\n"
            "        return self.create_model_config()\n",
            "return self.create_model_config()",
        ),
    ),
]

# --- #31260 (7adeb4bfa8): human_readable_int no longer accepts "auto" (human_readable_int_or_auto does)
HR = "7adeb4bfa8"
HRW = "human_readable_int no longer accepts 'auto'/-1 sentinel"
HI = "import argparse\n\nfrom vllm.engine.arg_utils import human_readable_int\n\n\n"
CASES += [
    (
        "#31260 literal no longer accepted",
        "a call with the literal",
        K(
            "#31260",
            HR,
            HRW,
            "vllm/aeon/hr1.py",
            HI + "def aeon_draft_len(text: str) -> int:\n"
            "    # AEON: the Spark's draft model length follows the target unless set\n"
            '    if not text:\n        return human_readable_int("auto")\n'
            "    return human_readable_int(text)\n",
            'return human_readable_int("auto")',
        ),
    ),
    (
        "#31260 literal no longer accepted",
        "an argparse type= with the literal as its default",
        K(
            "#31260",
            HR,
            HRW,
            "vllm/aeon/hr2.py",
            HI + "def aeon_add_flags(parser: argparse.ArgumentParser) -> None:\n"
            "    # AEON: GB10's launcher caps the draft context separately\n"
            '    parser.add_argument("--aeon-draft-max-len", type=human_readable_int, default="auto")\n',
            'parser.add_argument("--aeon-draft-max-len", type=human_readable_int, default="auto")',
        ),
    ),
    (
        "#31260 literal no longer accepted",
        "twin: a suffixed number and -1",
        K(
            "#31260",
            HR,
            HRW,
            "vllm/aeon/hr3.py",
            HI + "def aeon_budget() -> tuple[int, int]:\n"
            '    return human_readable_int("32k"), human_readable_int("-1")\n',
            'return human_readable_int("32k"), human_readable_int("-1")',
        ),
    ),
    (
        "#31260 literal no longer accepted",
        "twin: an argparse type= with a number default",
        K(
            "#31260",
            HR,
            HRW,
            "vllm/aeon/hr4.py",
            HI + "def aeon_add_flags2(parser: argparse.ArgumentParser) -> None:\n"
            '    parser.add_argument("--aeon-pool", type=human_readable_int, default="4G")\n',
            'parser.add_argument("--aeon-pool", type=human_readable_int, default="4G")',
        ),
    ),
]

# --- #29185 (ceca060501): EngineArgs.seed's default turned from None to 0
SD = "ceca060501"
SDW = "EngineArgs.seed default None -> 0"
CASES += [
    (
        "#29185 default changed",
        "a subclass's is None test of the default",
        K(
            "#29185",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            "import time\n\n" + EA + "class AeonSeededArgs(EngineArgs):\n"
            "    def aeon_seed(self) -> None:\n"
            "        # AEON: the Spark's soak runs want a fresh seed per launch unless one is given\n"
            "        if self.seed is None:\n"
            "            self.seed = int(time.time())\n",
            "if self.seed is None:",
        ),
    ),
    (
        "#29185 default changed",
        "an is None test off a receiver typed as the class",
        K(
            "#29185",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            EA + "def aeon_is_seeded(engine_args: EngineArgs) -> bool:\n"
            "    # AEON: the Spark's report marks a run reproducible only if seeded\n"
            "    return engine_args.seed is not None\n",
            "return engine_args.seed is not None",
        ),
    ),
    (
        "#29185 default changed",
        "twin: an explicit seed",
        K(
            "#29185",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            EA + "def aeon_seeded(model: str) -> EngineArgs:\n    return EngineArgs(model=model, seed=1234)\n",
            "return EngineArgs(model=model, seed=1234)",
        ),
    ),
]

# --- #12622 (47512b3200): EngineArgs.generation_config's default turned from None to "auto"
GC = "47512b3200"
GCW = "EngineArgs.generation_config default None -> 'auto'"
CASES += [
    (
        "#12622 default changed",
        "a getattr with a literal, tested against the old default",
        K(
            "#12622",
            GC,
            GCW,
            "vllm/aeon/gc1.py",
            EA + "def aeon_sampling_defaults(args: EngineArgs) -> dict[str, float]:\n"
            "    # AEON: without a generation config the Spark serves its own sampling defaults\n"
            '    if getattr(args, "generation_config", None) is None:\n'
            '        return {"temperature": 0.6, "top_p": 0.95}\n'
            "    return {}\n",
            'if getattr(args, "generation_config", None) is None:',
        ),
    ),
    (
        "#12622 default changed",
        "twin: an explicit generation_config",
        K(
            "#12622",
            GC,
            GCW,
            "vllm/aeon/gc2.py",
            EA + "def aeon_gen_args(model: str, folder: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, generation_config=folder)\n",
            "return EngineArgs(model=model, generation_config=folder)",
        ),
    ),
]

# --- #35723 (792a74b973): AsyncEngineArgs' --disable-log-requests flag removed
LR = "792a74b973"
LRW = "--disable-log-requests removed from AsyncEngineArgs.add_cli_args"
AP = "from vllm.engine.arg_utils import AsyncEngineArgs\nfrom vllm.utils.argparse_utils import FlexibleArgumentParser\n\n\n"
CASES += [
    (
        "#35723 CLI flag removed",
        "a read of the parsed namespace",
        K(
            "#35723",
            LR,
            LRW,
            "vllm/aeon/lr1.py",
            AP + "def aeon_quiet(argv: list[str]) -> bool:\n"
            "    # AEON: the Spark's soak launcher keeps its logs small\n"
            "    parser = AsyncEngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            "    args = parser.parse_args(argv)\n"
            "    return bool(args.disable_log_requests)\n",
            "return bool(args.disable_log_requests)",
        ),
    ),
    (
        "#35723 CLI flag removed",
        "an argv list with the flag",
        K(
            "#35723",
            LR,
            LRW,
            "vllm/aeon/lr2.py",
            AP + "def aeon_soak_args(model: str) -> AsyncEngineArgs:\n"
            "    parser = AsyncEngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            '    args = parser.parse_args(["--model", model, "--disable-log-requests"])\n'
            "    return AsyncEngineArgs.from_cli_args(args)\n",
            'args = parser.parse_args(["--model", model, "--disable-log-requests"])',
        ),
    ),
    (
        "#35723 CLI flag removed",
        "twin: the kept --enable-log-requests",
        K(
            "#35723",
            LR,
            LRW,
            "vllm/aeon/lr3.py",
            AP + "def aeon_loud(argv: list[str]) -> bool:\n"
            "    parser = AsyncEngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            '    args = parser.parse_args([*argv, "--enable-log-requests"])\n'
            "    return bool(args.enable_log_requests)\n",
            "return bool(args.enable_log_requests)",
        ),
    ),
]

# --- #28515 (327c0a9a23): create_engine_config no longer writes the capture sizes into self.compilation_config
CG = "327c0a9a23"
CGW = "create_engine_config works on a deep copy of self.compilation_config"
CASES += [
    (
        "#28515 side effect removed",
        "a read of the receiver's config after the build",
        K(
            "#28515",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            EA + "def aeon_capture_sizes(engine_args: EngineArgs) -> list[int]:\n"
            "    # AEON: the Spark pre-warms the graphs it will capture\n"
            "    engine_args.create_engine_config()\n"
            "    return list(engine_args.compilation_config.cudagraph_capture_sizes or [])\n",
            "return list(engine_args.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
    (
        "#28515 side effect removed",
        "twin: a read off the returned config",
        K(
            "#28515",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            EA + "def aeon_capture_sizes2(engine_args: EngineArgs) -> list[int]:\n"
            "    config = engine_args.create_engine_config()\n"
            "    return list(config.compilation_config.cudagraph_capture_sizes or [])\n",
            "return list(config.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
]

# --- #28872 (bf9e1e8767): the CLI defaults of --max-num-seqs/--max-num-batched-tokens/--enable-chunked-prefill -> None
CD = "bf9e1e8767"
CDW = "CLI defaults of dynamic SchedulerConfig fields turned to None"
EP = "from vllm.engine.arg_utils import EngineArgs\nfrom vllm.utils.argparse_utils import FlexibleArgumentParser\n\n\n"
CASES += [
    (
        "#28872 CLI default changed",
        "arithmetic on the parsed namespace's value",
        K(
            "#28872",
            CD,
            CDW,
            "vllm/aeon/cd1.py",
            EP + "def aeon_kv_slots(argv: list[str]) -> int:\n"
            "    # AEON: GB10's unified memory is split by the batch the CLI allows\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            "    return args.max_num_seqs * 2\n",
            "return args.max_num_seqs * 2",
        ),
    ),
    (
        "#28872 CLI default changed",
        "a truth test of the parsed namespace's flag",
        K(
            "#28872",
            CD,
            CDW,
            "vllm/aeon/cd2.py",
            EP + "def aeon_chunked(argv: list[str]) -> str:\n"
            "    # AEON: the Spark's report names the prefill mode\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            '    return "chunked" if args.enable_chunked_prefill else "whole"\n',
            'return "chunked" if args.enable_chunked_prefill else "whole"',
        ),
    ),
    (
        "#28872 CLI default changed",
        "twin: from_cli_args",
        K(
            "#28872",
            CD,
            CDW,
            "vllm/aeon/cd3.py",
            EP + "def aeon_from_cli(argv: list[str]) -> EngineArgs:\n"
            "    args = EngineArgs.add_cli_args(FlexibleArgumentParser()).parse_args(argv)\n"
            "    return EngineArgs.from_cli_args(args)\n",
            "return EngineArgs.from_cli_args(args)",
        ),
    ),
]

# --- #20643 (4ac9c33f78): EngineArgs.valid_tensorizer_config_provided removed
TZ = "4ac9c33f78"
TZW = "valid_tensorizer_config_provided removed (validate_tensorizer_args added)"
CASES += [
    (
        "#20643 method removed",
        "an override the base no longer calls",
        K(
            "#20643",
            TZ,
            TZW,
            "vllm/aeon/tz1.py",
            EA + "class AeonTensorizerArgs(EngineArgs):\n"
            "    def valid_tensorizer_config_provided(self) -> bool:\n"
            "        # AEON: the Spark streams NVFP4 weights from its local tensorizer cache\n"
            "        return True\n",
            "    def valid_tensorizer_config_provided(self) -> bool:",
        ),
    ),
    (
        "#20643 method removed",
        "a subclass's self. call",
        K(
            "#20643",
            TZ,
            TZW,
            "vllm/aeon/tz2.py",
            EA + "class AeonLoadArgs(EngineArgs):\n"
            "    def aeon_infer_dir(self) -> bool:\n"
            "        # AEON: the Spark's launcher logs where the tensorizer args come from\n"
            "        return self.valid_tensorizer_config_provided()\n",
            "return self.valid_tensorizer_config_provided()",
        ),
    ),
    (
        "#20643 method removed",
        "twin: the kept create_load_config",
        K(
            "#20643",
            TZ,
            TZW,
            "vllm/aeon/tz3.py",
            EA + "class AeonLoadArgs2(EngineArgs):\n"
            "    def aeon_load(self) -> object:\n"
            "        return self.create_load_config()\n",
            "return self.create_load_config()",
        ),
    ),
]

# --- #49124 (453f01783d): the data-parallel launch asserts of create_engine_config turned into ValueError
DP = "453f01783d"
DPW = "create_engine_config's data-parallel asserts raise ValueError"
EV = "from vllm.config import VllmConfig\nfrom vllm.engine.arg_utils import EngineArgs\n\n\n"
CASES += [
    (
        "#49124 exception type changed",
        "an except of the old exception",
        K(
            "#49124",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            EV + "def aeon_config(engine_args: EngineArgs) -> VllmConfig:\n"
            "    try:\n"
            "        return engine_args.create_engine_config()\n"
            "    except AssertionError:\n"
            "        # AEON: a two-Spark cluster falls back to one node on a bad DP launch\n"
            "        engine_args.nnodes = 1\n"
            "        engine_args.node_rank = 0\n"
            "        return engine_args.create_engine_config()\n",
            "except AssertionError:",
        ),
    ),
    (
        "#49124 exception type changed",
        "twin: an except of both",
        K(
            "#49124",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            EV + "def aeon_config2(engine_args: EngineArgs) -> VllmConfig:\n"
            "    try:\n"
            "        return engine_args.create_engine_config()\n"
            "    except (AssertionError, ValueError):\n"
            "        engine_args.nnodes = 1\n"
            "        return engine_args.create_engine_config()\n",
            "except (AssertionError, ValueError):",
        ),
    ),
]

# --- #13726 (d4d93db2c5): the V1 override hooks removed (_set_default_args_v1 / the oracle replace them)
V1 = "d4d93db2c5"
V1W = "_override_v1_engine_args/_override_v1_engine_config removed"
EC = "from vllm.config import VllmConfig\nfrom vllm.engine.arg_utils import EngineArgs\nfrom vllm.usage.usage_lib import UsageContext\n\n\n"
CASES += [
    (
        "#13726 hook removed",
        "an override of the config hook",
        K(
            "#13726",
            V1,
            V1W,
            "vllm/aeon/v11.py",
            EC + "class AeonV1Args(EngineArgs):\n"
            "    def _override_v1_engine_config(self, engine_config: VllmConfig) -> None:\n"
            "        # AEON: sm_121a captures no cascade attention graphs\n"
            "        engine_config.model_config.disable_cascade_attn = True\n",
            "    def _override_v1_engine_config(self, engine_config: VllmConfig) -> None:",
        ),
    ),
    (
        "#13726 hook removed",
        "an override of the args hook with its super() call",
        K(
            "#13726",
            V1,
            V1W,
            "vllm/aeon/v12.py",
            EC + "class AeonV1Args2(EngineArgs):\n"
            "    def _override_v1_engine_args(self, usage_context: UsageContext) -> None:\n"
            "        super()._override_v1_engine_args(usage_context)\n"
            "        # AEON: GB10's memory holds fewer sequences than upstream's V1 default\n"
            "        self.max_num_seqs = min(self.max_num_seqs or 256, 128)\n",
            "    def _override_v1_engine_args(self, usage_context: UsageContext) -> None:",
        ),
    ),
    (
        "#13726 hook removed",
        "twin: an override of create_engine_config",
        K(
            "#13726",
            V1,
            V1W,
            "vllm/aeon/v13.py",
            EC + "class AeonV1Args3(EngineArgs):\n"
            "    def create_engine_config(self, usage_context: UsageContext | None = None) -> VllmConfig:\n"
            "        config = super().create_engine_config(usage_context)\n"
            "        return config\n",
            "config = super().create_engine_config(usage_context)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-engargs-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
