"""The error tree, exit codes and the one error handler.

Expected failures (bad input, a conflict that needs a human) print one line and a hint and
exit non-zero without a traceback.  Anything else is a bug: it prints a traceback, with every
registered secret scrubbed from it (modelled on pre-commit's ``error_handler.py``).
"""

from __future__ import annotations

import bisect
import codecs
import contextlib
import enum
import errno
import fcntl
import functools
import io
import os
import re
import signal
import stat
import sys
import threading
import traceback
import urllib.parse
from collections.abc import Callable, Iterator
from typing import Any, NoReturn


class ExitCode(enum.IntEnum):
    OK = 0
    NEEDS_HUMAN = 1  # conflicts, audit findings, an alarm: a person must look
    BAD_INPUT = 2  # bad input or usage, or an unreachable service; nothing was changed
    BUG = 3


class AeonError(Exception):
    """An expected failure: one line, a hint, an exit code."""

    exit_code: ExitCode = ExitCode.BAD_INPUT
    # Every error line carries a hint: this one when the raise site gives none.
    default_hint = "see `aeon-release COMMAND --help`"

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class UsageError(AeonError):
    """Bad arguments: a malformed tag name, options that do not go together."""

    default_hint = "see the command's --help"


class DiskError(UsageError):
    """A file the machine would not take (a full disk, a quota, a file-size limit, a read-only file
    system): the place is right, the disk is not, so the hint is the machine's, not "pass another path"."""

    default_hint = "free some disk space and run the command again"


class ConfigError(AeonError):
    """A ledger, rule or release file that does not validate; the message names the place."""

    default_hint = "correct the file at the place named; `aeon-release ledger check` checks the ledger"


class GitError(AeonError):
    """A git object that does not exist, or a git command that failed on bad input."""

    default_hint = "check the repository and the revision with `git rev-parse --verify REV`"
    # A cause outside the tool and its input (a lock file another git holds, no identity to commit with):
    # once it is gone the same step runs again, so a stopped merge adds `merge --continue` to the hint.
    outside = False
    # The disk refused git a write (full, a quota, a file-size limit, read-only): the machine's hint, and a
    # stopped merge says its own (nothing is lost, `merge --continue` once the disk takes writes again).
    disk = False

    def __init__(self, message: str, hint: str | None = None) -> None:
        # git's own words for an object a partial clone (--filter=blob:none) lacks and could not fetch:
        # the revision is right, the clone is not whole ("check the revision" led nowhere); no git of the
        # tool's fetches (gitenv: no transport), so it is always this clone's missing object
        if hint is None and "from promisor remote" in message:
            hint = (
                "this is a partial clone missing an object, and the tool fetches none on its own (a fetch runs "
                "the programs the repository's config names for its remote): fetch every object first "
                "(`git fetch --refetch REMOTE`), or use a full clone"
            )
        super().__init__(message, hint)


class StateError(AeonError):
    """A run in a state that does not allow the requested action."""

    default_hint = "`aeon-release status` shows where each run stands"


class ServiceError(AeonError):
    """A service (Docker engine, registry, metrics endpoint) that is down or refuses us."""

    default_hint = "check that the service is up and that its address and credentials are right"


class NeedsHuman(AeonError):
    """Work stopped for a person: conflicts, error-level audit findings, an alarm."""

    exit_code = ExitCode.NEEDS_HUMAN
    default_hint = "look at what the line names, then run the command again"

    def __init__(self, message: str, hint: str | None = None, known: dict[str, Any] | None = None) -> None:
        super().__init__(message, hint)
        # What the work had learnt before it stopped (a pushed digest, what `:latest` held): the --json verdict
        # reports them, where the request alone left them null.
        self.known: dict[str, Any] = dict(known or {})


