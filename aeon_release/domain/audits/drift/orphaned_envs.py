"""Orphaned environment variables: upstream removed the last code that acted on a variable its registry
still defines; fork code sets it (or reads it) to steer upstream.

A registry of environment variables (``environment_variables = {"APP_PROFILE_DIR": lambda:
os.getenv("APP_PROFILE_DIR"), ...}``) outlives its consumers: #33536 removed the config's fallback that
turned the profiler's variables into its settings and the registry stubs' annotations, yet left the
registry's lambdas.  ``envs.APP_PROFILE_DIR`` still answers, so name drift, which asks that the name be
gone, says nothing; but a fork's ``os.environ["APP_PROFILE_DIR"] = path`` no longer turns anything on.

A variable is orphaned when a line upstream's diff removed outside its tests named it (quoted, or read as
an attribute: ``envs.APP_PROFILE_DIR``) and no added line names it, while upstream's tree still registers
it with a lambda that reads the environment and no Python file outside its tests reads it otherwise: no
attribute read, no quoting but the registry's own key and lambda, a logging call's text, or a
``TYPE_CHECKING`` stub.  The fork's setting of it is an error (the setting is silently ignored); its read
a warning (the value is still there: what upstream did with it is not).  A stub that reads nothing
(#45781) is name drift's own case.
"""

from __future__ import annotations

import ast
import re
from collections import Counter

from aeon_release.domain.audits.source import lazy_pattern, parse_python

# a variable's name, whole: ``APP_PROFILE_DIR``
_ENV_NAME = lazy_pattern(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+")
# where a removed line names the variable without reading it: a registry's key, a stub's annotation, a comment
_NOT_A_CONSUMER = r"""^-\s*(?:#|["']{word}["']\s*:|{word}\s*:)"""
WRITES = frozenset({"setitem", "setdefault"})  # a fork's setting of the variable (an error, not a warning)
# the process environment itself, not a dict keyed by the variable's name (a diagnostics record)
_ENVIRON = ("os.environ[", "os.environ.setdefault(", "environ[", "environ.setdefault(")


def dropped_consumer(lines: list[str], name: str) -> bool:
    """A changed line removed a consumer of variable ``name`` (its quoting or an attribute read of it, not its
    registry entry, stub or a comment) and no changed line added a mention."""
    if not _ENV_NAME.fullmatch(name):
        return False
    word = re.escape(name)
    mention = re.compile(rf"""["']{word}["']|\.{word}\b""")
    not_consumer = re.compile(_NOT_A_CONSUMER.format(word=word))
    if any(line[0] == "+" and name in line for line in lines):
        return False
    return any(line[0] == "-" and mention.search(line) and not not_consumer.match(line) for line in lines)


def orphaned(texts: list[str | None], names: set[str]) -> set[str]:
    """Of ``names``, those ``texts`` (upstream's files that mention one, tests aside) register with a lambda
    that reads the environment and otherwise never read (all read where a text does not parse)."""
    registered: set[str] = set()
    read: set[str] = set()
    for text in texts:
        module = parse_python(text) if text is not None else None
        if module is None:
            return set()
        live, quiet = _registry(module, names)
        registered |= live
        read |= _reads(module, names, quiet)
    return registered - read


def _registry(module: ast.Module, names: set[str]) -> tuple[set[str], set[int]]:
    """The names a dict of the module maps to a lambda quoting the name (the registry reads the environment),
    and the ids of the nodes of those entries (a key and its lambda read nothing for a consumer)."""
    live: set[str] = set()
    quiet: set[int] = set()
    for node in ast.walk(module):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values, strict=True):
            name = key.value if isinstance(key, ast.Constant) else None
            if name in names and isinstance(value, ast.Lambda):
                inner = {id(n) for n in ast.walk(value) if isinstance(n, ast.Constant) and n.value == name}
                live |= {str(name)} if inner else set()
                quiet |= inner | {id(key)}
    return live, quiet


