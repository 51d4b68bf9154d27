"""Message tests: a fork handler tests a caught exception's text for words upstream's messages no longer hold.

#22144 (bd3db7f469) reworded ``ensure_model_parallel_initialized``'s assertion from ``"tensor parallel group
already initialized, but of unexpected size: ..."`` to ``"... but of unexpected size. got: ..."``.  A fork's
``except AssertionError as e: if "already initialized, but of unexpected size:" in str(e): return False`` (a
relaunch that rebuilds groups of another size) merges cleanly; the test is never true again and the fork's
``raise`` after it fires instead of its fallback.  No name moved and no kind changed: only the words.

The fork's side, on lines it owns: a handler ``except K as e`` of a ``try`` whose body calls a function imported
by name (or off an imported module), whose body tests ``"words" in str(e)`` (``not in``, ``e.args[0]``,
``str(e).startswith(...)``/``.endswith(...)``).  Upstream's side: that function's def, in a file upstream changed,
whose own ``raise``/``assert`` messages held the words at the base, and no ``raise``/``assert`` message of the
file holds them at upstream (a formatted value never joins two literal parts: the words must sit in one).  An
error: the test fails wherever the function's own refusal is what was caught.  Quiet: words a message still holds
(anywhere in the file; since review125 any string literal of the file, a message moved into a local or a
constant), words the base's def did not say, a function of the fork's own.

killers230 (blind_replay_marlinfp4): a test that *expects* the raise with a pattern of its text -- ``with
pytest.raises(K, match="...")`` or ``with self.assertRaisesRegex(K, "...")`` around such a call -- is the same
test of the words (#46236, 00ebf19cca, reworded ``verify_marlin_supports_shape``'s "input_size_per_partition =
N is not divisible by group_size = G" into ``f"{input_size_per_partition=}"``-style text).  The pattern is read
as its longest run of literal text (an escaped punctuation mark read as itself; a class, ``.``, an anchor or an escape class
ends a run, a ``?``/``*``/``{`` takes its character back; a ``|`` or a group is not read); an error when no
message could hold that run, as the test fails whether the call raises or not.  Words may span a formatted
value: a message's ``{x}`` holds a value's text (a word of up to 64 characters, or a quoted or bracketed display;
the words mostly the message's own text, never values alone), on both sides -- the base's message must hold the words so, and
upstream's holds them when any message or string of the file could, or a string of the module a ``from M
import f`` names where ``f`` is a call the def makes now and did not (the raise moved into another module's
helper, as #46236's into ``verify_group_size_divides_partition``: words it kept stay quiet).

review137 (benchmarks/review137_twins.py): that helper's module is opened on the words' longest word, as a
message split over implicitly joined f-strings holds no run of them in its raw text; and ``"a" in str(e) or "b"
in str(e)`` (``not in``s joined by ``and``) is a test either spelling passes: an error only where upstream says
none.  A pattern's ``?`` after a literal character keeps the run going, the character optional: the run is read
each way (``"colou?r scale"``: "colour scale", "color scale"), said at the base when any way is, and still said
when any way is.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import Callee, Scope, resolve, scope_of
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, Versions, parsed_texts
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parse_python, str_value

_TESTED = lazy_pattern(
    r"""["'][^"'\n]{4,}["']\s+(?:not\s+)?in\s+(?:str\(\w+\)|\w+\.args\[0\])|str\(\w+\)\.(?:start|end)swith\("""
    r"""|\bmatch\s*=\s*[rR]?["']|\bassertRaisesRegexp?\("""
)
# what a formatted value of a message stands for: a word of up to 64 characters, or a quoted or bracketed display
_VALUE = r"""(?:\S{0,64}|[\[({'"][^\n]{0,62}[\])}'"])"""
_CLASS_ESCAPES = frozenset("dDsSwWbBAZ0123456789")
_MOST_FILES = 16
_OPTIONAL = "\x01"  # review137: marks the character before it in a pattern's literal run as optional
_MOST_OPTIONAL = 4
_HOLE = "\x00"  # a formatted value's place in a message: no words span it


@dataclass(frozen=True)
class Test:
    """A fork-owned test at ``line`` of ``path`` for ``words`` in the text of what calling ``name`` (from
    ``module``) raised."""

    path: str
    line: int
    name: str
    module: str
    words: str
    others: tuple[str, ...] = ()  # review137: words an ``or`` beside the test accepts instead


def message_test_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork tests of a caught exception's text for words upstream's messages of the called def no longer hold."""
    tests = [t for path, module, owned in fork_modules(trees, _TESTED.search) for t in _tests(path, module, owned)]
    if not tests:
        return []
    files = _changed_homes(trees, tests)
    if not files:
        return []
    findings: list[Finding] = []
    for both in parsed_texts(trees, sorted(files)):
        for test in files[both.path]:
            said = [m for d in _defs(both.old, test.name) for m in _messages(d)]
            if any(_holds(m, w) for m in said for w in (test.words, *test.others)) and _defs(both.new, test.name):
                if not any(_still_said(trees, both, test, words) for words in (test.words, *test.others)):
                    findings.append(_finding(trees, test, both.path, pr_pattern))
    return findings


def _still_said(trees: ThreeTrees, both: Versions, test: Test, words: str) -> bool:
    """Upstream's file (a message, any string literal) or a helper the def newly calls from another module could
    still say ``words``."""
    if any(_holds(m, words) for m in _messages(both.new)) or _literal_holds(both.new, words):
        return True
    return _moved_holds(trees, both, test, words)


def _tests(path: str, module: ast.Module, owned: set[int]) -> Iterator[Test]:
    """Each owned message test in a named handler of a ``try`` whose body calls an imported function."""
    scope = scope_of(module)
    for node in ast.walk(module):
        if not isinstance(node, ast.Try):
            continue
        callees = [
            c
            for n in ast.walk(ast.Module(body=node.body, type_ignores=[]))
            if isinstance(n, ast.Call) and (c := resolve(n.func, scope, None)) is not None and (c.source or c.module)
        ]
        for handler in (h for h in node.handlers if h.name):
            for line, words, others in _words(handler, handler.name or ""):
                if line in owned:
                    yield from (Test(path, line, c.name, c.source or c.module or "", words, others) for c in callees)
    yield from _expecting(path, module, owned, scope)


def _expecting(path: str, module: ast.Module, owned: set[int], scope: Scope) -> Iterator[Test]:
    """killers230: each owned ``with pytest.raises(K, match=...)`` / ``with self.assertRaisesRegex(K, ...)``
    whose body calls an imported function: a test of the raised text for the pattern's literal words."""
    for node in ast.walk(module):
        if not isinstance(node, ast.With | ast.AsyncWith):
            continue
        for item in node.items:
            call = item.context_expr
            if isinstance(call, ast.Call) and call.lineno in owned and (variants := _pattern_words(call)):
                words, *others = variants
                for callee in _callees(node.body, scope):
                    home = callee.source or callee.module or ""
                    yield Test(path, call.lineno, callee.name, home, words, tuple(others))


def _callees(body: list[ast.stmt], scope: Scope) -> list[Callee]:
    """The imported functions a block calls (by name or off an imported module)."""
    return [
        c
        for n in ast.walk(ast.Module(body=body, type_ignores=[]))
        if isinstance(n, ast.Call) and (c := resolve(n.func, scope, None)) is not None and (c.source or c.module)
    ]


def _pattern_words(call: ast.Call) -> tuple[str, ...] | None:
    """The texts (4 characters or more) an expecting call's pattern must match literally: its literal run read
    with the characters a ``?`` makes optional, each way (review137), the one whose shortest way is longest."""
    name = last_name(call.func)
    pattern = None
    if name == "raises":
        pattern = next((str_value(k.value) for k in call.keywords if k.arg == "match"), None)
    elif name in ("assertRaisesRegex", "assertRaisesRegexp") and len(call.args) > 1:
        pattern = str_value(call.args[1])
    if pattern is None or "|" in pattern or "(" in pattern.replace("\\(", ""):
        return None
    ways = max((_ways(run) for run in _literal_runs(pattern)), key=lambda w: min(map(len, w)), default=("",))
    return ways if min(map(len, ways)) >= 4 else None


def _ways(run: str) -> tuple[str, ...]:
    """Each text a run whose ``_OPTIONAL``-marked characters may be absent spells (at most ``_MOST_OPTIONAL`` of
    them; past that, the run up to the first)."""
    marks = run.count(_OPTIONAL)
    if marks > _MOST_OPTIONAL:
        return (run.split(_OPTIONAL, 1)[0][:-1],)
    ways = [""]
    for i, char in enumerate(run):
        if char == _OPTIONAL:
            continue
        if run[i + 1 : i + 2] == _OPTIONAL:
            ways = [w + c for w in ways for c in ("", char)]
        else:
            ways = [w + char for w in ways]
    return tuple(sorted(set(ways), key=len, reverse=True))


def _past(pattern: str, i: int) -> int:
    """Where the metacharacter at ``i`` ends: past its escape class, its ``[...]`` or its ``{...}``."""
    close = {"[": "]", "{": "}"}.get(pattern[i])
    if close is not None:
        end = pattern.find(close, i + 2 if close == "]" else i)
        return len(pattern) if end < 0 else end + 1
    return i + (2 if pattern[i] == "\\" else 1)


def _literal_runs(pattern: str) -> list[str]:
    """The runs of text a regular expression (no group, no alternation) must match literally."""
    runs, run, i = [], "", 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\" and i + 1 < len(pattern) and pattern[i + 1] not in _CLASS_ESCAPES:
            run += pattern[i + 1]
            i += 2
            continue
        if char == "?" and run and run[-1] != _OPTIONAL and pattern[i + 1 : i + 2] not in ("?", "+"):
            run += _OPTIONAL  # review137: the character before may be absent, and the run goes on
            i += 1
            continue
        if char in "?*{":
            run = run[:-1] if run[-1:] != _OPTIONAL else run[:-2]  # the character before may be absent
        if char in "\\.^$[]?*{}+":
            runs.append(run)
            run = ""
            i = _past(pattern, i)
            continue
        run += char
        i += 1
    return [*runs, run]


def _words(handler: ast.ExceptHandler, name: str) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """(line, words, the words an ``or`` beside it accepts instead) of ``"w" in str(e)``, ``"w" in e.args[0]``,
    ``str(e).startswith("w")`` in the handler."""
    nodes = [n for stmt in handler.body for n in ast.walk(stmt)]
    found = {id(node): (line, words) for node in nodes for line, words in _word_test(node, name)}
    # review137: ``"a" in str(e) or "b" in str(e)`` (or ``"a" not in str(e) and "b" not in str(e)``) is a test
    # that either spelling passes
    either: dict[int, list[str]] = {}
    skipped: set[int] = set()
    for node in (n for n in nodes if isinstance(n, ast.BoolOp)):
        tests = [v for v in node.values if id(v) in found]
        if len(tests) > 1 and all(_negated(v) == isinstance(node.op, ast.And) for v in tests):
            either[id(tests[0])] = [found[id(v)][1] for v in tests[1:]]
            skipped.update(id(v) for v in tests[1:])  # one test of the text, whichever spelling it says
    for key, (line, words) in found.items():
        if key not in skipped:
            yield line, words, tuple(either.get(key, ()))


def _negated(node: ast.expr) -> bool:
    return isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.NotIn)


