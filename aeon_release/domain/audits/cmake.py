"""Which CUDA archs a build's CMake gives each kernel group: read the tree's own CMake, run the safe part.

A kernel group is a variable such as ``FP4_ARCHS``: the build's CMake intersects a kernel's own arch
list with the archs the build targets (``cuda_archs_loose_intersection(FP4_ARCHS "12.0f"
"${CUDA_ARCHS}")``) and compiles the kernel only when the result is not empty.  When upstream
changes a list, or the intersection function itself, a target the fork builds for can silently
drop out: the build succeeds, and the model falls back to a slower kernel with the same answers.

The tree's CMake is not ours to run: a pull request's tree is a stranger's code.  So only a pure
subset runs, in CMake's script mode (``cmake -P``):

- control flow (``if``, ``foreach``, ``while``, ``function``, ``macro``, ``block`` and their ends),
  and the builtins that only compute (``set``, ``unset``, ``list``, ``string``, ``math``,
  ``cmake_parse_arguments``, ``separate_arguments``; ``message`` prints nothing);
- the functions and macros the named files define whose bodies use nothing else (a function that
  reads a file, runs a program or includes one is left out, and so is every call of it);
- the tree's own ``.cmake`` files that an ``include()`` names, their pure part in its place.

Every other command (``find_package``, any other ``include``, ``execute_process``, ``file``, the
targets) is dropped from the script, so the run reads and writes nothing and starts no program.  What the build
would have learnt from them, the rule says: the CUDA version, the arch list (as the ``-gencode``
flags the CUDA toolchain puts in ``CMAKE_CUDA_FLAGS``), and any variable its conditions read.
"""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING

from aeon_release.adapters import cmake as runner
from aeon_release.errors import printable, quoted

if TYPE_CHECKING:
    from aeon_release.domain.archprobe import Arch

# Builtins that only compute on variables: they read no file, start no program and define no target.
PURE = frozenset({
    "set", "unset", "list", "string", "math", "cmake_parse_arguments", "separate_arguments", "message",
    "if", "elseif", "else", "endif", "foreach", "endforeach", "while", "endwhile", "break", "continue",
    "return", "block", "endblock",
})  # fmt: skip
_OPENS = {"function": "endfunction", "macro": "endmacro"}
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BRACKET = re.compile(r"\[(=*)\[")
_PLAIN = re.compile(r'[^\\\n"\[#()]+')
_QUOTED_PLAIN = re.compile(r'[^\\\n"]+')
_WORD = re.compile(r'"((?:[^"\\]|\\.)*)"|([^\s()"]+)')
MARK = "aeon-release-group"
BRANCH = "aeon-release-branch"  # a branch whose condition reads a group was entered
_NOT = re.compile(r"(?<![A-Za-z0-9_])NOT(?![A-Za-z0-9_])")


class CMakeSyntaxError(ValueError):
    def __init__(self, line: int, what: str) -> None:
        super().__init__(what)
        self.line = line
        self.what = what


@dataclass(frozen=True)
class Command:
    """One command invocation: its lower-cased name, its argument text as written, and its line."""

    name: str
    args: str
    line: int

    @property
    def text(self) -> str:
        return f"{self.name}({self.args})"

    def first_word(self) -> str:
        word = _WORD.search(self.args)
        if word is None:
            return ""
        return word[1] if word[1] is not None else word[2]


MAX_COMMANDS = 100_000  # in one file (a real tree's: a few hundred; parsing 870,000 took 12 s)


def commands(text: str) -> list[Command]:
    """The command invocations of a CMake file, in order; a malformed file raises CMakeSyntaxError,
    and so does one of more than MAX_COMMANDS commands.  Read once a text: an arch rule reads its
    functions file as a library and again where the main file includes it (a fresh list each call)."""
    return list(_commands(text))


