"""The kernel groups a fork's image compiles today, read for ``init``'s ``arch-coverage`` rule.

The Dockerfile says what the image is built for (``TORCH_CUDA_ARCH_LIST`` and the CUDA version, from
an ``ARG``/``ENV`` default or the ``nvidia/cuda:X.Y`` base image); the top-level ``CMakeLists.txt``
and the ``.cmake`` files it includes say which variables ending in ``_ARCHS`` hold an arch for that
(the pure part of the CMake, run as the rule runs it).  Those groups are the baseline: after every
merge each must still hold one, or a kernel the image had silently stopped being compiled.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from aeon_release.adapters.blobs import TooLarge
from aeon_release.adapters.git import GREP_OPTIONS, Git
from aeon_release.domain import archprobe
from aeon_release.domain.audits import cmake
from aeon_release.domain.audits.source import DEFAULT_MAX_BYTES
from aeon_release.errors import UsageError

CMAKE_FILE = "CMakeLists.txt"
DOCKERFILE_BYTES = 1024 * 1024  # a real Dockerfile is tens of KB
# `ARG NAME=value`, `ENV NAME=value` or `ENV NAME value`, quoted or not; instructions are case-blind
_INSTRUCTION = re.compile(r"[ \t]*(ARG|ENV)[ \t]+(.*)", re.I | re.S)
_FROM = re.compile(r"[ \t]*FROM[ \t]+(.*)", re.I | re.S)
_CUDA_IMAGE = re.compile(r"(?:^|/)nvidia/cuda:([0-9]{1,3}\.[0-9]{1,3})", re.I)
_CUDA_VERSION = re.compile(r"([0-9]{1,3})\.([0-9]{1,3})(?:\.[0-9]+)*")
# ``${NAME}``, ``$NAME``, and Docker's ``${NAME:-word}`` (word when NAME is unset or empty) and
# ``${NAME:+word}`` (word when it is set); a word holding ``$`` (nested) is read once its own references are
_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-+])([^}$]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)")
# a condition that picks the CUDA branch: `if(GPU_LANG STREQUAL "CUDA")`
_PICKS_CUDA = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s+STREQUAL\s+\"?(CUDA|cuda)\"?(?=[\s)]|$)")
# a parser directive (BuildKit's form): the lines that open the file, up to the first that is not one
_DIRECTIVE = re.compile(r"#[\t\n\f\r ]*([a-zA-Z][a-zA-Z0-9]*)[\t\n\f\r ]*=[\t\n\f\r ]*(.+?)[\t\n\f\r ]*")
_DIRECTIVES = frozenset({"escape", "syntax", "check"})
# `RUN <<EOF`, `COPY <<-"EOF" /x`: the lines up to the word are the heredoc's text, not instructions
_HEREDOC = re.compile(r"<<(-?)([\"']?)([A-Za-z0-9_.-]+)\2")
_HEREDOC_INSTRUCTIONS = ("RUN", "COPY", "ADD")

_EXPANDED_CHARS = 1024 * 1024  # ${A} expands once per use: forty ARGs each using the last twice is 2^40 copies


@dataclass(frozen=True)
class KernelBaseline:
    dockerfile: str
    arch_list: str
    cuda_version: str
    define: dict[str, str]
    groups: tuple[str, ...]


def read(git: Git, head: str, dockerfile: str | None) -> tuple[KernelBaseline | None, str | None]:
    """The baseline, or None with why not (None too when the fork builds no CUDA kernels with CMake)."""
    try:
        docker = git.blob_text(head, dockerfile, DOCKERFILE_BYTES) if dockerfile else None
    except TooLarge as exc:
        return None, f"{dockerfile} is {exc}: not read"
    settings = _settings(docker or "")
    try:
        main = git.blob_text(head, CMAKE_FILE, DEFAULT_MAX_BYTES)
    except TooLarge as exc:
        return None, f"{CMAKE_FILE} is {exc}: not read"
    if docker is None or "TORCH_CUDA_ARCH_LIST" not in settings or main is None:
        return None, None
    arch_list = settings["TORCH_CUDA_ARCH_LIST"].strip()
    try:
        cmake.gencode_flags(arch_list)
    except ValueError as exc:
        return None, f"{dockerfile}: TORCH_CUDA_ARCH_LIST: {exc}"
    cuda = _cuda_version(docker, settings)
    if cuda is None:
        return None, f"{dockerfile} names no CUDA version (ARG CUDA_VERSION=X.Y, or FROM nvidia/cuda:X.Y-...)"
    try:
        cmds = cmake.commands(main)
        define = {m[1]: m[2] for c in cmds if c.name in ("if", "elseif") for m in _PICKS_CUDA.finditer(c.args)}
        run = cmake.evaluate(
            CMAKE_FILE, cmds, [], arch_list, cuda, define, ["*_ARCHS"], read=lambda p: _included(git, head, p)
        )
    except cmake.CMakeSyntaxError as exc:
        return None, f"{CMAKE_FILE} or a file it includes, line {exc.line}: {exc.what}"
    if run.problem is not None:
        return None, run.problem
    # a kernel group is what a function computes (an intersection), not a list the file writes out
    computed = [n for n, places in run.assigned.items() if any(run.setters.get(p) not in cmake.PURE for p in places)]
    groups = tuple(sorted(name for name in computed if run.holding(name)))
    if not groups:
        return None, f"no variable of {CMAKE_FILE} ending in _ARCHS holds an arch of {arch_list} with CUDA {cuda}"
    return KernelBaseline(dockerfile or "", arch_list, cuda, define, groups), None


def _included(git: Git, head: str, path: str) -> str | None:
    """An included file's text; None, as the audit has it, when it is over the size cap."""
    try:
        return git.blob_text(head, path, DEFAULT_MAX_BYTES)
    except TooLarge:
        return None