def _word_test(node: ast.AST, name: str) -> Iterator[tuple[int, str]]:
    """(line, words) of ``node`` when it tests the caught exception's text."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn):
        left = node.left
        if isinstance(left, ast.Constant) and isinstance(left.value, str) and _text_of(node.comparators[0], name):
            yield node.lineno, left.value
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
        first = node.args[0]
        if node.func.attr in ("startswith", "endswith") and _text_of(node.func.value, name):
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield node.lineno, first.value


def _text_of(node: ast.expr, name: str) -> bool:
    """``str(e)`` or ``e.args[0]``: the caught exception's text."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" and node.args:
        return isinstance(node.args[0], ast.Name) and node.args[0].id == name
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "args"
        and isinstance(node.value.value, ast.Name)
        and node.value.value.id == name
    )


def _changed_homes(trees: ThreeTrees, tests: list[Test]) -> dict[str, list[Test]]:
    """Upstream's changed file holding each called function's module (``a/b.py``, ``a/b/__init__.py``), for the
    tests whose words a line of its diff holds."""
    found: dict[str, list[Test]] = {}
    for test in tests:
        base = test.module.replace(".", "/")
        for path in (f"{base}.py", f"{base}/__init__.py"):
            if (
                path in trees.upstream
                and any(_fragment(words) in trees.upstream.raw(path) for words in (test.words, *test.others))
                and len(found) < _MOST_FILES
            ):
                found.setdefault(path, []).append(test)
    return found


