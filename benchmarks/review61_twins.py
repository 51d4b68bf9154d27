"""Adversarial twins of the parsed-option read and the complete partial left short: correct fork carries.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- the parsed option upstream's parsers stopped declaring (``drift/parsed_options.py``; #26007 f9e714813a
  removed the benchmark's ``--endpoint-type``, #36216 00b814ba5a removed ``--swap-space`` with
  CacheConfig's field): the read under ``hasattr``, off ``getattr`` with a default, inside a ``try`` whose
  handler catches AttributeError, under ``contextlib.suppress(AttributeError)``, under a test of
  ``vars(args)``; the option declared again by the fork's parser (its own flag, a ``dest=``, an underscored
  flag, ``set_defaults``, a subclass's field); a nested function's or lambda's own parameter named like the
  namespace; the namespace rebuilt with the option; the rest of ``parse_known_args`` parsed by the fork's own
  parser; an object of the fork's own that only looks alike;
- the complete ``functools.partial`` left short (``drift/signatures.py``'s ``partial_left_short``; #26943
  013abde6ef gave ``benchmark`` a required ``num_warmups``): the partial's later call passing the new
  parameter (in the same function, or the factory's caller), a later call spreading ``**overrides``, a
  second partial binding it after a signature check, the partial binding it itself, a ``**`` spread, the
  fork's own ``benchmark`` namesake, a fork wrapper that fills it.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Main's engine (4f1360cf), round 1 (5 cases, 26 twins): 5 caught of 5; 11 false errors of 26: the parsed
option read inside ``try`` / ``except AttributeError`` (2: #26007, and #36216's ``except (AttributeError,
TypeError)``), under ``contextlib.suppress(AttributeError)`` (1), under a fork test's
``pytest.raises(AttributeError)`` (1), off a nested function's own parameter named ``args`` (1) and a
lambda's (1); the complete partial whose later call passes ``num_warmups=`` (in the same function, the
factory's caller, a retry on TypeError: 3), spreads ``**overrides`` (1), or that a second partial binds
it after a signature check (1).  1 warning, not counted: the fork's EngineArgs subclass keeping
``swap_space`` (the overridden-field warning of symbol drift).

Round 2 (this branch): 5 caught of 5; 0 false errors of 26.  Mended by rule: a parsed option's read where
the fork expects the AttributeError (a ``try`` whose handler names it, or a broad one around that one
statement; ``suppress`` / ``pytest.raises`` of it) or off a nested scope's own parameter of the
namespace's name is quiet (``drift/parsed_options.py``); a complete partial a later call of which (its
local holder's, ``self.`` attribute's, or its factory's result's; or a second ``partial`` of it) passes the
new parameter or spreads ``*`` / ``**`` is quiet (``drift/signatures.py``'s ``later_fills``).
``blind_replay_benchdata.py`` 16/0/0 of 16 (10 twins quiet) as before.
Round 3 (other real commits of the kinds): #49244 (7a98c7a392, ``--max-num-partial-prefills`` removed: a
case; twins under a version test, the fork's argument group declaring both flags in a loop over a literal
tuple, the fork's parser module declaring it), #48684 (cdc4824a21, ``--override-attention-dtype``: a bare
getattr case; the fork's own flag with its own options dataclass), #26478 (965c5f4914,
``EmbedBenchmarkMetrics`` gained a required ``failed``: a complete partial of the dataclass as a case; its
later call passing ``failed``, the fork's own namesake dataclass, the partial binding it).  One false error
more, of name drift (not the reviewed classes): ``args.max_num_partial_prefills`` where the fork's loop
declares the flag (its text scan ties a flag only to an ``add_argument`` opened just above); mended in
``drift/names.py`` (``_looped_flags``: the file's syntax read, removed_options' declarations).  Two
spellings first written as twins are name drift's own catches and count as CASES: #48684's option behind
``hasattr(args, ...)`` / a test of ``ModelConfig.__dataclass_fields__`` (the name is gone from upstream
everywhere: the guard takes its fallback for good and the fork's override silently stops applying).
Round 4: a parse into the fork's own namespace object (``parse_args(argv, namespace=AeonDefaults())``, its
class holding the default) and the partial handed to the fork's own runner, which passes ``num_warmups``:
2 false errors, mended by rule (a parse handed an object is none of the check's namespaces; the parameter
of the file's function a partial is handed to is one of its holders).
Round 5 (the held-partial check, merged beside this one on main, fails 12 of its 13 tests there: this
check erred at the partial too): a complete partial whose later call the file makes is left to that call,
which the held-partial check spells out with the partial's arguments merged in (#26943's ``run()`` case now
caught on its own line); that spelled call is guarded as the written call (the retry on TypeError twin, a
warning now, judged on both its lines).
All rounds, main (4f1360cf): 10 caught of 10; 15 false errors of 35 twins (2 warned).
This branch: 10 caught of 10; 0 false errors of 35 (3 warned: the EngineArgs subclass's ``swap_space``
field, the read under a version test, the retry on TypeError).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins
0 false errors (40, 30, 23 twins), blind_replay_benchdata 16/0/0 (10 quiet), benchsuite 13 caught, 2
warned of 15, entrycli 21/21, openai 17 caught, 1 warned of 18, chatutils 18 caught, 2 warned of 20,
servechat 39/39 (19 quiet), mminputs 19/19 (13 quiet): each as on main; ``symbol_precision.py --windows 1``:
0 false errors.

  PYTHONPATH=.. python review61_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- f9e714813a (#26007): --endpoint-type removed from the benchmark's add_cli_args
ET = ("#26007", "f9e714813a", "--endpoint-type removed")
EP = (
    "import argparse\n\nfrom vllm.benchmarks.serve import add_cli_args\n\n\n"
    "def aeon_parse(argv: list[str]) -> argparse.Namespace:\n"
    "    parser = argparse.ArgumentParser()\n"
    "    add_cli_args(parser)\n"
)
CASES += [
    (
        "#26007 option removed",
        "args.endpoint_type off parse_args",
        K(
            *ET,
            "vllm/aeon/r61et0.py",
            EP + "    args = parser.parse_args(argv)\n    print(args.endpoint_type)\n    return args\n",
            "    print(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "a bare getattr off parse_known_args unpacked",
        K(
            *ET,
            "vllm/aeon/r61et1.py",
            EP + "    args, _rest = parser.parse_known_args(argv)\n"
            '    print(getattr(args, "endpoint_type"))\n    return args\n',
            '    print(getattr(args, "endpoint_type"))',
        ),
    ),
]
TWINS += [
    (
        "#26007 option removed",
        "twin: the read under hasattr",
        K(
            *ET,
            "vllm/aeon/r61et2.py",
            EP + "    args = parser.parse_args(argv)\n"
            '    if hasattr(args, "endpoint_type"):\n        print(args.endpoint_type)\n    return args\n',
            "        print(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: the read inside try/except AttributeError",
        K(
            *ET,
            "vllm/aeon/r61et3.py",
            EP + "    args = parser.parse_args(argv)\n"
            "    try:\n        endpoint = args.endpoint_type  # AEON: older upstreams still take --endpoint-type\n"
            "    except AttributeError:\n        endpoint = None\n    print(endpoint)\n    return args\n",
            "        endpoint = args.endpoint_type  # AEON: older upstreams still take --endpoint-type",
        ),
    ),
    (
        "#26007 option removed",
        "twin: the read under contextlib.suppress(AttributeError)",
        K(
            *ET,
            "vllm/aeon/r61et4.py",
            "import contextlib\n" + EP + "    args = parser.parse_args(argv)\n"
            "    with contextlib.suppress(AttributeError):\n        print(args.endpoint_type)\n    return args\n",
            "        print(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: the fork's parser declares the option again",
        K(
            *ET,
            "vllm/aeon/r61et5.py",
            EP + '    parser.add_argument("--endpoint-type", default="openai")\n'
            "    args = parser.parse_args(argv)\n    print(args.endpoint_type)\n    return args\n",
            "    print(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: the fork's own flag stores into the name (dest=)",
        K(
            *ET,
            "vllm/aeon/r61et6.py",
            EP + '    parser.add_argument("--aeon-endpoint", dest="endpoint_type", default="openai")\n'
            "    args = parser.parse_args(argv)\n    print(args.endpoint_type)\n    return args\n",
            "    print(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: the fork declares the underscored flag",
        K(
            *ET,
            "vllm/aeon/r61et7.py",
            EP + '    parser.add_argument("--endpoint_type", default="openai")\n'
            "    args = parser.parse_args(argv)\n    print(args.endpoint_type)\n    return args\n",
            "    print(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: set_defaults gives the name",
        K(
            *ET,
            "vllm/aeon/r61et8.py",
            EP + '    parser.set_defaults(endpoint_type="openai")\n'
            "    args = parser.parse_args(argv)\n    print(args.endpoint_type)\n    return args\n",
            "    print(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: a nested function's own parameter named args",
        K(
            *ET,
            "vllm/aeon/r61et9.py",
            "from typing import Any\n\n" + EP + "    args = parser.parse_args(argv)\n\n"
            "    def describe(args: Any) -> str:  # AEON: a run record, not the namespace\n"
            "        return str(args.endpoint_type)\n\n"
            "    print(describe(object()))\n    return args\n",
            "        return str(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: a lambda's own parameter named args",
        K(
            *ET,
            "vllm/aeon/r61et10.py",
            "import argparse\n\nfrom vllm.benchmarks.serve import add_cli_args\n\n\n"
            "class AeonRun:\n    endpoint_type = 'openai'\n\n\n"
            "def aeon_parse(argv: list[str]) -> argparse.Namespace:\n"
            "    parser = argparse.ArgumentParser()\n"
            "    add_cli_args(parser)\n" + "    args = parser.parse_args(argv)\n"
            "    runs = [AeonRun(), AeonRun()]\n"
            "    print(sorted(runs, key=lambda args: args.endpoint_type))\n    return args\n",
            "    print(sorted(runs, key=lambda args: args.endpoint_type))",
        ),
    ),
    (
        "#26007 option removed",
        "twin: the read under a test of vars(args)",
        K(
            *ET,
            "vllm/aeon/r61et11.py",
            EP + "    args = parser.parse_args(argv)\n"
            '    if "endpoint_type" in vars(args):\n        print(args.endpoint_type)\n    return args\n',
            "        print(args.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: the rest of parse_known_args parsed by the fork's own parser",
        K(
            *ET,
            "vllm/aeon/r61et12.py",
            EP + "    args, rest = parser.parse_known_args(argv)\n"
            "    aeon = argparse.ArgumentParser()\n"
            '    aeon.add_argument("--endpoint-type", default="openai")  # AEON: kept for the nightly jobs\n'
            "    legacy = aeon.parse_args(rest)\n    print(legacy.endpoint_type)\n    return args\n",
            "    print(legacy.endpoint_type)",
        ),
    ),
    (
        "#26007 option removed",
        "twin: an object of the fork's own that only looks alike",
        K(
            *ET,
            "vllm/aeon/r61et13.py",
            "import argparse\n\n\nclass AeonRun:\n    endpoint_type = 'openai'\n\n\n"
            "def aeon_parse(argv: list[str]) -> str:\n"
            "    args = AeonRun()\n    return args.endpoint_type\n",
            "    return args.endpoint_type",
        ),
    ),
]

TWINS += [
    (
        "#26007 option removed",
        "twin: a fork test expects the read to raise (pytest.raises(AttributeError))",
        K(
            *ET,
            "tests/aeon/test_r61et14.py",
            "import argparse\n\nimport pytest\n\nfrom vllm.benchmarks.serve import add_cli_args\n\n\n"
            "def test_endpoint_type_gone() -> None:\n"
            "    parser = argparse.ArgumentParser()\n"
            "    add_cli_args(parser)\n"
            "    args = parser.parse_args([])\n"
            "    with pytest.raises(AttributeError):\n"
            "        print(args.endpoint_type)\n",
            "        print(args.endpoint_type)",
        ),
    ),
]

# --- 00b814ba5a (#36216): --swap-space removed with CacheConfig's swap_space field
SW = ("#36216", "00b814ba5a", "--swap-space removed")
EA = "from vllm.engine.arg_utils import EngineArgs\nfrom vllm.utils.argparse_utils import FlexibleArgumentParser\n\n\n"
CASES += [
    (
        "#36216 option removed",
        "args.swap_space off parse_args",
        K(
            *SW,
            "vllm/aeon/r61sw0.py",
            EA + "def aeon_swap_bytes(argv: list[str]) -> int:\n"
            "    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            "    args = parser.parse_args(argv)\n    return int(args.swap_space * (1 << 30))\n",
            "    return int(args.swap_space * (1 << 30))",
        ),
    ),
]
TWINS += [
    (
        "#36216 option removed",
        "twin: getattr with a default",
        K(
            *SW,
            "vllm/aeon/r61sw1.py",
            EA + "def aeon_swap_bytes(argv: list[str]) -> int:\n"
            "    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            '    args = parser.parse_args(argv)\n    return int(getattr(args, "swap_space", 0) * (1 << 30))\n',
            '    return int(getattr(args, "swap_space", 0) * (1 << 30))',
        ),
    ),
    (
        "#36216 option removed",
        "twin: the fork's EngineArgs subclass keeps the field",
        K(
            *SW,
            "vllm/aeon/r61sw2.py",
            "from dataclasses import dataclass\n\n" + EA + "@dataclass\n"
            "class AeonEngineArgs(EngineArgs):\n    swap_space: float = 4.0  # AEON: the host swap the offloader sizes\n\n\n"
            "def aeon_swap_bytes(argv: list[str]) -> int:\n"
            "    parser = AeonEngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            "    args = parser.parse_args(argv)\n    return int(args.swap_space * (1 << 30))\n",
            "    return int(args.swap_space * (1 << 30))",
        ),
    ),
    (
        "#36216 option removed",
        "twin: the namespace rebuilt with the option",
        K(
            *SW,
            "vllm/aeon/r61sw3.py",
            "import argparse\n\n" + EA + "def aeon_swap_bytes(argv: list[str]) -> int:\n"
            "    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            "    args = parser.parse_args(argv)\n"
            "    args = argparse.Namespace(**{**vars(args), 'swap_space': 4.0})\n"
            "    return int(args.swap_space * (1 << 30))\n",
            "    return int(args.swap_space * (1 << 30))",
        ),
    ),
    (
        "#36216 option removed",
        "twin: the read inside try/except (AttributeError, TypeError)",
        K(
            *SW,
            "vllm/aeon/r61sw4.py",
            EA + "def aeon_swap_bytes(argv: list[str]) -> int:\n"
            "    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            "    args = parser.parse_args(argv)\n"
            "    try:\n        return int(args.swap_space * (1 << 30))\n"
            "    except (AttributeError, TypeError):  # AEON: gone upstream; no host swap\n        return 0\n",
            "        return int(args.swap_space * (1 << 30))",
        ),
    ),
]

# --- 013abde6ef (#26943): benchmark() gained a required num_warmups
WU = ("#26943", "013abde6ef", "benchmark gained a required num_warmups")
BENCH_KW = (
    '        task_type=TaskType.GENERATION, endpoint_type="openai", api_url=f"{base_url}/v1/completions",\n'
    "        base_url=base_url, model_id=model, model_name=model, tokenizer=tokenizer, input_requests=requests,\n"
    '        logprobs=None, request_rate=float("inf"), burstiness=1.0, disable_tqdm=True, profile=False,\n'
    '        selected_percentile_metrics=["ttft", "tpot"], selected_percentiles=[99.0], ignore_eos=True,\n'
    "        goodput_config_dict={}, max_concurrency=8, lora_modules=None, extra_headers=None, extra_body=None,\n"
)
SERVE = "import functools\n\nfrom vllm.benchmarks.serve import TaskType, benchmark\n\n\n"
FACTORY = (
    "def aeon_bench_factory(base_url: str, model: str, tokenizer, requests: list):\n"
    "    return functools.partial(\n        benchmark,\n" + BENCH_KW + "    )\n"
)
CASES += [
    (
        "#26943 partial left short",
        "a factory's complete partial",
        K(*WU, "vllm/aeon/r61wu0.py", SERVE + FACTORY, "    return functools.partial("),
    ),
    (
        "#26943 partial left short",
        "a partial bound and called with nothing more",
        K(
            *WU,
            "vllm/aeon/r61wu1.py",
            SERVE + "async def aeon_bench(base_url: str, model: str, tokenizer, requests: list):\n"
            "    run = functools.partial(\n        benchmark,\n" + BENCH_KW + "    )\n    return await run()\n",
            "    return await run()",
        ),
    ),
]
TWINS += [
    (
        "#26943 partial left short",
        "twin: the later call passes the new parameter",
        K(
            *WU,
            "vllm/aeon/r61wu2.py",
            SERVE + "async def aeon_bench(base_url: str, model: str, tokenizer, requests: list):\n"
            "    run = functools.partial(\n        benchmark,\n"
            + BENCH_KW
            + "    )\n    return await run(num_warmups=0)\n",
            "    run = functools.partial(",
        ),
    ),
    (
        "#26943 partial left short",
        "twin: the factory's caller passes the new parameter",
        K(
            *WU,
            "vllm/aeon/r61wu3.py",
            SERVE + FACTORY + "\n\nasync def aeon_nightly(base_url: str, model: str, tokenizer, requests: list):\n"
            "    return await aeon_bench_factory(base_url, model, tokenizer, requests)(num_warmups=2)\n",
            "    return functools.partial(",
        ),
    ),
    (
        "#26943 partial left short",
        "twin: the later call spreads the caller's overrides",
        K(
            *WU,
            "vllm/aeon/r61wu4.py",
            SERVE + "async def aeon_bench(base_url: str, model: str, tokenizer, requests: list, **overrides):\n"
            "    run = functools.partial(\n        benchmark,\n"
            + BENCH_KW
            + "    )\n    return await run(**overrides)\n",
            "    run = functools.partial(",
        ),
    ),
    (
        "#26943 partial left short",
        "twin: a second partial binds it after a signature check",
        K(
            *WU,
            "vllm/aeon/r61wu5.py",
            "import inspect\n"
            + SERVE
            + "def aeon_bench_factory(base_url: str, model: str, tokenizer, requests: list):\n"
            "    run = functools.partial(\n        benchmark,\n" + BENCH_KW + "    )\n"
            '    if "num_warmups" in inspect.signature(benchmark).parameters:\n'
            "        run = functools.partial(run, num_warmups=0)\n    return run\n",
            "    run = functools.partial(",
        ),
    ),
    (
        "#26943 partial left short",
        "twin: the later call retried with the new parameter on TypeError",
        Killer(
            *WU,
            (
                Edit(
                    "vllm/aeon/r61wu10.py",
                    SERVE + "async def aeon_bench(base_url: str, model: str, tokenizer, requests: list):\n"
                    "    run = functools.partial(\n        benchmark,\n" + BENCH_KW + "    )\n"
                    "    try:\n        return await run()\n"
                    "    except TypeError:  # AEON: newer upstreams require num_warmups\n"
                    "        return await run(num_warmups=0)\n",
                ),
            ),
            (
                ("vllm/aeon/r61wu10.py", "    run = functools.partial("),
                ("vllm/aeon/r61wu10.py", "        return await run()"),
            ),
        ),
    ),
    (
        "#26943 partial left short",
        "twin: the partial binds the new parameter itself",
        K(
            *WU,
            "vllm/aeon/r61wu6.py",
            SERVE + "def aeon_bench_factory(base_url: str, model: str, tokenizer, requests: list):\n"
            "    return functools.partial(\n        benchmark,\n" + BENCH_KW + "        num_warmups=0,\n    )\n",
            "    return functools.partial(",
        ),
    ),
    (
        "#26943 partial left short",
        "twin: the partial spreads a dict of keywords",
        K(
            *WU,
            "vllm/aeon/r61wu7.py",
            SERVE + "def aeon_bench_factory(common: dict):\n    return functools.partial(benchmark, **common)\n",
            "    return functools.partial(benchmark, **common)",
        ),
    ),
    (
        "#26943 partial left short",
        "twin: the fork's own benchmark namesake",
        K(
            *WU,
            "vllm/aeon/r61wu8.py",
            "import functools\n\nfrom vllm.benchmarks.serve import TaskType\n\n\n"
            "async def benchmark(task_type: TaskType, endpoint_type: str, api_url: str, base_url: str, model_id: str, model_name: str,\n"
            "                    tokenizer, input_requests: list, logprobs, request_rate: float, burstiness: float,\n"
            "                    disable_tqdm: bool, profile: bool, selected_percentile_metrics: list, selected_percentiles: list,\n"
            "                    ignore_eos: bool, goodput_config_dict: dict, max_concurrency, lora_modules, extra_headers,\n"
            "                    extra_body) -> dict:\n    return {}\n\n\n" + FACTORY,
            "    return functools.partial(",
        ),
    ),
    (
        "#26943 partial left short",
        "twin: a fork wrapper that fills it",
        K(
            *WU,
            "vllm/aeon/r61wu9.py",
            SERVE + "async def aeon_benchmark(**kwargs) -> dict:\n"
            "    return await benchmark(num_warmups=1, **kwargs)  # AEON: one warm-up request\n\n\n"
            "def aeon_bench_factory(base_url: str, model: str, tokenizer, requests: list):\n"
            "    return functools.partial(\n        aeon_benchmark,\n" + BENCH_KW + "    )\n",
            "    return functools.partial(",
        ),
    ),
]


# --- round 3: other real removals of the kinds
# 7a98c7a392 (#49244): --max-num-partial-prefills / --max-long-partial-prefills removed with SchedulerConfig's fields
PP = ("#49244", "7a98c7a392", "--max-num-partial-prefills removed")
PARSE = "    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())\n    args = parser.parse_args(argv)\n"
CASES += [
    (
        "#49244 option removed",
        "args.max_num_partial_prefills off parse_args",
        K(
            *PP,
            "vllm/aeon/r61pp0.py",
            EA
            + "def aeon_prefill_slots(argv: list[str]) -> int:\n"
            + PARSE
            + "    return args.max_num_partial_prefills * 2\n",
            "    return args.max_num_partial_prefills * 2",
        ),
    ),
]
TWINS += [
    (
        "#49244 option removed",
        "twin: the read under a test of the package's version",
        K(
            *PP,
            "vllm/aeon/r61pp1.py",
            "from packaging.version import Version\n\nimport vllm\n"
            + EA
            + "def aeon_prefill_slots(argv: list[str]) -> int:\n"
            + PARSE
            + '    if Version(vllm.__version__) < Version("0.21"):  # AEON: older releases still chunk prefills\n'
            "        return args.max_num_partial_prefills * 2\n"
            "    return 1\n",
            "        return args.max_num_partial_prefills * 2",
        ),
    ),
    (
        "#49244 option removed",
        "twin: the fork's argument group declares both in a loop",
        K(
            *PP,
            "vllm/aeon/r61pp2.py",
            EA + '_PREFILLS = ("--max-num-partial-prefills", "--max-long-partial-prefills")\n\n\n'
            "def aeon_prefill_slots(argv: list[str]) -> int:\n"
            "    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            '    group = parser.add_argument_group("aeon")\n'
            "    for flag in _PREFILLS:\n        group.add_argument(flag, type=int, default=1)\n"
            "    args = parser.parse_args(argv)\n"
            "    return args.max_num_partial_prefills * 2\n",
            "    return args.max_num_partial_prefills * 2",
        ),
    ),
    (
        "#49244 option removed",
        "twin: the fork's parser module declares it, its command reads it",
        Killer(
            *PP,
            (
                Edit(
                    "vllm/aeon/r61pp3_args.py",
                    EA + "def aeon_parser() -> FlexibleArgumentParser:\n"
                    "    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())\n"
                    '    parser.add_argument("--max-num-partial-prefills", type=int, default=1)\n'
                    "    return parser\n",
                ),
                Edit(
                    "vllm/aeon/r61pp3.py",
                    "from vllm.aeon.r61pp3_args import aeon_parser\n\n\n"
                    "def aeon_prefill_slots(argv: list[str]) -> int:\n"
                    "    args = aeon_parser().parse_args(argv)\n"
                    "    return args.max_num_partial_prefills * 2\n",
                ),
            ),
            (("vllm/aeon/r61pp3.py", "    return args.max_num_partial_prefills * 2"),),
        ),
    ),
]

# cdc4824a21 (#48684): --override-attention-dtype removed with ModelConfig's field
AD = ("#48684", "cdc4824a21", "--override-attention-dtype removed")
CASES += [
    (
        "#48684 option removed",
        "a bare getattr off parse_args",
        K(
            *AD,
            "vllm/aeon/r61ad0.py",
            EA
            + "def aeon_attention_dtype(argv: list[str]) -> str | None:\n"
            + PARSE
            + '    return getattr(args, "override_attention_dtype")\n',
            '    return getattr(args, "override_attention_dtype")',
        ),
    ),
]
TWINS += [
    (
        "#48684 option removed",
        "twin: the fork's own options dataclass keeps the field",
        K(
            *AD,
            "vllm/aeon/r61ad2.py",
            "from dataclasses import dataclass\n\n" + EA + "@dataclass\nclass AeonModelOptions:\n"
            "    override_attention_dtype: str | None = None  # AEON: fp32 softmax on the Spark\n\n\n"
            "def aeon_attention_dtype(argv: list[str]) -> str | None:\n"
            "    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())\n"
            '    parser.add_argument("--override-attention-dtype", default=AeonModelOptions.override_attention_dtype)\n'
            "    args = parser.parse_args(argv)\n"
            "    return args.override_attention_dtype\n",
            "    return args.override_attention_dtype",
        ),
    ),
]

# name drift's own catches on the same commit (not the parsed-option check's): a guard of the name upstream
# removed everywhere takes its fallback for good, and the fork's override silently stops applying
CASES += [
    (
        "#48684 option removed",
        "name drift: the option's path dies silently behind hasattr",
        K(
            *AD,
            "vllm/aeon/r61ad1.py",
            EA
            + "def aeon_attention_dtype(argv: list[str]) -> str | None:\n"
            + PARSE
            + '    if not hasattr(args, "override_attention_dtype"):\n        return None\n'
            "    return args.override_attention_dtype\n",
            '    if not hasattr(args, "override_attention_dtype"):',
        ),
    ),
    (
        "#48684 option removed",
        "name drift: the option's path dies silently behind a test of the config's fields",
        K(
            *AD,
            "vllm/aeon/r61ad3.py",
            "from vllm.config import ModelConfig\n"
            + EA
            + "def aeon_attention_dtype(argv: list[str]) -> str | None:\n"
            + PARSE
            + '    if "override_attention_dtype" in ModelConfig.__dataclass_fields__:\n'
            "        return args.override_attention_dtype\n"
            "    return None\n",
            '    if "override_attention_dtype" in ModelConfig.__dataclass_fields__:',
        ),
    ),
]

# 965c5f4914 (#26478): EmbedBenchmarkMetrics gained a required second field `failed`
FD = ("#26478", "965c5f4914", "EmbedBenchmarkMetrics gained a required failed field")
EMB = "import functools\n\nfrom vllm.benchmarks.serve import EmbedBenchmarkMetrics\n\n\n"
EMB_KW = (
    "        completed=completed, total_input=total_input, request_throughput=0.0, total_token_throughput=0.0,\n"
    "        mean_e2el_ms=0.0, std_e2el_ms=0.0, median_e2el_ms=0.0, percentiles_e2el_ms=0.0,\n"
)
CASES += [
    (
        "#26478 partial left short",
        "a complete partial of the dataclass",
        K(
            *FD,
            "vllm/aeon/r61fd0.py",
            EMB + "def aeon_empty_metrics(completed: int, total_input: int):\n"
            "    return functools.partial(\n        EmbedBenchmarkMetrics,\n" + EMB_KW + "    )\n",
            "    return functools.partial(",
        ),
    ),
]
TWINS += [
    (
        "#26478 partial left short",
        "twin: the later call passes failed",
        K(
            *FD,
            "vllm/aeon/r61fd1.py",
            EMB + "def aeon_empty_metrics(completed: int, total_input: int, failed: int):\n"
            "    make = functools.partial(\n        EmbedBenchmarkMetrics,\n" + EMB_KW + "    )\n"
            "    return make(failed=failed)\n",
            "    make = functools.partial(",
        ),
    ),
    (
        "#26478 partial left short",
        "twin: a partial of the fork's own namesake dataclass",
        K(
            *FD,
            "vllm/aeon/r61fd2.py",
            "import functools\nfrom dataclasses import dataclass\n\n\n@dataclass\nclass EmbedBenchmarkMetrics:\n"
            "    completed: int\n    total_input: int\n    request_throughput: float\n"
            "    total_token_throughput: float\n    mean_e2el_ms: float\n    std_e2el_ms: float\n"
            "    median_e2el_ms: float\n    percentiles_e2el_ms: float\n\n\n"
            "def aeon_empty_metrics(completed: int, total_input: int):\n"
            "    return functools.partial(\n        EmbedBenchmarkMetrics,\n" + EMB_KW + "    )\n",
            "    return functools.partial(",
        ),
    ),
    (
        "#26478 partial left short",
        "twin: the partial binds failed itself",
        K(
            *FD,
            "vllm/aeon/r61fd3.py",
            EMB + "def aeon_empty_metrics(completed: int, total_input: int):\n"
            "    return functools.partial(\n        EmbedBenchmarkMetrics,\n" + EMB_KW + "        failed=0,\n    )\n",
            "    return functools.partial(",
        ),
    ),
]


# --- round 4: the namespace the fork hands parse_args, and the partial handed to the fork's runner
TWINS += [
    (
        "#26007 option removed",
        "twin: parse_args into the fork's namespace, whose class holds the default",
        K(
            *ET,
            "vllm/aeon/r61et15.py",
            "import argparse\n\nfrom vllm.benchmarks.serve import add_cli_args\n\n\n"
            'class AeonDefaults(argparse.Namespace):\n    endpoint_type = "openai"  # AEON: the nightly jobs\' default\n\n\n'
            "def aeon_parse(argv: list[str]) -> str:\n"
            "    parser = argparse.ArgumentParser()\n"
            "    add_cli_args(parser)\n"
            "    args = parser.parse_args(argv, namespace=AeonDefaults())\n"
            "    return args.endpoint_type\n",
            "    return args.endpoint_type",
        ),
    ),
    (
        "#26943 partial left short",
        "twin: the partial handed to the fork's runner, which passes the new parameter",
        K(
            *WU,
            "vllm/aeon/r61wu11.py",
            SERVE + "async def aeon_warm_run(bench):\n"
            "    return await bench(num_warmups=2)  # AEON: two warm-up requests\n\n\n"
            "async def aeon_nightly(base_url: str, model: str, tokenizer, requests: list):\n"
            "    return await aeon_warm_run(\n        functools.partial(\n            benchmark,\n"
            + BENCH_KW.replace("        ", "            ")
            + "        )\n    )\n",
            "        functools.partial(",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review61-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
