"""A blind replay of the CLI entrypoints and the API server's set-up a fork's launcher and side apps use.

11 first-parent commits on ``vllm/entrypoints/cli/*.py``, ``vllm/entrypoints/utils.py``,
``vllm/entrypoints/openai/cli_args.py`` and ``vllm/entrypoints/openai/api_server.py`` -- the functions a fork's
own launcher, side app or extra subcommand carries code against: the exception handlers moved off
``serve/utils/server_utils.py`` and dropped from ``api_server``'s imports (#52261), the engine and generation
error handlers dropped from ``api_server``'s imports (#49665), ``setup_server``/``create_server_socket`` given a
required keyword-only ``reuse_port`` (#47529), the render and disagg entrypoints moved to ``scale_out`` and
``ServingRender`` dropped from ``api_server``'s imports (#44512), ``build_app``/``init_app_state`` given a
required ``supported_tasks`` (#33139), ``mount_metrics`` and ``maybe_register_tokenizer_info_endpoint`` removed
from ``api_server`` (#28040), ``show_filtered_argument_or_group_from_help`` removed from
``entrypoints/utils.py`` (#24903), ``build_async_engine_client``'s ``client_config`` and
``build_async_engine_client_from_engine_args``'s ``disable_frontend_multiprocessing`` made keyword-only
(#21541), ``log_non_default_args`` moved off ``cli_args`` (#21680), the bench subcommand protocol reworked
(``add_cli_args`` a classmethod called on the class, ``BENCHMARK_CMD_MODULES`` removed; #19948), and
``CMD_MODULES`` made a local of ``cli.main.main`` and ``cli.types``'s ``FlexibleArgumentParser`` import put under
``TYPE_CHECKING`` (#19941) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written
(an import of the moved name, a module-attribute call, a positional call of a parameter made keyword-only, a
call missing a required parameter, a fork helper added to the upstream module that uses a name the module
imported, a subclass override of a method upstream made a classmethod), with twins (fork code the commit does
not break: the kept name, a name the module still re-imports, the keyword spelling).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 194a2911): 18 caught, 0 warned, 3 missed of 21 (twins: 11
quiet, 0 false errors).  The misses: #52261's and #49665's fork helpers added to ``api_server.py`` (upstream
dropped the module's imports of ``HTTPException``/``http_exception_handler`` and of
``EngineDeadError``/``engine_error_handler``; the helper's names are then unbound: NameError at call), and
#19948's subclass override ``def add_cli_args(self, parser)`` (upstream made the base's ``add_cli_args`` a
classmethod and the bench parser now calls it on the class, ``cmd_cls.add_cli_args(parser)``: the parser lands
in ``self`` and the call raises TypeError).
After the killers134 widenings: 21 caught, 0 warned, 0 missed of 21 (twins: 11 quiet, 0 false errors).  Caught
now: a name its module no longer binds, read by the fork's lines there (a new class, ``drift/unbound_names.py``:
the base bound it at module level, upstream's diff removed the binding line, the merged module binds it in no
scope when the code runs; #52261's ``HTTPException``/``http_exception_handler`` and #49665's
``EngineDeadError``/``engine_error_handler``; on the real Habana fork's first rebase it also found 9 reads of
``List``/``Tuple`` the fork had to fix, all confirmed), and a method made a classmethod called off a class in
another module (symbol drift's override check, ``_rebound``: a loop target over ``Base.__subclasses__()`` or a
``type[Base]`` name in the files upstream's diff names the method in; #19948).  Regression set at the
widening's head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23
twins), blind_replay_openai 17 caught, 1 warned of 18 (10 twins quiet), blind_replay_serving 29 caught, 5 warned
of 34 (14 quiet), blind_replay_engfront 26/26 (22 quiet), blind_replay_moves 25/25 (16 quiet), all as before;
``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught).

  python benchmarks/blind_replay_entrycli.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

API = "vllm/entrypoints/openai/api_server.py"


def E(pr: str, sha: str, what: str, anchor: str, text: str, line: str) -> Killer:  # noqa: N802
    """A fork helper inserted into the upstream module above ``anchor`` (a line the commit leaves alone)."""
    return Killer(pr, sha, what, (Edit(API, text, anchor=anchor),), ((API, line),))


# --- #52261 (b8165e5e58): the exception handlers moved off server_utils into serve/exception_handling;
#     api_server stops importing them (and HTTPException, RequestValidationError, VLLMError)
EH = "b8165e5e58"
EHW = "exception handlers moved off server_utils, dropped from api_server's imports"
CASES += [
    (
        "#52261 functions moved",
        "an import of a moved handler",
        K(
            "#52261",
            EH,
            EHW,
            "vllm/aeon/eh1.py",
            "from fastapi import FastAPI\n\n"
            "from vllm.entrypoints.serve.utils.server_utils import exception_handler\n\n\n"
            "def aeon_side_app() -> FastAPI:\n"
            "    # AEON: the Spark's admin app answers errors the way the main server does\n"
            "    app = FastAPI()\n"
            "    app.exception_handler(Exception)(exception_handler)\n"
            "    return app\n",
            "from vllm.entrypoints.serve.utils.server_utils import exception_handler",
        ),
    ),
    (
        "#52261 functions moved",
        "a fork helper in api_server using the dropped imports",
        E(
            "#52261",
            EH,
            EHW,
            "def create_server_socket(",
            "def aeon_register_http_errors(app: FastAPI) -> None:\n"
            "    # AEON: the Spark's side routers share the server's HTTP error mapping\n"
            "    app.exception_handler(HTTPException)(http_exception_handler)\n\n\n",
            "app.exception_handler(HTTPException)(http_exception_handler)",
        ),
    ),
    (
        "#52261 functions moved",
        "twin: server_utils names it keeps",
        K(
            "#52261",
            EH,
            EHW,
            "vllm/aeon/eh3.py",
            "from fastapi import FastAPI\n\n"
            "from vllm.entrypoints.serve.utils.server_utils import lifespan, log_response\n\n\n"
            "def aeon_logged_app() -> FastAPI:\n"
            "    app = FastAPI(lifespan=lifespan)\n"
            '    app.middleware("http")(log_response)\n'
            "    return app\n",
            "from vllm.entrypoints.serve.utils.server_utils import lifespan, log_response",
        ),
    ),
]

# --- #49665 (58f9659397): one VLLMError handler; api_server stops importing engine_error_handler,
#     generation_error_handler, EngineDeadError, EngineGenerateError, GenerationError
VE = "58f9659397"
VEW = "engine/generation error handlers dropped from api_server's imports"
CASES += [
    (
        "#49665 imports dropped",
        "a fork helper in api_server using a dropped import",
        E(
            "#49665",
            VE,
            VEW,
            "def create_server_socket(",
            "def aeon_register_engine_errors(app: FastAPI) -> None:\n"
            "    # AEON: a dead engine on the Spark answers 503 on the side routers too\n"
            "    app.exception_handler(EngineDeadError)(engine_error_handler)\n\n\n",
            "app.exception_handler(EngineDeadError)(engine_error_handler)",
        ),
    ),
    (
        "#49665 imports dropped",
        "twin: the handlers still defined in server_utils",
        K(
            "#49665",
            VE,
            VEW,
            "vllm/aeon/ve2.py",
            "from fastapi import FastAPI\n\n"
            "from vllm.entrypoints.serve.utils.server_utils import engine_error_handler\n"
            "from vllm.v1.engine.exceptions import EngineDeadError\n\n\n"
            "def aeon_engine_errors(app: FastAPI) -> None:\n"
            "    app.exception_handler(EngineDeadError)(engine_error_handler)\n",
            "app.exception_handler(EngineDeadError)(engine_error_handler)",
        ),
    ),
]

# --- #47529 (ab3b6d97aa): setup_server(args) -> setup_server(args, *, reuse_port); create_server_socket likewise
RP = "ab3b6d97aa"
RPW = "setup_server/create_server_socket: required keyword-only reuse_port"
CASES += [
    (
        "#47529 required keyword-only parameter",
        "a call of the decorated setup_server",
        K(
            "#47529",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "from vllm.entrypoints.openai.api_server import run_server_worker, setup_server\n\n\n"
            "async def aeon_serve(args) -> None:\n"
            "    # AEON: the Spark's launcher binds the socket before it pins the engine to the GPU\n"
            "    listen_address, sock = setup_server(args)\n"
            "    await run_server_worker(listen_address, sock, args)\n",
            "listen_address, sock = setup_server(args)",
        ),
    ),
    (
        "#47529 required keyword-only parameter",
        "a module-attribute call of create_server_socket",
        K(
            "#47529",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            "from vllm.entrypoints.openai import api_server\n\n\n"
            "def aeon_metrics_socket(port: int):\n"
            '    return api_server.create_server_socket(("0.0.0.0", port))\n',
            'return api_server.create_server_socket(("0.0.0.0", port))',
        ),
    ),
    (
        "#47529 required keyword-only parameter",
        "twin: the unix socket helper kept",
        K(
            "#47529",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            "from vllm.entrypoints.openai.api_server import create_server_unix_socket\n\n\n"
            "def aeon_uds(path: str):\n"
            "    return create_server_unix_socket(path)\n",
            "return create_server_unix_socket(path)",
        ),
    ),
]

# --- #44512 (3483240b7e): serve/render and serve/disagg moved under scale_out; api_server stops importing
#     ServingRender (whose constructor also lost online_derenderer)
SO = "3483240b7e"
SOW = "render/disagg entrypoints moved to scale_out"
CASES += [
    (
        "#44512 module moved",
        "an import from the moved module",
        K(
            "#44512",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            "from vllm.entrypoints.serve.render.serving import ServingRender\n\n\n"
            "class AeonServingRender(ServingRender):\n"
            "    # AEON: the Spark's render-only replica logs every rendered prompt's length\n"
            "    pass\n",
            "from vllm.entrypoints.serve.render.serving import ServingRender",
        ),
    ),
    (
        "#44512 module moved",
        "a fork helper in api_server using the dropped import",
        E(
            "#44512",
            SO,
            SOW,
            "def create_server_socket(addr: tuple[str, int]) -> socket.socket:",
            "def aeon_second_render(state: State, request_logger: RequestLogger | None):\n"
            "    # AEON: a second render entrypoint for the Spark's prefill-only replica\n"
            "    return ServingRender(\n"
            "        state.openai_serving_models,\n"
            "        state.online_renderer,\n"
            "        state.online_derenderer,\n"
            "        request_logger=request_logger,\n"
            "    )\n\n\n",
            "return ServingRender(",
        ),
    ),
    (
        "#44512 module moved",
        "a lazy import of the moved disagg router",
        K(
            "#44512",
            SO,
            SOW,
            "vllm/aeon/so3.py",
            "from fastapi import FastAPI\n\n\n"
            "def aeon_attach_tokens_router(app: FastAPI) -> None:\n"
            "    from vllm.entrypoints.serve.disagg.api_router import attach_router\n\n"
            "    attach_router(app)\n",
            "from vllm.entrypoints.serve.disagg.api_router import attach_router",
        ),
    ),
    (
        "#44512 module moved",
        "twin: the tokenize entrypoint kept",
        K(
            "#44512",
            SO,
            SOW,
            "vllm/aeon/so4.py",
            "from vllm.entrypoints.serve.tokenize.serving import ServingTokenization\n\n\n"
            "class AeonTokenization(ServingTokenization):\n"
            "    pass\n",
            "from vllm.entrypoints.serve.tokenize.serving import ServingTokenization",
        ),
    ),
]

# --- #33139 (76139d0801): build_app(args) -> build_app(args, supported_tasks); init_app_state likewise
ST = "76139d0801"
STW = "build_app/init_app_state: required supported_tasks"
CASES += [
    (
        "#33139 required parameter added",
        "a call of build_app",
        K(
            "#33139",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.entrypoints.openai.api_server import build_app, build_async_engine_client, init_app_state\n\n\n"
            "async def aeon_app(args):\n"
            "    # AEON: the Spark's launcher builds the app itself to add its own routes\n"
            "    async with build_async_engine_client(args) as engine_client:\n"
            "        app = build_app(args)\n"
            "        await init_app_state(engine_client, app.state, args)\n"
            "        return app\n",
            "app = build_app(args)",
        ),
    ),
    (
        "#33139 required parameter added",
        "a keyword call of init_app_state",
        K(
            "#33139",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "from vllm.entrypoints.openai import api_server\n\n\n"
            "async def aeon_state(engine_client, app, args) -> None:\n"
            "    await api_server.init_app_state(engine_client, state=app.state, args=args)\n",
            "await api_server.init_app_state(engine_client, state=app.state, args=args)",
        ),
    ),
    (
        "#33139 required parameter added",
        "twin: build_async_engine_client unchanged",
        K(
            "#33139",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "from vllm.entrypoints.openai.api_server import build_async_engine_client\n\n\n"
            "async def aeon_tasks(args):\n"
            '    async with build_async_engine_client(args, client_config={"client_index": 0}) as engine_client:\n'
            "        return await engine_client.get_supported_tasks()\n",
            'async with build_async_engine_client(args, client_config={"client_index": 0}) as engine_client:',
        ),
    ),
]

# --- #28040 (3f42b05fbc): mount_metrics, maybe_register_tokenizer_info_endpoint, PrometheusResponse removed
#     from api_server (ScalingMiddleware moved, still imported there)
MM = "3f42b05fbc"
MMW = "mount_metrics/maybe_register_tokenizer_info_endpoint removed from api_server"
CASES += [
    (
        "#28040 functions removed",
        "an import of mount_metrics",
        K(
            "#28040",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            "from fastapi import FastAPI\n\n"
            "from vllm.entrypoints.openai.api_server import mount_metrics\n\n\n"
            "def aeon_metrics_app() -> FastAPI:\n"
            "    # AEON: the Spark's sidecar serves /metrics on its own port\n"
            "    app = FastAPI()\n"
            "    mount_metrics(app)\n"
            "    return app\n",
            "from vllm.entrypoints.openai.api_server import mount_metrics",
        ),
    ),
    (
        "#28040 functions removed",
        "a module-attribute call",
        K(
            "#28040",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            "import vllm.entrypoints.openai.api_server as api_server\n\n\n"
            "def aeon_tokenizer_info(args) -> None:\n"
            "    api_server.maybe_register_tokenizer_info_endpoint(args)\n",
            "api_server.maybe_register_tokenizer_info_endpoint(args)",
        ),
    ),
    (
        "#28040 functions removed",
        "twin: a class the module still imports",
        K(
            "#28040",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            "from fastapi import FastAPI\n\n"
            "from vllm.entrypoints.openai.api_server import ScalingMiddleware\n\n\n"
            "def aeon_scaling(app: FastAPI) -> None:\n"
            "    app.add_middleware(ScalingMiddleware)\n",
            "from vllm.entrypoints.openai.api_server import ScalingMiddleware",
        ),
    ),
]

# --- #24903 (e7f27ea648): show_filtered_argument_or_group_from_help and _output_with_pager removed
HF = "e7f27ea648"
HFW = "show_filtered_argument_or_group_from_help removed"
CASES += [
    (
        "#24903 function removed",
        "an import of the removed helper",
        K(
            "#24903",
            HF,
            HFW,
            "vllm/aeon/hf1.py",
            "from vllm.entrypoints.utils import show_filtered_argument_or_group_from_help\n\n\n"
            "def aeon_help(parser) -> None:\n"
            "    # AEON: `vllm aeon-tune --help=<keyword>` like the upstream subcommands\n"
            '    show_filtered_argument_or_group_from_help(parser, ["aeon-tune"])\n',
            "from vllm.entrypoints.utils import show_filtered_argument_or_group_from_help",
        ),
    ),
    (
        "#24903 function removed",
        "twin: cli_env_setup kept",
        K(
            "#24903",
            HF,
            HFW,
            "vllm/aeon/hf2.py",
            "from vllm.entrypoints.utils import cli_env_setup\n\n\ndef aeon_main() -> None:\n    cli_env_setup()\n",
            "cli_env_setup()",
        ),
    ),
]

# --- #21541 (34ddcf9ff4): build_async_engine_client(args, client_config) -> (args, *, ..., client_config);
#     build_async_engine_client_from_engine_args(engine_args, disable_frontend_multiprocessing, ...) likewise
KO = "34ddcf9ff4"
KOW = "client_config / disable_frontend_multiprocessing made keyword-only"
CASES += [
    (
        "#21541 parameter made keyword-only",
        "a positional client_config",
        K(
            "#21541",
            KO,
            KOW,
            "vllm/aeon/ko1.py",
            "from vllm.entrypoints.openai.api_server import build_async_engine_client\n\n\n"
            "async def aeon_worker(args, client_config: dict):\n"
            "    # AEON: each of the Spark's API workers gets its own client index\n"
            "    async with build_async_engine_client(args, client_config) as engine_client:\n"
            "        return await engine_client.get_model_config()\n",
            "async with build_async_engine_client(args, client_config) as engine_client:",
        ),
    ),
    (
        "#21541 parameter made keyword-only",
        "a positional disable_frontend_multiprocessing",
        K(
            "#21541",
            KO,
            KOW,
            "vllm/aeon/ko2.py",
            "from vllm.entrypoints.openai import api_server\n\n\n"
            "async def aeon_inproc(engine_args):\n"
            "    async with api_server.build_async_engine_client_from_engine_args(engine_args, True) as client:\n"
            "        return client\n",
            "async with api_server.build_async_engine_client_from_engine_args(engine_args, True) as client:",
        ),
    ),
    (
        "#21541 parameter made keyword-only",
        "twin: the keyword spelling",
        K(
            "#21541",
            KO,
            KOW,
            "vllm/aeon/ko3.py",
            "from vllm.entrypoints.openai.api_server import build_async_engine_client_from_engine_args\n\n\n"
            "async def aeon_inproc2(engine_args):\n"
            "    async with build_async_engine_client_from_engine_args(\n"
            "        engine_args, disable_frontend_multiprocessing=True\n"
            "    ) as client:\n"
            "        return client\n",
            "engine_args, disable_frontend_multiprocessing=True",
        ),
    ),
]

# --- #21680 (2cc571199b): log_non_default_args moved from openai/cli_args.py to entrypoints/utils.py
LN = "2cc571199b"
LNW = "log_non_default_args moved off cli_args"
CASES += [
    (
        "#21680 function moved",
        "an import from cli_args",
        K(
            "#21680",
            LN,
            LNW,
            "vllm/aeon/ln1.py",
            "from vllm.entrypoints.openai.cli_args import log_non_default_args, validate_parsed_serve_args\n\n\n"
            "def aeon_check(args) -> None:\n"
            "    # AEON: log what the Spark's profile changed before validating\n"
            "    log_non_default_args(args)\n"
            "    validate_parsed_serve_args(args)\n",
            "from vllm.entrypoints.openai.cli_args import log_non_default_args, validate_parsed_serve_args",
        ),
    ),
    (
        "#21680 function moved",
        "a module-attribute call",
        K(
            "#21680",
            LN,
            LNW,
            "vllm/aeon/ln2.py",
            "from vllm.entrypoints.openai import cli_args\n\n\n"
            "def aeon_log(args) -> None:\n"
            "    cli_args.log_non_default_args(args)\n",
            "cli_args.log_non_default_args(args)",
        ),
    ),
    (
        "#21680 function moved",
        "twin: make_arg_parser kept",
        K(
            "#21680",
            LN,
            LNW,
            "vllm/aeon/ln3.py",
            "from vllm.entrypoints.openai.cli_args import make_arg_parser\nfrom vllm.utils import FlexibleArgumentParser\n\n\n"
            "def aeon_parser() -> FlexibleArgumentParser:\n"
            "    return make_arg_parser(FlexibleArgumentParser())\n",
            "return make_arg_parser(FlexibleArgumentParser())",
        ),
    ),
]

# --- #19948 (2c11a29f0b): bench subcommands are classes with class-level name/help and a classmethod
#     add_cli_args the bench parser calls on the class; BENCHMARK_CMD_MODULES and cmd_init removed
BS = "2c11a29f0b"
BSW = "bench subcommand protocol: add_cli_args a classmethod, BENCHMARK_CMD_MODULES removed"
BENCH = (
    "import argparse\n\n"
    "from vllm.benchmarks.latency import add_cli_args, main\n"
    "from vllm.entrypoints.cli.benchmark.base import BenchmarkSubcommandBase\n\n\n"
)
CASES += [
    (
        "#19948 method made a classmethod",
        "a subclass's instance-method override",
        K(
            "#19948",
            BS,
            BSW,
            "vllm/entrypoints/cli/benchmark/aeon_gb10.py",
            BENCH + "class BenchmarkAeonSubcommand(BenchmarkSubcommandBase):\n"
            '    """The `gb10` subcommand: latency at the Spark\'s unified-memory batch sizes."""\n\n'
            '    name = "gb10"\n'
            '    help = "Benchmark latency at GB10 batch sizes."\n\n'
            "    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:\n"
            "        add_cli_args(parser)\n\n"
            "    @staticmethod\n"
            "    def cmd(args: argparse.Namespace) -> None:\n"
            "        main(args)\n\n\n"
            "def cmd_init() -> list[BenchmarkSubcommandBase]:\n"
            "    return [BenchmarkAeonSubcommand()]\n",
            "def add_cli_args(self, parser: argparse.ArgumentParser) -> None:",
        ),
    ),
    (
        "#19948 method made a classmethod",
        "an import of the removed module list",
        K(
            "#19948",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            "from vllm.entrypoints.cli.benchmark.main import BENCHMARK_CMD_MODULES\n\n\n"
            "def aeon_bench_names() -> list[str]:\n"
            "    return [cmd.name for module in BENCHMARK_CMD_MODULES for cmd in module.cmd_init()]\n",
            "from vllm.entrypoints.cli.benchmark.main import BENCHMARK_CMD_MODULES",
        ),
    ),
    (
        "#19948 method made a classmethod",
        "twin: the classmethod spelling",
        K(
            "#19948",
            BS,
            BSW,
            "vllm/entrypoints/cli/benchmark/aeon_gb10b.py",
            BENCH + "class BenchmarkAeonSubcommand2(BenchmarkSubcommandBase):\n"
            '    name = "gb10b"\n'
            '    help = "Benchmark latency at GB10 batch sizes."\n\n'
            "    @classmethod\n"
            "    def add_cli_args(cls, parser: argparse.ArgumentParser) -> None:\n"
            "        add_cli_args(parser)\n\n"
            "    @staticmethod\n"
            "    def cmd(args: argparse.Namespace) -> None:\n"
            "        main(args)\n",
            "def add_cli_args(cls, parser: argparse.ArgumentParser) -> None:",
        ),
    ),
]