@functools.lru_cache(maxsize=16)
def _commands(text: str) -> tuple[Command, ...]:
    found: list[Command] = []
    # CMake skips a UTF-8 byte-order mark at the start of a file (cmListFileLexer)
    i, n, line = (1 if text.startswith("\ufeff") else 0), len(text), 1
    while i < n:
        if len(found) > MAX_COMMANDS:
            raise CMakeSyntaxError(line, f"more than {MAX_COMMANDS:,} commands in one file (a build's has hundreds)")
        char = text[i]
        if char == "\n":
            line += 1
            i += 1
        elif char in " \t\r\f\v":
            i += 1
        elif char == "#":
            i, line = _comment(text, i, line)
        else:
            name = NAME.match(text, i)
            if name is None:
                raise CMakeSyntaxError(line, f"unexpected {char!r}")
            j = name.end()
            while j < n and text[j] in " \t":
                j += 1
            if j >= n or text[j] != "(":
                raise CMakeSyntaxError(line, f"{name[0]} is not followed by '('")
            end, last = _arguments(text, j + 1, line)
            found.append(Command(name[0].lower(), text[j + 1 : end], line))
            i, line = end + 1, last
    return tuple(found)


def _comment(text: str, i: int, line: int) -> tuple[int, int]:
    bracket = _BRACKET.match(text, i + 1)
    if bracket is not None:
        return _bracket_end(text, bracket, line)
    end = text.find("\n", i)
    return (len(text) if end < 0 else end), line


def _bracket_end(text: str, opening: re.Match[str], line: int) -> tuple[int, int]:
    close = "]" + opening[1] + "]"
    end = text.find(close, opening.end())
    if end < 0:
        raise CMakeSyntaxError(line, "a bracket argument or comment is never closed")
    return end + len(close), line + text.count("\n", opening.start(), end)


def _arguments(text: str, i: int, line: int) -> tuple[int, int]:
    """The index of the ``)`` that closes the arguments starting at ``i``, and the line it is on."""
    start, depth, n = line, 1, len(text)
    # CMake opens a bracket argument only where an argument starts (after a space, a newline or a
    # '('): in `a[[` the brackets are plain text, and a command after them is a command of its own.
    # (Where CMake meets a bracket right after a quoted or bracket argument or a ')', it refuses the
    # whole file, so reading plain text there runs nothing either.)
    boundary = True
    while i < n:
        plain = _PLAIN.match(text, i)  # a run of characters that mean nothing here, skipped at once
        if plain is not None:
            i = plain.end()
            boundary = text[i - 1] in " \t\r"  # a carriage return separates arguments too
            continue
        char = text[i]
        if char == "\\":
            line += text[i + 1 : i + 2] == "\n"
            i, boundary = i + 2, False
            continue
        if char == '"':
            i, line = _quoted_end(text, i + 1, line, start)
            boundary = False
            continue
        if char == "[" and boundary and (bracket := _BRACKET.match(text, i)) is not None:
            i, line = _bracket_end(text, bracket, line)
            boundary = False
            continue
        if char == "#":
            i, line = _comment(text, i, line)
            boundary = False
            continue
        if char == "\n":
            line += 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i, line
        boundary = char in "\n("
        i += 1
    raise CMakeSyntaxError(start, "a command's '(' is never closed")


def _quoted_end(text: str, i: int, line: int, start: int) -> tuple[int, int]:
    n = len(text)
    while i < n:
        plain = _QUOTED_PLAIN.match(text, i)
        if plain is not None:
            i = plain.end()
            continue
        char = text[i]
        if char == "\\":
            line += text[i + 1 : i + 2] == "\n"
            i += 2
            continue
        if char == "\n":
            line += 1
        elif char == '"':
            return i + 1, line
        i += 1
    raise CMakeSyntaxError(start, "a quoted argument is never closed")


@dataclass(frozen=True)
class Definition:
    """A ``function`` or ``macro`` block: its name, and its commands from the opening to the end."""

    name: str
    block: tuple[Command, ...]

    def calls(self) -> set[str]:
        return {c.name for c in self.block[1:-1] if c.name not in _OPENS and c.name not in _OPENS.values()}


def split_definitions(cmds: Sequence[Command]) -> tuple[list[Definition], list[Command]]:
    """The function and macro blocks, and the commands outside them (in order)."""
    defs: list[Definition] = []
    rest: list[Command] = []
    i = 0
    while i < len(cmds):
        cmd = cmds[i]
        if cmd.name in _OPENS:
            end = _block_end(cmds, i)
            defs.append(Definition(cmd.first_word().lower(), tuple(cmds[i : end + 1])))
            i = end + 1
            continue
        rest.append(cmd)
        i += 1
    return defs, rest