class Refusals(AeonError):
    """Several refusals found in one pass (a release's preflights): each is printed on its own line with its hint,
    then this summary.  ``release --dry-run`` stopped at the first missing piece (the Dockerfile, then the signing
    key, then ...): a newcomer learnt them one run at a time.  It exits as the first of them would."""

    def __init__(self, errors: tuple[AeonError, ...]) -> None:
        super().__init__(
            f"{len(errors)} things stop the run (each on a line above); nothing was changed",
            "fix each, then run it again",
        )
        self.errors = errors
        self.exit_code = errors[0].exit_code


def check_each(*checks: Callable[[], object]) -> None:
    """Run every check; raise the one refusal found, or all of them as one ``Refusals``."""
    found: list[AeonError] = []
    for check in checks:
        try:
            check()
        except Refusals as several:
            found.extend(several.errors)
        except AeonError as error:
            found.append(error)
    found = list({error.message: error for error in reversed(found)}.values())[::-1]  # one file missing, said once
    if len(found) == 1:
        raise found[0]
    if found:
        raise Refusals(tuple(found))


# -- secrets ---------------------------------------------------------------------------------
_SECRETS: set[str] = set()
# Content digests and long hex runs are data, never a secret's surroundings: a password that
# happens to be ``sha256`` or a piece of a digest must not turn ``sha256:65d8...`` into ``***:65d8...``.
_PROTECTED = re.compile(r"[a-z0-9]+:[0-9a-f]{32,}|[0-9a-f]{32,}")
_ALNUM = "A-Za-z0-9"


def register_secret(value: str | None) -> None:
    """Remember a secret so that every message, traceback and written file is scrubbed of it."""
    if value and len(value) >= 3:
        _SECRETS.add(value)


def credentials_in_url(url: str) -> bool:
    """Whether ``url`` (one a server named: a redirect's ``Location``, a ``Link``, a token realm) carries
    credentials, ``user:password@`` or ``token@``; each is registered as a secret first, so that no message, even
    one quoting the address, shows it.  Such an address is never followed: the credentials are not the
    person's, and urllib took ``token@host`` for a host name to look up."""
    netloc = urllib.parse.urlsplit(url).netloc if "@" in url else ""
    userinfo, at, _ = netloc.rpartition("@")
    if not at:
        return False
    user, colon, password = userinfo.partition(":")
    register_secret(urllib.parse.unquote(password) if colon else urllib.parse.unquote(user))
    register_secret(password if colon else user)
    return True


@functools.lru_cache(maxsize=8)
def _compiled(secrets: frozenset[str]) -> re.Pattern[str] | None:
    """One alternation of every secret, each only as a whole token.

    A secret that starts (ends) with a letter or digit must not be preceded (followed) by one:
    the secret ``latest1`` is redacted in ``pass=latest1`` but ``xlatest12`` is left alone.
    """
    if not secrets:
        return None
    parts = []
    for secret in sorted(secrets, key=len, reverse=True):
        before = f"(?<![{_ALNUM}])" if secret[0].isalnum() else ""
        after = f"(?![{_ALNUM}])" if secret[-1].isalnum() else ""
        parts.append(f"{before}{re.escape(secret)}{after}")
    return re.compile("|".join(parts))


def _pattern() -> re.Pattern[str] | None:
    return _compiled(frozenset(_SECRETS))


# Credentials written into a URL or a registry name are secrets too, registered or not: the password
# of ``https://user:PASS@host/...``, of ``user:PASS@registry.example:5000/name`` and a token in a
# query string.  Each token (a run without whitespace, quotes or brackets, but with the bracketed IPv6
# literal that may follow an ``@``) is looked at once, with string operations: no pattern here can
# backtrack over a hostile text (a bracket that does not close ends the token where the bracket is).
_TOKEN = re.compile(r"[^\s'\"<>()\[\],;]+(?:(?<=@)\[[^\s'\"<>()\[\],;\]]*\][^\s'\"<>()\[\],;]*)*")
# A host without a scheme before it: a name docker calls a registry (a dot, a port, localhost) or an
# IPv6 literal, with any port (``:99999`` is no port, but the password before it is still one).
_HOST = re.compile(
    r"(?:localhost|[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]+)?"
    r"|[A-Za-z0-9.-]{1,253}:[0-9]{1,5}"  # a bare name with a port (a digest's 64 digits are none)
)
_QUERY_SECRET = re.compile(
    r"(?i)([?&](?:access_token|token|password|passwd|pwd|secret|api_key|apikey|key|auth|sig|signature)=)"
    r"[^&\s#'\"]{1,2048}"
)