def _defs(module: ast.Module, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in module.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name]


def _messages(node: ast.AST) -> list[str]:
    """The texts of the ``raise X(msg)`` / ``assert t, msg`` messages under ``node`` (a formatted value a hole)."""
    found: list[str] = []
    for n in ast.walk(node):
        message = n.msg if isinstance(n, ast.Assert) else None
        if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call) and n.exc.args:
            message = n.exc.args[0]
        if message is not None:
            found.append(_joined(message))
    return found


def _literal_holds(module: ast.Module, words: str) -> bool:
    """review125: a string literal of upstream's file (an f-string's literal part too) holds the words: a message
    moved into a local or a constant (``msg = f"..."; raise ValueError(msg)``) still says them."""
    return any(
        (isinstance(n, ast.Constant) and isinstance(n.value, str) and words in n.value)
        or (isinstance(n, ast.JoinedStr) and _holds(_joined(n), words))
        for n in ast.walk(module)
    )


def _moved_holds(trees: ThreeTrees, both: Versions, test: Test, words: str) -> bool:
    """killers230: a module a ``from M import f`` of upstream's file names, ``f`` called by the new def and not
    the old (the raise moved into a helper of another module: #46236's ``verify_group_size_divides_partition``),
    holds the words in a string literal at upstream."""
    before = _called_names(_defs(both.old, test.name))
    moved = _called_names(_defs(both.new, test.name)) - before
    imported = {
        alias.asname or alias.name: node.module
        for node in both.new.body
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
        for alias in node.names
    }
    homes = sorted({imported[name].replace(".", "/") for name in moved if name in imported})
    paths = [p for home in homes for p in (f"{home}.py", f"{home}/__init__.py")]
    for path, text in trees.blobs(trees.theirs, paths).items():
        if text and _longest_word(words) in text and (module := parse_python(text, path)) is not None:
            if _literal_holds(module, words):
                return True
    return False