# --- #19941 (c4cf260677): CMD_MODULES made a local of cli.main.main; cli.types imports FlexibleArgumentParser
#     only under TYPE_CHECKING
CM = "c4cf260677"
CMW = "CMD_MODULES a local of main(); cli.types' FlexibleArgumentParser only for type checkers"
CASES += [
    (
        "#19941 module attribute made a local",
        "an import of CMD_MODULES",
        K(
            "#19941",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            "import sys\n\n"
            "from vllm.entrypoints.cli.main import CMD_MODULES\n\n\n"
            "def cmd_init() -> list:\n"
            "    return []\n\n\n"
            "# AEON: `vllm aeon-tune` sits beside the upstream subcommands\n"
            "CMD_MODULES.append(sys.modules[__name__])\n",
            "from vllm.entrypoints.cli.main import CMD_MODULES",
        ),
    ),
    (
        "#19941 module attribute made a local",
        "a runtime import of a TYPE_CHECKING-only name",
        K(
            "#19941",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            "import argparse\n\n"
            "from vllm.entrypoints.cli.types import CLISubcommand, FlexibleArgumentParser\n\n\n"
            "class AeonTuneSubcommand(CLISubcommand):\n"
            '    name = "aeon-tune"\n\n'
            "    def subparser_init(self, subparsers: argparse._SubParsersAction) -> FlexibleArgumentParser:\n"
            '        return subparsers.add_parser(self.name, help="Tune the Spark.")\n',
            "from vllm.entrypoints.cli.types import CLISubcommand, FlexibleArgumentParser",
        ),
    ),
    (
        "#19941 module attribute made a local",
        "twin: the parser from its own module",
        K(
            "#19941",
            CM,
            CMW,
            "vllm/aeon/cm3.py",
            "import argparse\n\n"
            "from vllm.entrypoints.cli.types import CLISubcommand\n"
            "from vllm.utils import FlexibleArgumentParser\n\n\n"
            "class AeonTune2Subcommand(CLISubcommand):\n"
            '    name = "aeon-tune2"\n\n'
            "    def subparser_init(self, subparsers: argparse._SubParsersAction) -> FlexibleArgumentParser:\n"
            '        return subparsers.add_parser(self.name, help="Tune the Spark.")\n',
            "from vllm.entrypoints.cli.types import CLISubcommand",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-entrycli-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