def _block_end(cmds: Sequence[Command], i: int) -> int:
    depth = 0
    for j in range(i, len(cmds)):
        if cmds[j].name in _OPENS:
            depth += 1
        elif cmds[j].name in _OPENS.values():
            depth -= 1
            if depth == 0:
                return j
    raise CMakeSyntaxError(cmds[i].line, f"{cmds[i].name}({cmds[i].first_word()}) has no end{cmds[i].name}()")


def safe_definitions(defs: Iterable[Definition]) -> dict[str, Definition]:
    """The definitions that call only pure builtins and other safe definitions (the last one of a name wins).

    Never safe, whatever they call: a definition whose name is not a bare word (CMake expands
    ``${N}`` and unquotes ``[[string]]``: the name it defines is not the one read here), one named
    ``_...`` (a definition that shadows a command renames that command ``_name``: a call of ``_name``
    can reach ``execute_process``), one named after a pure builtin, and one that defines others when
    it runs (a shadowing made at run time)."""
    by_name = {d.name: d for d in defs}
    callers: dict[str, set[str]] = {}
    unsafe: list[str] = []
    for name, definition in by_name.items():
        calls = definition.calls()
        for call in calls - PURE:  # a call of string() is CMake's string() in the script
            callers.setdefault(call, set()).add(name)
        nested = any(c.name in _OPENS for c in definition.block[1:-1])
        if nested or not _plain_name(definition.block[0]) or name.startswith("_") or name in PURE:
            unsafe.append(name)
        elif any(call not in PURE and call not in by_name for call in calls):
            unsafe.append(name)
    dropped: set[str] = set()
    while unsafe:  # what calls an unsafe definition is unsafe: once over who calls whom
        name = unsafe.pop()
        if name not in dropped:
            dropped.add(name)
            unsafe.extend(callers.get(name, ()))
    return {name: d for name, d in by_name.items() if name not in dropped}


def _plain_name(opening: Command) -> bool:
    """Whether a ``function``/``macro`` names its command with a bare word (``function(f ...)``)."""
    word = _WORD.search(opening.args)
    return word is not None and word[2] is not None and NAME.fullmatch(word[2]) is not None


def redefined(cmds: Iterable[Command]) -> Command | None:
    """The first ``function``/``macro`` among ``cmds`` that defines a pure builtin or a name that is not
    a bare word: the real build would run the tree's own ``string()``, the script CMake's."""
    for cmd in cmds:
        if cmd.name in _OPENS and (not _plain_name(cmd) or cmd.first_word().lower() in PURE):
            return cmd
    return None


def gencode_flags(arch_list: str) -> str:
    """``TORCH_CUDA_ARCH_LIST`` as the ``-gencode`` flags the CUDA toolchain hands CMake (``10.3a`` ->
    ``-gencode arch=compute_103a,code=sm_103a``; ``+PTX`` adds the PTX target)."""
    flags = []
    for item in re.split(r"[;,\s]+", arch_list.strip()):
        arch = _arch_of(item)
        if arch is None:
            raise ValueError(f"{quoted(item)} is not an arch such as 10.3a or 9.0+PTX")  # not 20,000 characters whole
        flags.append(f"-gencode arch=compute_{arch.sm},code=sm_{arch.sm}")
        if arch.ptx:
            flags.append(f"-gencode arch=compute_{arch.sm},code=compute_{arch.sm}")
    return " ".join(flags)


def _arch_of(item: str) -> Arch | None:
    """The build's own reading of an arch list entry (``archprobe``: one spelling of what an arch is)."""
    from aeon_release.domain.archprobe import arch_of  # with the fleet profile's types: not at import

    return arch_of(item)


