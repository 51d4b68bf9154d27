"""Adversarial twins of unbound names (drift/unbound_names.py) and the override made a classmethod called off a
class in another module (symbol drift's ``_rebound``): fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the classes catch, but right after
the merge (the merge base is the commit's first parent, upstream the commit):

- unbound names, where upstream's diff cut a module's binding of a name and a line the fork added to that module
  still names it: #52261 (b8165e5e58, ``api_server`` drops ``HTTPException``/``http_exception_handler``), #49665
  (58f9659397, ``EngineDeadError``/``engine_error_handler``), #28040 (3f42b05fbc, ``mount_metrics``,
  ``make_asgi_app``, ``Mount``, ``EngineDeadError`` gone from ``api_server``), #13971 (cf069aa8aa, the typing
  clean-up: ``List``/``Dict`` gone from ``outputs.py``), #19941 (c4cf260677, ``cli/types.py``'s
  ``FlexibleArgumentParser`` put under ``TYPE_CHECKING`` with the future import).  Twins: the name imported in
  the fork's own function or at module level in its own lines, a parameter of the name, the fork's own def of
  the name, a ``try`` catching NameError, a ``globals()`` look-up, the new spelling, a local variable's
  annotation (Python never evaluates one: at the function's top or nested in an ``if``/``for``/``with``/``try``),
  a quoted annotation, annotations under the future import, a ``cast`` to a quoted type;
- the override made a classmethod (#19948, 2c11a29f0b: the bench parser calls ``cmd_cls.add_cli_args(parser)``
  over ``BenchmarkSubcommandBase.__subclasses__()``): a ``@staticmethod`` override, an override under
  ``@override`` and ``@classmethod``, an override taking ``*args`` that fits the call off the class and off an
  instance, a fork subcommand of another base with a namesake method, a grandchild of a concrete subcommand (``__subclasses__()`` yields direct subclasses only);
  #44589 (5051698e41, ``QuantizationConfig.get_cache_scale_mapper`` made a ``@staticmethod``): a plain override.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the same
commits, kept to show the reach stays.

Main's engine (03e94c3d), round 1 (7 cases, 26 twins): 7 caught of 7; 8 false errors of 26: unbound names on a
local variable's annotation nested in a compound statement of the function (Python never evaluates it, at any
depth): in an ``if`` (#52261's ``HTTPException``, #13971's ``List``), a ``try``'s handler (#49665's
``EngineDeadError``), a ``for`` (#28040's ``Mount``, #13971's ``Dict``), a ``with`` (#13971's ``List``): 6; the
override made a classmethod on an override taking only ``*args`` (``cmd_cls.add_cli_args(parser)`` hands the
parser to ``args``, as the bound call does): 1; on a plain override of #44589's ``get_cache_scale_mapper``, made
a staticmethod, which upstream calls off the base class's own name in other modules
(``QuantizationConfig.get_cache_scale_mapper()`` runs the base's body, never an override) and off instances: 1.
2 twins warned.
Round 2 (3 more twins): the old spelling under a test of the upstream version (a warning: gated_warnings), the
fork's own ``typing.TYPE_CHECKING`` block, and ``except (ImportError, NameError):`` around a call of #28040's
dropped ``make_asgi_app`` -- a false error of symbol drift's gone call (``calls make_asgi_app, which upstream's
api_server no longer imports``), not of the new class, which already took the handler: 1 of 29.
This branch: 7 caught of 7; 0 false errors of 29 (4 warned: the version-gated old spelling; 3 near-misses in
#19941's ``cli/types.py``, two lines from upstream's import hunk).  The mends: a local variable's annotation at
any depth of its function is never evaluated (unbound names); no call off the base class's own name, and no
override taking only ``*args`` (the override made a classmethod); a bare name called in a ``try`` whose handler
catches NameError is the fork's fallback (symbol drift's gone call).  Regression set at this branch's head:
killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23 twins),
blind_replay_entrycli 21/21 (11 quiet), blind_replay_openai 17 caught, 1 warned of 18 (10 quiet), blind_replay_moves
25/25 (16 quiet), all as before; ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught).

  PYTHONPATH=.. python review36_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

API = "vllm/entrypoints/openai/api_server.py"


def E(pr: str, sha: str, what: str, path: str, anchor: str, text: str, line: str) -> Killer:  # noqa: N802
    """A fork helper inserted into the upstream module ``path`` above ``anchor`` (a line the commit leaves alone)."""
    return Killer(pr, sha, what, (Edit(path, text, anchor=anchor),), ((path, line),))


# --- b8165e5e58 (#52261): api_server stops importing HTTPException, http_exception_handler, VLLMError...
EH = ("#52261", "b8165e5e58", "exception handlers dropped from api_server's imports")
SOCK = "def create_server_socket("
CASES += [
    (
        "#52261 unbound name",
        "a default argument of a dropped import",
        E(
            *EH,
            API,
            SOCK,
            "def aeon_http_error(status: int, exc_type: type = HTTPException) -> Exception:\n"
            "    # AEON: the side routers raise the server's HTTP error type\n"
            "    return exc_type(status_code=status)\n\n\n",
            "def aeon_http_error(status: int, exc_type: type = HTTPException) -> Exception:",
        ),
    ),
]
TWINS += [
    (
        "#52261 unbound name",
        "twin: the names imported in the fork's own function",
        E(
            *EH,
            API,
            SOCK,
            "def aeon_register_http_errors(app: FastAPI) -> None:\n"
            "    from fastapi import HTTPException\n"
            "    from fastapi.exception_handlers import http_exception_handler\n\n"
            "    app.exception_handler(HTTPException)(http_exception_handler)  # AEON: side routers\n\n\n",
            "    app.exception_handler(HTTPException)(http_exception_handler)  # AEON: side routers",
        ),
    ),
    (
        "#52261 unbound name",
        "twin: a local variable's annotation nested in an if (never evaluated)",
        E(
            *EH,
            API,
            SOCK,
            "def aeon_last_http_error(app: FastAPI) -> object:\n"
            "    if app.debug:\n"
            "        found: HTTPException | None = getattr(app.state, 'aeon_last_error', None)\n"
            "        return found\n"
            "    return None\n\n\n",
            "        found: HTTPException | None = getattr(app.state, 'aeon_last_error', None)",
        ),
    ),
    (
        "#52261 unbound name",
        "twin: the new spelling (init_exception_handler)",
        E(
            *EH,
            API,
            SOCK,
            "def aeon_side_app() -> FastAPI:\n"
            "    side = FastAPI()\n"
            "    init_exception_handler(side)  # AEON: the admin app maps errors like the server\n"
            "    return side\n\n\n",
            "    init_exception_handler(side)  # AEON: the admin app maps errors like the server",
        ),
    ),
]

# --- 58f9659397 (#49665): api_server stops importing engine_error_handler, EngineDeadError, GenerationError...
VE = ("#49665", "58f9659397", "engine/generation error handlers dropped from api_server's imports")
CASES += [
    (
        "#49665 unbound name",
        "a fork helper reading a dropped import",
        E(
            *VE,
            API,
            SOCK,
            "def aeon_is_dead(exc: BaseException) -> bool:\n"
            "    return isinstance(exc, EngineDeadError)  # AEON: the watchdog's probe\n\n\n",
            "    return isinstance(exc, EngineDeadError)  # AEON: the watchdog's probe",
        ),
    ),
]
TWINS += [
    (
        "#49665 unbound name",
        "twin: the fork's own namesake handler and a local import of the error",
        E(
            *VE,
            API,
            SOCK,
            "async def engine_error_handler(req: Any, exc: Exception) -> Any:\n"
            "    # AEON: the fork keeps its own 503 handler for a dead engine\n"
            "    return JSONResponse(status_code=503, content={'error': str(exc)})\n\n\n"
            "def aeon_register_engine_errors(app: FastAPI) -> None:\n"
            "    from vllm.v1.engine.exceptions import EngineDeadError\n\n"
            "    app.exception_handler(EngineDeadError)(engine_error_handler)\n\n\n",
            "    app.exception_handler(EngineDeadError)(engine_error_handler)",
        ),
    ),
    (
        "#49665 unbound name",
        "twin: a local annotation nested in a try (never evaluated)",
        E(
            *VE,
            API,
            SOCK,
            "async def aeon_probe(client: Any) -> bool:\n"
            "    try:\n"
            "        await client.check_health()\n"
            "    except Exception as exc:\n"
            "        seen: EngineDeadError | Exception = exc  # AEON: the watchdog's last error\n"
            "        return seen is None\n"
            "    return True\n\n\n",
            "        seen: EngineDeadError | Exception = exc  # AEON: the watchdog's last error",
        ),
    ),
    (
        "#49665 unbound name",
        "twin: the new spelling (VLLMError, vllm_error_handler)",
        E(
            *VE,
            API,
            SOCK,
            "def aeon_register_errors(app: FastAPI) -> None:\n"
            "    app.exception_handler(VLLMError)(vllm_error_handler)  # AEON: side routers\n\n\n",
            "    app.exception_handler(VLLMError)(vllm_error_handler)  # AEON: side routers",
        ),
    ),
    (
        "#49665 unbound name",
        "twin: a globals() look-up of the handler",
        E(
            *VE,
            API,
            SOCK,
            "def aeon_engine_handler() -> Any:\n"
            "    return globals().get('engine_error_handler')  # AEON: absent after the VLLMError rework\n\n\n",
            "    return globals().get('engine_error_handler')  # AEON: absent after the VLLMError rework",
        ),
    ),
]

# --- 3f42b05fbc (#28040): mount_metrics, PrometheusResponse and their imports (make_asgi_app, Mount,
#     Instrumentator, prometheus_client, regex as re, EngineDeadError...) gone from api_server
MM = ("#28040", "3f42b05fbc", "mount_metrics and its imports removed from api_server")
LOG = "def _log_non_streaming_response(response_body: list) -> None:"
CASES += [
    (
        "#28040 unbound name",
        "a fork helper mounting metrics with the dropped imports",
        E(
            *MM,
            API,
            LOG,
            "def aeon_mount_metrics(app: FastAPI) -> None:\n"
            "    # AEON: the Spark's exporter on its own path\n"
            '    app.routes.append(Mount("/aeon-metrics", make_asgi_app()))\n\n\n',
            '    app.routes.append(Mount("/aeon-metrics", make_asgi_app()))',
        ),
    ),
]
TWINS += [
    (
        "#28040 unbound name",
        "twin: the names imported at module level in the fork's own lines",
        E(
            *MM,
            API,
            LOG,
            "from prometheus_client import make_asgi_app  # noqa: E402  AEON: the Spark's exporter\n"
            "from starlette.routing import Mount  # noqa: E402\n\n\n"
            "def aeon_mount_metrics(app: FastAPI) -> None:\n"
            '    app.routes.append(Mount("/aeon-metrics", make_asgi_app()))\n\n\n',
            '    app.routes.append(Mount("/aeon-metrics", make_asgi_app()))',
        ),
    ),
    (
        "#28040 unbound name",
        "twin: the exporter factory handed in as a parameter of the name",
        E(
            *MM,
            API,
            LOG,
            "def aeon_mount_metrics(app: FastAPI, make_asgi_app: Any) -> None:\n"
            '    app.mount("/aeon-metrics", make_asgi_app())  # AEON: the caller picks the exporter\n\n\n',
            '    app.mount("/aeon-metrics", make_asgi_app())  # AEON: the caller picks the exporter',
        ),
    ),
    (
        "#28040 unbound name",
        "twin: the fork's own mount_metrics, importing what it needs",
        E(
            *MM,
            API,
            LOG,
            "def mount_metrics(app: FastAPI) -> None:\n"
            "    # AEON: the fork keeps the metrics mount upstream moved away\n"
            "    from prometheus_client import make_asgi_app\n\n"
            '    app.mount("/metrics", make_asgi_app())\n\n\n'
            "def aeon_setup(app: FastAPI) -> None:\n"
            "    mount_metrics(app)\n\n\n",
            "    mount_metrics(app)",
        ),
    ),
    (
        "#28040 unbound name",
        "twin: a try catching NameError around the moved error",
        E(
            *MM,
            API,
            LOG,
            "def aeon_dead_error_type() -> type:\n"
            "    try:\n"
            "        return EngineDeadError  # AEON: bound here before #28040\n"
            "    except NameError:\n"
            "        from vllm.v1.engine.exceptions import EngineDeadError as dead\n\n"
            "        return dead\n\n\n",
            "        return EngineDeadError  # AEON: bound here before #28040",
        ),
    ),
    (
        "#28040 unbound name",
        "twin: a local variable's annotation nested in a for (never evaluated)",
        E(
            *MM,
            API,
            LOG,
            "def aeon_metric_mounts(app: FastAPI) -> list:\n"
            "    found = []\n"
            "    for route in app.routes:\n"
            "        mount: Mount = route  # AEON: the exporter's mounts\n"
            "        found.append(mount)\n"
            "    return found\n\n\n",
            "        mount: Mount = route  # AEON: the exporter's mounts",
        ),
    ),
]

# --- cf069aa8aa (#13971): the typing clean-up; outputs.py stops importing List, Dict, MutableSequence...
TY = ("#13971", "cf069aa8aa", "deprecated typing aliases dropped from outputs.py's imports")
OUT = "vllm/outputs.py"
ROF = "class RequestOutputFactory:"
CASES += [
    (
        "#13971 unbound name",
        "a parameter annotation of a dropped alias (evaluated at def before 3.14)",
        E(
            *TY,
            OUT,
            ROF,
            "def aeon_token_count(outputs: List[CompletionOutput]) -> int:\n"
            "    return sum(len(o.token_ids) for o in outputs)  # AEON: the Spark's usage meter\n\n\n",
            "def aeon_token_count(outputs: List[CompletionOutput]) -> int:",
        ),
    ),
    (
        "#13971 unbound name",
        "a runtime read of a dropped alias",
        E(
            *TY,
            OUT,
            ROF,
            "def aeon_ids(output: CompletionOutput) -> list:\n"
            "    return cast(List[int], output.token_ids)  # AEON: the meter's ids\n\n\n",
            "    return cast(List[int], output.token_ids)  # AEON: the meter's ids",
        ),
    ),
]
TWINS += [
    (
        "#13971 unbound name",
        "twin: a local variable's annotation at the function's top",
        E(
            *TY,
            OUT,
            ROF,
            "def aeon_token_ids(output: CompletionOutput) -> list:\n"
            "    ids: List[int] = list(output.token_ids)  # AEON: the meter's copy\n"
            "    return ids\n\n\n",
            "    ids: List[int] = list(output.token_ids)  # AEON: the meter's copy",
        ),
    ),
    (
        "#13971 unbound name",
        "twin: a local variable's annotation nested in a for",
        E(
            *TY,
            OUT,
            ROF,
            "def aeon_counts(outputs: list) -> dict:\n"
            "    counts = {}\n"
            "    for o in outputs:\n"
            "        per: Dict[int, int] = {i: o.token_ids.count(i) for i in set(o.token_ids)}  # AEON: the meter\n"
            "        counts[o.index] = per\n"
            "    return counts\n\n\n",
            "        per: Dict[int, int] = {i: o.token_ids.count(i) for i in set(o.token_ids)}  # AEON: the meter",
        ),
    ),
    (
        "#13971 unbound name",
        "twin: a local variable's annotation nested in an if",
        E(
            *TY,
            OUT,
            ROF,
            "def aeon_first_ids(outputs: list) -> list:\n"
            "    if outputs:\n"
            "        ids: List[int] = list(outputs[0].token_ids)  # AEON: the meter's first sample\n"
            "        return ids\n"
            "    return []\n\n\n",
            "        ids: List[int] = list(outputs[0].token_ids)  # AEON: the meter's first sample",
        ),
    ),
    (
        "#13971 unbound name",
        "twin: a local variable's annotation nested in a with",
        E(
            *TY,
            OUT,
            ROF,
            "def aeon_timed_ids(output: CompletionOutput) -> list:\n"
            "    import contextlib\n\n"
            "    with contextlib.suppress(AttributeError):\n"
            "        ids: List[int] = list(output.token_ids)  # AEON: the meter's copy\n"
            "        return ids\n"
            "    return []\n\n\n",
            "        ids: List[int] = list(output.token_ids)  # AEON: the meter's copy",
        ),
    ),
    (
        "#13971 unbound name",
        "twin: a quoted parameter annotation",
        E(
            *TY,
            OUT,
            ROF,
            'def aeon_token_total(outputs: "List[CompletionOutput]") -> int:  # AEON: the usage meter\n'
            "    return sum(len(o.token_ids) for o in outputs)\n\n\n",
            'def aeon_token_total(outputs: "List[CompletionOutput]") -> int:  # AEON: the usage meter',
        ),
    ),
    (
        "#13971 unbound name",
        "twin: the alias imported in the fork's own function body",
        E(
            *TY,
            OUT,
            ROF,
            "def aeon_as_ids(output: CompletionOutput) -> list:\n"
            "    from typing import List, cast\n\n"
            "    return cast(List[int], output.token_ids)  # AEON: the meter's ids\n\n\n",
            "    return cast(List[int], output.token_ids)  # AEON: the meter's ids",
        ),
    ),
]

# --- c4cf260677 (#19941): cli/types.py imports FlexibleArgumentParser only under TYPE_CHECKING (and the
#     future import): the name is bound for type checkers alone
CT = ("#19941", "c4cf260677", "cli.types' FlexibleArgumentParser only for type checkers")
TYPES = "vllm/entrypoints/cli/types.py"
CLS = "class CLISubcommand:"
CASES += [
    (
        "#19941 unbound name",
        "an isinstance test of the type-only name",
        E(
            *CT,
            TYPES,
            CLS,
            "def aeon_is_flexible(parser: argparse.ArgumentParser) -> bool:\n"
            "    return isinstance(parser, FlexibleArgumentParser)  # AEON: the launcher's parser check\n\n\n",
            "    return isinstance(parser, FlexibleArgumentParser)  # AEON: the launcher's parser check",
        ),
    ),
]
TWINS += [
    (
        "#19941 unbound name",
        "twin: annotations under the future import upstream added",
        E(
            *CT,
            TYPES,
            CLS,
            "def aeon_tune_parser(subparsers: argparse._SubParsersAction) -> FlexibleArgumentParser:\n"
            '    return subparsers.add_parser("aeon-tune")  # AEON: the Spark\'s tuning subcommand\n\n\n',
            "def aeon_tune_parser(subparsers: argparse._SubParsersAction) -> FlexibleArgumentParser:",
        ),
    ),
    (
        "#19941 unbound name",
        "twin: a cast to the quoted type",
        E(
            *CT,
            TYPES,
            CLS,
            "def aeon_tune_parser2(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:\n"
            '    return typing.cast("FlexibleArgumentParser", subparsers.add_parser("aeon-tune2"))  # AEON\n\n\n',
            '    return typing.cast("FlexibleArgumentParser", subparsers.add_parser("aeon-tune2"))  # AEON',
        ),
    ),
]

# --- 2c11a29f0b (#19948): BenchmarkSubcommandBase.add_cli_args made a classmethod; the bench parser calls it
#     off each class of BenchmarkSubcommandBase.__subclasses__()
BS = ("#19948", "2c11a29f0b", "bench subcommand protocol: add_cli_args a classmethod called off the class")
BENCH = (
    "import argparse\n"
    "from typing import Any\n\n"
    "from typing_extensions import override\n\n"
    "from vllm.benchmarks.latency import add_cli_args, main\n"
    "from vllm.entrypoints.cli.benchmark.base import BenchmarkSubcommandBase\n\n\n"
)
CASES += [
    (
        "#19948 override made a classmethod",
        "a subclass's instance-method override",
        K(
            *BS,
            "vllm/entrypoints/cli/benchmark/aeon_r36a.py",
            BENCH + "class BenchmarkAeonR36a(BenchmarkSubcommandBase):\n"
            '    name = "aeon-r36a"\n'
            '    help = "Latency at the Spark\'s batch sizes."\n\n'
            "    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:\n"
            "        add_cli_args(parser)\n\n"
            "    @staticmethod\n"
            "    def cmd(args: argparse.Namespace) -> None:\n"
            "        main(args)\n",
            "    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#19948 override made a classmethod",
        "twin: a staticmethod override",
        K(
            *BS,
            "vllm/entrypoints/cli/benchmark/aeon_r36b.py",
            BENCH + "class BenchmarkAeonR36b(BenchmarkSubcommandBase):\n"
            '    name = "aeon-r36b"\n'
            '    help = "Latency at the Spark\'s batch sizes."\n\n'
            "    @staticmethod\n"
            "    def add_cli_args(parser: argparse.ArgumentParser) -> None:\n"
            "        add_cli_args(parser)\n\n"
            "    @staticmethod\n"
            "    def cmd(args: argparse.Namespace) -> None:\n"
            "        main(args)\n",
            "    def add_cli_args(parser: argparse.ArgumentParser) -> None:",
        ),
    ),
    (
        "#19948 override made a classmethod",
        "twin: @override over @classmethod",
        K(
            *BS,
            "vllm/entrypoints/cli/benchmark/aeon_r36c.py",
            BENCH + "class BenchmarkAeonR36c(BenchmarkSubcommandBase):\n"
            '    name = "aeon-r36c"\n'
            '    help = "Latency at the Spark\'s batch sizes."\n\n'
            "    @override\n"
            "    @classmethod\n"
            "    def add_cli_args(cls, parser: argparse.ArgumentParser) -> None:\n"
            "        add_cli_args(parser)\n\n"
            "    @staticmethod\n"
            "    def cmd(args: argparse.Namespace) -> None:\n"
            "        main(args)\n",
            "    def add_cli_args(cls, parser: argparse.ArgumentParser) -> None:",
        ),
    ),
    (
        "#19948 override made a classmethod",
        "twin: an override taking *args, which fits the call off the class and off an instance",
        K(
            *BS,
            "vllm/entrypoints/cli/benchmark/aeon_r36d.py",
            BENCH + "class BenchmarkAeonR36d(BenchmarkSubcommandBase):\n"
            '    name = "aeon-r36d"\n'
            '    help = "Latency at the Spark\'s batch sizes."\n\n'
            "    def add_cli_args(*args: Any) -> None:  # AEON: before and after #19948, the parser comes last\n"
            "        add_cli_args(args[-1])\n\n"
            "    @staticmethod\n"
            "    def cmd(args: argparse.Namespace) -> None:\n"
            "        main(args)\n",
            "    def add_cli_args(*args: Any) -> None:  # AEON: before and after #19948, the parser comes last",
        ),
    ),
    (
        "#19948 override made a classmethod",
        "twin: a fork subcommand of another base with a namesake method",
        K(
            *BS,
            "vllm/aeon/r36e.py",
            "import argparse\n\n"
            "from vllm.entrypoints.cli.types import CLISubcommand\n\n\n"
            "class AeonTuneSubcommand(CLISubcommand):\n"
            '    name = "aeon-tune"\n\n'
            "    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:  # AEON: its own, not bench's\n"
            '        parser.add_argument("--sweep", action="store_true")\n',
            "    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:  # AEON: its own, not bench's",
        ),
    ),
]

TWINS += [
    (
        "#19948 override made a classmethod",
        "twin: a grandchild of a concrete subcommand (the loop yields direct subclasses only)",
        K(
            *BS,
            "vllm/aeon/r36f.py",
            "import argparse\n\n"
            "from vllm.entrypoints.cli.benchmark.latency import BenchmarkLatencySubcommand\n\n\n"
            "class AeonLatencySweep(BenchmarkLatencySubcommand):\n"
            "    # AEON: run by the fork's own sweep driver on an instance, not a bench subcommand\n"
            "    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:  # AEON: the sweep's flags\n"
            '        parser.add_argument("--aeon-batches", default="1,8,64")\n',
            "    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:  # AEON: the sweep's flags",
        ),
    ),
]

# --- 5051698e41 (#44589): QuantizationConfig.get_cache_scale_mapper made a @staticmethod; upstream's
#     configs call it off the base class (``QuantizationConfig.get_cache_scale_mapper()``, the base's own
#     mapper) and the loader off the instance (``quant_config.get_cache_scale_mapper()``)
CS = ("#44589", "5051698e41", "get_cache_scale_mapper made a staticmethod, called off the base and off instances")
TWINS += [
    (
        "#44589 override made a staticmethod",
        "twin: a plain override, which no call off the fork's class reaches",
        K(
            *CS,
            "vllm/aeon/r36g.py",
            "from vllm.model_executor.layers.quantization.base_config import QuantizationConfig\n"
            "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
            "class AeonKVScaleConfig(QuantizationConfig):\n"
            "    def get_cache_scale_mapper(self) -> WeightsMapper:  # AEON: the fork's checkpoints' scale names\n"
            '        return WeightsMapper(orig_to_new_suffix={".k_proj.aeon_scale": ".attn.k_scale"})\n',
            "    def get_cache_scale_mapper(self) -> WeightsMapper:  # AEON: the fork's checkpoints' scale names",
        ),
    ),
]

# Round 2: a version check around the old spelling, the fork's own type-only block, a NameError in a tuple.
TWINS += [
    (
        "#49665 unbound name",
        "twin: the old spelling under a test of the upstream version",
        E(
            *VE,
            API,
            SOCK,
            "def aeon_register_engine_errors(app: FastAPI) -> None:\n"
            '    if VLLM_VERSION < "0.11":  # AEON: older upstreams left the engine handler to the fork\n'
            "        app.exception_handler(EngineDeadError)(engine_error_handler)\n"
            "    else:\n"
            "        app.exception_handler(VLLMError)(vllm_error_handler)\n\n\n",
            "        app.exception_handler(EngineDeadError)(engine_error_handler)",
        ),
    ),
    (
        "#19941 unbound name",
        "twin: the fork's own typing.TYPE_CHECKING block",
        E(
            *CT,
            TYPES,
            CLS,
            "if typing.TYPE_CHECKING:\n"
            "    AeonParser = FlexibleArgumentParser  # AEON: the launcher's parser type, for mypy\n\n\n",
            "    AeonParser = FlexibleArgumentParser  # AEON: the launcher's parser type, for mypy",
        ),
    ),
    (
        "#28040 unbound name",
        "twin: a NameError in a tuple of a try's handler",
        E(
            *MM,
            API,
            LOG,
            "def aeon_metrics_app() -> Any:\n"
            "    try:\n"
            "        return make_asgi_app()  # AEON: the exporter when this module still imports it\n"
            "    except (ImportError, NameError):\n"
            "        return None\n\n\n",
            "        return make_asgi_app()  # AEON: the exporter when this module still imports it",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review36-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
