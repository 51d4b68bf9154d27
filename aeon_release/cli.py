"""The typer app: parse options, call one function, print.  No logic lives here."""

from __future__ import annotations

import copy
import difflib
import functools
import re
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from typer._click.types import StringParamType  # typer vendors click; no public name for it

from aeon_release.adapters.files import forget_reads
from aeon_release.errors import RUN_STANDS, error_handler, quoted, standard_streams, stop_on_sigterm

# The commands as the workflow goes, then the rest in the order they are registered: `--help` listed them in
# registration order (status before audit, release after image-report), where gh and git group theirs.
WORKFLOW = ("init", "merge", "audit", "build", "publish", "release", "notes", "canary")


class _WorkflowGroup(typer.core.TyperGroup):
    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return sorted(names, key=lambda name: WORKFLOW.index(name) if name in WORKFLOW else len(WORKFLOW))


# Locals can hold registry credentials: never show them in a traceback.
app = typer.Typer(
    name="aeon-release",
    cls=_WorkflowGroup,
    help="Release a downstream fork safely: merge, audit, build, publish, notes, canary.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    pretty_exceptions_show_locals=False,
    add_completion=True,
    rich_markup_mode=None,  # plain help: `--help` must not import rich (0.4 s of start-up)
    context_settings={"help_option_names": ["-h", "--help"]},
)
ledger_app = typer.Typer(help="The fork ledger: carries.yaml and cherry_picks.yaml.", no_args_is_help=True)
app.add_typer(ledger_app, name="ledger")

REPO = typer.Option(Path("."), "--repo", help="The fork's git checkout.")


def _find_config(value: Optional[Path]) -> Path:
    """--config as given, else $AEON_RELEASE_CONFIG, else the nearest folder upwards holding carries.yaml."""
    if value is not None:
        return value
    from aeon_release.domain.ledger import discover_config_dir

    return discover_config_dir()


CONFIG_HELP = (
    "Folder holding fleet.yaml, carries.yaml, cherry_picks.yaml and audits/ (default: $AEON_RELEASE_CONFIG, "
    "else the nearest folder upwards holding carries.yaml, else .)."
)
CONFIG = typer.Option(None, "--config", callback=_find_config, help=CONFIG_HELP, show_default=False)
JSON = typer.Option(False, "--json", help="Machine-readable report on stdout.")
QUIET = typer.Option(
    False, "--quiet", "-q", help="No progress on stderr (as git's -q); errors, hints and the report still print."
)


def main(argv: list[str] | None = None) -> None:
    standard_streams()
    forget_reads()  # what an earlier command of this process read is no input of this one
    with error_handler(_after_a_stop(sys.argv[1:] if argv is None else argv)), stop_on_sigterm():
        code = _parse_and_run(argv)
        sys.stdout.flush()  # here, where a full disk or a closed pipe is one line, not at exit
        raise SystemExit(code if isinstance(code, int) else 0)  # as click's standalone mode does


_INTERRUPTED = 130  # no command returns it: each returns an ExitCode

# The commands that only read (the audit and its cache aside): stopped, they leave nothing half done, and `status`
# (which shows merge runs) had nothing to show for them ("no aeon-release runs in this repository").
_ONLY_READ = frozenset({"audit", "audits", "ledger", "verify", "canary", "image-report", "releases", "status", "notes"})


def _after_a_stop(argv: list[str]) -> str:
    """What the line of a run stopped by Ctrl-C or a signal says after the signal's name."""
    command = next((word for word in argv if not word.startswith("-")), "")
    if command == "audit" and "--fix" in argv:
        return "the fixes written so far stay, each file whole; run the audit again to finish"
    if command in _ONLY_READ:
        return f"{command} stopped before it finished and changed nothing; run it again"
    return _AFTER_A_STOP.get(command, RUN_STANDS)


# The commands that write but keep no merge run (`status` shows merge runs, and said "no aeon-release runs" after
# them); each stage of a release, and each step of a publish, says more as it goes (errors.stop_leaves).
_AFTER_A_STOP = {
    "build": "the build recorded no image; run it again (the engine's cache keeps the layers built so far)",
    "publish": "nothing was pushed; run the same command again",
    "release": "run the same command again: the release goes on from where it stood",
    "rollback": "rollback stopped before it moved :latest; run it again",
    "init": "init stopped before it wrote a file; run it again",
    "demo": "the demo stopped before it made anything; run it again",
    "keygen": "a key pair keygen had not finished is taken back; run it again",
}


