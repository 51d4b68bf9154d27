"""Whether git 2.39 follows an ``includeIf.<condition>.path``: the pre-flight that looks at every file a config
includes (gitenv) follows the ones git opens and no other.  A FIFO named under a condition that does not hold is
never opened by git, and refusing it stopped a run git would have made; one under a condition that holds held
every git of the run for good.

git's own rules (config.c, ``include_condition``): ``gitdir:`` and ``gitdir/i:`` match the git directory (its
real path, then its absolute one) with wildmatch, a pattern not absolute gets ``**/`` before it, one that ends in
``/`` gets ``**`` after it, ``~/`` is the home folder and ``./`` the folder of the config file that says it;
``onbranch:`` matches the branch HEAD names; ``hasconfig:remote.*.url:`` is followed whatever the remotes are,
since git opens every file such an include names while it collects the remotes' URLs to match; any other
condition is false.  Outside a repository (no git directory) ``gitdir:`` and ``onbranch:`` are false.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from typing import Any

import re2

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False
_OPTIONS.encoding = re2.Options.Encoding.LATIN1  # wildmatch compares bytes, as a path's are
_OPTIONS.max_mem = 8 << 20
_OPTIONS.dot_nl = True  # a path may hold a newline

# git's bracket classes, on ASCII as git's own ctype is
_CLASSES: dict[bytes, Callable[[str], bool]] = {
    b"alnum": str.isalnum,
    b"alpha": str.isalpha,
    b"blank": lambda c: c in " \t",
    b"cntrl": lambda c: ord(c) < 32 or ord(c) == 127,
    b"digit": str.isdigit,
    b"graph": lambda c: 32 < ord(c) < 127,
    b"lower": str.islower,
    b"print": lambda c: 32 <= ord(c) < 127,
    b"punct": lambda c: 32 < ord(c) < 127 and not c.isalnum(),
    b"space": lambda c: c in " \t\n\r\f\v",
    b"upper": str.isupper,
    b"xdigit": lambda c: c in "0123456789abcdefABCDEF",
}


def include_holds(key: str, origin: str, git_dirs: Sequence[str], branches: Sequence[str] = ()) -> bool:
    """Whether git follows the include ``key`` (as git lists it: ``include.path``, ``includeif.COND.path``) of the
    config file ``origin`` ('' for the environment) in a git run on the repository whose git directories (the
    worktree's, then the common one) are ``git_dirs`` and whose HEADs are on ``branches`` (short names; none for
    a detached HEAD), none outside a repository; for any of them."""
    if key == "include.path":
        return True
    section, _, rest = key.partition(".")
    condition, dot, name = rest.rpartition(".")
    if section != "includeif" or not dot or name != "path" or not condition:
        return False  # ``includeif.path``: git reads no condition, so nothing
    kind, colon, pattern = condition.partition(":")
    if condition.startswith("hasconfig:remote.*.url:"):
        return True
    if not colon:
        return False
    if kind in ("gitdir", "gitdir/i"):
        return any(_gitdir_holds(pattern, kind == "gitdir/i", origin, git_dir) for git_dir in git_dirs)
    if kind == "onbranch":
        return any(_onbranch_holds(pattern, branch) for branch in branches)
    return False


def _gitdir_holds(pattern: str, icase: bool, origin: str, git_dir: str) -> bool:
    if pattern.startswith("%(prefix)/"):
        return True  # git's own install folder, which this does not know: followed, as it may hold
    pattern = os.path.expanduser(pattern) if pattern.startswith("~") else pattern
    prefix = 0
    if pattern.startswith("./"):
        if not origin:
            return False  # git: "relative config include conditionals must come from files"
        folder = os.path.dirname(os.path.realpath(origin))
        pattern = folder + pattern[1:]
        prefix = len(folder) + 1
    elif not pattern.startswith("/"):
        pattern = "**/" + pattern
    if pattern.endswith("/"):
        pattern += "**"
    texts = (os.path.realpath(git_dir), os.path.abspath(git_dir))
    return any(_prefixed_match(pattern, text, prefix, icase) for text in texts)


def _prefixed_match(pattern: str, text: str, prefix: int, icase: bool) -> bool:
    """git matches a ``./`` pattern's folder literally (its wildcards are the file system's), the rest by wildmatch."""
    head, rest = os.fsencode(pattern[:prefix]), os.fsencode(pattern[prefix:])
    path = os.fsencode(text)
    if icase:
        head, rest, path = head.lower(), rest.lower(), path.lower()
    return path.startswith(head) and wildmatch(rest, path[len(head) :], icase)


def _onbranch_holds(pattern: str, branch: str) -> bool:
    return wildmatch(os.fsencode(pattern + ("**" if pattern.endswith("/") else "")), os.fsencode(branch))


def wildmatch(pattern: bytes, text: bytes, icase: bool = False) -> bool:
    """git's ``wildmatch(pattern, text, WM_PATHNAME)``: ``*`` and ``?`` and a bracket stop at ``/``, ``**``
    between slashes (or at an end) crosses them and ``**/`` may match no folder; ``\\`` quotes.  On RE2, in time
    linear in the text; a pattern git aborts on (an unclosed bracket, an unknown class) matches nothing."""
    translated = _translated(pattern, icase, len(text))
    if translated is None:
        return False
    compiled = _compiled(translated)
    return compiled is not None and compiled.fullmatch(text) is not None


@functools.lru_cache(maxsize=64)
def _translated(pattern: bytes, icase: bool, most: int) -> bytes | None:
    """The RE2 source of a pattern, None where git aborts or where a text of ``most`` bytes is too short for it."""
    return _regex(pattern, icase, most)


@functools.lru_cache(maxsize=64)
def _compiled(source: bytes) -> Any:
    try:
        return re2.compile(source, _OPTIONS)
    except re2.error:
        return None


def _regex(pattern: bytes, icase: bool, most: int) -> bytes | None:
    """Each part of a pattern but a star matches one byte: past ``most`` of them no text of ``most`` bytes
    matches, and the rest of a pattern of megabytes is neither read nor compiled."""
    out: list[bytes] = []
    width, i = 0, 0
    while i < len(pattern):
        if width > most:
            return None
        char = pattern[i : i + 1]
        if char == b"\\":
            if i + 1 == len(pattern):
                return None  # git compares the text with the pattern's end: no match
            out.append(_literal(pattern[i + 1 : i + 2]))
            i += 2
        elif char == b"*":
            end = i
            while pattern.startswith(b"*", end):
                end += 1
            after = pattern[end : end + 1]
            star = b"[^/]*"  # git reads a ``**`` not between slashes as ``*``
            if end - i > 1 and (i == 0 or pattern[i - 1 : i] == b"/") and after in (b"", b"/"):
                star = b"(?:.*/)?" if after else b".*"  # crosses folders; ``**/`` may match none
                end += len(after)
            if not out or out[-1] != star:  # a run of stars is one (RE2 logs a line for each it coalesces)
                out.append(star)
            i = end
            continue
        elif char == b"?":
            out.append(b"[^/]")
            i += 1
        elif char == b"[":
            found = _bracket(pattern, i + 1, icase)
            if found is None:
                return None
            out.append(found[0])
            i = found[1]
        else:
            out.append(_literal(char))
            i += 1
        width += 1
    return b"".join(out) if width <= most else None


def _bracket(pattern: bytes, i: int, icase: bool) -> tuple[bytes, int] | None:
    """A bracket expression from after its ``[``: the RE2 class of the bytes it matches (never ``/``) and where
    the pattern goes on; None where git aborts the match (no ``]``, an unknown ``[:class:]``)."""
    negated = pattern[i : i + 1] in (b"!", b"^")
    i += negated
    matched: set[int] = set()
    first, close = True, -1
    while first or pattern[i : i + 1] != b"]":
        first = False
        if i >= len(pattern):
            return None
        if pattern.startswith(b"[:", i):
            if close < i + 2:  # git reads a class to the next ``]``, looked for once (not once per ``[:``)
                close = pattern.find(b"]", i + 2)
                if close < 0:
                    return None  # git aborts where no ``]`` follows
            if close > i + 2 and pattern[close - 1 : close] == b":":
                test = _CLASSES.get(pattern[i + 2 : close - 1])
                if test is None:
                    return None
                matched.update(byte for byte in range(128) if test(chr(byte)))
                i = close + 1
                continue
        low, i = _class_char(pattern, i)
        if low is None:
            return None
        high: int | None = low
        if pattern[i : i + 1] == b"-" and pattern[i + 1 : i + 2] not in (b"", b"]"):
            high, i = _class_char(pattern, i + 1)
        if high is None:
            return None
        matched.update(range(low, high + 1))
    if icase:
        matched |= {ord(chr(b).swapcase()) for b in matched if chr(b).isascii() and chr(b).isalpha()}
    chosen = sorted((set(range(256)) - matched if negated else matched) - {ord("/")})
    if not chosen:
        return b"[^\\x00-\\xff]", i + 1
    return b"[" + b"".join(_literal(bytes([byte])) for byte in chosen) + b"]", i + 1


def _class_char(pattern: bytes, i: int) -> tuple[int | None, int]:
    """One character of a bracket (``\\`` quotes the next) and where the bracket goes on."""
    if pattern[i : i + 1] == b"\\":
        i += 1
    if i >= len(pattern):
        return None, i
    return pattern[i], i + 1


def _literal(char: bytes) -> bytes:
    return b"\\x%02x" % char[0]
