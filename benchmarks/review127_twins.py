"""Adversarial twins of killers224's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork ``add_argument`` of an option upstream's parser now declares itself (``drift/colliding_options.py``,
  new in killers224), on two more real commits of the shape found with ``git log --first-parent -- cli_args.py``
  / ``-S``: #30937 (69d09fdd6c, ``FrontendArgs.ssl_ciphers``: ``--ssl-ciphers``) and #30011 (6ee7f18f33,
  ``FrontendArgs.disable_access_log_for_endpoints``), plus #12473 (a7e3eba66f, ``make_arg_parser`` declaring
  ``--enable-reasoning``) and the replay's #38570: the fork's own ``argparse.ArgumentParser()`` in a function
  that also builds or parses with ``make_arg_parser``, a sibling ``subparsers.add_parser(...)`` beside
  ``super().subparser_init``, a ``try`` catching ``ArgumentError`` / ``Exception``, a probe of the parser's
  option table (``"--x" not in parser._option_string_actions``, ``any(... a.option_strings ...)``), a
  ``conflict_handler="resolve"`` parser (built so, or set so), the fork's own ``make_arg_parser`` and
  ``FrontendArgs`` namesakes, a helper handed the serve parser and a parser of its own declaring on the
  latter, a name rebound to upstream's parser only after the fork's line, a test expecting the conflict under
  ``pytest.raises``, a peel-then-hand-on wrapper, a mutually exclusive group of the fork's own parser,
  subparsers of the fork's own CLI (one the server's), and quiet shapes (``set_defaults`` / reads, the fork's
  own option name with upstream's dest, a nested helper's or lambda's parser, a subclass of the fork's own
  subcommand base, a copy of ``FrontendArgs`` kept in sync, a comprehension, a module-level tool parser);
- a fork namespace a new guard of upstream's validator refuses (``drift/refused_namespaces.py``, new in
  killers224), on the replay's #24626 and #12473 (a7e3eba66f, ``enable_auto_tool_choice and
  enable_reasoning``): the refused name stored only under a test of the other, a nested helper's own ``args``,
  both names set by ``setattr`` in a loop, a ``try`` answering TypeError, a copy validated with both set, the
  fork's own validator namesake, reasoning turned on only without auto tool choice.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the widenings' catches
in ``blind_replay_servecli`` (reach kept) and six new ones of the two new commits and #12473.

Round 1 (main at fdde18c6, engine through ``AEON_SRC``), 18 cases and 35 twins: 15 caught, 3 warned, 0 missed
of 18; twins 16 quiet (6 of them warned), 19 false errors of 35.  All 19 are colliding_options' "sure" path:
18 read "the fork's function calls a declarer" (or "a function hands the helper a declarer's result") as "the
parser the fork declares on is upstream's", whatever that parser is (the fork's own ``ArgumentParser()``, a
sibling subparser, a name rebound later, a helper's other parameter, the fork's own ``make_arg_parser`` /
``FrontendArgs`` namesakes), and never asked whether the declaration answers a second one (a ``try`` catching
``ArgumentError`` or ``Exception``, ``pytest.raises``, a probe of the option table, ``conflict_handler=
"resolve"``); the 19th is #12473's probed ``--enable-reasoning``.  refused_namespaces drew no false error here:
every guard of ``validate_parsed_serve_args`` follows its early ``hasattr(args, "subparser")`` return, so its
error path never fires on these commits -- its false errors were found on the unit fixture's guard without an
early return (below).
Round 2 (this branch): colliding_options ties the error to the parser the fork's call declares on (followed
through ``add_argument_group`` / ``add_mutually_exclusive_group``): a declarer's result, a name handed to a
declarer in the same function with no rebinding between, or a parameter a function of the module hands a
declarer's result at its place (positional or keyword); a def or class the fork wrote in its module is its own,
never upstream's namesake; a declaration in a ``try`` catching ``ArgumentError`` / ``Exception`` / bare, under
``raises`` / ``assertRaises`` / ``suppress``, under an ``if`` whose test quotes the option or reads the option
table, or in a function building or setting a ``"resolve"`` conflict handler is quiet.  refused_namespaces
reads what the fork's function knows in its own scope only (a nested def's ``args`` is another object), makes a
store under an ``if`` / loop / ``try`` not holding the call unknown, and reads the namespace at the place of the
parameter the guard reads (its gate now reads any call handing a name last).  Unit tests that failed before:
test_colliding_option_drift ``review127_twins_draw_no_error`` (9: own-parser-beside, sibling-subparser,
try-argument-error, probed, resolve, namesake, rebound, helper-other-parameter, expects-the-conflict),
test_refused_namespace_drift ``review127_twins_draw_no_error`` (store-under-the-other-name, nested-scope; the
third, second-parameter, was quiet before only because the gate never read a two-argument call) and the round-3
``second-parameter-refused`` (missed before).  15 caught, 3 warned, 0 missed of 18; twins 35 quiet (14 of them
warned), 0 false errors of 35.
Round 3 (written after the mend): cases the mend must not swallow -- a ``try`` catching ``KeyError``, a
helper's second parameter handed the serve parser by keyword, a mutually exclusive group of
``make_arg_parser``'s parser under an unrelated ``if``: 3 caught of 3 (on main's engine and this branch);
unit round-3 cases: colliding_options 5 (a group, handed after the fork's line, a helper by keyword, a try of
another kind, an if of another test), refused_namespaces 3 (a store in the branch holding the call, the second
parameter refused, a store in a ``with``): all errors.  All rounds, this branch: 18 caught, 3 warned, 0 missed
of 21; 0 false errors of 35 twins.
Regression set at the mends (engine as at be824096): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_servecli 14 caught, 2 warned, 0 missed of 16 (9 quiet, 0 false): each as recorded.
Speed (drift_speed's 150-commit window with CHECKS set to the two checks and a carry file quoting ``--grpc`` /
``--enable-log-deltas`` and validating a namespace, so both get past their gates; 5 runs' median, machine
shared): this branch colliding_option_drift 1.277 s, refused_namespace_drift 0.076 s (audit 39.2 s); main
fdde18c6 1.120 s and 0.052 s (audit 28.8 s).  The mends add little; colliding_option_drift's own cost once its
gate passes (the caller search: a ``git grep`` and up to 60 parsed files a round, two rounds) is far above the
~2 ms budget -- killers224's 0.000 s was a window whose carry quotes no option.  Left to its owner.

  PYTHONPATH=.. python review127_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from blind_replay_servecli import CASES as SERVECLI
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# the widenings' catches in blind_replay_servecli (reach kept): its colliding flags and refused namespaces
CASES += [c for c in SERVECLI if not c[1].startswith("twin") and ("option" in c[0] or "validation" in c[0])]

SV = "vllm.entrypoints.cli.serve"
CA = "vllm.entrypoints.openai.cli_args"
FAP = "from vllm.utils.argparse_utils import FlexibleArgumentParser\n"
MAP = FAP + f"from {CA} import make_arg_parser\n"

# --- 69d09fdd6c (#30937): FrontendArgs.ssl_ciphers, an option of make_arg_parser (--ssl-ciphers)
SC = ("#30937", "69d09fdd6c", "FrontendArgs gained ssl_ciphers: --ssl-ciphers")


def _sc(name: str, text: str, line: str) -> Killer:
    return K(*SC, f"vllm/aeon/r127{name}.py", text, line)


CASES += [
    (
        "#30937 args-class field now an option",
        "a flag on the parser make_arg_parser returned",
        _sc(
            "sc0",
            MAP + "\n\n"
            "def aeon_tls_parser() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    # AEON: the Spark's TLS terminator pins its cipher suites\n"
            '    parser.add_argument("--ssl-ciphers", type=str, default=None)\n'
            "    return parser\n",
            'parser.add_argument("--ssl-ciphers", type=str, default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "a subclass's subparser_init on an argument group",
        _sc(
            "sc1",
            f"from {SV} import ServeSubcommand\n\n\n"
            "class AeonTlsServe(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            "        serve_parser = super().subparser_init(subparsers)\n"
            '        tls = serve_parser.add_argument_group("Spark TLS")\n'
            '        tls.add_argument("--ssl-ciphers", default="ECDHE-RSA-AES256-GCM-SHA384")\n'
            "        return serve_parser\n",
            'tls.add_argument("--ssl-ciphers", default="ECDHE-RSA-AES256-GCM-SHA384")',
        ),
    ),
]

TWINS += [
    (
        "#30937 args-class field now an option",
        "twin: the fork's own parser beside a make_arg_parser it only parses with",
        _sc(
            "sc2",
            "import argparse\n\n" + MAP + "\n\n"
            "def aeon_tls_probe(argv: list[str]):\n"
            "    serve_args = make_arg_parser(FlexibleArgumentParser()).parse_args([])\n"
            '    own = argparse.ArgumentParser(prog="aeon-tls-probe")\n'
            '    own.add_argument("--ssl-ciphers", default="ECDHE")\n'
            "    return own.parse_args(argv), serve_args\n",
            'own.add_argument("--ssl-ciphers", default="ECDHE")',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a sibling subparser of the serve subparser",
        _sc(
            "sc3",
            f"from {SV} import ServeSubcommand\n\n\n"
            "class AeonServeWithProbe(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            "        serve_parser = super().subparser_init(subparsers)\n"
            '        probe = subparsers.add_parser("aeon-tls-probe")\n'
            '        probe.add_argument("--ssl-ciphers", required=True)\n'
            "        return serve_parser\n",
            'probe.add_argument("--ssl-ciphers", required=True)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a declaration in a try catching ArgumentError",
        _sc(
            "sc4",
            "import argparse\n\n" + MAP + "\n\n"
            "def aeon_tls_parser4(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            "    try:\n"
            '        parser.add_argument("--ssl-ciphers", default=None)\n'
            "    except argparse.ArgumentError:\n"
            "        pass  # AEON: upstream declares it on newer trees\n"
            "    return parser\n",
            'parser.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a declaration probed by the parser's option table",
        _sc(
            "sc5",
            MAP + "\n\n"
            "def aeon_tls_parser5(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            '    if "--ssl-ciphers" not in parser._option_string_actions:\n'
            '        parser.add_argument("--ssl-ciphers", default=None)\n'
            "    return parser\n",
            '        parser.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a declaration probed by any() over the parser's actions",
        _sc(
            "sc6",
            MAP + "\n\n"
            "def aeon_tls_parser6(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            '    if not any("--ssl-ciphers" in a.option_strings for a in parser._actions):\n'
            '        parser.add_argument("--ssl-ciphers", default=None)\n'
            "    return parser\n",
            '        parser.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a parser built with conflict_handler='resolve'",
        _sc(
            "sc7",
            MAP + "\n\n"
            "def aeon_tls_parser7() -> FlexibleArgumentParser:\n"
            '    parser = make_arg_parser(FlexibleArgumentParser(conflict_handler="resolve"))\n'
            '    parser.add_argument("--ssl-ciphers", default="ECDHE-RSA-AES256-GCM-SHA384")\n'
            "    return parser\n",
            'parser.add_argument("--ssl-ciphers", default="ECDHE-RSA-AES256-GCM-SHA384")',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: the fork's own make_arg_parser namesake",
        _sc(
            "sc8",
            FAP + "\n\n"
            "def make_arg_parser(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            '    parser.add_argument("--aeon-tls-host", default="0.0.0.0")\n'
            "    return parser\n\n\n"
            "def aeon_tls_tool() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            '    parser.add_argument("--ssl-ciphers", default=None)\n'
            "    return parser\n",
            'parser.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: the fork's own FrontendArgs namesake",
        _sc(
            "sc9",
            FAP + "\n\n"
            "class FrontendArgs:\n"
            "    @staticmethod\n"
            "    def add_cli_args(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            '        parser.add_argument("--aeon-tls-port", type=int, default=8443)\n'
            "        return parser\n\n\n"
            "def aeon_tls_tool9() -> FlexibleArgumentParser:\n"
            "    parser = FrontendArgs.add_cli_args(FlexibleArgumentParser())\n"
            '    parser.add_argument("--ssl-ciphers", default=None)\n'
            "    return parser\n",
            'parser.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a helper handed the serve parser and a parser of its own, declaring on its own",
        _sc(
            "sc10",
            "import argparse\n\n" + f"from {SV} import ServeSubcommand\n\n\n"
            "def aeon_extend(serve_parser, probe: argparse.ArgumentParser):\n"
            '    serve_parser.set_defaults(ssl_ciphers="ECDHE-RSA-AES256-GCM-SHA384")\n'
            '    probe.add_argument("--ssl-ciphers", default=None)\n'
            "    return serve_parser\n\n\n"
            "class AeonServe10(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            '        return aeon_extend(super().subparser_init(subparsers), argparse.ArgumentParser(prog="aeon-probe"))\n',
            'probe.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a name reused for the fork's own parser before make_arg_parser's",
        _sc(
            "sc11",
            "import argparse\n\n" + MAP + "\n\n"
            "def aeon_tls_two(argv: list[str]):\n"
            '    parser = argparse.ArgumentParser(prog="aeon-tls", add_help=False)\n'
            '    parser.add_argument("--ssl-ciphers", default=None)\n'
            "    own, rest = parser.parse_known_args(argv)\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    return own, parser.parse_args(rest)\n",
            'parser.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a test expecting the conflict",
        K(
            *SC,
            "tests/aeon/test_r127sc12.py",
            "import argparse\n\nimport pytest\n\n" + MAP + "\n\n"
            "def test_aeon_ssl_ciphers_is_upstreams():\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    with pytest.raises(argparse.ArgumentError):\n"
            '        parser.add_argument("--ssl-ciphers")\n',
            'parser.add_argument("--ssl-ciphers")',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: set_defaults and a read of upstream's option",
        _sc(
            "sc13",
            MAP + "\n\n"
            "def aeon_tls_parser13() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            '    parser.set_defaults(ssl_ciphers="ECDHE-RSA-AES256-GCM-SHA384")\n'
            '    assert parser.get_default("ssl_ciphers")\n'
            "    return parser\n",
            'parser.set_defaults(ssl_ciphers="ECDHE-RSA-AES256-GCM-SHA384")',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: the fork's own option name with upstream's dest",
        _sc(
            "sc14",
            MAP + "\n\n"
            "def aeon_tls_parser14() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            '    parser.add_argument("--aeon-ssl-ciphers", dest="aeon_ciphers", default=None)\n'
            "    return parser\n",
            'parser.add_argument("--aeon-ssl-ciphers", dest="aeon_ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a nested helper's own parser",
        _sc(
            "sc15",
            "import argparse\n\n" + MAP + "\n\n"
            "def aeon_tls_parser15() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n\n"
            "    def _probe() -> argparse.ArgumentParser:\n"
            "        own = argparse.ArgumentParser()\n"
            '        own.add_argument("--ssl-ciphers")\n'
            "        return own\n\n"
            "    parser.aeon_probe = _probe  # type: ignore[attr-defined]\n"
            "    return parser\n",
            'own.add_argument("--ssl-ciphers")',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a subclass of the fork's own subcommand base",
        _sc(
            "sc16",
            "from vllm.entrypoints.cli.types import CLISubcommand\n\n\n"
            "class AeonToolBase(CLISubcommand):\n"
            '    name = "aeon-tool"\n\n'
            "    def subparser_init(self, subparsers):\n"
            "        return subparsers.add_parser(self.name)\n\n\n"
            "class AeonTlsTool(AeonToolBase):\n"
            "    def subparser_init(self, subparsers):\n"
            "        parser = super().subparser_init(subparsers)\n"
            '        parser.add_argument("--ssl-ciphers")\n'
            "        return parser\n",
            'parser.add_argument("--ssl-ciphers")',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a copy of FrontendArgs kept in sync (a field, no add_argument string)",
        _sc(
            "sc17",
            "from dataclasses import dataclass, fields\n\n" + FAP + "\n\n"
            "@dataclass\n"
            "class AeonFrontendCopy:\n"
            "    ssl_keyfile: str | None = None\n"
            "    ssl_ciphers: str | None = None\n\n"
            "    @classmethod\n"
            "    def add_cli_args(cls, parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "        for f in fields(cls):\n"
            '            parser.add_argument(f"--aeon-{f.name}")\n'
            "        return parser\n",
            "    ssl_ciphers: str | None = None",
        ),
    ),
    (
        "#30937 args-class field now an option",
        "twin: a declaration in a comprehension on the fork's own parser",
        _sc(
            "sc18",
            "import argparse\n\n\n"
            "def aeon_tls_parser18() -> argparse.ArgumentParser:\n"
            "    own = argparse.ArgumentParser()\n"
            '    [own.add_argument(flag) for flag in ("--ssl-ciphers", "--aeon-tls-port")]\n'
            "    return own\n",
            '[own.add_argument(flag) for flag in ("--ssl-ciphers", "--aeon-tls-port")]',
        ),
    ),
]

CASES += [
    (
        "#30937 args-class field now an option",
        "a try catching another kind (round 3)",
        _sc(
            "sc19",
            MAP + "\n\n"
            "def aeon_tls_parser19(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            "    try:\n"
            '        parser.add_argument("--ssl-ciphers", default=None)\n'
            "    except KeyError:\n"
            "        pass\n"
            "    return parser\n",
            '        parser.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "a helper's second parameter handed the serve parser by keyword (round 3)",
        _sc(
            "sc20",
            "import argparse\n\n" + f"from {SV} import ServeSubcommand\n\n\n"
            "def aeon_extend20(probe: argparse.ArgumentParser | None, serve_parser):\n"
            '    serve_parser.add_argument("--ssl-ciphers", default=None)\n'
            "    return serve_parser\n\n\n"
            "class AeonServe20(ServeSubcommand):\n"
            "    def subparser_init(self, subparsers):\n"
            "        return aeon_extend20(None, serve_parser=super().subparser_init(subparsers))\n",
            'serve_parser.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
    (
        "#30937 args-class field now an option",
        "a mutually exclusive group of make_arg_parser's parser under an unrelated if (round 3)",
        _sc(
            "sc21",
            MAP + "\n\n"
            "def aeon_tls_parser21(spark: bool) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    if spark:\n"
            "        tls = parser.add_mutually_exclusive_group()\n"
            '        tls.add_argument("--ssl-ciphers", default=None)\n'
            "    return parser\n",
            'tls.add_argument("--ssl-ciphers", default=None)',
        ),
    ),
]

# --- 6ee7f18f33 (#30011): FrontendArgs.disable_access_log_for_endpoints (--disable-access-log-for-endpoints)
AL = ("#30011", "6ee7f18f33", "FrontendArgs gained disable_access_log_for_endpoints")
ALF = "--disable-access-log-for-endpoints"


def _al(name: str, text: str, line: str) -> Killer:
    return K(*AL, f"vllm/aeon/r127{name}.py", text, line)


CASES += [
    (
        "#30011 args-class field now an option",
        "a loop over a literal list of flags after make_arg_parser",
        _al(
            "al0",
            MAP + "\n\n"
            "def aeon_quiet_parser(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            f'    for flag in ["{ALF}", "--aeon-quiet-metrics"]:\n'
            "        parser.add_argument(flag, default=None)\n"
            "    return parser\n",
            f'for flag in ["{ALF}", "--aeon-quiet-metrics"]:',
        ),
    ),
    (
        "#30011 args-class field now an option",
        "make_arg_parser(...).add_argument chained",
        _al(
            "al1",
            MAP + "\n\n"
            "def aeon_quiet_parser1() -> FlexibleArgumentParser:\n"
            "    parser = FlexibleArgumentParser()\n"
            f'    make_arg_parser(parser).add_argument("{ALF}", default="/health,/metrics")\n'
            "    return parser\n",
            f'make_arg_parser(parser).add_argument("{ALF}", default="/health,/metrics")',
        ),
    ),
]

TWINS += [
    (
        "#30011 args-class field now an option",
        "twin: a wrapper peeling its own flag then handing the rest to upstream's parser",
        _al(
            "al2",
            "import argparse\n\n" + MAP + "\n\n"
            "def aeon_quiet_main(argv: list[str]):\n"
            "    peel = argparse.ArgumentParser(add_help=False)\n"
            f'    peel.add_argument("{ALF}", default=None)\n'
            "    own, rest = peel.parse_known_args(argv)\n"
            "    args = make_arg_parser(FlexibleArgumentParser()).parse_args(rest)\n"
            "    return own, args\n",
            f'peel.add_argument("{ALF}", default=None)',
        ),
    ),
    (
        "#30011 args-class field now an option",
        "twin: a mutually exclusive group of the fork's own parser",
        _al(
            "al3",
            "import argparse\n\n" + MAP + "\n\n"
            "def aeon_quiet_parser3(argv: list[str]):\n"
            "    serve = make_arg_parser(FlexibleArgumentParser())\n"
            '    own = argparse.ArgumentParser(prog="aeon-logs")\n'
            "    quiet = own.add_mutually_exclusive_group()\n"
            f'    quiet.add_argument("{ALF}", default=None)\n'
            '    quiet.add_argument("--aeon-log-all", action="store_true")\n'
            "    return own.parse_args(argv), serve\n",
            f'quiet.add_argument("{ALF}", default=None)',
        ),
    ),
    (
        "#30011 args-class field now an option",
        "twin: a declaration in a lambda the fork's own tool calls",
        _al(
            "al4",
            "import argparse\n\n" + MAP + "\n\n"
            f'_AEON_ADD = lambda p: p.add_argument("{ALF}")  # noqa: E731\n\n\n'
            "def aeon_quiet_parser4():\n"
            "    serve = make_arg_parser(FlexibleArgumentParser())\n"
            "    own = argparse.ArgumentParser()\n"
            "    _AEON_ADD(own)\n"
            "    return own, serve\n",
            f'_AEON_ADD = lambda p: p.add_argument("{ALF}")  # noqa: E731',
        ),
    ),
    (
        "#30011 args-class field now an option",
        "twin: the parser's conflict handler set to resolve before the fork's line",
        _al(
            "al5",
            MAP + "\n\n"
            "def aeon_quiet_parser5(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            '    parser.conflict_handler = "resolve"  # AEON: the Spark overrides the default\n'
            f'    parser.add_argument("{ALF}", default="/health")\n'
            "    return parser\n",
            f'parser.add_argument("{ALF}", default="/health")',
        ),
    ),
    (
        "#30011 args-class field now an option",
        "twin: a read of the new option through getattr",
        _al(
            "al6",
            "import argparse\n\n\n"
            "def aeon_quiet_paths(args: argparse.Namespace) -> list[str]:\n"
            '    raw = getattr(args, "disable_access_log_for_endpoints", None) or ""\n'
            '    return [p for p in raw.split(",") if p]\n',
            'raw = getattr(args, "disable_access_log_for_endpoints", None) or ""',
        ),
    ),
]

# --- acf7292bf2 (#38570): --grpc moved into make_arg_parser (twins only; the replay's cases above)
GM = ("#38570", "acf7292bf2", "make_arg_parser now declares --grpc (moved from ServeSubcommand.subparser_init)")


def _gm(name: str, text: str, line: str) -> Killer:
    return K(*GM, f"vllm/aeon/r127{name}.py", text, line)


TWINS += [
    (
        "#38570 option moved into the shared parser builder",
        "twin: the fork's own bench parser in a function building the server's too",
        _gm(
            "gm0",
            "import argparse\n\n" + MAP + "\n\n"
            "def aeon_bench_parsers():\n"
            "    server = make_arg_parser(FlexibleArgumentParser())\n"
            '    bench = argparse.ArgumentParser(prog="aeon-bench")\n'
            '    bench.add_argument("--grpc", action="store_true", help="bench the gRPC front end")\n'
            "    return server, bench\n",
            'bench.add_argument("--grpc", action="store_true", help="bench the gRPC front end")',
        ),
    ),
    (
        "#38570 option moved into the shared parser builder",
        "twin: a declaration probed by the parser's option table",
        _gm(
            "gm1",
            MAP + "\n\n"
            "def aeon_grpc_parser(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            '    if "--grpc" not in parser._option_string_actions:\n'
            '        parser.add_argument("--grpc", action="store_true")\n'
            "    return parser\n",
            '        parser.add_argument("--grpc", action="store_true")',
        ),
    ),
    (
        "#38570 option moved into the shared parser builder",
        "twin: a declaration in a try catching Exception",
        _gm(
            "gm2",
            MAP + "\n\n"
            "def aeon_grpc_parser2(parser: FlexibleArgumentParser) -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(parser)\n"
            "    try:\n"
            '        parser.add_argument("--grpc", action="store_true")\n'
            "    except Exception:  # AEON: declared upstream on newer trees\n"
            "        pass\n"
            "    return parser\n",
            '        parser.add_argument("--grpc", action="store_true")',
        ),
    ),
    (
        "#38570 option moved into the shared parser builder",
        "twin: a module-level tool parser of the fork beside an import of make_arg_parser",
        _gm(
            "gm3",
            "import argparse\n\n" + MAP + "\n"
            'AEON_TOOL = argparse.ArgumentParser(prog="aeon-grpc-probe")\n'
            'AEON_TOOL.add_argument("--grpc", action="store_true")\n\n\n'
            "def aeon_server_parser():\n"
            "    return make_arg_parser(FlexibleArgumentParser())\n",
            'AEON_TOOL.add_argument("--grpc", action="store_true")',
        ),
    ),
    (
        "#38570 option moved into the shared parser builder",
        "twin: subparsers of the fork's own parser, one of them the server's",
        _gm(
            "gm4",
            "import argparse\n\n" + MAP + "\n\n"
            "def aeon_cli():\n"
            '    top = argparse.ArgumentParser(prog="aeon")\n'
            "    subs = top.add_subparsers()\n"
            '    make_arg_parser(subs.add_parser("serve"))\n'
            '    probe = subs.add_parser("probe")\n'
            '    probe.add_argument("--grpc", action="store_true")\n'
            "    return top\n",
            'probe.add_argument("--grpc", action="store_true")',
        ),
    ),
]

# --- 684b6870e1 (#24626) and a7e3eba66f (#12473): validate_parsed_serve_args refuses a combination
VL = (
    "#24626",
    "684b6870e1",
    "validate_parsed_serve_args now raises for enable_log_outputs without enable_log_requests",
)
VA = (
    f"from vllm.utils import FlexibleArgumentParser\nfrom {CA} import make_arg_parser, validate_parsed_serve_args\n\n\n"
)


def _vl(name: str, text: str, line: str) -> Killer:
    return K(*VL, f"vllm/aeon/r127{name}.py", VA + text, line)


TWINS += [
    (
        "#24626 validation now refuses a combination",
        "twin: the refused name set only when the other is",
        _vl(
            "vl0",
            "def aeon_args0():\n"
            '    args = make_arg_parser(FlexibleArgumentParser()).parse_args(["--model", "m"])\n'
            "    if args.enable_log_requests:\n"
            "        args.enable_log_outputs = True\n"
            "    validate_parsed_serve_args(args)\n"
            "    return args\n",
            "validate_parsed_serve_args(args)",
        ),
    ),
    (
        "#24626 validation now refuses a combination",
        "twin: a nested helper's own namespace of the same name",
        _vl(
            "vl1",
            "def aeon_args1():\n"
            '    args = make_arg_parser(FlexibleArgumentParser()).parse_args(["--model", "m"])\n\n'
            "    def _eval_copy(args):\n"
            "        args.enable_log_outputs = True  # the helper's own namespace, with --enable-log-requests\n"
            "        return args\n\n"
            "    validate_parsed_serve_args(args)\n"
            "    return args, _eval_copy\n",
            "    validate_parsed_serve_args(args)",
        ),
    ),
    (
        "#24626 validation now refuses a combination",
        "twin: both names set in a loop over the eval modes",
        _vl(
            "vl2",
            "def aeon_args2(argv: list[str]):\n"
            "    args = make_arg_parser(FlexibleArgumentParser()).parse_args(argv)\n"
            '    for name in ("enable_log_requests", "enable_log_outputs"):\n'
            "        setattr(args, name, True)\n"
            "    validate_parsed_serve_args(args)\n"
            "    return args\n",
            "validate_parsed_serve_args(args)",
        ),
    ),
    (
        "#24626 validation now refuses a combination",
        "twin: validated inside a try answering TypeError",
        _vl(
            "vl3",
            "def aeon_args3():\n"
            '    args = make_arg_parser(FlexibleArgumentParser()).parse_args(["--enable-log-outputs"])\n'
            "    try:\n"
            "        validate_parsed_serve_args(args)\n"
            "    except TypeError:\n"
            "        args.enable_log_requests = True\n"
            "    return args\n",
            "        validate_parsed_serve_args(args)",
        ),
    ),
    (
        "#24626 validation now refuses a combination",
        "twin: a copy handed to the validator with both set",
        _vl(
            "vl4",
            "import copy\n\n\n"
            "def aeon_args4():\n"
            '    args = make_arg_parser(FlexibleArgumentParser()).parse_args(["--enable-log-outputs"])\n'
            "    checked = copy.copy(args)\n"
            "    checked.enable_log_requests = True\n"
            "    validate_parsed_serve_args(checked)\n"
            "    return args\n",
            "validate_parsed_serve_args(checked)",
        ),
    ),
    (
        "#24626 validation now refuses a combination",
        "twin: the fork's own validator namesake",
        K(
            *VL,
            "vllm/aeon/r127vl5.py",
            f"from vllm.utils import FlexibleArgumentParser\nfrom {CA} import make_arg_parser\n\n\n"
            "def validate_parsed_serve_args(args) -> None:\n"
            "    assert args.model\n\n\n"
            "def aeon_args5():\n"
            '    args = make_arg_parser(FlexibleArgumentParser()).parse_args(["--model", "m"])\n'
            "    args.enable_log_outputs = True\n"
            "    validate_parsed_serve_args(args)  # the fork's own\n"
            "    return args\n",
            "validate_parsed_serve_args(args)  # the fork's own",
        ),
    ),
]

# --- a7e3eba66f (#12473): --enable-reasoning declared by make_arg_parser, refused with auto tool choice
RE = (
    "#12473",
    "a7e3eba66f",
    "make_arg_parser declares --enable-reasoning; validation refuses it with auto tool choice",
)
VR = (
    "from vllm.utils import FlexibleArgumentParser\n"
    + f"from {CA} import make_arg_parser, validate_parsed_serve_args\n\n\n"
)


def _re(name: str, text: str, line: str) -> Killer:
    return K(*RE, f"vllm/aeon/r127{name}.py", VR + text, line)


CASES += [
    (
        "#12473 option now declared by make_arg_parser",
        "the fork's own reasoning flag after make_arg_parser",
        _re(
            "re0",
            "def aeon_reasoning_parser() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    # AEON: the Spark's R1 distills stream their thoughts apart\n"
            '    parser.add_argument("--enable-reasoning", action="store_true")\n'
            "    return parser\n",
            'parser.add_argument("--enable-reasoning", action="store_true")',
        ),
    ),
    (
        "#12473 validation now refuses a combination",
        "a launcher turning both on before validating",
        _re(
            "re1",
            "def aeon_reasoning_args(argv: list[str]):\n"
            '    args = make_arg_parser(FlexibleArgumentParser()).parse_args(["--enable-auto-tool-choice", '
            '"--tool-call-parser", "hermes"])\n'
            "    args.enable_reasoning = True\n"
            "    validate_parsed_serve_args(args)\n"
            "    return args\n",
            "validate_parsed_serve_args(args)",
        ),
    ),
]

TWINS += [
    (
        "#12473 validation now refuses a combination",
        "twin: reasoning turned on only without auto tool choice",
        _re(
            "re2",
            "def aeon_reasoning_args2():\n"
            '    args = make_arg_parser(FlexibleArgumentParser()).parse_args(["--enable-auto-tool-choice", '
            '"--tool-call-parser", "hermes"])\n'
            "    if not args.enable_auto_tool_choice:\n"
            "        args.enable_reasoning = True\n"
            "    validate_parsed_serve_args(args)\n"
            "    return args\n",
            "validate_parsed_serve_args(args)",
        ),
    ),
    (
        "#12473 option now declared by make_arg_parser",
        "twin: a probed declaration of the reasoning flag",
        _re(
            "re3",
            "def aeon_reasoning_parser3() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            '    if "--enable-reasoning" not in parser._option_string_actions:\n'
            '        parser.add_argument("--enable-reasoning", action="store_true")\n'
            "    return parser\n",
            '        parser.add_argument("--enable-reasoning", action="store_true")',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review127-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