def _longest_word(words: str) -> str:
    """review137: the longest word of ``words`` (no space, no digit): what a file's raw text holds even where the
    message is split over implicitly joined lines (``f"...is not divisible "`` ``f"by {group_size=}"``)."""
    return max(re.split(r"[\s\d]+", words), key=len)


def _called_names(defs: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> set[str]:
    return {n.func.id for d in defs for n in ast.walk(d) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def _fragment(words: str) -> str:
    """The longest piece of ``words`` between digits: the text a message's literal parts must hold."""
    return max(re.split(r"\d+", words), key=len)


def _holds(message: str, words: str) -> bool:
    """killers230: ``message`` (its formatted values holes) could say ``words``: they sit in one literal part, or
    span holes, each standing for a value (``_VALUE``), with at least half of the words the message's own text."""
    parts = message.split(_HOLE)
    if any(words in part for part in parts):
        return True
    hole = _VALUE
    for i in range(len(parts) - 1):
        for j in range(i + 1, len(parts)):
            middle = parts[i + 1 : j]
            pattern = re.compile(hole + "".join(re.escape(p) + hole for p in middle))
            own = sum(map(len, middle))
            for k in (k for k in range(len(words) + 1) if parts[i].endswith(words[:k])):
                for m in (m for m in range(k, len(words) + 1) if parts[j].startswith(words[m:])):
                    if 2 * (k + own + len(words) - m) >= len(words) and pattern.fullmatch(words, k, m):
                        return True
    return False


def _joined(node: ast.expr) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_joined(v) if isinstance(v, ast.Constant) else _HOLE for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _joined(node.left) + _joined(node.right)
    return _HOLE


def _finding(trees: ThreeTrees, test: Test, path: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(path, rf"def {test.name}\b|{test.words[:20]}", pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        test.path,
        test.line,
        f"fork-owned test for {test.words!r} in the text of what {test.name}() raised, but upstream reworded its "
        f"messages ({path}{commit}): none holds those words now, so the test fails where {test.name}'s own refusal "
        f"was caught; test the kind or words upstream still says",
    )