def _settings(docker: str, build_args: Mapping[str, str] | None = None) -> dict[str, str]:
    """The Dockerfile's ARG and ENV defaults (the first of each name), with ``${NAME}`` of earlier ones
    resolved (``ENV TORCH_CUDA_ARCH_LIST=${torch_cuda_arch_list}``): ``ARG N=v``, ``ENV N=v M="w x"``,
    the legacy ``ENV N v``, lines continued with a backslash (or the escape directive's character).
    Heredoc text is not read as instructions.  What ``${...}`` expands to is bounded: past
    _EXPANDED_CHARS in all, a value keeps its ``${...}`` as written.  ``build_args`` (``--build-arg``)
    replace the default of an ARG they name, as the build does; an ENV is not theirs to change."""
    return _resolved(docker, build_args)[0]


def _resolved(
    docker: str, build_args: Mapping[str, str] | None = None, every: str | None = None
) -> tuple[dict[str, str], list[str]]:
    """_settings, and every value the Dockerfile gives the name ``every``, in order (each stage may set
    it again), resolved as the first is.

    References resolve as the builder resolves them: in a stage, an ARG declared before the first
    FROM is seen only where the stage declares it again (``ARG NAME``); a stage sees the ENV of the
    stage it is built FROM, not the ARGs; one ENV or ARG line's references see what held before the
    line; ``\\$`` and ``'$X'`` are a dollar sign, not a reference; ``${A:-${B}}`` nests."""
    found: dict[str, str] = {}
    values: list[str] = []
    budget = [_EXPANDED_CHARS]
    given = build_args or {}
    scopes = _Scopes()
    lexer = _Lexer.of(escape_of(docker))
    for line in instructions(docker):
        base = _FROM.match(line)
        if base is not None:
            scopes.enter([w for w in base[1].split() if not w.startswith("--")])
            continue
        instruction = _INSTRUCTION.match(line)
        if instruction is None:
            continue
        kind = instruction[1].upper()
        before = dict(scopes.scope)
        named: list[tuple[str, str | None]] = list(_assignments(kind, instruction[2], lexer))
        if kind == "ARG":  # an ARG without a default: the build's value, else (in a stage) the global one
            named += [(n, None) for n in _bare_args(instruction[2])]
        for name, default in named:
            if kind == "ARG" and name in given:
                value = given[name]
            elif default is None:
                if scopes.stage is None or name not in scopes.globals_:
                    continue  # declared, no value: unset
                value = scopes.globals_[name]
            else:
                value = _expand_all(default, before, budget).replace(_LITERAL_DOLLAR, "$")
            scopes.assign(kind, name, value)
            found.setdefault(name, value)
            if name == every:
                values.append(value)
    return found, values