def _scrub_token(match: re.Match[str]) -> str:
    return _scrub(match.group(0))


def _scrub(token: str) -> str:
    if "@" not in token:
        return token
    prefix, (scheme, sep, rest) = "", token.partition("://")
    web = scheme.lower() in ("http", "https")
    if not sep:
        # A URL where a path goes (``--repo https://user:TOKEN@github.com/org/fork``): pathlib folds its ``//`` and
        # the working folder goes before it, ``/work/https:/user:TOKEN@github.com/org/fork``, which no scheme starts.
        # The part from the last ``/`` before the ``@`` is then read as a registry name that must name a host.
        folder, slash, last = token[: token.index("@")].rpartition("/")
        host = token[len(folder) + 1 :].partition("@")[2].partition("/")[0]
        web = folder.lower().endswith(("http:", "https:"))
        if slash and (":" in last or web) and _HOST.fullmatch(host):
            prefix, scheme, rest = folder + "/", "", token[len(folder) + 1 :]
        elif ":" not in token:
            return token
        else:
            scheme, rest = "", token
    authority, slash, path = rest.partition("/")
    userinfo, at, host = authority.rpartition("@")
    user, colon, password = userinfo.partition(":")
    if at and user and not colon and web:
        # ``https://TOKEN@github.com/org/fork``: git sends a web URL's lone user name as its credentials
        return f"{prefix}{scheme}{sep}***@{host}{slash}{path}"
    # without a scheme, ``user:PASS@anything/path`` is a registry name with credentials whatever its
    # host (``user:PASS@host/x``: docker would call ``host`` a path, but the password is one); with no
    # path it must name a host (``busybox:latest@sha256:...`` is an image, not credentials)
    if not (at and colon and password) or (not sep and not prefix and not slash and not _HOST.fullmatch(host)):
        return token
    return f"{prefix}{scheme}{sep}{user}:***@{host}{slash}{path}"


def _scrub_credentials(text: str) -> str:
    if "@" in text:
        # Only a line holding an ``@`` can hold credentials, and no token crosses a line (each line break is
        # white space): a run record of 1,000 tokens and 13 ``@`` called _scrub_token 1,000 times, 1.5 ms a write.
        lines = text.split("\n")
        text = "\n".join(_TOKEN.sub(_scrub_token, line) if "@" in line else line for line in lines)
    if "=" in text:
        text = _QUERY_SECRET.sub(r"\1***", text)
    return text


def redact(text: str) -> str:
    """``text`` with every whole-token occurrence of a registered secret replaced by ``***``, and
    the credentials in any URL or registry name."""
    if not text:
        return text
    text = _scrub_credentials(text)
    pattern = _pattern()
    if pattern is None:
        return text
    spans = [m.span() for m in _PROTECTED.finditer(text)]
    if not spans:
        return pattern.sub("***", text)
    starts = [a for a, _ in spans]

    def replace(match: re.Match[str]) -> str:
        i = bisect.bisect_right(starts, match.start()) - 1
        inside = i >= 0 and match.end() <= spans[i][1]
        return match.group(0) if inside else "***"

    return pattern.sub(replace, text)