def _parse_and_run(argv: list[str] | None) -> object:
    """Run the app with click's usage errors turned into ours: one line and a hint, exit 2."""
    from typer._click import exceptions as click_errors  # typer vendors click; no public name for it

    from aeon_release.errors import UsageError

    given = sys.argv[1:] if argv is None else argv
    ran = False
    try:
        _docs_from_source(app)
        cli = typer.main.get_command(_app_for(given))
        _refuse_empty_paths(cli)
        _refuse_conflicts(cli, given)
        code = cli(args=argv, prog_name="aeon-release", standalone_mode=False)
        ran = code != 2
    except click_errors.NoArgsIsHelpError as error:  # a bare group: its help, as git does, then the one error line
        sys.stderr.write(error.format_message() + "\n")
        command = error.ctx.command_path if error.ctx is not None else "aeon-release"
        raise UsageError(f"`{command}` needs a command", "pick one of the commands listed above") from None
    except typer.Abort:
        raise KeyboardInterrupt from None
    except click_errors.ClickException as error:
        message, hint = _usage_line(error)
        raise UsageError(_bounded(message, given), hint) from None
    finally:  # two spellings of one request: said once the command ran, never beside a refusal's one line
        spellings = sys.modules.get("aeon_release.commands.spellings")
        if spellings is not None:
            spellings.notes_done(ran)
    if code == _INTERRUPTED:  # typer turns Ctrl-C into exit 130 and returns it: the error handler says what to do
        raise KeyboardInterrupt
    return code


# the path parameters that name a file the command writes (command, parameter)
_FILES_WRITTEN = {("audit", "output"), ("notes", "output"), ("release", "notes_output"), ("keygen", "path")}


_FOR_ONE: dict[str, typer.Typer] = {}  # a command's name -> the app with that command alone


def _app_for(argv: list[str]) -> typer.Typer:
    """The app with only the command the command line starts with, when it names one of its commands
    (not a group's, not an option): typer makes the click command of every registered command on every
    run, inspecting each function's signature and copying each parameter, 15 commands and 2 groups
    (10-15 ms of each command's start) for the one that runs.  Its help, usage errors and options are
    the same; anything else (``--help``, ``--version``, a group, a misspelt command) gets the whole app."""
    name = argv[0] if argv else ""
    one = _FOR_ONE.get(name)
    if one is None:
        infos = [info for info in app.registered_commands if info.name == name]
        if len(infos) != 1:
            return app
        one = copy.copy(app)  # the same settings and root callback (--version)
        one.registered_commands, one.registered_groups = infos, []
        _FOR_ONE[name] = one
    return one


def _docs_from_source(typer_app: typer.Typer) -> None:
    """Each command's help is its docstring: under ``python -OO`` Python drops them, and every command's --help
    and the list of commands were blank; they are read from the source then (``docstrings.doc_of``)."""
    import sys

    if sys.flags.optimize < 2:
        return
    from aeon_release.docstrings import doc_of

    for info in typer_app.registered_commands:
        if info.help is None and info.callback is not None:
            info.help = doc_of(info.callback) or None
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _docs_from_source(group.typer_instance)


def _refuse_empty_paths(command: Any) -> None:
    """Every path option and argument refuses ``''``: pathlib reads it as ``.``, so ``--output ''`` was
    reported as "--output . is a directory", ``--repo ''`` audited the folder the shell was in and
    ``--config ''`` read the rules there.  Once per parameter: a
    caller that keeps the tree between runs wrapped each path's check again on every run, and its
    thousandth run in one process was a RecursionError."""
    from typer._click.exceptions import BadParameter
    from typer.models import TyperPath

    for param in command.params:
        if isinstance(param.type, TyperPath) and not getattr(param.type, "_aeon_refuses_empty", False):
            convert = param.type.convert

            def checked(value: Any, param: Any, ctx: Any, convert: Any = convert, file: bool = False) -> Any:
                if isinstance(value, str) and not value:
                    raise BadParameter("an empty path names no file or folder", ctx=ctx, param=param)
                if file and isinstance(value, str) and value.strip("/") and value.endswith(("/", "/.")):
                    # pathlib drops the slash: `--output reports/` wrote a file named `reports`, `keygen keys/` a key
                    raise BadParameter(
                        f"{quoted(value)} ends in '/' (or '/.'), a folder's name: this is the file to write (name it)",
                        ctx=ctx,
                        param=param,
                    )
                return convert(value, param, ctx)

            if (command.name, param.name) in _FILES_WRITTEN:
                checked = functools.partial(checked, file=True)

            object.__setattr__(param.type, "convert", checked)
            object.__setattr__(param.type, "_aeon_refuses_empty", True)
        elif param.param_type_name == "option" and type(param.type) is StringParamType:
            param.type = _NON_EMPTY  # (click's one STRING is every text parameter's: it is replaced, not changed)
    for sub in (getattr(command, "commands", None) or {}).values():
        _refuse_empty_paths(sub)