@dataclass
class _Scopes:
    """What a reference sees where a Dockerfile line stands, stage by stage (see :func:`_resolved`)."""

    globals_: dict[str, str] = field(default_factory=dict)  # the ARGs before the first FROM
    scope: dict[str, str] = field(default_factory=dict)  # what a reference sees where it stands
    env: dict[str, str] = field(default_factory=dict)  # the stage's ENV (a later FROM of this stage inherits it)
    envs: dict[str, dict[str, str]] = field(default_factory=dict)  # a named stage's ENV at its end
    stage: str | None = None  # the current stage's name (None before the first FROM)

    def enter(self, words: list[str]) -> None:
        """A ``FROM`` (its words past the flags): the stage sees the ENV of the stage it is built from."""
        if self.stage is not None:
            self.envs[self.stage] = self.env
        self.env = dict(self.envs.get(words[0].lower(), {})) if words else {}
        self.scope = dict(self.env)
        self.stage = words[2].lower() if len(words) >= 3 and words[1].upper() == "AS" else ""

    def assign(self, kind: str, name: str, value: str) -> None:
        self.scope[name] = value
        if self.stage is None and kind == "ARG":
            self.globals_[name] = value
        if kind == "ENV":
            self.env[name] = value


# a dollar sign the Dockerfile escapes (``\$``, ``'$'``): no reference, whatever follows it
_LITERAL_DOLLAR = "\x00"
_NESTING = 8  # ``${A:-${B:-${C}}}``: one level a pass


def _expand_all(value: str, known: Mapping[str, str], budget: list[int]) -> str:
    """``value`` with its references resolved from ``known``, the innermost first; a value taken from
    ``known`` is not read for references again (the builder expands a line once).  What the
    expansions make is bounded: past the budget, a value keeps its ``${...}`` as written."""
    protected = {name: text.replace("$", _LITERAL_DOLLAR) for name, text in known.items()}
    for _ in range(_NESTING):
        references = list(_REFERENCE.finditer(value))
        if not references:
            break
        size = len(value) + sum(len(_expanded(m, protected)) - len(m[0]) for m in references)
        if size > budget[0]:  # measured before it is made
            break
        budget[0] -= size
        expanded = _REFERENCE.sub(lambda m: _expanded(m, protected), value)
        if expanded == value:
            break
        value = expanded
    return value


def _expanded(reference: re.Match[str], known: Mapping[str, str]) -> str:
    """What one ``$`` reference stands for, given the values ``known``; an unknown one stays as written
    (but ``${NAME:-word}`` is its word, and ``${NAME:+word}`` nothing, as the builder makes them)."""
    name = reference[1] or reference[4]
    value = known.get(name)
    if reference[2] == "-":
        return value if value else reference[3]
    if reference[2] == "+":
        return reference[3] if value else ("" if name in known else reference[0])
    return value if value is not None else reference[0]


def dockerfile_settings(docker: str, build_args: Mapping[str, str]) -> dict[str, str]:
    """What a build with these ``--build-arg`` values sets: ARG and ENV, ``${...}`` resolved (see _settings)."""
    return _settings(docker, build_args)


def dockerfile_values(docker: str, build_args: Mapping[str, str], name: str) -> list[str]:
    """Every value the Dockerfile's ARG and ENV lines give ``name``, in order: a later stage may set it
    again (``ENV TORCH_CUDA_ARCH_LIST=X.Y`` in the stage that compiles, which no ``--build-arg`` changes)."""
    return _resolved(docker, build_args, name)[1]


def _bare_args(rest: str) -> list[str]:
    """The names of ``ARG NAME`` without a default (``ARG NAME=v`` is _assignments')."""
    return [word for word in rest.split() if cmake.NAME.fullmatch(word)]


def escape_of(docker: str) -> str:
    """The escape character, ``\\`` unless an ``escape`` parser directive says `````: directives open the
    file, and the first line that is not one (a blank line, another comment, an instruction) ends them,
    as BuildKit reads them; an ``escape`` of another value fails the build, which says so."""
    for raw in docker.removeprefix("\ufeff").split("\n"):
        directive = _DIRECTIVE.fullmatch(raw.removesuffix("\r").lstrip())
        if directive is None or directive[1].lower() not in _DIRECTIVES:
            break
        if directive[1].lower() == "escape":
            return directive[2] if directive[2] in ("\\", "`") else "\\"
    return "\\"