def redact_data(data: Any) -> Any:
    """A JSON-like value with every string in it redacted (for files the tool writes)."""
    if isinstance(data, str):
        return redact(data)
    if isinstance(data, dict):
        return {redact(str(k)) if isinstance(k, str) else k: redact_data(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [redact_data(v) for v in data]
    return data


def quoted(value: Any, limit: int = 60) -> str:
    """A value for a message: its repr in ASCII, at most ``limit`` characters, secrets redacted first (a
    cut never leaves half a password the redaction no longer sees).  A tag or a field of 50,000
    characters is not echoed whole, and a look-alike (a Cyrillic a in ``active``) shows as
    ``'\\u0430ctive'``, not as the word the line asks for."""
    text = ascii(redact_data(value))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shell_word(value: object) -> str:
    """``value`` as one word of a command printed for a person to paste: shell-quoted (a folder named
    ``my fork`` split in two, a quote ended the word), and a relative path with a leading dash as
    ``./-x``, which no option parser takes for an option."""
    import shlex

    text = str(value)
    if text.startswith("-") and not isinstance(value, str):  # a Path: a flag-looking relative one
        text = "./" + text
    if _CONTROL.search(text):
        return _ansi_c(text)
    return shlex.quote(text)


def _ansi_c(text: str) -> str:
    """A word holding a control character or bytes that are not UTF-8 as ``$'...'`` (bash, zsh, ksh and
    POSIX.1-2024 sh), the quoting whose escapes the shell turns back into those bytes: inside ``'...'``,
    the escapes every printed line gets (``'my\\nfork/fork'``) pasted as a folder of other characters."""
    body = text.replace("\\", "\\\\").replace("'", "\\'")
    return "$'" + _CONTROL.sub(_ansi_c_char, body) + "'"


def _ansi_c_char(match: re.Match[str]) -> str:
    """As ``printable`` escapes, but a character past ASCII as ``\\u`` (``\\x9b`` is the byte 0x9b to the
    shell, not U+009B, which UTF-8 spells in two)."""
    code = ord(match.group(0))
    if code < 0x80 or 0xDC80 <= code <= 0xDCFF:
        return _escape_char(match)
    return f"\\u{code:04x}"


# Control characters (C0, DEL, C1, the Unicode line and bidi controls) in a file name or message
# must not reach a terminal, a Markdown table or an XML file raw: an ESC can rewrite the terminal,
# a newline forges a row, and XML 1.0 forbids most of them outright.  So it does U+FFFE and U+FFFF, two
# noncharacters: a file named with one made the JUnit report no XML at all (every parser refused it).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")


def printable(text: str) -> str:
    """``text`` with control characters as ``\\n``/``\\xNN`` escapes and undecodable bytes as ``\\xNN``."""
    return _CONTROL.sub(_escape_char, text)


def _escape_char(match: re.Match[str]) -> str:
    char = match.group(0)
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char)
    if named:
        return named
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (os.fsdecode's surrogate escape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


# -- the handler -----------------------------------------------------------------------------
def format_error(error: AeonError) -> str:
    line = f"error: {_shortened(printable(redact(error.message)))}"  # no raw control characters
    hint = error.hint or error.default_hint
    if hint:
        line += f" (hint: {_shortened(printable(redact(hint)))})"
    return line


# A message names files, folders and values whole where ``quoted`` does not cut them: a path from the environment
# (``AEON_SIGNING_KEY`` of 100,000 characters) made a line of 100,091.  Its middle is left out; its end, which says
# what went wrong, stays.
_MOST_MESSAGE = 1000


def _shortened(text: str) -> str:
    if len(text) <= _MOST_MESSAGE:
        return text
    return f"{text[:600]}...[{len(text) - _MOST_MESSAGE} characters]...{text[-(_MOST_MESSAGE - 600) :]}"


class Terminated(KeyboardInterrupt):
    """SIGTERM (a cancelled CI job, ``kill``, ``docker stop``) or SIGHUP (the terminal closed, an ssh session
    dropped): the run stops as on Ctrl-C (the git or hook it waits for stopped too, the state as the last
    item left it) and says so, instead of vanishing."""


# What each stopping signal is called in the run's last line; its exit code is 128 + its number.
_STOPPING = {signal.SIGTERM: "terminated (SIGTERM)", signal.SIGHUP: "hung up (SIGHUP)"}


RUN_STANDS = "run `aeon-release status` to see where the run stands"


def stopped_by(signum: int | None) -> tuple[str, int]:
    """What the run's last line calls the signal that stopped it (None: Ctrl-C), and the exit code it leaves."""
    if signum is None:
        return "interrupted", 130
    return _STOPPING.get(signal.Signals(signum), "terminated"), 128 + signum


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """Within: SIGTERM and SIGHUP raise Terminated in the main thread (the handlers before are put back
    after).  Python's default for SIGHUP is the system's, death on the spot: a hangup left the hook or the
    git the run waited for running on its own (in a session of its own, no terminal stops it) and the run's
    scratch index behind.  A SIGHUP that is ignored (``nohup``) stays ignored."""
    befores: dict[int, Any] = {}
    try:
        for number in _STOPPING:
            if number == signal.SIGHUP and signal.getsignal(number) == signal.SIG_IGN:
                continue
            befores[number] = signal.signal(number, _terminated)
    except ValueError:  # not the main thread: Python lets only that one handle signals
        yield
        return
    try:
        yield
    finally:
        for held, before in befores.items():
            signal.signal(held, before)


@contextlib.contextmanager
def uninterrupted() -> Iterator[None]:
    """Within: Ctrl-C, SIGTERM and SIGHUP wait for the block to end, then stop the run as they would have.  For two
    short steps that must not be parted (a registry's tag moved, then recorded).  A block that fails drops them: the
    run ends on its error anyway."""
    if threading.current_thread() is not threading.main_thread():
        yield  # Python runs handlers in the main thread only
        return
    pending: list[int] = []
    befores = {number: signal.getsignal(number) for number in (signal.SIGINT, *_STOPPING)}
    held = {number: handler for number, handler in befores.items() if callable(handler)}
    for number in held:
        signal.signal(number, lambda signum, _frame: pending.append(signum))
    try:
        yield
    finally:
        for number, handler in held.items():
            signal.signal(number, handler)
    for signum in pending:
        signal.raise_signal(signum)


_TERM_SEEN: list[int] = []


def _terminated(signum: int, frame: object) -> None:
    _TERM_SEEN.append(signum)
    raise Terminated


_WHERE_STOPPED: list[tuple[str, str]] = []  # what a stop leaves and what to do then (stop_leaves)


def stop_leaves(leaves: str | None, then: str = "") -> None:
    """What a run stopped from here on by Ctrl-C or a signal leaves, and what to do then, for its last line (None:
    the command's own words again).  The command line knows only the command: ``release`` and ``publish`` said
    "run `aeon-release status`", which shows merge runs, while the release had stopped in its build or its
    publish (with `:latest` moved or not); the work under way knows."""
    _WHERE_STOPPED[:] = [(leaves, then)] if leaves else []


def stopped_leaving() -> str | None:
    """What the work under way last said a stop would leave (without what to do then), or None."""
    return _WHERE_STOPPED[0][0] if _WHERE_STOPPED else None


def where_stopped() -> str | None:
    """What a stop leaves and what to do then, as the work under way last said it (stop_leaves), or None."""
    if not _WHERE_STOPPED:
        return None
    leaves, then = _WHERE_STOPPED[0]
    return f"{leaves}; {then}" if then else leaves


@contextlib.contextmanager
def error_handler(after_a_stop: str = RUN_STANDS) -> Iterator[None]:
    """Turn expected failures into one line and an exit code; bugs into a scrubbed traceback.  A run stopped
    by Ctrl-C or a stopping signal says so, then ``after_a_stop``: where to look, or what to do (or what the
    work under way said a stop leaves: stop_leaves)."""
    stop_leaves(None)  # a run of its own (the tests run many in one process)
    try:
        yield
    except AeonError as error:
        for each in error.errors if isinstance(error, Refusals) else ():
            _say(format_error(each))
        _say(format_error(error))
        raise SystemExit(int(error.exit_code)) from None
    except KeyboardInterrupt:
        # click turns the exception into its Abort and typer into exit 130: the signal is remembered
        said, code = stopped_by(_TERM_SEEN[0] if _TERM_SEEN else None)
        _say(f"{said}: {printable(redact(where_stopped() or after_a_stop))}")
        raise SystemExit(code) from None
    except (SystemExit, GeneratorExit):
        raise
    except OSError as error:
        _machine(error)
    except Exception as error:  # noqa: BLE001 - the one place that catches everything
        loop = symlink_loop(error)
        if loop is not None:
            _machine(loop)
        if not out_of_memory(error):
            _crash(error)
        _say(
            format_error(
                AeonError(f"out of memory: {printable(str(error) or type(error).__name__)[:120]}", MEMORY_HINT)
            )
        )
        raise SystemExit(int(ExitCode.BAD_INPUT)) from None


def _machine(error: OSError) -> NoReturn:
    """An OSError: the environment's (one line, exit 2) or a bug's (the traceback)."""
    expected = _no_current_folder(error) or environment_error(error)
    if expected is None:
        _crash(error)
    # no file named: a write to stdout (the only stream with no name here), unless out of descriptors
    if error.filename is None and error.errno not in _NO_PLACE:
        _quiet_stdout()
    _say(format_error(expected))
    raise SystemExit(int(expected.exit_code)) from None


def _no_current_folder(error: OSError) -> AeonError | None:
    """The folder the shell is in was deleted (or moved) since it went there: ``os.getcwd()`` raises ENOENT
    naming no file, which read as a write to stdout ("output: No such file or directory", a hint about
    PATH) and sent the rest of stdout to /dev/null; a relative path there is missing too (``keygen k``).
    None while the current folder is there."""
    named = error.filename
    if error.errno != errno.ENOENT or (isinstance(named, (str, bytes)) and os.path.isabs(named)):
        return None
    try:
        os.getcwd()
    except FileNotFoundError:
        return AeonError(
            "the current folder no longer exists (deleted or moved since the shell went there)",
            "cd to a folder that exists, or give every path absolute, and run the command again",
        )
    return None


MEMORY_HINT = "an address-space limit (ulimit -v) or a full machine stopped it: raise the limit or free memory"


def symlink_loop(error: BaseException) -> OSError | None:
    """Python's ``Path.resolve()`` (3.10 to 3.12) reports a symbolic link loop as ``RuntimeError("Symlink loop
    from '/x'")``, not as the OSError (ELOOP) every other call on that path raises: ``--output loop`` and
    ``init --config loop`` were a traceback.  That error as the OSError it is, naming the path; None for
    anything else."""
    text = str(error)
    if not isinstance(error, RuntimeError) or not text.startswith(_LOOP_FROM):
        return None
    name = text.removeprefix(_LOOP_FROM)
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "'\"":
        name = name[1:-1]  # the repr's quotes; an escape in it stays as the repr wrote it
    return OSError(errno.ELOOP, os.strerror(errno.ELOOP), name)


_LOOP_FROM = "Symlink loop from "


def out_of_memory(error: BaseException) -> bool:
    """What the machine's memory limit, not the tool, got wrong: Python's MemoryError, a thread whose
    stack could not be mapped, an extension module that could not be mapped in (``ulimit -v``)."""
    text = str(error)
    return (
        isinstance(error, MemoryError)
        or (isinstance(error, RuntimeError) and text == "can't start new thread")
        or (isinstance(error, ImportError) and ("failed to map segment" in text or "cannot allocate memory" in text))
    )


def _crash(error: BaseException) -> NoReturn:
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    _say(redact(text))
    _say("aeon-release crashed: this is a bug, please report it with the trace above\n")
    raise SystemExit(int(ExitCode.BUG)) from None


def _say(text: str) -> None:
    """stderr, unless it cannot be written either (a closed or full stderr): then nothing more can be said."""
    try:
        sys.stderr.write(text if text.endswith("\n") else text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        _to_devnull(2)  # or Python's flush at exit fails on it again (exit 120)


# What the machine, not the tool, got wrong: a full disk, a read-only or unreadable place, a file
# where a folder must be, a closed pipe, a program that is not installed.  One line, exit 2.
_ENVIRONMENT_HINTS = {
    errno.ENOSPC: "free some disk space and run the command again",
    errno.EDQUOT: "free some disk space and run the command again",
    errno.EFBIG: "a file-size limit (`ulimit -f`) or a full disk stopped the write: raise it or free space",
    errno.EROFS: "the file system is read-only: run the command where it can write",
    errno.EACCES: "check the permissions of that path",
    errno.EPERM: "check the permissions of that path",
    errno.EEXIST: "something else is in the way at that path: move it aside",
    errno.ENOTDIR: "a part of that path is a file where a folder must be: move it aside",
    errno.EISDIR: "a folder is where a file must be: move it aside",
    errno.ELOOP: "that path is a symlink loop: point the link at a real file or folder, or name another path",
    errno.ENAMETOOLONG: "use a shorter path",
    errno.EMFILE: "raise the open-file limit (ulimit -n)",
    errno.ENFILE: "raise the open-file limit (ulimit -n)",
    errno.ENOENT: "check that it exists (a program such as git must be on PATH)",
    errno.EPIPE: "the reader of the output went away before it was all written",
}


# The faults of the disk itself: any path on it would fail the same way.
DISK_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})


def environment_hint(error: OSError) -> str | None:
    """The hint for an OSError the environment caused, or None."""
    return _ENVIRONMENT_HINTS.get(error.errno or 0)


def environment_error(error: OSError) -> AeonError | None:
    """An OSError the environment caused, as an error line; None for anything else (a bug)."""
    hint = environment_hint(error)
    if hint is None:
        return None
    reason = error.strerror or type(error).__name__
    if error.filename is None and error.errno in _NO_PLACE:
        return AeonError(reason, hint)
    where = error.filename if error.filename is not None else "output"
    return AeonError(f"{printable(str(where))[:200]}: {reason}", hint)


# Out of file descriptors: a pipe, a socket or a subprocess could not be made (no file named, and not the output).
_NO_PLACE = frozenset({errno.EMFILE, errno.ENFILE})


def standard_streams() -> None:
    """A standard stream that was closed when the tool started (``>&-``, ``<&-``) is None in Python:
    it reads as empty and writes nowhere instead, so that the output-less run still ends with its
    exit code and stdin-fed passwords read as missing."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - for the life of the process
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    for stream, wrong in ((sys.stdin, os.O_WRONLY), (sys.stdout, os.O_RDONLY), (sys.stderr, os.O_RDONLY)):
        _null_if_one_way(stream, wrong)
    _reader_may_leave()
    for stream in (sys.stdout, sys.stderr):
        _replace_unencodable(stream)


def _null_if_one_way(stream: Any, wrong: int) -> None:
    """A standard stream open the wrong way is the null device from here on, for this process and the programs
    it starts.  ``2>&-`` on a command run through a shell script (a pyenv shim, a wrapper) left stderr the script
    itself, open for reading: the first line said was an EBADF and the run a crash, exit 3 (a failed gate's 1
    and a dry run's 0 alike)."""
    try:
        fd = stream.fileno()
        readable_writable = fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE
    except (OSError, ValueError):  # a stream with no descriptor (a test's StringIO), or one closed since
        return
    if readable_writable == wrong:
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, fd)
        os.close(null)


class _ReaderMayLeave(io.RawIOBase):
    """stdout's (or stderr's) descriptor when it is a pipe or a socket, written as the system takes it, until the reader goes
    away (EPIPE): then the rest of the output goes to the null device, for this process and the programs it
    starts, and the command goes on to its own end and exit code.  ``merge v0.29.0 | head -1`` made the branch,
    then failed on its next line ("output: Broken pipe", exit 2: "nothing was changed", with the branch there);
    a command stopped half-way by its own report would be worse.  As git's ``git log | head -1``, nothing is
    said: the reader left on purpose.  Unlike git, which dies of SIGPIPE (exit 141, a failure under ``set -o
    pipefail``), the exit code is the command's: 0 done, 1 findings, 2 refused."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return False  # a pipe or a socket

    def write(self, data: Any) -> int | None:
        try:
            return os.write(self._fd, data)
        except BlockingIOError:  # a non-blocking pipe that is full: as io.FileIO answers, nothing written yet
            return None
        except BrokenPipeError:
            _to_devnull(self._fd)
            return len(data)


def _reader_may_leave() -> None:
    """stdout and stderr on a pipe or a socket are each a _ReaderMayLeave (once: the entry and ``main`` both call
    this).  stderr too: ``2>&1 | head -1``, a log collector that died, ``2> >(head -1)``: the first progress line
    after the reader left was an EPIPE, and ``merge`` made its branch and exited 2, ``merge --dry-run`` printed no
    plan, ``audit --format json`` exited 2 after its report."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        try:
            fd = stream.fileno()
            mode = os.fstat(fd).st_mode
        except (OSError, ValueError, AttributeError):  # a test's StringIO, a closed stream
            continue
        buffer = getattr(stream, "buffer", None)
        if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)) or isinstance(
            getattr(buffer, "raw", None), _ReaderMayLeave
        ):
            continue
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
        setattr(
            sys,
            name,
            io.TextIOWrapper(
                io.BufferedWriter(_ReaderMayLeave(fd)),
                encoding=stream.encoding,
                errors=stream.errors,
                line_buffering=bool(stream.line_buffering),
                write_through=getattr(stream, "write_through", False),
            ),
        )