def _reads(module: ast.Module, names: set[str], quiet: set[int]) -> set[str]:
    """The names the module reads: an attribute or a name loaded, an import of one, a quoting outside the
    registry's entries and logging calls' text."""
    logged = {id(arg) for node in ast.walk(module) if isinstance(node, ast.Call) and _logs(node) for arg in node.args}
    found: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            found.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            found.add(node.id)
        elif isinstance(node, ast.alias):
            found.add(node.asname or node.name)
        elif isinstance(node, ast.Constant) and id(node) not in quiet | logged:
            found.add(str(node.value))
    return found & names


def sets_environ(how: str) -> bool:
    """The setting writes the process environment (``os.environ[NAME] = v``), not a dict of the name."""
    return how.startswith(_ENVIRON)


def registry_prefix(texts: list[str | None]) -> str:
    """The prefix most of the registry's variables share (``APP_``): one outside it (``CUDA_VISIBLE_DEVICES``)
    is read by others too -- a driver, a library, a child process -- so its setting may still act."""
    modules = [parse_python(text) for text in texts if text is not None]
    keys = [
        k.value
        for module in modules
        for node in (ast.walk(module) if module is not None else ())
        if isinstance(node, ast.Dict)
        for k, v in zip(node.keys, node.values, strict=True)
        if isinstance(k, ast.Constant) and isinstance(k.value, str) and isinstance(v, ast.Lambda)
    ]
    heads = Counter(k.split("_", 1)[0] + "_" for k in keys if "_" in k)
    return heads.most_common(1)[0][0] if heads else ""


def own_prefixes(name: str, prefix: str) -> list[str]:
    """The quoted prefixes of ``name`` past the registry's own (``"APP_PROFILE_"``, ``'APP_PROFILE'``): a
    reader that takes every variable of a family by ``startswith`` consumes it without naming it."""
    cuts = [i for i, c in enumerate(name) if c == "_" and i >= len(prefix)]
    heads = sorted({name[:i] for i in cuts} | {name[: i + 1] for i in cuts})
    return [f"{q}{head}{q}" for head in heads for q in "\"'"]


def _logs(call: ast.Call) -> bool:
    """``logger.warning(...)``, ``logger.info_once(...)``, ``warnings.warn(...)``: text, not a read."""
    func = call.func
    return isinstance(func, ast.Attribute) and func.attr.removesuffix("_once") in _TEXT_CALLS


_TEXT_CALLS = frozenset({"debug", "info", "warning", "error", "exception", "warn"})


def message(how: str, verb: str, where: str, form: str) -> str:
    """The finding's text: a setting is ignored now; a read still gets the value, which upstream ignores."""
    if form in WRITES:
        return (
            f"fork-owned {how} sets a variable upstream no longer acts on: upstream {verb} {where}, "
            "keeping it registered; the setting is silently ignored now: drop it, or set what replaced it"
        )
    return (
        f"fork-owned {how} reads a variable upstream no longer acts on: upstream {verb} {where}, keeping it "
        "registered; the read still gets the value, but nothing upstream does with it any more"
    )


_DOCS = (".md", ".rst", ".txt")


def quoted_elsewhere(added: dict[str, list[str]], name: str) -> bool:
    """A fork-added line outside its docs names the variable without setting it: its own reader, in any
    language (``std::getenv("NAME")``, ``"$NAME"`` in a script, ``_VAR = "NAME"`` for a Python shim), so the
    fork's setting still acts.  ``envs.NAME`` is upstream's registry answering, no reader of the fork's."""
    said = re.compile(rf"(?<![\w.]){re.escape(name)}\b")
    sets = re.compile(rf"{re.escape(name)}['\"]?\s*(\]\s*)?=(?!=)|{re.escape(name)}['\"]\s*:|(setdefault|putenv)\(")
    return any(
        said.search(text) and not sets.search(text) and not text.lstrip().startswith(("#", "//"))
        for path, texts in added.items()
        if not path.endswith(_DOCS)
        for text in texts
    )
