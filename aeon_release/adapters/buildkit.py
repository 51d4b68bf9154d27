"""The only BuildKit driver: builds go through the docker CLI's BuildKit client.

Which client: ``docker buildx build`` where the buildx plugin answers, else the CLI's integrated
BuildKit client (``DOCKER_BUILDKIT=1 docker build``, docker 18.09-22.x).  Every ``docker`` on
PATH is tried in order, so a static docker 28 CLI without buildx that comes first (it refuses
``DOCKER_BUILDKIT=1 docker build``) is passed over for Debian's 20.10 CLI behind it.  The chosen
CLI is reported (``Builder.describe``).  ``--builder NAME`` needs buildx.

The engine is the CLI's: ``DOCKER_HOST`` (``ssh://user@spark`` too) and ``DOCKER_CONTEXT``
reach it unchanged.  Progress is BuildKit's own ``--progress=plain`` output, parsed per vertex
(parallel stages interleave), handed on as ``BuildEvent``s; a failure names the failing step and
keeps that step's last lines.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from aeon_release.adapters.process import signals_deferred, stop_session
from aeon_release.errors import NeedsHuman, ServiceError, UsageError, quoted

TAIL_LINES = 20
CLI_ENV = "AEON_DOCKER_CLI"  # a docker CLI to use before any on PATH
_VERTEX = re.compile(r"^#(?P<id>\d+) (?P<rest>.*)$")
_STEP = re.compile(r"^\[(?:(?P<stage>[^\]]*?) )?(?P<n>\d+)/(?P<total>\d+)\] (?P<text>.*)$")
_TIMED = re.compile(r"^\d+\.\d+ (?P<text>.*)$")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_STATUS = re.compile(
    r"^(DONE \d|CACHED$|sha256:[0-9a-f]{64}$|extracting |transferring |exporting |writing image |"
    r"naming to |resolve |preparing |\.\.\.)"
)
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")


class BuildFailed(NeedsHuman):
    """A build stopped at a step: the message names the step and shows its last lines."""

    def __init__(self, message: str, hint: str | None, step: str, tail: tuple[str, ...]) -> None:
        super().__init__(message, hint)
        self.step = step
        self.tail = tail


@dataclass(frozen=True)
class BuildEvent:
    step: int | None  # set when a Dockerfile step starts ("[stage 2/5] RUN ...")
    total: int | None
    text: str
    cached: bool = False


@dataclass(frozen=True)
class Builder:
    """A docker CLI and the BuildKit client it drives."""

    cli: str
    mode: str  # "buildx" or "integrated"
    version: str
    name: str | None = None  # buildx --builder

    def describe(self) -> str:
        how = "docker buildx build" + (f" --builder {self.name}" if self.name else "")
        if self.mode == "integrated":
            how = "DOCKER_BUILDKIT=1 docker build"
        return f"{how} ({self.cli}, docker {self.version})"

    def as_dict(self) -> dict[str, str | None]:
        return {
            "cli": self.cli,
            "mode": self.mode,
            "version": self.version,
            "builder": self.name,
            "command": self.describe(),
        }


@dataclass(frozen=True)
class BuildSpec:
    """One build: a context folder, a Dockerfile in it, the tag and what goes in."""

    context: Path
    dockerfile: str
    tag: str
    build_args: dict[str, str]
    labels: dict[str, str]
    platform: str | None = None


def _candidates() -> list[str]:
    """Every docker CLI to try, in order, each once (symlinks to one binary count once)."""
    found: list[str] = []
    override = _override()
    paths = [override] if override else []
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        paths.append(os.path.join(folder, "docker"))
    seen: set[str] = set()
    for path in paths:
        if path and os.access(path, os.X_OK) and os.path.isfile(path) and os.path.realpath(path) not in seen:
            seen.add(os.path.realpath(path))
            found.append(path)
    return found


def _override() -> str | None:
    """The docker CLI ``AEON_DOCKER_CLI`` names: a path, or a command name looked up on PATH as a shell does
    (``AEON_DOCKER_CLI=docker`` was refused as no executable file).  One that names no program is refused: it
    was passed over in silence for the first docker on PATH, another CLI than the one asked for."""
    override = os.environ.get(CLI_ENV)
    if not override:
        return None
    if "/" not in override:
        found = shutil.which(override)
        if found is None:
            raise UsageError(
                f"{CLI_ENV}={quoted(override, 240)} names no program on PATH",
                "name a docker CLI on PATH or its path (`command -v docker` prints it), or unset it",
            )
        return found
    if not (os.path.isfile(override) and os.access(override, os.X_OK)):
        raise UsageError(
            f"{CLI_ENV}={quoted(override, 240)} is no executable file",
            "point it at a docker CLI (`command -v docker` prints one's path), or unset it to use the docker on PATH",
        )
    return override


def _quiet(argv: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=60, env={**os.environ, **(env or {})})
    except (OSError, subprocess.TimeoutExpired) as exc:
        return subprocess.CompletedProcess(argv, 127, "", str(exc))


@functools.lru_cache(maxsize=8)
def _probe(cli: str) -> tuple[str, str] | None:
    """(mode, client version) of one CLI, or None when it cannot drive BuildKit."""
    version = _quiet([cli, "version", "--format", "{{.Client.Version}}"]).stdout.strip() or "?"
    if _quiet([cli, "buildx", "version"]).returncode == 0:
        return "buildx", version
    if _quiet([cli, "build", "--help"], {"DOCKER_BUILDKIT": "1"}).returncode == 0:
        return "integrated", version
    return None


def check_builder_name(name: str | None) -> None:
    """``--builder`` is a buildx builder's name, never an option (``-x``) or nothing (``''``)."""
    if name is not None and not _NAME.match(name):
        raise UsageError(f"--builder {quoted(name)} is not a builder name", "see `docker buildx ls`")