class _NonEmptyText(StringParamType):
    """A text option given ``''`` (an unset variable in a script: ``--rev "$REV"``) is no value: `build --rev ''`
    built HEAD, `init --onto ''` read the branch checked out and `audit --changed-since ''` the whole tree, each as if
    the option were not there, while others said "'' is not a valid name" or "needs a reason"."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str) and not value:
            from typer._click.exceptions import BadParameter

            raise BadParameter("an empty value (an unset variable?): give one, or leave the option out", ctx, param)
        return super().convert(value, param, ctx)


_NON_EMPTY = _NonEmptyText()


# Options that cannot be honoured together, each pair with why (a command's own checks hold the pairs that
# need its state: `merge --continue --onto`, `audit --rev --fix`).
_APART: dict[str, tuple[tuple[str, str, str], ...]] = {
    "publish": (
        # --allow-downgrade moves :latest back to an older version, --no-latest never moves it: which was meant?
        ("--no-latest", "--allow-downgrade", "--allow-downgrade lets :latest move back; --no-latest leaves it"),
    ),
}


def _refuse_conflicts(cli: Any, argv: list[str]) -> None:
    """Refuse what click takes silently: an option given twice with other values (click keeps the last, so
    ``audit --rev good ... --rev bad``, a CI wrapper appending its own, audited one of them; ``--latest
    --no-latest`` published either way), and a pair of options ``_APART`` names.  One line naming both, exit 2,
    before anything runs.  A command line click refuses anyway is left to its own line."""
    from aeon_release.errors import UsageError

    command, args = _subcommand(cli, argv)
    if command is None:
        return
    given = _options_given(command, args)
    repo = next((str(value) for name, _, value in reversed(given) if name == "repo"), ".")
    first: dict[str, tuple[str, object]] = {}
    for name, spelt, value in given:
        if name in first and first[name][1] != value:
            was, then = first[name]
            if _one_revision(command.name, name, repo, spelt, then, value) or _one_file(
                command, name, spelt, then, value
            ):
                continue
            both = (
                f"{was} and {spelt}" if isinstance(value, bool) else f"{was} {quoted(then)} and {spelt} {quoted(value)}"
            )
            raise UsageError(f"{both}: one option given twice, with other values", "give it once, with the value meant")
        first.setdefault(name, (spelt, value))
    spellings = {spelt for _, spelt, _ in given}
    for one, other, why in _APART.get(command.name or "", ()):
        if one in spellings and other in spellings:
            raise UsageError(f"{one} and {other} do not go together", f"{why}: drop one")


# The options that name a revision, by command: two spellings of one commit are one request.
_REVISIONS = {
    "audit": {"rev", "changed_since", "base", "ours", "theirs"},
    "build": {"rev"},
    "merge": {"upstream_branch"},
}


def _one_revision(command: str | None, name: str, repo: str, spelt: str, then: object, value: object) -> bool:
    """``audit --rev A --rev A~0``, ``--base X --base refs/heads/X``: what git reads as one commit is one request
    (a note on stderr says so); it was refused as an option given twice with other values."""
    if name not in _REVISIONS.get(command or "", ()) or not isinstance(then, str) or not isinstance(value, str):
        return False
    from aeon_release.commands.spellings import one_commit

    return one_commit(Path(repo), spelt, then, value)


def _one_file(command: Any, name: str, spelt: str, then: object, value: object) -> bool:
    """``--repo fork --repo fork/``, ``--config cfg --config ./cfg``, a link and its target: one file or folder
    named twice is one request (a note on stderr says so), as two spellings of one revision are."""
    from typer.models import TyperPath

    param = next((p for p in command.params if p.name == name), None)
    if (
        param is None
        or not isinstance(param.type, TyperPath)
        or not isinstance(then, str)
        or not isinstance(value, str)
    ):
        return False
    if not then or not value:  # '' names nothing: the path's own check says so
        return False
    from aeon_release.commands.spellings import one_file

    return one_file(spelt, then, value)


def _subcommand(cli: Any, argv: list[str]) -> tuple[Any, list[str]]:
    """The click command the command line runs (a group's subcommand too) and the words after its name."""
    command, args = cli, list(argv)
    while getattr(command, "commands", None) is not None:
        if not args or args[0] not in command.commands:
            return None, []
        command, args = command.commands[args[0]], args[1:]
    return command, args


def _options_given(command: Any, args: list[str]) -> list[tuple[str, str, object]]:
    """(parameter, as spelt, value) of each single-valued option on the command line, in order, read as click
    reads it: ``--opt value`` or ``--opt=value``, a flag's secondary spelling (``--no-latest``) False, nothing
    after ``--``."""
    spelt: dict[str, tuple[Any, bool | None]] = {}
    for param in command.params:
        if param.param_type_name == "option":
            spelt.update({name: (param, True if param.is_flag else None) for name in param.opts})
            spelt.update({name: (param, False) for name in param.secondary_opts})
    found: list[tuple[str, str, object]] = []
    i = 0
    while i < len(args):
        word, i = args[i], i + 1
        if word == "--":
            break
        name, eq, value = word.partition("=")
        param, flag = spelt.get(name, (None, None))
        if param is None:
            continue
        if flag is None and not eq:
            if i >= len(args):
                break
            value, i = args[i], i + 1
        if not (param.multiple or param.count):
            found.append((str(param.name), name, flag if flag is not None else value))
    return found


def _usage_line(error: Any) -> tuple[str, str]:
    """click's usage box -> (message, hint); the hint names the command's --help."""
    ctx = getattr(error, "ctx", None)
    command = ctx.command_path if ctx is not None else "aeon-release"
    message = " ".join(error.format_message().split())
    message = re.split(r" \(Possible options:| Did you mean", message)[0].rstrip(".")
    message = message[:1].lower() + message[1:]
    typed = getattr(error, "option_name", None) or ""
    possibilities = _closest(typed, list(getattr(error, "possibilities", None) or []))
    unknown = re.match(r"no such command '(.*)'$", message)
    if unknown and ctx is not None and hasattr(ctx.command, "list_commands"):
        # click suggests options only: `aeon-release mrege` said "see `aeon-release --help`"
        names = [n for n in ctx.command.list_commands(ctx) if not getattr(ctx.command.get_command(ctx, n), "hidden", 0)]
        possibilities = _closest(unknown[1], difflib.get_close_matches(unknown[1], names, n=3, cutoff=0.6))
    if possibilities:
        return message, f"did you mean {' or '.join(possibilities)}? see `{command} --help`"
    return message, f"see `{command} --help`"


def _closest(typed: str, names: list[str]) -> list[str]:
    """The names nearly as close to ``typed`` as the closest, closest first (``--contineu`` suggested
    "--config or --continue or --onto", in alphabetical order: --continue alone now)."""
    if not typed or not names:
        return sorted(names)
    score = {name: difflib.SequenceMatcher(None, typed, name).ratio() for name in names}
    best = max(score.values())
    return sorted((n for n in names if score[n] >= best - 0.1), key=lambda n: (-score[n], n))


def _bounded(message: str, argv: list[str]) -> str:
    """click's line with every word of the command line it quotes (``'x...' is not a valid float``, ``no
    such option: --x...``, from ``--x...=1`` too; ``unexpected extra argument (x...)``) as every other line
    quotes a value: ASCII, at most 60 characters.  A value of 5,000 characters or of other scripts was repeated whole."""
    from aeon_release.errors import quoted

    words = {part for word in argv for part in (word, *word.split("=", 1))}  # --name=value: click quotes either
    for word in sorted(words, key=len, reverse=True):
        if word and (len(word) > 60 or not word.isascii() or not word.isprintable()):
            message = message.replace(repr(word), quoted(word)).replace(word, quoted(word))
    return message


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"aeon-release {version('aeon-release')}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print aeon-release's version and exit."
    ),
) -> None:
    """Release a downstream fork safely: merge, audit, build, publish, notes, canary."""