Place = tuple[str, int]  # a command's file and line
Reader = Callable[[str], "str | None"]  # a tree path's text, None when the tree has no such file
_INCLUDE_DEPTH = 8  # CMake's own limit is its recursion depth; a tree's includes go two or three deep
_INCLUDED_COMMANDS = 50_000  # commands run in place of includes (a real tree's: a few hundred)
_INCLUDED_CHARS = 16_000_000  # and their text: 50,000 commands of a file's size each would be gigabytes
# cmake's own reader is quadratic in an argument's length (2 MB: 3.5 s, 5 MB: past the time limit)
MAX_COMMAND_CHARS = 256 * 1024  # a build's longest command the script runs is a few KB
_HERE = re.compile(r"^\$\{CMAKE_CURRENT_LIST_DIR\}/")
_TOP = re.compile(r"^\$\{(?:CMAKE_SOURCE_DIR|CMAKE_CURRENT_SOURCE_DIR|PROJECT_SOURCE_DIR)\}/")


def included_path(cmd: Command, path: str) -> str | None:
    """The tree path an ``include()`` in ``path`` names, when it names a ``.cmake`` file of the tree by a
    path the reader can follow (``${CMAKE_CURRENT_LIST_DIR}/x.cmake``, ``cmake/x.cmake``); else None."""
    word = cmd.first_word()
    if _HERE.match(word):
        word = posixpath.join(posixpath.dirname(path), _HERE.sub("", word))
    else:
        word = _TOP.sub("", word)
    word = posixpath.normpath(word)
    if not word.endswith(".cmake") or "$" in word or word.startswith(("/", "../")) or word == "..":
        return None
    return word


def includes(main: Sequence[Command], path: str, read: Reader) -> dict[str, list[Command]]:
    """Every ``.cmake`` file of the tree that ``main`` includes, and what they include, parsed: at most
    _INCLUDED_COMMANDS commands in all (each file is parsed once, but a tree can hold thousands)."""
    found: dict[str, list[Command]] = {}
    todo = [(path, list(main), 0)]
    left = _INCLUDED_COMMANDS
    while todo:
        where, cmds, depth = todo.pop()
        for cmd in cmds:
            target = included_path(cmd, where) if cmd.name == "include" else None
            if target is None or target in found or depth >= _INCLUDE_DEPTH:
                continue
            text = read(target)
            if text is not None:
                found[target] = commands(text)
                left -= len(found[target])
                if left < 0:
                    raise CMakeSyntaxError(
                        0, f"{where}:{cmd.line}: the included files hold more than {_INCLUDED_COMMANDS:,} commands"
                    )
                todo.append((target, found[target], depth + 1))
    return found


def script(
    main: Sequence[Command],
    library: Mapping[str, Definition],
    variables: Mapping[str, str],
    groups: Sequence[str],
    path: str = "",
    inlined: Mapping[str, Sequence[Command]] | None = None,
) -> tuple[str, dict[str, list[Place]], list[Place], dict[str, list[Place]]]:
    """The CMake script that runs the pure part of ``main``, where each group is assigned, the
    places its report lines are numbered by, and the conditions that build on each group.

    ``library`` holds the safe definitions; ``variables`` are set first.  An ``include()`` of a file
    in ``inlined`` (its commands outside definitions) runs that file's pure part in its place, as CMake would.  After each kept command
    whose first argument is a group (a name matching one of the ``groups`` patterns), the script
    prints the group's value and the command's place.  Right after each kept ``if``/``elseif`` whose
    condition reads a group and has no ``NOT`` (``if(VERSION_OK AND FP4_ARCHS)``: the branch that
    compiles the kernel, not the one that says it cannot), it prints the group's value too: that line
    comes only when the branch is entered."""
    writer = _Script(library, groups, inlined or {})
    # the policies of today's CMake (IN_LIST and the rest); the tree's own messages (a FATAL_ERROR too) say nothing
    writer.out += ["cmake_minimum_required(VERSION 3.10...4.0)", "function(message)", "endfunction()"]
    writer.out += [f"set({name} {_quote(value)})" for name, value in variables.items()]
    for definition in library.values():
        writer.out += [
            _runnable(c, f"{definition.name}() (defined in a file read), line {c.line}").text for c in definition.block
        ]
    writer.emit(main, path, 0)
    return "\n".join(writer.out) + "\n", writer.assigned, writer.places, writer.tested