def _replace_unencodable(stream: Any) -> None:
    """A stream whose encoding cannot hold every character (PYTHONIOENCODING=ascii, a latin-1 locale)
    writes ``\\xfc`` for an ``ü`` in a file name or a table's ``┏``, as Python's stderr does, instead of
    failing the report half-way with a UnicodeEncodeError.

    Under the C or POSIX locale (a container, CI) Python's stdout is UTF-8 with surrogateescape: the
    bytes of a file name that is not UTF-8 go out as they came, but a lone surrogate of any other
    kind (``"\\ud800"`` in a JSON run record) was a UnicodeEncodeError half-way through the notes."""
    reconfigure = getattr(stream, "reconfigure", None)
    errors = getattr(stream, "errors", None)
    if reconfigure is not None and errors in ("strict", "surrogateescape"):
        with contextlib.suppress(ValueError, OSError):  # a detached or closed stream stays as it is
            reconfigure(errors="backslashreplace" if errors == "strict" else ESCAPE_OR_PASS)


ESCAPE_OR_PASS = "aeon-release-escape"


def _escape_or_pass(error: UnicodeError) -> tuple[str | bytes, int]:
    """surrogateescape's byte for a byte that was not UTF-8, backslashreplace's escape for the rest."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    chunk = error.object[error.start : error.end]
    if all(0xDC80 <= ord(char) <= 0xDCFF for char in chunk):
        return bytes(ord(char) - 0xDC00 for char in chunk), error.end
    return codecs.backslashreplace_errors(error)


codecs.register_error(ESCAPE_OR_PASS, _escape_or_pass)


def _quiet_stdout() -> None:
    """A closed pipe or a full disk on stdout would fail again when Python flushes it at exit
    (a second message and exit 120): what is left of the output goes nowhere instead."""
    _to_devnull(1)


def _to_devnull(fd: int) -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except OSError:
        pass