# -- ledger ----------------------------------------------------------------------------------
@ledger_app.command("check")
def ledger_check(config: Path = CONFIG, json_out: bool = JSON) -> None:
    """Validate carries.yaml and cherry_picks.yaml (exit 0 valid, 2 invalid)."""
    from aeon_release.commands import ledger as ledger_cmds

    ledger_cmds.check(config, json_out)


@ledger_app.command("schema")
def ledger_schema(which: str = typer.Argument(..., help="carries, cherry_picks or fleet")) -> None:
    """Print the JSON Schema of a ledger file or fleet.yaml (also shipped in aeon_release/data/schemas/)."""
    from aeon_release.commands import ledger as ledger_cmds

    ledger_cmds.schema(which)


# -- init ------------------------------------------------------------------------------------
@app.command("init")
def init(
    repo: Path = REPO,
    config: Optional[Path] = typer.Option(
        None, "--config", help="Folder to write into (default: the top of the checkout).", show_default=False
    ),
    onto: Optional[str] = typer.Option(
        None, "--onto", help="The fork branch, named PREFIX + its upstream tag (default: the checked-out one)."
    ),
    upstream_remote: Optional[str] = typer.Option(
        None, "--upstream-remote", help="Remote whose main branch is upstream (default: upstream, if it exists)."
    ),
    image: Optional[str] = typer.Option(
        None,
        "--image",
        help="Image repository to build and publish (default: the registry of the forge origin is on: ghcr.io/OWNER/NAME for GitHub, registry.gitlab.com/GROUP/NAME for GitLab).",
    ),
    dockerfile: Optional[str] = typer.Option(
        None,
        "--dockerfile",
        help="The branch's Dockerfile the fork's image is built from, from the top of the checkout (default: docker/Dockerfile, else Dockerfile).",
    ),
    force: bool = typer.Option(False, "--force", help="Replace files that already exist."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the files on stdout and write nothing."),
    json_out: bool = JSON,
) -> None:
    """Write a fork's first fleet.yaml, ledger and rules, read from its history (exit 0 written, 2 refused)."""
    from aeon_release.commands import init as init_cmd

    init_cmd.run(repo, config, onto, upstream_remote, image, force, dry_run, json_out, dockerfile)


# -- merge -----------------------------------------------------------------------------------
@app.command("merge")
def merge(
    tag: Optional[str] = typer.Argument(None, help="Upstream release tag, e.g. v0.29.0."),
    repo: Path = REPO,
    config: Optional[Path] = typer.Option(None, "--config", help=CONFIG_HELP, show_default=False),
    onto: Optional[str] = typer.Option(
        None, "--onto", help="Previous fork branch (default: the highest PREFIXv* below TAG; PREFIX from fleet.yaml)."
    ),
    upstream_remote: Optional[str] = typer.Option(
        None, "--upstream-remote", help="Remote to fetch tags from (default: upstream)."
    ),
    upstream_branch: Optional[str] = typer.Option(
        None, "--upstream-branch", help="Where PR picks resolve (default: upstream/main)."
    ),
    no_fetch: bool = typer.Option(False, "--no-fetch", help="Do not fetch tags from the upstream remote."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the plan and change nothing."),
    cont: bool = typer.Option(False, "--continue", help="Resume a stopped run."),
    abort: bool = typer.Option(False, "--abort", help="Drop a stopped run: worktree and state."),
    waive: list[str] = typer.Option([], "--waive", help="RULE=REASON: waive an audit rule's findings, recorded."),
    fix: bool = typer.Option(
        False, "--fix", help="With --continue: apply the failed audit's safe fixes, then re-audit."
    ),
    json_out: bool = JSON,
    quiet: bool = QUIET,
) -> None:
    """Three-way merge an upstream release onto the previous fork branch, with carries and picks."""
    from aeon_release.adapters.console import quiet as hushed

    with hushed(quiet):
        if tag is not None and not (cont or abort or dry_run):
            from aeon_release.domain.audits import sidecar

            sidecar.spawn()  # the merge-aware checks' process: it imports on the other core from here on
        from aeon_release.errors import UsageError
        from aeon_release.pipeline import merge as merge_cmd
        from aeon_release.pipeline.merge_plan import Options

        if cont and abort:
            raise UsageError("--continue and --abort do not go together")
        if cont or abort:
            given = [
                name
                for name, value in (
                    ("--dry-run", dry_run),
                    ("--onto", onto),
                    ("--config", config),
                    ("--upstream-remote", upstream_remote),
                    ("--upstream-branch", upstream_branch),
                    ("--no-fetch", no_fetch),
                )
                if value
            ]
            if given:
                raise UsageError(
                    f"{', '.join(given)} cannot be used with {'--continue' if cont else '--abort'}",
                    "a stopped run keeps the options it was started with; see `aeon-release status`",
                )
        if abort and waive:  # a waiver is recorded with the merge it lets through: an aborted run records nothing
            raise UsageError(
                "--waive cannot be used with --abort", "an aborted run is dropped whole; waive on `merge --continue`"
            )
        if fix and not cont:
            raise UsageError(
                "--fix goes with --continue", "after a merge stopped on audit findings: merge --continue --fix"
            )
        if abort:
            merge_cmd.abort(repo, tag, json_out)
        elif cont:
            merge_cmd.resume(repo, tag, json_out, waive, fix)
        elif tag is None:
            raise UsageError("merge needs a TAG", "e.g. aeon-release merge v0.29.0 --repo ../fork")
        else:
            opts = Options(
                tag=tag,
                config_dir=_find_config(config),
                onto=onto,
                upstream_remote=upstream_remote,
                upstream_branch=upstream_branch,
                fetch=not no_fetch,
            )
            merge_cmd.start(repo, opts, dry_run, json_out, waive)


@app.command("status")
def status(repo: Path = REPO, json_out: bool = JSON) -> None:
    """Show where each merge run and each release run (its stages) stands."""
    from aeon_release.pipeline import merge as merge_cmd

    merge_cmd.status(repo, json_out)


# -- canary and notes ------------------------------------------------------------------------
@app.command("canary")
def canary(
    metrics_url: str = typer.Option(
        ..., "--metrics-url", help="The server's Prometheus endpoint, e.g. http://host:8000/metrics."
    ),
    model: Optional[str] = typer.Option(None, "--model", help="Only count this model_name (and pick its band)."),
    window: float = typer.Option(60.0, "--window", help="Seconds between the two scrapes."),
    min_mal: Optional[float] = typer.Option(None, "--min-mal", help="Alarm below this MAL, band or no band."),
    traffic_url: Optional[str] = typer.Option(
        None, "--traffic-url", help="OpenAI-compatible server to send a few chat completions to."
    ),
    config: Path = CONFIG,
    json_out: bool = JSON,
) -> None:
    """Measure the drafter's mean acceptance length (exit 0 healthy, 1 below band, 2 nothing to measure)."""
    from aeon_release.commands import canary as canary_cmd

    canary_cmd.run(metrics_url, model, window, min_mal, traffic_url, config, json_out)


@app.command("notes")
def notes(
    tag: str = typer.Argument(..., help="The upstream release tag of the run, e.g. v0.27.1."),
    config: Path = CONFIG,
    repo: Path = REPO,
    record: Optional[Path] = typer.Option(None, "--record", help="Read this run record instead of the repo's."),
    fmt: str = typer.Option("markdown", "--format", help="markdown or json."),
    output: Optional[Path] = typer.Option(None, "--output", help="Write here (and <stem>-audit.md if too long)."),
) -> None:
    """Release notes from the run record and the ledger (exit 0 written, 2 bad or missing record)."""
    from aeon_release.commands import notes as notes_cmd

    notes_cmd.run(tag, config, repo, record, fmt, output)


# -- publish ---------------------------------------------------------------------------------
RELEASES_CONFIG = typer.Option(
    None,
    "--config",
    callback=_find_config,
    show_default=False,
    help="Folder holding releases.yaml (found as for the ledger).",
)
REPOSITORY = typer.Option(
    None, "--repository", help="REGISTRY/NAME, e.g. ghcr.io/team/app (default: image.repository of fleet.yaml)."
)
USERNAME = typer.Option(None, "--username", help="Registry user; else the Docker config's auths.")
PASSWORD_STDIN = typer.Option(
    False, "--password-stdin", help="Read the registry password from stdin (else AEON_REGISTRY_PASSWORD)."
)
SIGNING_KEY = typer.Option(
    None,
    "--signing-key",
    help="ed25519 key that signs attestations (else AEON_SIGNING_KEY, else fleet.yaml's signing_key).",
)


def _repository(repository: Optional[str], config: Path) -> str:
    """``--repository``, else fleet.yaml's image.repository (of ``--config``, the folder of releases.yaml)."""
    from aeon_release.pipeline import repository as repository_mod

    return repository_mod.resolve(repository_mod.given(repository), config)


@app.command("publish")
def publish_cmd(
    image: Optional[str] = typer.Option(
        None,
        "--image",
        help="Local image to publish (default: the one build names by default, image.repository of fleet.yaml:VERSION[-VARIANT]).",
    ),
    repository: Optional[str] = REPOSITORY,
    version: str = typer.Option(..., "--version", help="Release version, vX.Y.Z."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Image variant, e.g. omni."),
    date: Optional[str] = typer.Option(None, "--date", help="YYYY-MM-DD of the dated tag (default: today, UTC)."),
    latest: bool = typer.Option(True, "--latest/--no-latest", help="Also point :latest at the release."),
    config: Path = RELEASES_CONFIG,
    skip_audit: Optional[str] = typer.Option(
        None, "--skip-audit", help="Publish without an audit attestation: REASON."
    ),
    allow_downgrade: bool = typer.Option(False, "--allow-downgrade", help="Let :latest move to an older version."),
    username: Optional[str] = USERNAME,
    password_stdin: bool = PASSWORD_STDIN,
    repo: Path = typer.Option(Path("."), "--repo", help="The fork checkout whose `build` recorded the image."),
    signing_key: Optional[Path] = SIGNING_KEY,
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Check every precondition (registry read only) and print the plan; push nothing."
    ),
    json_out: bool = JSON,
) -> None:
    """Push a dated tag pinned by digest, sign its attestation, move :latest to it; record it in releases.yaml."""
    from aeon_release.pipeline import publish
    from aeon_release.pipeline import repository as repository_mod

    request = publish.PublishRequest(
        repository_mod.image(image, version, variant, config),
        _repository(repository, config),
        version,
        variant,
        date,
        latest,
        config,
        skip_audit,
        allow_downgrade,
        username,
        publish.password_from(password_stdin),
        repo,
        signing_key,
    )
    (publish.dry_run if dry_run else publish.run)(request, json_out)


@app.command("verify")
def verify_cmd(
    reference: str = typer.Argument(
        ..., help="REPOSITORY:TAG, e.g. ghcr.io/team/app:latest, or REPOSITORY@sha256:HEX (that digest, no tag read)."
    ),
    key: Optional[Path] = typer.Option(None, "--key", help="Public key (default: the signing key's .pub)."),
    username: Optional[str] = USERNAME,
    password_stdin: bool = PASSWORD_STDIN,
    config: Path = typer.Option(
        None,
        "--config",
        callback=_find_config,
        show_default=False,
        help="Folder holding fleet.yaml (its signing_key; found as for the ledger).",
    ),
    json_out: bool = JSON,
) -> None:
    """Check a tag's signed attestation: signature, the digest it names, the audit result, the variant it was built as."""
    from aeon_release.commands import verify
    from aeon_release.pipeline import publish

    verify.run(reference, key, username, publish.password_from(password_stdin), json_out, config)


@app.command("keygen")
def keygen_cmd(
    path: Path = typer.Argument(..., help="Where to write the secret key (PATH.pub gets the public key)."),
) -> None:
    """Make the fleet's ed25519 signing key pair; the secret key is written 0600 and never printed."""
    from aeon_release.adapters import signing
    from aeon_release.adapters.console import plain, say
    from aeon_release.adapters.git import unignored_checkout
    from aeon_release.errors import shell_word

    checkout = unignored_checkout(path.absolute())  # asked first: a git that cannot answer leaves no key behind
    public, keyid = signing.generate(path)
    say(f"wrote {plain(path)} (secret, 0600) and {plain(public)}; key id {keyid}")
    if checkout is not None:  # `git add .` would take the secret key into the next commit, and a push publishes it
        say(
            f"note: {plain(path)} is inside the checkout {plain(checkout)} and not ignored: a commit could publish "
            "the secret key (hint: add it to .gitignore, or keep signing keys outside the checkout)"
        )
    # the key made, and no word of how publish finds it: a new user guessed (robust35)
    where = plain(shell_word(str(path)))
    say(
        f"next: publish and release sign with it given `--signing-key {where}`, AEON_SIGNING_KEY={where}, or "
        "`signing_key:` in fleet.yaml (a path relative to it); verify checks with the .pub"
    )


@app.command("releases")
def releases_cmd(
    repository: Optional[str] = REPOSITORY,
    config: Path = RELEASES_CONFIG,
    json_out: bool = JSON,
    username: Optional[str] = USERNAME,
    password_stdin: bool = PASSWORD_STDIN,
) -> None:
    """Dated tags, their digests and :latest, cross-checked with releases.yaml (exit 1 on an alarm)."""
    from aeon_release.commands import releases
    from aeon_release.pipeline import publish

    releases.show(_repository(repository, config), config, json_out, username, publish.password_from(password_stdin))


@app.command("rollback")
def rollback_cmd(
    repository: Optional[str] = REPOSITORY,
    config: Path = RELEASES_CONFIG,
    to: Optional[str] = typer.Option(None, "--to", help="Dated tag to go back to (default: the previous release)."),
    username: Optional[str] = USERNAME,
    password_stdin: bool = PASSWORD_STDIN,
    json_out: bool = JSON,
) -> None:
    """Point :latest back at the previous dated release's recorded digest, verified and recorded."""
    from aeon_release.commands import releases
    from aeon_release.pipeline import publish

    releases.run_rollback(
        _repository(repository, config), config, to, json_out, username, publish.password_from(password_stdin)
    )


# -- audits ----------------------------------------------------------------------------------
audits_app = typer.Typer(help="The audit rules: audits/*.yaml and the carries' markers.", no_args_is_help=True)
app.add_typer(audits_app, name="audits")


@app.command("audit")
def audit(
    repo: Path = REPO,
    rev: Optional[str] = typer.Option(None, "--rev", help="Audit this revision instead of the work tree."),
    config: Path = CONFIG,
    changed_since: Optional[str] = typer.Option(
        None, "--changed-since", help="File-scoped rules only look at files changed since REV (PR gate)."
    ),
    base: Optional[str] = typer.Option(None, "--base", help="Merge base, for the merge-aware checks."),
    ours: Optional[str] = typer.Option(None, "--ours", help="The fork side of the merge."),
    theirs: Optional[str] = typer.Option(None, "--theirs", help="The upstream side of the merge."),
    fmt: str = typer.Option("table", "--format", help="table, json, sarif, junit, markdown or github."),
    output: Optional[Path] = typer.Option(None, "--output", help="Write the report here instead of stdout."),
    fix: bool = typer.Option(False, "--fix", help="Apply the findings' safe fixes to the work tree, then audit again."),
    pre_commit: bool = typer.Option(
        False,
        "--pre-commit",
        help="As a pre-commit hook: at pre-push, the pushed revision changed since "
        "PRE_COMMIT_FROM_REF; at commit time, the work tree changed since HEAD.",
    ),
) -> None:
    """Audit a checkout: exit 0 clean, 1 on error-level findings, 2 on bad input."""
    from aeon_release.commands import audit as audit_cmd

    if pre_commit:
        rev, changed_since = audit_cmd.pre_commit_scope(rev, changed_since, repo)
    code = audit_cmd.audit(
        repo,
        config,
        rev=rev,
        changed_since=changed_since,
        sides=(base, ours, theirs),
        fmt=fmt,
        output=output,
        fix=fix,
        pre_commit=pre_commit,
    )
    raise typer.Exit(int(code))


@audits_app.command("list")
def audits_list(config: Path = CONFIG, json_out: bool = JSON) -> None:
    """Print every rule kind (with its description) and every rule id."""
    from aeon_release.commands import audits_list

    audits_list.list_rules(config, json_out)


# -- demo ------------------------------------------------------------------------------------
@app.command("demo")
def demo_command(
    directory: Optional[Path] = typer.Argument(None, help="Empty folder for the example (default: a temp folder)."),
    docker: bool = typer.Option(
        False, "--docker", help="Also build a tiny image and publish it to a throwaway local registry."
    ),
) -> None:
    """Run the release ritual on a small bundled example: the silent killer caught, fixed, notes written."""
    from aeon_release.commands import demo as demo_run

    demo_run.run(directory, docker)


# -- image -----------------------------------------------------------------------------------
SKIP_DEVICE_CHECK = typer.Option(
    False,
    "--skip-device-check",
    help="Build an arch list with no target for the fleet's devices (fleet.yaml arch.devices): an image for other machines.",
)


@app.command("build")
def build(
    repo: Path = REPO,
    version: str = typer.Option(..., "--version", help="The release being built, e.g. v0.29.0."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Image variant, e.g. omni (tag suffix, label)."),
    rev: Optional[str] = typer.Option(
        None, "--rev", help="Revision to build (default HEAD); the commit, never the work tree."
    ),
    dockerfile: Optional[Path] = typer.Option(
        None, "--dockerfile", help="Dockerfile (default: image.dockerfile of fleet.yaml)."
    ),
    platform: Optional[str] = typer.Option(None, "--platform", help="Target platform, e.g. linux/arm64."),
    build_arg: list[str] = typer.Option([], "--build-arg", help="KEY=VALUE passed to the build (repeatable)."),
    tag: Optional[str] = typer.Option(
        None, "--tag", help="Image name (default: image.repository of fleet.yaml, :VERSION[-VARIANT])."
    ),
    config: Path = CONFIG,
    skip_audit: Optional[str] = typer.Option(
        None, "--skip-audit", help="Build without the audit gate; the REASON is recorded."
    ),
    builder: Optional[str] = typer.Option(
        None, "--builder", help="buildx builder to use (e.g. a remote one on the target machine)."
    ),
    skip_device_check: bool = SKIP_DEVICE_CHECK,
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Check the options and print what the build would do; build nothing."
    ),
    json_out: bool = JSON,
    quiet: bool = QUIET,
) -> None:
    """Build the serving image through BuildKit: preflight, arch probe, build, platform and load-bearing checks."""
    from aeon_release.adapters.console import quiet as hushed
    from aeon_release.pipeline import build as build_step

    request = build_step.BuildRequest(
        repo=repo,
        version=version,
        variant=variant,
        rev=rev,
        dockerfile=dockerfile,
        platform=platform,
        build_args=tuple(build_arg),
        tag=tag,
        config_dir=config,
        skip_audit=skip_audit,
        builder=builder,
        skip_device_check=skip_device_check,
    )
    with hushed(quiet):
        (build_step.dry_run if dry_run else build_step.run)(request, json_out)


@app.command("image-report")
def image_report(
    image: str = typer.Argument(
        ..., help="Engine image (name or id), or docker-archive:PATH, oci-archive:PATH, oci:DIR."
    ),
    json_out: bool = JSON,
) -> None:
    """The image diet: size per layer, dead bytes under whiteouts, duplicate shared libraries."""
    from aeon_release.pipeline import image_report as report_step

    report_step.run(image, json_out)


def _named_repository(repository: Optional[str]) -> str:
    """``--repository`` as given, "" when not (fleet.yaml's image.repository then); "" given is refused."""
    from aeon_release.pipeline import repository as repository_mod

    return repository_mod.given(repository)


# -- release ---------------------------------------------------------------------------------
@app.command("release")
def release(
    tag: str = typer.Argument(..., help="Upstream release tag, e.g. v0.29.0."),
    repo: Path = REPO,
    repository: Optional[str] = typer.Option(
        None, "--repository", help="REGISTRY/NAME to publish to (default: image.repository of fleet.yaml)."
    ),
    config: Path = CONFIG,
    variant: Optional[str] = typer.Option(None, "--variant", help="Image variant, e.g. omni."),
    from_stage: Optional[str] = typer.Option(
        None, "--from", help="Redo from this stage: merge, audit, build, publish, notes."
    ),
    dockerfile: Optional[Path] = typer.Option(
        None, "--dockerfile", help="Dockerfile (default: image.dockerfile of fleet.yaml)."
    ),
    platform: Optional[str] = typer.Option(None, "--platform", help="Target platform, e.g. linux/arm64."),
    build_arg: list[str] = typer.Option([], "--build-arg", help="K=V, repeatable."),
    image_tag: Optional[str] = typer.Option(
        None, "--tag", help="Local image tag (default: image.repository of fleet.yaml, :TAG[-VARIANT])."
    ),
    latest: bool = typer.Option(True, "--latest/--no-latest", help="Move :latest to the new dated tag."),
    date: Optional[str] = typer.Option(
        None, "--date", help="YYYY-MM-DD of the dated tag (default: today, UTC, fixed at the first run)."
    ),
    notes_output: Optional[Path] = typer.Option(None, "--notes", help="Where to write the release notes (a file)."),
    notes_dir: Optional[Path] = typer.Option(
        None, "--notes-dir", help="Folder for release-notes-TAG.md (default: the current directory)."
    ),
    skip_audit: Optional[str] = typer.Option(
        None, "--skip-audit", help="REASON: build and publish without the audit gate (recorded)."
    ),
    waive: list[str] = typer.Option(
        [], "--waive", help="RULE=REASON: waive an audit rule's findings in the merge, recorded."
    ),
    username: Optional[str] = typer.Option(
        None, "--username", help="Registry user (password: stdin or AEON_REGISTRY_PASSWORD)."
    ),
    password_stdin: bool = typer.Option(False, "--password-stdin", help="Read the registry password from stdin."),
    signing_key: Optional[Path] = SIGNING_KEY,
    builder: Optional[str] = typer.Option(None, "--builder", help="buildx builder to use."),
    skip_device_check: bool = SKIP_DEVICE_CHECK,
    dry_run: bool = typer.Option(False, "--dry-run", help="Print every stage's plan; change nothing."),
    json_out: bool = JSON,
    quiet: bool = QUIET,
) -> None:
    """Merge -> audit -> build -> publish -> notes as one resumable pipeline."""
    from aeon_release.adapters.console import quiet as hushed
    from aeon_release.pipeline import release as pipeline
    from aeon_release.pipeline.publish import password_from

    opts = pipeline.ReleaseOptions(
        tag=tag,
        repo=repo,
        repository=_named_repository(repository),
        config_dir=config,
        variant=variant,
        dockerfile=dockerfile,
        platform=platform,
        build_args=tuple(build_arg),
        image_tag=image_tag,
        latest=latest,
        notes_output=notes_output,
        notes_dir=notes_dir,
        date=date,
        skip_audit=skip_audit,
        waive=tuple(waive),
        username=username,
        password=password_from(password_stdin),
        signing_key=signing_key,
        builder=builder,
        skip_device_check=skip_device_check,
    )
    with hushed(quiet):
        pipeline.run(opts, from_stage, dry_run, json_out)