def instructions(docker: str) -> list[str]:
    """The Dockerfile's instructions, one a line: continued lines joined, comments and heredoc text left out."""
    lines = docker.removeprefix("\ufeff").split("\n")  # BuildKit skips a byte-order mark
    escape = escape_of(docker)
    found: list[str] = []
    current: list[str] = []
    heredocs: list[tuple[str, bool]] = []  # the words that end the heredocs still open, and whether tabs go
    ended = 0  # how many of them have ended (one instruction may open 400,000: no pop from the front)
    for raw in lines:
        line = raw.removesuffix("\r")
        if ended < len(heredocs):
            word, tabs = heredocs[ended]
            if (line.lstrip("\t") if tabs else line) == word:
                ended += 1
            continue
        if line.lstrip().startswith("#"):
            continue  # a comment, also between continued lines
        stripped = line.rstrip(" \t")
        if stripped.endswith(escape):
            current.append(stripped[: -len(escape)])
            continue
        current.append(line)
        instruction = "".join(current)  # the escape and the newline go, nothing else
        current = []
        if not instruction.strip():
            continue
        found.append(instruction)
        if instruction.split(None, 1)[0].upper() in _HEREDOC_INSTRUCTIONS:
            heredocs, ended = [(m[3], m[1] == "-") for m in _HEREDOC.finditer(instruction)], 0
    if current:
        found.append("".join(current))
    return found


class _Lexer:
    """The words of an ARG or ENV line as the builder's shell lexer reads them with one escape character
    (``\\``, or ````` under ``# escape=```): outside quotes it makes the next character literal; in double
    quotes only before ``"``, ``$`` or itself (elsewhere it stays); in single quotes nothing is special.
    Linear: shlex builds a word a character at a time, quadratic in its length (a 300 KB word took 12 s)."""

    _made: dict[str, _Lexer] = {}

    def __init__(self, escape: str) -> None:
        e = re.escape(escape)
        self.escape = escape
        # one shell word, quotes and escapes kept
        self.word = re.compile(rf"""(?:[^\s"'{e}]+|{e}.|"(?:[^"{e}]|{e}.)*"|'[^']*')+""", re.S)
        self.unquote = re.compile(rf"""{e}(.)|"((?:[^"{e}]|{e}.)*)"|'([^']*)'""", re.S)
        self.escaped = re.compile(rf"""{e}(["${e}])""")

    @classmethod
    def of(cls, escape: str) -> _Lexer:
        if escape not in cls._made:
            cls._made[escape] = cls(escape)
        return cls._made[escape]

    def unquoted(self, text: str) -> str:
        """``text`` with its quotes and escapes gone; a dollar sign they make literal (``\\$``, ``'$'``) is
        marked, so that no reference is read there."""
        return self.unquote.sub(self._part, text)

    def _part(self, part: re.Match[str]) -> str:
        if part[1] is not None:
            return _LITERAL_DOLLAR if part[1] == "$" else part[1]
        if part[2] is not None:
            return self.escaped.sub(lambda m: _LITERAL_DOLLAR if m[1] == "$" else m[1], part[2])
        return part[3].replace("$", _LITERAL_DOLLAR)


def _assignments(kind: str, rest: str, lexer: _Lexer | None = None) -> list[tuple[str, str]]:
    """``NAME=value`` pairs of an ARG or ENV line, unquoted; ENV's legacy ``NAME value`` too (an ``ARG
    NAME`` without a default has no value)."""
    lexer = lexer or _Lexer.of("\\")
    first = rest.split(None, 1)[0] if rest.strip() else ""
    if kind == "ENV" and "=" not in first:
        name, _, value = rest.strip().partition(" ")
        return [(name, lexer.unquoted(value.strip()))] if cmake.NAME.fullmatch(name) and value.strip() else []
    words = []
    position = 0
    for word in lexer.word.finditer(rest):
        if rest[position : word.start()].strip():  # an unclosed quote: Docker refuses the file
            return []
        if word[0].startswith("#"):  # the rest of the line is a comment
            break
        quoted = lexer.escape in word[0] or '"' in word[0] or "'" in word[0]
        words.append(lexer.unquoted(word[0]) if quoted else word[0])
        position = word.end()
    else:
        if rest[position:].strip():
            return []
    pairs = [word.partition("=") for word in words]
    return [(name, value) for name, equals, value in pairs if equals and cmake.NAME.fullmatch(name)]


