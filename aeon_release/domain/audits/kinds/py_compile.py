from __future__ import annotations

import codecs
import functools
import io
import tokenize
import warnings
from collections.abc import Iterator, Mapping
from typing import Any

from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits.kinds.base import Context, Example
from aeon_release.domain.audits.model import PYTHON as _PYTHON
from aeon_release.domain.audits.model import Finding, Problem, Rule, Scope, Severity
from aeon_release.domain.audits.source import DEFAULT_MAX_PARSE_BYTES, huge_integer


class PyCompile:
    """Every Python file compiles (a SyntaxError with file, line and message), in parallel.

    Files are compiled in memory with the running interpreter (no .pyc is written): the same check
    as ``python -m py_compile`` and the image's import smoke test, hours earlier.
    """

    name: str = "py-compile"
    scope: Scope = Scope.FILE
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    default_paths: tuple[str, ...] | None = ("**/*.py",)
    valid: tuple[Example, ...] = (
        Example({"m.py": "def f(a, b):\n    return a + b\n", "notes.txt": "def (\n"}, {}),
        # an invalid escape only warns (DeprecationWarning, SyntaxWarning from 3.12): it still compiles
        Example({"re_use.py": 'import re\nNUM = re.compile("\\d+")\n'}, {}),
    )
    invalid: tuple[Example, ...] = (
        # the auto-merge in qwen3_dflash.py that duplicated a parameter
        Example({"m.py": "def forward(self, positions, positions, hidden):\n    pass\n"}, {}, (("m.py", 1),)),
        Example({"pkg/n.py": "x = 1\nif x:\nprint(x)\n"}, {}, (("pkg/n.py", 3),)),
        # Python reads `layer_types[0]` here; every other rule reads `layer_types\x5b0\x5d`
        Example({"m.py": "# coding: unicode_escape\nx = layer_types\\x5b0\\x5d\n"}, {}, (("m.py", 1),)),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> None:
        return None

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        return iter(())  # bulk kind: the runner calls scan() on every file

    def scan(self, path: str, data: bytes, options: Any) -> list[Problem]:
        # options: the run's Settings.  CPython's compiler needs ~250 bytes of memory per source byte.
        cap = getattr(options, "max_parse_bytes", DEFAULT_MAX_PARSE_BYTES)
        if len(data) > cap:
            # the coding cookie is read all the same (two lines): padded past the cap, a file under
            # ``# coding: unicode_escape`` carried ``layer_types\x5b0\x5d`` past the pattern rules with a warning
            return [
                (
                    0,
                    f"not compiled: {len(data)} bytes, over the {cap}-byte parse cap (settings.max_parse_bytes)",
                    Severity.WARNING,
                ),
                *_other_text(data),
            ]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # warnings are not compile errors (and not ours to print)
                compile(data, path, "exec", dont_inherit=True)
        except SyntaxError as exc:
            # the grammar is the running interpreter's: a 3.12 f-string is a SyntaxError under 3.11,
            # so the line says which Python judged it (run the audit under the fork's own Python)
            return [(exc.lineno or 0, f"{type(exc).__name__} (Python {_PYTHON}): {exc.msg}")]
        except ValueError as exc:  # NUL bytes in the source
            return [(0, f"cannot compile: {exc}")]
        except RecursionError:
            return [(0, "could not be parsed: too deeply nested")]
        except MemoryError:
            return [(0, "could not be parsed: too large or too deeply nested")]
        huge = huge_integer(None, data)
        if huge is not None:  # it compiles, and every rule that reads it could not say what it holds
            return [(huge.lineno or 0, str(huge.msg))]
        return _other_text(data)


def _other_text(data: bytes) -> list[Problem]:
    """A coding cookie under which Python reads other text than the audit: every rule reads a file as
    UTF-8, and ``# coding: unicode_escape`` (or ``utf-7``, a two-byte encoding) had Python run
    ``layer_types[0]`` and ``t.as_strided(a)`` written as ``layer_types\\x5b0\\x5d`` and
    ``t.as\\x5fstrided(a)``: the file compiled, and no pattern or call rule saw either."""
    try:
        encoding, lines = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:  # an unknown encoding: compile() said so already
        return []
    if _reads_as_utf8(encoding):
        return []
    return [
        (
            len(lines),
            f"declares the source encoding {encoding[:40]!r}, under which Python reads other text than the audit "
            "(it reads UTF-8): write the file in UTF-8",
        )
    ]


@functools.lru_cache(maxsize=64)
def _reads_as_utf8(encoding: str) -> bool:
    """Python reads every ASCII byte under ``encoding`` as the audit does: UTF-8, or a one-byte encoding
    whose lower half is ASCII (latin-1, cp1252: only text in strings and comments differs)."""
    if codecs.lookup(encoding).name in ("utf-8", "utf-8-sig"):
        return True
    # and ASCII is not read as escapes or shifts (unicode_escape's \\x41, utf-7's +AEE-, hz's ~{)
    probe = b"\\x41\\u0041\\101\\n\\N{DIGIT ONE}+AEE-~{~}\x1b$B"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # unicode_escape warns of the escapes it does not know
            text = bytes(range(256)).decode(encoding, "replace")
            read = probe.decode(encoding, "replace")
    except (LookupError, ValueError, TypeError):
        return False
    return len(text) == 256 and text[:128] == bytes(range(128)).decode("ascii") and read == probe.decode("ascii")
