"""The error tree, exit codes and the one error handler.

Expected failures (bad input, a conflict that needs a human) print one line and a hint and
exit non-zero without a traceback.  Anything else is a bug: it prints a traceback, with every
registered secret scrubbed from it (modelled on pre-commit's ``error_handler.py``).
"""
from __future__ import annotations

import contextlib
import enum
import sys
import traceback
from collections.abc import Iterator


class ExitCode(enum.IntEnum):
    OK = 0
    NEEDS_HUMAN = 1  # conflicts, audit findings, an alarm: a person must look
    BAD_INPUT = 2  # bad input or usage, or an unreachable service; nothing was changed
    BUG = 3


class AeonError(Exception):
    """An expected failure: one line, a hint, an exit code."""

    exit_code: ExitCode = ExitCode.BAD_INPUT

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class UsageError(AeonError):
    """Bad arguments: a malformed tag name, options that do not go together."""


class ConfigError(AeonError):
    """A ledger, rule or release file that does not validate; the message names the place."""


class GitError(AeonError):
    """A git object that does not exist, or a git command that failed on bad input."""


class StateError(AeonError):
    """A run in a state that does not allow the requested action."""


class ServiceError(AeonError):
    """A service (Docker engine, registry, metrics endpoint) that is down or refuses us."""


class NeedsHuman(AeonError):
    """Work stopped for a person: conflicts, error-level audit findings, an alarm."""

    exit_code = ExitCode.NEEDS_HUMAN


# -- secrets ---------------------------------------------------------------------------------
_SECRETS: set[str] = set()


def register_secret(value: str | None) -> None:
    """Remember a secret so that every message and traceback is scrubbed of it."""
    if value and len(value) >= 3:
        _SECRETS.add(value)


def redact(text: str) -> str:
    for secret in sorted(_SECRETS, key=len, reverse=True):
        text = text.replace(secret, "***")
    return text


# -- the handler -----------------------------------------------------------------------------
def format_error(error: AeonError) -> str:
    line = f"error: {error.message}"
    if error.hint:
        line += f" (hint: {error.hint})"
    return redact(line)


@contextlib.contextmanager
def error_handler() -> Iterator[None]:
    """Turn expected failures into one line and an exit code; bugs into a scrubbed traceback."""
    try:
        yield
    except AeonError as error:
        sys.stderr.write(format_error(error) + "\n")
        raise SystemExit(int(error.exit_code)) from None
    except KeyboardInterrupt:
        sys.stderr.write("interrupted: run `aeon-release status` to see where the run stands\n")
        raise SystemExit(130) from None
    except (SystemExit, GeneratorExit):
        raise
    except Exception as error:  # noqa: BLE001 - the one place that catches everything
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        sys.stderr.write(redact(text))
        sys.stderr.write("aeon-release crashed: this is a bug, please report it with the trace above\n")
        raise SystemExit(int(ExitCode.BUG)) from None