def _cuda_version(docker: str, settings: dict[str, str]) -> str | None:
    """``CUDA_VERSION``'s major.minor, else that of the first ``nvidia/cuda:X.Y`` base image."""
    version = _CUDA_VERSION.fullmatch(settings.get("CUDA_VERSION", "").strip())
    if version is not None:
        return f"{version[1]}.{version[2]}"
    for line in instructions(docker):
        base = _FROM.match(line)
        # FROM [--platform=...] IMAGE [AS NAME]: the first word that is not a flag
        image = next((w for w in base[1].split() if not w.startswith("--")), "") if base is not None else ""
        cuda = _CUDA_IMAGE.search(_REFERENCE.sub(lambda m: _expanded(m, settings), image))
        if cuda is not None:
            return cuda[1]
    return None


# A capability check the tree defines: ``def has_device_capability(``, ``def is_device_capability_family(``
_CAPABILITY_DEF = r"def [A-Za-z_][A-Za-z0-9_]*device_capability[A-Za-z0-9_]*\("
_CAPABILITY_CLASS = r"^class [A-Za-z_][A-Za-z0-9_]*Capability[ \t]*[(:]"  # ``class DeviceCapability(NamedTuple):``
# a parameter that holds the capability as a number: ``cuda_device_capability: int``
_CAPABILITY_NUMBER = r"[A-Za-z_][A-Za-z0-9_]*device_capability[A-Za-z0-9_]*: int\b"
_MOST_CALLS = 20
TORCH_GETTER = "get_device_capability"  # torch.cuda's


@dataclass(frozen=True)
class DeviceGuess:
    """The one device an image is built for, and the calls the tree asks it with (``settings: device``)."""

    capability: tuple[int, int]
    at_least: tuple[str, ...]
    equals: tuple[str, ...]
    family: tuple[str, ...]
    getters: tuple[str, ...]
    capability_types: tuple[str, ...] = ()
    capability_numbers: tuple[str, ...] = ()


@dataclass(frozen=True)
class ArchGuess:
    """What ``build`` holds an arch list to (fleet.yaml ``arch``), read from the list the Dockerfile
    builds today: a suffix it gives every FP4-capable arch of a major is one no later list may drop,
    and a list of one major with the SM100 FP4 kernels turned off must keep them off."""

    dockerfile: str
    arch_list: str  # for the hints: "" when too long to quote
    fp4_majors: tuple[int, ...]
    only_major: int | None
    devices: tuple[str, ...] = ()  # the one device a list of one capability builds for: build keeps a target for it


_MOST_EXAMPLE = 120  # a hint quotes the list; a longer one is not quoted


def arch_policy(git: Git, head: str, dockerfile: str | None) -> ArchGuess | None:
    """The policy, when the Dockerfile's TORCH_CUDA_ARCH_LIST is a valid list that says one: None for
    no list, an entry that is not an arch, or a list whose FP4-capable majors hold a bare target
    (then nothing says the suffix is wanted, and requiring it would refuse today's own build)."""
    try:
        docker = git.blob_text(head, dockerfile, DOCKERFILE_BYTES) if dockerfile else None
    except TooLarge:
        return None
    settings = _settings(docker or "")
    arch_list = settings.get("TORCH_CUDA_ARCH_LIST", "")
    try:
        archs = archprobe.parse_arch_list(arch_list)
    except UsageError:
        return None  # build says what is wrong with it, with its hint
    majors = {a.major for a in archs}
    fp4 = sorted(m for m in majors if m >= archprobe.FP4_FIRST_MAJOR and all(a.suffix for a in archs if a.major == m))
    sm100_off = settings.get("ENABLE_NVFP4_SM100", "").strip() == "0"
    only = next(iter(majors)) if len(majors) == 1 and sm100_off else None
    if not fp4 and only is None:
        return None
    written = ";".join(a.text for a in archs)  # its entries as build reads them: no stray separator or space
    capabilities = {f"{a.major}.{a.minor}" for a in archs}
    devices = tuple(capabilities) if len(capabilities) == 1 else ()  # several: which are the fleet's is not said
    return ArchGuess(dockerfile or "", written if len(written) <= _MOST_EXAMPLE else "", tuple(fp4), only, devices)