def find_builder(name: str | None = None) -> Builder:
    """The first docker CLI that drives BuildKit; ``name`` (a buildx builder) needs buildx."""
    check_builder_name(name)
    tried = []
    for cli in _candidates():
        probed = _probe(cli)
        tried.append(f"{cli} ({probed[0] if probed else 'no BuildKit client'})")
        if probed is None or (name is not None and probed[0] != "buildx"):
            continue
        return Builder(cli, probed[0], probed[1], name)
    if not tried:
        raise ServiceError(
            "no docker CLI on PATH: builds go through the docker CLI's BuildKit client",
            "install docker (Debian: docker.io) or the buildx plugin, or set AEON_DOCKER_CLI",
        )
    need = f"buildx (for --builder {name})" if name else "buildx or an integrated BuildKit client"
    raise ServiceError(
        f"no docker CLI here has {need}; tried {', '.join(tried)}",
        "install the buildx plugin (Debian: docker-buildx), or put a docker CLI that has it on PATH",
    )


def build_argv(builder: Builder, spec: BuildSpec, iidfile: Path) -> list[str]:
    argv = [builder.cli, "buildx", "build"] if builder.mode == "buildx" else [builder.cli, "build"]
    if builder.name:
        argv += ["--builder", builder.name]
    if builder.mode == "buildx":
        argv.append("--load")  # a docker-container builder keeps its result to itself otherwise
    argv += ["--progress=plain", "--iidfile", str(iidfile), "-t", spec.tag, "-f", str(spec.context / spec.dockerfile)]
    if spec.platform:
        argv += ["--platform", spec.platform]
    for key, value in spec.build_args.items():
        argv += ["--build-arg", f"{key}={value}"]
    for key, value in spec.labels.items():
        argv += ["--label", f"{key}={value}"]
    return [*argv, str(spec.context)]


