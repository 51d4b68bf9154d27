from __future__ import annotations

import sys
import warnings
from collections.abc import Iterator, Mapping
from typing import Any

from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits.kinds.base import Context, Example
from aeon_release.domain.audits.model import Finding, Problem, Rule, Scope, Severity
from aeon_release.domain.audits.source import DEFAULT_MAX_PARSE_BYTES

_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"


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
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> None:
        return None

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        return iter(())  # bulk kind: the runner calls scan() on every file

    def scan(self, path: str, data: bytes, options: Any) -> list[Problem]:
        # options: the run's Settings.  CPython's compiler needs ~250 bytes of memory per source byte.
        cap = getattr(options, "max_parse_bytes", DEFAULT_MAX_PARSE_BYTES)
        if len(data) > cap:
            return [
                (
                    0,
                    f"not compiled: {len(data)} bytes, over the {cap}-byte parse cap (settings.max_parse_bytes)",
                    Severity.WARNING,
                )
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
        return []
