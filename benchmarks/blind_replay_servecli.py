"""A blind replay of the serve CLI and the OpenAI server's arguments a Spark fork extends, reads and wraps.

9 first-parent commits on ``vllm/entrypoints/openai/cli_args.py`` and ``vllm/entrypoints/cli/serve.py`` -- the
parser a fork adds its own flags to (``make_arg_parser``, ``ServeSubcommand.subparser_init``, the
``FrontendArgs`` fields the parser turns into options), the parsed names it reads and validates, and the
serve subcommand it wraps: ``--grpc`` declared by the serve subparser (#36169) and then moved into
``make_arg_parser`` (#38570), ``FrontendArgs`` given ``exclude_tools_when_tool_choice_none`` (#20544),
``exclude_log_deltas`` (#30322), ``use_gpu_for_pooling_score`` (#35427) and
``data_parallel_supervisor_port`` (#40841) -- each now an option of the server's parser, so a fork's own
``add_argument`` of the same option string raises ``argparse.ArgumentError: conflicting option string`` when
the parser is built --, ``validate_parsed_serve_args`` now refusing ``--enable-log-outputs`` without
``--enable-log-requests`` (#24626), ``bind_process_name`` renamed ``set_process_title`` and dropped from
``serve``'s imports (#21780), and ``RustFrontendProcessManager`` given a required ``engine_start_index``
before ``engine_count`` (#45805) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits every other replay uses (``blind_replay_entrycli``, ``_openai``, ``_engargs`` cover parts
of this surface).  Each is replayed under 1-2 fork spellings (a subclass's ``subparser_init`` adding its flag
after ``super()``, a flag on an argument group, a flag added before ``make_arg_parser`` runs, a loop over a
literal tuple of flags, a helper handed the parser, a fork line in ``make_arg_parser`` itself, a launcher
that sets a parsed name before validating, a test of the old validation, a module attribute and a stored
copy of a renamed function, a subclass's positional ``super().__init__`` and a keyword call missing the new
parameter), with twins (the fork's own option names, a read of the option upstream now declares, a getattr
with a default, both names set, the new function, the new keyword passed).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when
a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 15c9aeb7): 4 caught, 0 warned, 12 missed of 16 (twins: 9
quiet, 0 false errors).  Symbol drift caught #21780's module attribute and stored copy of ``bind_process_name``
and #45805's positional ``super().__init__`` and keyword call missing ``engine_start_index``.  The misses:
every fork flag upstream's parser now declares itself (#36169's two, #38570's two, #20544's two, #30322's
two, #35427's and #40841's: ``ArgumentError: conflicting option string`` when the parser is built), and
#24626's two (a launcher setting ``enable_log_outputs`` before ``validate_parsed_serve_args``, a test of the
old validation).
After the killers224 widenings: 14 caught, 2 warned, 0 missed of 16 (twins: 9 quiet, 0 false errors).  Caught
now: the ten colliding flags (``drift/colliding_options.py``, new: a fork ``add_argument`` of an option a line
upstream's diff added -- a quoted ``"--flag"``, or a field of a class whose ``add_cli_args`` turns fields into
``f"--{...}"`` options -- an error when the fork's function is the declarer itself, calls a declarer or its
callers two rounds out (``make_arg_parser``, ``super().subparser_init``), or hands a helper the parser one
returned; a warning for a parser that may be the fork's own).  Warned now: #24626's two
(``drift/refused_namespaces.py``, new: a new ``if p.A and not p.B: raise`` of a module function the fork hands
a namespace, read three-valued over the fork's ``ns.NAME = <constant>`` stores and a literal argv's options,
left-out ``store_true`` / bool-False options false; a warning here, as ``validate_parsed_serve_args`` may
return first on ``hasattr(args, "subparser")``, and the launcher's command line decides
``enable_log_requests``).  Left: nothing missed; the test's warning stays a warning (the early return's
``hasattr`` of a namespace a parser built is not read).  Regression set at the widenings' head:
killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_entrycli 21/21 (11 quiet),
blind_replay_chatutils 18 caught, 2 warned of 20 (12 quiet), blind_replay_engargs 19 caught, 2 warned of 21
(12 quiet), blind_replay_openai 17 caught, 1 warned of 18 (10 quiet, 1 of them warned): each as before
(killer_replay, kind_change_replay and blind_replay_openai rerun at the last change).  Unit tests: test_colliding_option_drift 19, test_refused_namespace_drift 9 (new);
test_removed_option_drift + test_parsed_option_drift 33, test_lazy_patterns + test_fleet_profile 21 passed.
Speed (drift_speed's 150-commit window, this machine shared): colliding_option_drift and
refused_namespace_drift under 0.5 ms each at 150 and 500 commits (0.000 s printed: the window's carry quotes
no option that came and hands no namespace to a guarded function; audits 39.3 s and 59.6 s).

  python benchmarks/blind_replay_servecli.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

SV = "vllm.entrypoints.cli.serve"
CA = "vllm.entrypoints.openai.cli_args"
FAP_OLD = "from vllm.utils import FlexibleArgumentParser\n"
FAP_NEW = "from vllm.utils.argparse_utils import FlexibleArgumentParser\n"

# --- #36169 (507ddbe992): the serve subparser declares --grpc after make_arg_parser
GR = "507ddbe992"
GRW = "ServeSubcommand.subparser_init now declares --grpc"
CASES += [
    (
        "#36169 option now declared by the serve subparser",
        "a subclass's subparser_init adding the same flag after super()",
        K(
            "#36169",
            GR,
            GRW,
            "vllm/aeon/gr1.py",
            f"from {SV} import ServeSubcommand\n\n\n"
            "class AeonServeSubcommand(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            "        serve_parser = super().subparser_init(subparsers)\n"
            "        # AEON: the Spark's launcher serves its own gRPC front end\n"
            '        serve_parser.add_argument("--grpc", action="store_true", default=False, help="Serve gRPC.")\n'
            "        return serve_parser\n",
            'serve_parser.add_argument("--grpc", action="store_true", default=False, help="Serve gRPC.")',
        ),
    ),
    (
        "#36169 option now declared by the serve subparser",
        "a flag on an argument group of the subparser a fork's cmd_init builds",
        K(
            "#36169",
            GR,
            GRW,
            "vllm/aeon/gr2.py",
            f"from {SV} import ServeSubcommand\n\n\n"
            "def aeon_serve_parser(subparsers):\n"
            "    parser = ServeSubcommand().subparser_init(subparsers)\n"
            '    group = parser.add_argument_group("Spark")\n'
            '    group.add_argument("--grpc", action="store_true")\n'
            "    return parser\n",
            'group.add_argument("--grpc", action="store_true")',
        ),
    ),
    (
        "#36169 option now declared by the serve subparser",
        "twin: a flag of the fork's own name",
        K(
            "#36169",
            GR,
            GRW,
            "vllm/aeon/gr3.py",
            f"from {SV} import ServeSubcommand\n\n\n"
            "class AeonServeSubcommand3(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            "        serve_parser = super().subparser_init(subparsers)\n"
            '        serve_parser.add_argument("--aeon-grpc-port", type=int, default=50051)\n'
            "        return serve_parser\n",
            'serve_parser.add_argument("--aeon-grpc-port", type=int, default=50051)',
        ),
    ),
]

# --- #38570 (acf7292bf2): --grpc moved from the serve subparser into make_arg_parser
GM = "acf7292bf2"
GMW = "make_arg_parser now declares --grpc (moved from ServeSubcommand.subparser_init)"
CASES += [
    (
        "#38570 option moved into the shared parser builder",
        "a side launcher adding the flag after make_arg_parser",
        K(
            "#38570",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            FAP_NEW + f"from {CA} import make_arg_parser\n\n\n"
            "def aeon_launcher_parser() -> FlexibleArgumentParser:\n"
            "    # AEON: the Spark's launcher picks HTTP or gRPC itself\n"
            '    parser = make_arg_parser(FlexibleArgumentParser(description="Spark launcher"))\n'
            '    parser.add_argument("--grpc", action="store_true", default=False)\n'
            "    return parser\n",
            'parser.add_argument("--grpc", action="store_true", default=False)',
        ),
    ),
    (
        "#38570 option moved into the shared parser builder",
        "a loop over a literal tuple of flags",
        K(
            "#38570",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            FAP_NEW + f"from {CA} import make_arg_parser\n\n\n"
            "def aeon_launcher_parser2(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            '    for flag in ("--grpc", "--aeon-trace"):\n'
            '        parser.add_argument(flag, action="store_true")\n'
            "    return parser\n",
            'for flag in ("--grpc", "--aeon-trace"):',
        ),
    ),
    (
        "#38570 option moved into the shared parser builder",
        "twin: a read of the option make_arg_parser now declares",
        K(
            "#38570",
            GM,
            GMW,
            "vllm/aeon/gm3.py",
            FAP_NEW + f"from {CA} import make_arg_parser\n\n\n"
            "def aeon_wants_grpc(argv: list[str]) -> bool:\n"
            "    args = make_arg_parser(FlexibleArgumentParser()).parse_args(argv)\n"
            "    return bool(args.grpc)\n",
            "return bool(args.grpc)",
        ),
    ),
]

# --- #20544 (6eca337ce0): FrontendArgs.exclude_tools_when_tool_choice_none (an option of make_arg_parser)
ET = "6eca337ce0"
ETW = "FrontendArgs gained exclude_tools_when_tool_choice_none: --exclude-tools-when-tool-choice-none"
CASES += [
    (
        "#20544 args-class field now an option",
        "a flag on the fork's argument group after make_arg_parser",
        K(
            "#20544",
            ET,
            ETW,
            "vllm/aeon/et1.py",
            FAP_OLD + f"from {CA} import make_arg_parser\n\n\n"
            "def aeon_make_parser(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            '    spark = parser.add_argument_group("Spark", "Options of the Spark build")\n'
            "    # AEON: the Spark's small models choke on tool schemas they will not use\n"
            '    spark.add_argument("--exclude-tools-when-tool-choice-none", action="store_true")\n'
            "    return parser\n",
            'spark.add_argument("--exclude-tools-when-tool-choice-none", action="store_true")',
        ),
    ),
    (
        "#20544 args-class field now an option",
        "a flag added before make_arg_parser runs",
        K(
            "#20544",
            ET,
            ETW,
            "vllm/aeon/et2.py",
            FAP_OLD + f"from {CA} import make_arg_parser\n\n\n"
            "def aeon_make_parser2() -> FlexibleArgumentParser:\n"
            "    parser = FlexibleArgumentParser()\n"
            "    parser.add_argument(\n"
            '        "--exclude-tools-when-tool-choice-none",\n'
            '        action="store_true",\n'
            '        help="Spark: drop tool schemas when tool_choice is none.",\n'
            "    )\n"
            "    return make_arg_parser(parser)\n",
            '"--exclude-tools-when-tool-choice-none",',
        ),
    ),
    (
        "#20544 args-class field now an option",
        "twin: the fork's own option name",
        K(
            "#20544",
            ET,
            ETW,
            "vllm/aeon/et3.py",
            FAP_OLD + f"from {CA} import make_arg_parser\n\n\n"
            "def aeon_make_parser3(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            '    parser.add_argument("--aeon-exclude-tools", action="store_true")\n'
            "    return parser\n",
            'parser.add_argument("--aeon-exclude-tools", action="store_true")',
        ),
    ),
]

# --- #30322 (79ed460dd5): FrontendArgs.exclude_log_deltas (an option of make_arg_parser)
LD = "79ed460dd5"
LDW = "FrontendArgs gained exclude_log_deltas: --exclude-log-deltas"
CA_PATH = "vllm/entrypoints/openai/cli_args.py"
CASES += [
    (
        "#30322 args-class field now an option",
        "a fork line in make_arg_parser itself",
        Killer(
            "#30322",
            LD,
            LDW,
            (
                Edit(
                    CA_PATH,
                    "    # AEON: the Spark logs a streamed output once, at the end\n"
                    '    parser.add_argument("--exclude-log-deltas", action="store_true", default=False)\n',
                    anchor="    parser = FrontendArgs.add_cli_args(parser)",
                ),
            ),
            ((CA_PATH, 'parser.add_argument("--exclude-log-deltas", action="store_true", default=False)'),),
        ),
    ),
    (
        "#30322 args-class field now an option",
        "a subclass's subparser_init with a dest",
        K(
            "#30322",
            LD,
            LDW,
            "vllm/aeon/ld2.py",
            f"from {SV} import ServeSubcommand\n\n\n"
            "class AeonServeSubcommand2(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            "        parser = super().subparser_init(subparsers)\n"
            '        parser.add_argument("--exclude-log-deltas", dest="exclude_log_deltas", action="store_true")\n'
            "        return parser\n",
            'parser.add_argument("--exclude-log-deltas", dest="exclude_log_deltas", action="store_true")',
        ),
    ),
    (
        "#30322 args-class field now an option",
        "twin: a read of the new option with a default",
        K(
            "#30322",
            LD,
            LDW,
            "vllm/aeon/ld3.py",
            "import argparse\n\n\n"
            "def aeon_logs_deltas(args: argparse.Namespace) -> bool:\n"
            '    return not getattr(args, "exclude_log_deltas", False)\n',
            'return not getattr(args, "exclude_log_deltas", False)',
        ),
    ),
]

# --- #35427 (c21d0039ec): FrontendArgs.use_gpu_for_pooling_score (an option of make_arg_parser)
PS = "c21d0039ec"
PSW = "FrontendArgs gained use_gpu_for_pooling_score: --use-gpu-for-pooling-score"
CASES += [
    (
        "#35427 args-class field now an option",
        "a helper handed the serve parser by a subclass",
        K(
            "#35427",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            FAP_NEW + f"from {SV} import ServeSubcommand\n\n\n"
            "def aeon_add_cli_args(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    # AEON: MaxSim on the GB10's GPU in the API server process\n"
            '    parser.add_argument("--use-gpu-for-pooling-score", action="store_true", default=False)\n'
            "    return parser\n\n\n"
            "class AeonServe(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            "        return aeon_add_cli_args(super().subparser_init(subparsers))\n",
            'parser.add_argument("--use-gpu-for-pooling-score", action="store_true", default=False)',
        ),
    ),
    (
        "#35427 args-class field now an option",
        "twin: the fork's own option name",
        K(
            "#35427",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            FAP_NEW + "\n\n"
            "def aeon_add_cli_args2(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            '    parser.add_argument("--aeon-gpu-maxsim", action="store_true", default=False)\n'
            "    return parser\n",
            'parser.add_argument("--aeon-gpu-maxsim", action="store_true", default=False)',
        ),
    ),
]

# --- #40841 (0ddd7dd656): FrontendArgs.data_parallel_supervisor_port (an option of make_arg_parser)
SP = "0ddd7dd656"
SPW = "FrontendArgs gained data_parallel_supervisor_port: --data-parallel-supervisor-port"
CASES += [
    (
        "#40841 args-class field now an option",
        "a subclass's subparser_init adding its port flag",
        K(
            "#40841",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            f"from {SV} import ServeSubcommand\n\n\n"
            "class AeonSupervisedServe(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            "        serve_parser = super().subparser_init(subparsers)\n"
            "        # AEON: the Spark's DP supervisor answers health probes here\n"
            '        serve_parser.add_argument("--data-parallel-supervisor-port", type=int, default=9300)\n'
            "        return serve_parser\n",
            'serve_parser.add_argument("--data-parallel-supervisor-port", type=int, default=9300)',
        ),
    ),
    (
        "#40841 args-class field now an option",
        "twin: a read of the new option with a default",
        K(
            "#40841",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "import argparse\n\n\n"
            "def aeon_supervisor_port(args: argparse.Namespace) -> int:\n"
            '    return int(getattr(args, "data_parallel_supervisor_port", 9256))\n',
            'return int(getattr(args, "data_parallel_supervisor_port", 9256))',
        ),
    ),
]

# --- #24626 (684b6870e1): validate_parsed_serve_args refuses --enable-log-outputs without --enable-log-requests
VL = "684b6870e1"
VLW = "validate_parsed_serve_args now raises TypeError for enable_log_outputs without enable_log_requests"
CASES += [
    (
        "#24626 validation now refuses a combination",
        "a launcher setting the name before validating",
        K(
            "#24626",
            VL,
            VLW,
            "vllm/aeon/vl1.py",
            FAP_OLD + f"from {CA} import make_arg_parser, validate_parsed_serve_args\n\n\n"
            "def aeon_serve_args(argv: list[str]):\n"
            "    args = make_arg_parser(FlexibleArgumentParser()).parse_args(argv)\n"
            "    # AEON: the Spark's eval harness always logs generations\n"
            "    args.enable_log_outputs = True\n"
            "    validate_parsed_serve_args(args)\n"
            "    return args\n",
            "args.enable_log_outputs = True",
        ),
    ),
    (
        "#24626 validation now refuses a combination",
        "a fork test of the old validation",
        K(
            "#24626",
            VL,
            VLW,
            "tests/aeon/test_vl2.py",
            FAP_OLD + f"from {CA} import make_arg_parser, validate_parsed_serve_args\n\n\n"
            "def test_aeon_log_outputs_alone():\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            '    args = parser.parse_args(["--enable-log-outputs"])\n'
            "    validate_parsed_serve_args(args)\n"
            "    assert args.enable_log_outputs\n",
            "validate_parsed_serve_args(args)",
        ),
    ),
    (
        "#24626 validation now refuses a combination",
        "twin: both names set before validating",
        K(
            "#24626",
            VL,
            VLW,
            "vllm/aeon/vl3.py",
            FAP_OLD + f"from {CA} import make_arg_parser, validate_parsed_serve_args\n\n\n"
            "def aeon_serve_args3(argv: list[str]):\n"
            "    args = make_arg_parser(FlexibleArgumentParser()).parse_args(argv)\n"
            "    args.enable_log_requests = True\n"
            "    args.enable_log_outputs = True\n"
            "    validate_parsed_serve_args(args)\n"
            "    return args\n",
            "args.enable_log_outputs = True",
        ),
    ),
]

# --- #21780 (7234fe2685): bind_process_name renamed set_process_title, dropped from serve's imports
PT = "7234fe2685"
PTW = "vllm.utils.bind_process_name renamed set_process_title; serve no longer imports it"
CASES += [
    (
        "#21780 function renamed, re-export dropped",
        "a module attribute of the serve module",
        K(
            "#21780",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "from vllm.entrypoints.cli import serve\n\n\n"
            "def aeon_title_headless() -> None:\n"
            "    # AEON: the Spark's process list names the headless manager\n"
            '    serve.bind_process_name("AeonSpark_Headless")\n',
            'serve.bind_process_name("AeonSpark_Headless")',
        ),
    ),
    (
        "#21780 function renamed, re-export dropped",
        "a stored copy at module level",
        K(
            "#21780",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            "import vllm.utils\n\n"
            "_AEON_TITLE = vllm.utils.bind_process_name\n\n\n"
            "def aeon_title(name: str) -> None:\n"
            "    _AEON_TITLE(name)\n",
            "_AEON_TITLE = vllm.utils.bind_process_name",
        ),
    ),
    (
        "#21780 function renamed, re-export dropped",
        "twin: the new name",
        K(
            "#21780",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            "from vllm.utils import set_process_title\n\n\n"
            "def aeon_title3() -> None:\n"
            '    set_process_title("AeonSpark", "0")\n',
            'set_process_title("AeonSpark", "0")',
        ),
    ),
]

# --- #45805 (e2c58570ea): RustFrontendProcessManager(..., engine_start_index, engine_count, ...)
RF = "e2c58570ea"
RFW = "RustFrontendProcessManager.__init__ gained a required engine_start_index before engine_count"
RFH = "from vllm.v1.utils import RustFrontendProcessManager\n\n\n"
CASES += [
    (
        "#45805 required parameter inserted",
        "a subclass's positional super().__init__",
        K(
            "#45805",
            RF,
            RFW,
            "vllm/aeon/rf1.py",
            RFH + "class AeonRustFrontend(RustFrontendProcessManager):\n"
            "    def __init__(self, binary_path, sock, args, input_address, output_address, engine_count, stats=None):\n"
            "        # AEON: the Spark pins the Rust front end to its efficiency cores\n"
            "        self.aeon_cores = (0, 1)\n"
            "        super().__init__(binary_path, sock, args, input_address, output_address, engine_count, stats)\n",
            "super().__init__(binary_path, sock, args, input_address, output_address, engine_count, stats)",
        ),
    ),
    (
        "#45805 required parameter inserted",
        "a keyword call without the new parameter",
        K(
            "#45805",
            RF,
            RFW,
            "vllm/aeon/rf2.py",
            RFH + "def aeon_rust_frontend(path, sock, args, addresses, n):\n"
            "    return RustFrontendProcessManager(\n"
            "        binary_path=path,\n"
            "        sock=sock,\n"
            "        args=args,\n"
            "        input_address=addresses.inputs[0],\n"
            "        output_address=addresses.outputs[0],\n"
            "        engine_count=n,\n"
            "    )\n",
            "return RustFrontendProcessManager(",
        ),
    ),
    (
        "#45805 required parameter inserted",
        "twin: the new keyword passed",
        K(
            "#45805",
            RF,
            RFW,
            "vllm/aeon/rf3.py",
            RFH + "def aeon_rust_frontend3(path, sock, args, addresses, n):\n"
            "    return RustFrontendProcessManager(\n"
            "        binary_path=path,\n"
            "        sock=sock,\n"
            "        args=args,\n"
            "        input_address=addresses.inputs[0],\n"
            "        output_address=addresses.outputs[0],\n"
            "        engine_start_index=0,\n"
            "        engine_count=n,\n"
            "    )\n",
            "return RustFrontendProcessManager(",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-servecli-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