def device_note(git: Git, head: str, dockerfile: str | None) -> str | None:
    """Why ``device`` found no one device, when the Dockerfile names an arch list (init said nothing,
    and a maintainer with a list of several devices could not tell the device gates were off)."""
    try:
        docker = git.blob_text(head, dockerfile, DOCKERFILE_BYTES) if dockerfile else None
    except TooLarge:
        return None
    arch_list = _settings(docker or "").get("TORCH_CUDA_ARCH_LIST", "")
    archs = sorted({(a.major, a.minor) for item in re.split(r"[;,\s]+", arch_list) if (a := archprobe.arch_of(item))})
    off = "merge/device-gate is off until a file of audits/ sets settings: device"
    if len(archs) > 1:
        shown = " ".join(f"{major}.{minor}" for major, minor in archs[:8]) + (" ..." if len(archs) > 8 else "")
        return f"{dockerfile}'s TORCH_CUDA_ARCH_LIST names {len(archs)} devices ({shown}): {off} for the one the fleet runs"
    if len(archs) == 1:
        return f"the tree defines no capability check (a def has_/is_...device_capability...): {off}"
    return None


def device(git: Git, head: str, dockerfile: str | None) -> DeviceGuess | None:
    """The device, when the Dockerfile's TORCH_CUDA_ARCH_LIST names one (major, minor) and the tree
    defines calls that ask for a capability: by name, ``has_...`` at least, ``is_..._family`` the
    major version, ``is_...`` exactly, ``get_...`` the capability itself (init writes them for a person
    to check)."""
    try:
        docker = git.blob_text(head, dockerfile, DOCKERFILE_BYTES) if dockerfile else None
    except TooLarge:
        return None
    arch_list = _settings(docker or "").get("TORCH_CUDA_ARCH_LIST", "")
    archs = {(a.major, a.minor) for item in re.split(r"[;,\s]+", arch_list) if (a := archprobe.arch_of(item))}
    if len(archs) != 1:
        return None
    status, out, _ = git.try_run("grep", *GREP_OPTIONS, "-h", "-o", "-E", _CAPABILITY_DEF, head, "--", "*.py")
    names = sorted({line[4:-1] for line in out.splitlines() if line.startswith("def ")} if status == 0 else set())
    lists: dict[str, list[str]] = {"at_least": [], "equals": [], "family": [], "getters": [TORCH_GETTER]}
    for name in names[:_MOST_CALLS]:
        key = (
            "getters"
            if name.startswith("get_")
            else "family"
            if name.startswith("is_") and name.endswith("_family")
            else "equals"
            if name.startswith("is_")
            else "at_least"
            if name.startswith("has_")
            else None
        )
        if key is not None and name not in lists[key]:
            lists[key].append(name)
    if not (lists["at_least"] or lists["equals"] or lists["family"]):
        return None
    # a class the tree passes a capability as (``class DeviceCapability(NamedTuple)``): a parameter
    # annotated with it holds the device's capability
    status, out, _ = git.try_run("grep", *GREP_OPTIONS, "-h", "-o", "-E", _CAPABILITY_CLASS, head, "--", "*.py")
    types = sorted({line[6:].rstrip("(:").strip() for line in out.splitlines()} if status == 0 else set())
    status, out, _ = git.try_run("grep", *GREP_OPTIONS, "-h", "-o", "-E", _CAPABILITY_NUMBER, head, "--", "*.py")
    numbers = sorted({line.split(":", 1)[0] for line in out.splitlines()} if status == 0 else set())
    return DeviceGuess(
        next(iter(archs)),
        at_least=tuple(lists["at_least"]),
        equals=tuple(lists["equals"]),
        family=tuple(lists["family"]),
        getters=tuple(lists["getters"]),
        capability_types=tuple(t for t in types if t.isidentifier())[:_MOST_CALLS],
        capability_numbers=tuple(n for n in numbers if n.isidentifier())[:_MOST_CALLS],
    )