def build(builder: Builder, spec: BuildSpec, on_event: Callable[[BuildEvent], None] | None = None) -> str:
    """Run the build; return the image id, or raise BuildFailed naming the failing step."""
    with tempfile.TemporaryDirectory(prefix="aeon-build-iid-") as tmp:
        iidfile = Path(tmp) / "iid"
        env = {**os.environ, "DOCKER_BUILDKIT": "1", "BUILDKIT_PROGRESS": "plain", "NO_COLOR": "1"}
        try:
            # In a session of its own, stopped with what it started (stop_session) when the run is stopped: Popen's
            # exit waited a quarter second after a Ctrl-C or a SIGTERM to the run alone, and the build (and buildx,
            # a plugin the CLI starts, which a signal to the CLI does not reach) ran on after the run had ended.
            with signals_deferred() as pending:
                process = subprocess.Popen(
                    build_argv(builder, spec, iidfile),
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                    errors="replace",
                    env=env,
                    start_new_session=True,
                )
        except OSError as exc:
            raise ServiceError(f"building {spec.tag}: cannot run {builder.cli}: {exc}") from None
        assert process.stdout is not None
        log = PlainLog(on_event)
        with process:
            try:
                for number in pending:  # taken now, where the build they stop is known
                    signal.raise_signal(number)
                log.feed(process.stdout)
            except BaseException:
                stop_session(process)
                raise
        image_id = iidfile.read_text().strip() if iidfile.exists() else ""
    if process.returncode != 0 or not image_id:
        raise log.failure(spec.tag, process.returncode)
    return image_id


@dataclass
class _Vertex:
    name: str
    tail: deque[str] = field(default_factory=lambda: deque(maxlen=TAIL_LINES))


@dataclass
class PlainLog:
    """BuildKit's ``--progress=plain`` stream, read line by line."""

    on_event: Callable[[BuildEvent], None] | None = None
    vertices: dict[str, _Vertex] = field(default_factory=dict)
    failed: tuple[str, str] | None = None  # (vertex id, error message)
    last_lines: deque[str] = field(default_factory=lambda: deque(maxlen=TAIL_LINES))

    def feed(self, lines: Iterable[str]) -> None:
        for raw in lines:
            self.line(_ANSI.sub("", raw).rstrip())

    def line(self, line: str) -> None:
        match = _VERTEX.match(line)
        if match is None:
            if line.strip():
                self.last_lines.append(line)  # the closing summary ("ERROR: failed to solve: ...")
            return
        vid, rest = match["id"], match["rest"]
        vertex = self.vertices.get(vid)
        if vertex is None:
            self.vertices[vid] = _Vertex(rest)
            self._emit_start(rest)
        elif rest == vertex.name:
            return  # plain progress repeats a vertex's header when it switches between vertices
        elif rest.startswith("ERROR:"):
            self.failed = self.failed or (vid, rest[len("ERROR:") :].strip())
        elif rest == "CACHED":
            self._emit(BuildEvent(None, None, f"{vertex.name}: cached", cached=True))
        elif not _STATUS.match(rest):
            timed = _TIMED.match(rest)
            text = timed["text"] if timed else rest
            vertex.tail.append(text)
            self._emit(BuildEvent(None, None, text))

    def _emit_start(self, name: str) -> None:
        step = _STEP.match(name)
        if step is not None:
            self._emit(BuildEvent(int(step["n"]), int(step["total"]), _stage(step["stage"]) + step["text"]))

    def _emit(self, event: BuildEvent) -> None:
        if self.on_event is not None:
            self.on_event(event)

    def failure(self, tag: str, code: int | None) -> BuildFailed:
        if self.failed is None:
            detail = next(
                (ln for ln in reversed(self.last_lines) if "error" in ln.lower()),
                f"the docker CLI exited {code} without an image",
            )
            return BuildFailed(
                f"building {tag} failed: {detail}",
                "the build output is above",
                "(before the first step)",
                tuple(self.last_lines),
            )
        vid, message = self.failed
        vertex = self.vertices[vid]
        step = _STEP.match(vertex.name)
        where = f"step {step['n']}/{step['total']} ({_stage(step['stage'])}{step['text']})" if step else vertex.name
        return BuildFailed(
            f"docker build failed at {where}: {message}",
            "the last lines of that step are above; fix the cause and run build again",
            where,
            tuple(vertex.tail),
        )


def _stage(stage: str | None) -> str:
    """Name a stage only when the Dockerfile names it (BuildKit calls an unnamed one stage-N)."""
    return "" if not stage or re.fullmatch(r"stage-\d+", stage) else f"{stage}: "