class _Script:
    """A script being written (see :func:`script`): its lines, and where each group is assigned, where
    each report line comes from, and where each group is tested."""

    def __init__(
        self, library: Mapping[str, Definition], groups: Sequence[str], inlined: Mapping[str, Sequence[Command]]
    ) -> None:
        self.library = library
        self.groups = groups
        self.inlined = inlined
        self.out: list[str] = []
        self.assigned: dict[str, list[Place]] = {}
        self.places: list[Place] = []
        self.tested: dict[str, list[Place]] = {}
        self.budget = [_INCLUDED_COMMANDS, _INCLUDED_CHARS]

    def emit(self, cmds: Sequence[Command], where: str, depth: int) -> None:
        for cmd in cmds:
            target = included_path(cmd, where) if cmd.name == "include" and self.inlined else None
            if target is not None and target in self.inlined and depth < _INCLUDE_DEPTH:
                self._include(self.inlined[target], f"{where}:{cmd.line}", target, depth)
            elif cmd.name in PURE or cmd.name in self.library:
                self._kept(cmd, where)

    def _include(self, body: Sequence[Command], place: str, target: str, depth: int) -> None:
        self.budget[0] -= len(body)
        self.budget[1] -= sum(len(c.args) for c in body)
        if self.budget[0] < 0 or self.budget[1] < 0:  # a file that includes itself, ten times over
            raise CMakeSyntaxError(
                0,
                f"{place}: the includes expand past {_INCLUDED_COMMANDS:,} commands or {_INCLUDED_CHARS:,} characters",
            )
        self.emit(body, target, depth + 1)

    def _kept(self, cmd: Command, where: str) -> None:
        self.out.append(_runnable(cmd, f"{where}:{cmd.line}").text)
        name = cmd.first_word()
        if cmd.name not in ("if", "elseif", "while", "foreach") and self._is_group(name):
            self.assigned.setdefault(name, []).append((where, cmd.line))
            self._report(MARK, name, where, cmd.line)
        elif cmd.name in ("if", "elseif") and _NOT.search(cmd.args) is None:
            for word in dict.fromkeys(m[0] for m in NAME.finditer(cmd.args)):
                if any(fnmatchcase(word, g) for g in self.groups):
                    self.tested.setdefault(word, []).append((where, cmd.line))
                    self._report(BRANCH, word, where, cmd.line)

    def _is_group(self, name: str) -> bool:
        return NAME.fullmatch(name) is not None and any(fnmatchcase(name, g) for g in self.groups)

    def _report(self, mark: str, name: str, where: str, line: int) -> None:
        self.places.append((where, line))
        # one line per value: a value holding a newline must not print a second group's line
        self.out.append(f'string(REPLACE "\\n" " " _aeon_release_value "${{{name}}}")')
        self.out.append(f'_message(STATUS "{mark} {len(self.places) - 1} {name}=${{_aeon_release_value}}")')


def _runnable(cmd: Command, place: str) -> Command:
    """``cmd``, when cmake reads it in bounded time (see MAX_COMMAND_CHARS); else CMakeSyntaxError."""
    if len(cmd.args) > MAX_COMMAND_CHARS:
        raise CMakeSyntaxError(
            0,
            f"{place}: {cmd.name}() has {len(cmd.args):,} characters of arguments, more than the"
            f" {MAX_COMMAND_CHARS:,} evaluated (a build's are a few thousand)",
        )
    return cmd


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$") + '"'


def holds_arch(value: str) -> bool:
    """Whether a group's value names an arch (``10.0a``, ``9.0+PTX``): ``;`` or a word is no target."""
    return any(_arch_of(item.strip()) for item in value.split(";"))


def values(stdout: str, places: Sequence[Place], mark: str = MARK) -> dict[str, list[tuple[Place, str]]]:
    """What the script printed: each group's values, with the place of the command that set them
    (``mark``: ``BRANCH``, of the condition whose branch was entered)."""
    seen: dict[str, list[tuple[Place, str]]] = {}
    for raw in stdout.split("\n"):  # only a newline ends a line cmake prints (a value can hold a \r or \x85)
        text = raw.removeprefix("-- ")
        if not text.startswith(mark + " "):
            continue
        index, _, rest = text[len(mark) + 1 :].partition(" ")
        name, _, value = rest.partition("=")
        if index.isdigit() and int(index) < len(places):
            seen.setdefault(name, []).append((places[int(index)], value))
    return seen


@dataclass(frozen=True)
class Evaluation:
    """What the pure part of a CMake file gave each group, for one arch list and CUDA version."""

    assigned: dict[str, list[Place]]  # the groups the files set, with the commands that set them
    seen: dict[str, list[tuple[Place, str]]]  # the values the run printed, with those commands
    setters: dict[Place, str]  # the name of the command at each place
    problem: str | None = None  # why it did not run (None: it ran)
    this_machine: bool = False  # the problem is this machine's (no cmake, a time limit), not the files'
    tested: Mapping[str, list[Place]] = field(default_factory=dict)  # the conditions that build on a group
    entered: Mapping[str, list[tuple[Place, str]]] = field(default_factory=dict)  # its value where one was true

    def holding(self, name: str) -> bool:
        """Whether the group holds an arch where the build uses it: in a branch whose condition reads
        it (``if(... AND FP4_ARCHS)``), when the file has one; else anywhere it is set.  A group that
        held an arch and was cleared because a CUDA version check failed compiles nothing."""
        if name in self.tested:
            return any(holds_arch(value) for _, value in self.entered.get(name, ()))
        return any(holds_arch(value) for _, value in self.seen.get(name, ()))


def evaluate(
    path: str,
    main: Sequence[Command],
    library: Sequence[Definition],
    arch_list: str,
    cuda_version: str,
    define: Mapping[str, str],
    groups: Sequence[str],
    read: Reader | None = None,
) -> Evaluation:
    """Run the pure part of ``main`` (the file ``path``) for the groups: its own definitions, the safe
    ones of ``library``, and, when ``read`` is given, the tree's ``.cmake`` files it includes run in place."""
    inlined = includes(main, path, read) if read is not None else {}
    main_defs, main_body = split_definitions(main)
    split = {where: split_definitions(cmds) for where, cmds in inlined.items()}  # once each, however often included
    own = [*main_defs, *(d for defs, _ in split.values() for d in defs)]
    variables = {
        "CMAKE_CUDA_COMPILER_VERSION": cuda_version,
        "CMAKE_CUDA_FLAGS": gencode_flags(arch_list),
        "TORCH_CUDA_ARCH_LIST": arch_list,
        **define,
    }
    bodies = {where: body for where, (_, body) in split.items()}
    program, assigned, places, tested = script(
        main_body, safe_definitions([*library, *own]), variables, groups, path, bodies
    )
    setters = {(where, c.line): c.name for where, cmds in ((path, main), *inlined.items()) for c in cmds}
    for where, cmds in ((path, main), *inlined.items(), ("a functions file", [c for d in library for c in d.block])):
        odd = redefined(cmds)
        if odd is not None:
            problem = (
                f"{where}:{odd.line}: {odd.name}({odd.first_word()[:40]}) defines a builtin the evaluation runs"
                " or a name that is not a bare word (the build would run a command the evaluation cannot)"
            )
            return Evaluation(assigned, {}, setters, printable(problem))
    if not assigned:
        return Evaluation(assigned, {}, setters)
    binary = runner.find_cmake()
    if binary is None:
        return Evaluation(assigned, {}, setters, "cmake is not installed (install cmake)", this_machine=True)
    ran = runner.run_script(binary, program)
    if ran.code != 0:
        return Evaluation(assigned, {}, setters, _first_error(ran.stderr), this_machine=ran.code is None)
    seen, entered = values(ran.stdout, places), values(ran.stdout, places, BRANCH)
    return Evaluation(assigned, seen, setters, tested=tested, entered=entered)


def _first_error(stderr: str) -> str:
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    text = " ".join(lines[:3]) if lines else "cmake failed without a message"
    text = re.sub(r"\S*arch\.cmake(:[0-9]+)?", "the evaluated CMake", text)  # the script's own path and lines
    return printable(text if len(text) <= 200 else text[:197] + "...")
