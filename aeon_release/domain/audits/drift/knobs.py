"""Dead knobs: fork-owned code sets an attribute (or defines a method) that upstream's code no
longer reads (calls) anywhere.

A carry steers upstream's code through an attribute it reads: ``layer.use_triton = True`` forces a
kernel, ``runner.aux_stream = None`` turns off a dual stream, ``cfg.bitblas_tile_size = 64`` tunes a
kernel.  Upstream refactors the code that read it (the attribute's definition often stays: the
constructor still sets it, a config field still exists); the merge is clean, the carry still runs,
and its value is silently ignored: the path it chose is no longer the one taken.

An attribute went dead when a line upstream's diff removed reads it (``x.name`` loaded or called,
not stored), no line it added reads it, and no Python file of upstream's tree outside its tests reads
it, nor quotes it (a ``getattr``) any more.  The fork's side: a fork-owned store of it (``x.name =
v``, ``x.name += v``, ``setattr(x, "name", v)``), a method of a fork class (an override of a hook upstream stopped calling:
``def prepare(self, batch)`` when upstream's ``execute`` no longer calls ``self.prepare``), or a deployment file's option of the service
(``--enable-reasoning`` in a manifest or a ``Dockerfile``'s command, an ``enable-reasoning: true`` key
of a config file: the attribute ``enable_reasoning``), or a fork class's attribute (an error, only where the class
derives from the project's own and upstream no longer spells the name at all: a model's protocol flag,
``supports_multimodal_raw_input = True`` after #23749 renamed it; a warning unless upstream's base declared it a
class's flag, not an annotated field), where no line the fork added reads it (a knob of the fork's own).  A key is such a knob too: a fork-owned write of a string key into a mapping (``cfg["use_fast"] = True``,
an entry of a dict display ``{"use_fast": True}``, ``cfg.setdefault("use_fast", True)``) that upstream's
code read by name (``extra.get("use_fast", False)``) and stopped reading, or renamed: no upstream file
quotes it any more.  A warning: something may still read it in a way no text search sees
(``vars()``, a serializer).  An error where the store is a monkeypatch: a function of the file (or a
lambda) put on a class in place of its method (``Config.pad_for_cudagraph = _aeon_pad``,
``setattr(Config, "pad_for_cudagraph", _aeon_pad)``, #30143): nothing serializes a method, and the
fork's function silently never runs.  An error too where the key is one of a table the fork looks up
itself with a value it does not spell (``T = {"nvfp4": ...}`` read ``T.get(model_config.quantization)``,
#18356 renamed the method ``"modelopt_fp4"``): no upstream code gives that name any more, so the entry
is dead and the value upstream gives misses the table (unless the file also quotes a name upstream's
diff added there: a table written for both sides).

A store of a literal is an error where upstream folded the removed read into a constant the fork's literal does
not give (``not getattr(self, "_use_fi_prefill", False)`` now ``True``, the fork's ``True``: drift/folded_reads.py,
killers218).

Cheap first: the fork's added lines give the names it stores (a text scan); only upstream's diffs that
name one are scanned; then one ``git grep`` at upstream for what remains; only the fork files that
store one are parsed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.adapters import git as repo
from aeon_release.domain.audits import linear
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift import folded_reads
from aeon_release.domain.audits.drift.names import setting_file
from aeon_release.domain.audits.drift.pyindex import External
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.drift.symbols import distinct_name
from aeon_release.domain.audits.linear import Alternation
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python, str_value

# ``x.name = v`` / ``x.name += v`` (an attribute of something: a plain name's assignment is a variable)
_STORE = lazy_pattern(r"\.([A-Za-z_]\w{3,})\s*(?:[-+*/|&]|//|\*\*|<<|>>)?=(?!=)")
_SETATTR = linear.Scan(r"""\bsetattr\([^,\n]+,\s*["']([A-Za-z_]\w{3,})["']""")
# a string key written into a mapping: ``x["name"] = v``, a dict display's ``"name": v``, ``.setdefault("name", v)``
_KEY_STORE = lazy_pattern(
    r"""\[\s*["']([A-Za-z_]\w{3,})["']\s*\]\s*=(?!=)|["']([A-Za-z_]\w{3,})["']\s*:(?![:=])|\.setdefault\(\s*["']([A-Za-z_]\w{3,})["']"""
)
# ``parser.set_defaults(name=v, ...)``: argparse stores each keyword on the namespace, declared by an argument
# or not (linear: the parentheses' content stops at the first parenthesis); then each keyword's name
_SET_DEFAULTS = lazy_pattern(r"\.set_defaults\(([^()]*)\)")
_KEYWORD = lazy_pattern(r"\b([A-Za-z_]\w{3,})\s*=(?!=)")
# a deployment file's option of the service: ``--enable-reasoning`` on a command line, or a
# ``enable-reasoning: true`` key of a config file the service reads; its attribute is ``enable_reasoning``
_OPTION = lazy_pattern(
    r"""(?<![\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\b|^[ \t]*([a-z][a-z0-9]*(?:-[a-z0-9]+)+)[ \t]*:"""
)


# a JSON object's key in a deployment file, the quotes escaped or not: ``--kv-transfer-config
# '{"kv_connector_extra_config": {"enable_cross_layers_blocks": "True"}}'`` (a mapping upstream reads by key)
_JSON_KEY = lazy_pattern(r"""\\?"([a-z_][a-z0-9_]{3,})\\?"[ \t]*:""")


# this module's patch that never runs (``_finding``'s words), and symbol drift's store of a gone name (``sets
# WorkerBase.m, which upstream renamed ...``, its ``_finding`` for the store ``_patch`` judges): the name each says
_PATCHED = lazy_pattern(r" patches the (?:method|function) (\w+), which upstream's code no longer calls anywhere")
_GONE_STORE = lazy_pattern(r"sets (?:[^,\s]*\.)?(\w+), which upstream ")


def one_patch_a_line(findings: list[Finding]) -> list[Finding]:
    """A fork's function put on upstream's class or module in place of a method or function upstream no longer
    calls, whose name upstream renamed or removed too (#27142: ``setattr(WorkerBase,
    "determine_num_available_blocks", _blocks)``, spelt so or as the store ``WorkerBase.m = _blocks``): this
    module's patch nothing calls and symbol drift's store of a gone name are one cause on one line, one
    finding: this module's, which says the fork's function never runs.  Symbol drift's store stays where this
    module says nothing of its name (upstream renamed a method its code still calls under the new name)."""
    patched = {
        (f.path, f.line, m.group(1)) for f in findings if f.rule_id == RULE and (m := _PATCHED.search(f.message))
    }
    if not patched:
        return findings
    return [
        f
        for f in findings
        if not (f.rule_id == RULE and (m := _GONE_STORE.match(f.message)) and (f.path, f.line, m.group(1)) in patched)
    ]


def _json_keys(line: str) -> set[str]:
    return set(_JSON_KEY.findall(line))


def _options(line: str) -> set[str]:
    """The attributes a setting file's line sets as options (``--max-num-seqs 8`` -> max_num_seqs)."""
    return {name.replace("-", "_") for groups in _OPTION.findall(line) for name in groups if len(name) > 3}


def _read(name: str) -> re.Pattern[str]:
    """A line that reads ``x.name`` (loaded or called, not stored) or quotes the name (a getattr).  A quote
    tested against a callable's parameter names (``"prefix" in inspect.signature(cls.__init__).parameters``,
    ``... in spec.args``) asks of a parameter, not an attribute: upstream removing that test (a loader's
    ``prefix`` shim) leaves a fork's ``self.prefix = prefix`` as alive as before."""
    word = re.escape(name)
    return re.compile(rf"""\.{word}\b(?!\s*(?:[-+*/|&]|//|\*\*|<<|>>)?=(?!=))|["']{word}["'](?!{_PARAMETER_TEST})""")


# `` in <...>.parameters`` / ``.args`` / ``.kwonlyargs`` / ``.co_varnames``: the rest of a parameter-name test
_PARAMETER_TEST = r"\s+(?:not\s+)?in\s+[^\n]*?\.(?:parameters|args|kwonlyargs|co_varnames)\b"


def knob_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    stored = _fork_stores(trees)
    dead = _unread_upstream(trees, stored) if stored else {}
    if not dead:
        return []
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    # what upstream's tree still says of them: a line that reads ``.name`` (not one that only sets it),
    # or quotes the name (a getattr, a key): one grep for all of them
    # and an option's command-line spelling (``"--disable-log-stats"``): an argument upstream's parser
    # still accepts, mapped to another attribute (``dest="enable_log_stats"``), keeps the option alive
    quoted = [f'"{n}"' for n in dead] + [f"'{n}'" for n in dead]
    flags = [f"{q}--{n.replace('_', '-')}{q}" for n in dead for q in "\"'"]
    lines = repo.lines_containing(trees.repo, trees.theirs, [f".{n}" for n in dead] + quoted + flags, served)
    accepted = {n for n in dead if any(f"--{n.replace('_', '-')}" in line for line in lines)}
    for name in list(dead):
        read = _read(name)
        if any(name in line and read.search(line.split("#", 1)[0]) for line in lines):
            del dead[name]
    if not dead:
        return []
    stores = list(_stores(trees, dead, accepted))
    kept = _still_named(trees, {name for *_, name, kind in stores if kind in _UNLESS_NAMED}, served)
    # a class's restated attribute: replaced_knobs' and symbol drift's; one read by a computed name, still read
    kept |= _computed_reads(trees, {name for *_, name, kind in stores if kind in _FLAGS}, served)
    return [
        _folded(trees, path, line, how, name, dead[name], pr_pattern, kind)
        or _finding(
            trees, path, line, how, name, dead[name], pr_pattern, _answered(trees, path, name, dead[name], kind)
        )
        for path, line, how, name, kind in (
            (*s[:4], "" if s[4] in _UNLESS_NAMED and s[3] in kept else s[4])
            for s in stores
            if not (s[4] in _FLAGS and s[3] in kept)
        )
    ]


def _folded(
    trees: ThreeTrees, path: str, line: int, how: str, name: str, where: str, pr_pattern: str, kind: str
) -> Finding | None:
    """An error where upstream's removed read of ``name`` in ``where`` folded to a constant its expression does
    not give with the literal the fork stores (drift/folded_reads.py, killers218: #42555's ``not
    getattr(self, "_use_fi_prefill", False)`` now ``True``); None otherwise (the dead knob's own finding)."""
    if kind not in ("", "field") or where not in trees.upstream or where in trees.upstream.deleted:
        return None
    value = _stored_literal(trees, path, line, name)
    if value is _NO_LITERAL:
        return None
    found = folded_reads.folds(trees.upstream.raw(where), name)
    fold = next((f for f in found if folded_reads.differs(f, value) and _read_by(trees, path, line, where, f)), None)
    if fold is None:
        return None
    message = (
        f"fork-owned {how} sets {name} to {value!r}, which upstream's code no longer reads: {where} now takes "
        f"{fold.constant!r} where it read `{fold.expression}`{_last_read_commit(trees, name, where, pr_pattern)}, "
        f"and {folded_reads.shown(fold, value)}: upstream now does what the fork's value opted out of, on "
        "every path; find what upstream reads instead, or override where it took the constant"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)


_NO_LITERAL = object()


def _read_by(trees: ThreeTrees, path: str, line: int, where: str, fold: folded_reads.Fold) -> bool:
    """Whether the removed read could have seen the fork's store: a read off ``self`` saw only its own class's
    instances (review124: ``getattr(self, "_use_fi_prefill", False)`` in the MLA layer never read an impl
    subclass's ``self._use_fi_prefill``).  False only for a store in a class body or on ``self`` whose class's
    order, resolved in the merged tree to its end, holds none of the base's classes whose body held the read;
    any other store, an order cut or unresolved, or a base outside the tree named as a reader is taken as read."""
    if not folded_reads.self_read(fold):
        return True
    readers = _reading_classes(trees.blobs(trees.base, [where])[where] or "", fold.expression)
    owner = _store_class(trees, path, line)
    if owner is None or not readers:
        return True
    index = trees.merged_index()
    module = index.module_at(path)
    cls = index.class_info(module, owner) if module is not None else None
    if cls is None:
        return True
    order = index.mro(cls)
    return any(
        (c.broken or c.opaque or c.name.rsplit(".", 1)[-1] in readers)
        if isinstance(c, External)
        else c.module.path == where and c.node.name in readers
        for c in order
    )


def _reading_classes(text: str, expression: str) -> set[str]:
    """Names of the classes of ``text`` whose lines hold ``expression`` (the read, as the base wrote it)."""
    lines = text.split("\n")
    module = parse_python(text, "") if expression in text else None
    return {
        node.name
        for node in (ast.walk(module) if module is not None else ())
        if isinstance(node, ast.ClassDef)
        and any(expression in lines[i - 1] for i in range(node.lineno, (node.end_lineno or node.lineno) + 1))
    }


def _store_class(trees: ThreeTrees, path: str, line: int) -> str | None:
    """The qualname of the class whose body, or one of whose methods' ``self.`` stores, is the assignment on
    ``line``; None for any other store (a function's ``layer.x = v``)."""
    module = trees.merged_module(path)
    found: str | None = None
    for qualname, node in _classes(module.body if module is not None else [], ""):
        for stmt in node.body:
            if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.lineno == line:
                found = qualname
            elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                isinstance(n, ast.Assign | ast.AnnAssign)
                and n.lineno == line
                and any(
                    isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                    for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                )
                for n in ast.walk(stmt)
            ):
                found = qualname
    return found


def _classes(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, ast.ClassDef]]:
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            yield prefix + stmt.name, stmt
            yield from _classes(stmt.body, f"{prefix}{stmt.name}.")


def _stored_literal(trees: ThreeTrees, path: str, line: int, name: str) -> object:
    """The literal the fork's assignment on ``line`` stores in ``name`` (``self.name = True``, a class body's
    ``name = True``), or _NO_LITERAL."""
    module = trees.merged_module(path)
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.lineno == line:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = any(
                (isinstance(t, ast.Name) and t.id == name) or (isinstance(t, ast.Attribute) and t.attr == name)
                for t in targets
            )
            if named and isinstance(node.value, ast.Constant):
                return node.value.value
    return _NO_LITERAL


# a class attribute's kinds: "flag" (an error: upstream's base declared it a class's flag) or "field" (a warning)
_FLAGS = ("flag", "field")
# ``getattr(model, f"supports_multimodal_{kind}", False)``: a read of every name its literal prefix starts
_COMPUTED = lazy_pattern(r"""\b(?:get|has)attr\([^,\n]+,\s*f["']([A-Za-z_]\w{3,})\{""")


def _computed_reads(trees: ThreeTrees, names: set[str], served: list[str]) -> set[str]:
    """Of ``names``, those a ``getattr``/``hasattr`` of an f-string reads on upstream's served lines or the
    fork's added ones (its literal prefix starts the name): one grep for them all."""
    if not names:
        return set()
    lines = repo.lines_containing(trees.repo, trees.theirs, ["attr("], served)
    lines += [line for path in trees.mine if path.endswith(".py") for line in trees.mine[path].added.values()]
    prefixes = {p for line in lines if "attr(" in line for p in _COMPUTED.findall(line.split("#", 1)[0])}
    return {n for n in names if any(n.startswith(p) for p in prefixes)}


# the stores an error only while upstream's served code no longer spells the name at all (a set_defaults
# key, a flag of a class deriving from upstream's): a name still declared anywhere may still be read
_UNLESS_NAMED = ("default", "flag", "field")


def _still_named(trees: ThreeTrees, names: set[str], served: list[str]) -> set[str]:
    """Of ``names``, those upstream's served code still spells as a whole word anywhere (a field declared, a
    parameter, an argument's ``dest``): one grep for them all."""
    if not names:
        return set()
    lines = repo.lines_containing(trees.repo, trees.theirs, sorted(names), served)
    return {n for n in names if any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", line) for line in lines)}


_QUOTED = lazy_pattern(r"""["']([A-Za-z_][\w.-]{2,})["']""")


def _answered(trees: ThreeTrees, path: str, name: str, where: str, kind: str) -> str:
    """A table's kind, unless the fork's file also quotes a name upstream's diff added in a file whose
    diff took out a quoted ``name`` (``{"strict": ..., "standard": ...}``, ``T["FLASH_ATTN"] = ...`` below
    it): written for both sides, a warning as any dead key is."""
    if kind != "table":
        return kind
    quoted = re.compile(rf"""["']{re.escape(name)}["']""")
    added: set[str] = set()
    for changed in trees.upstream:
        diff = trees.upstream[changed]
        if changed.endswith(".py") and any(quoted.search(line) for line in diff.removed):
            added.update(q for line in diff.added.values() for q in _QUOTED.findall(line))
    text = trees.merged_text(path) or ""
    return "" if (added - {name}) & set(_QUOTED.findall(text)) else kind


def _fork_stores(trees: ThreeTrees) -> set[str]:
    """Names the fork's added lines store as an attribute, less those its added lines also read
    (patterns over each diff's text at once; a comment is cut from its line first)."""
    stored: set[str] = set()
    texts: list[str] = []
    for path in trees.mine:
        if path.endswith(".py"):
            code = _COMMENT.sub("", "\n".join(trees.mine[path].added.values()))
            # a dunder patched onto a class (``Queue.__reversed__ = f``) is called by the interpreter (``reversed(q)``,
            # ``len(q)``, ``with q``), which no text search of upstream sees: never a dead knob, as with methods
            stored.update(n for n in (*_STORE.findall(code), *_SETATTR.findall(code)) if not n.startswith("__"))
            stored.update(k for args in _SET_DEFAULTS.findall(code) for k in _KEYWORD.findall(args))
            stored.update(name for names in _KEY_STORE.findall(code) for name in names if name)
            stored.update(n for n in _METHOD.findall(code) if not n.startswith("__"))
            stored.update(n for n in _CLASS_ATTRIBUTE.findall(code) if not n.startswith("__"))
            texts.append(code)
        elif setting_file(path):
            for line in trees.mine[path].added.values():
                stored |= _options(line.split("#", 1)[0]) | _json_keys(line.split("#", 1)[0])
    if not stored:
        return stored
    # a setattr's quoted name, and a key written into a mapping, are stores, not reads
    text = _KEY_STORE.sub("=", _SETATTR.sub("setattr(_, _", "\n".join(texts)))
    read = set()  # one generic pattern over the text, whatever the number of names (no alternation)
    for match in _ANY_USE.finditer(text):
        if match.group("quoted") or not match.group("store"):
            read.add(match.group("quoted") or match.group("dot"))
    return stored - read


_COMMENT = lazy_pattern(r"#.*")
# an indented ``def``: a method, which overrides (or is) what an upstream caller reaches by ``.name(``
_METHOD = lazy_pattern(r"^[ \t]+(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w{3,})[ \t]*\(", re.M)


# a one-level indented assignment: a class body's attribute (``supports_raw_input = True``; a function's
# local matches too, dropped when the file is parsed: only a class body's statement is a store)
_CLASS_ATTRIBUTE = lazy_pattern(r"^(?: {4}|\t)([A-Za-z_]\w{3,})[ \t]*(?::[^=\n]*)?=(?!=)", re.M)


# a name after a dot or a quote (the names of a changed line, matched against a set, not an alternation)
_NAMED = lazy_pattern(r"""[."']([A-Za-z_]\w{3,})\b""")
# ``x.name`` (a store when an assignment follows) or a quoted name
_ANY_USE = lazy_pattern(
    r"""\.(?P<dot>[A-Za-z_]\w{3,})\b(?P<store>\s*(?:[-+*/|&]|//|\*\*|<<|>>)?=(?!=))?|["'](?P<quoted>[A-Za-z_]\w{3,})["']"""
)


def _unread_upstream(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """name -> the upstream file whose diff removed a read of it, when no added line reads it.  One
    RE2 pass per file's diff finds the changed lines that name any of them (linear in the diff)."""
    # chunked (one RE2 pattern of every name ran out of its memory and printed so to stderr), and the
    # diff's lines taken as RE2 can (a line whose bytes are not UTF-8)
    changed_line = Alternation(r"""(?m)^[-+][^\n]*[.\"'](?:{})\b[^\n]*""", names)
    removed_in: dict[str, str] = {}
    still: set[str] = set()
    for path in sorted(trees.upstream):
        if not path.endswith(".py") or path.split("/", 1)[0] in TEST_FOLDERS:
            continue
        for line in changed_line.findall(trees.upstream.raw(path)):
            if line.startswith(("+++ ", "--- ")):
                continue
            code = line.split("#", 1)[0]
            for name in {m.group(1) for m in _NAMED.finditer(code)} & names:
                if not _read(name).search(code[1:]):
                    continue
                if line[0] == "+":
                    still.add(name)
                else:
                    removed_in.setdefault(name, path)
    unread = {name: path for name, path in removed_in.items() if name not in still}
    return unread | _deleted_reads(trees, names - still - unread.keys())


def _deleted_reads(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """name -> a Python file upstream deleted (tests aside) that read it at the base: its reads went
    with the file (a feature removed: #32683 deleted BitBlas, whose config read ``is_bitblas_format``).
    One ``git grep`` of the base over the deleted files for every name at once (a few, for a fork that
    stores thousands: each command line stays short)."""
    deleted = [p for p in trees.upstream.deleted if p.endswith(".py") and p.split("/", 1)[0] not in TEST_FOLDERS]
    found: dict[str, str] = {}
    ordered = sorted(names)
    for first in range(0, len(ordered) if deleted else 0, _NAMES_A_CALL):
        chunk = set(ordered[first : first + _NAMES_A_CALL])
        strings = [f".{n}" for n in chunk] + [f"{q}{n}{q}" for n in chunk for q in "\"'"]
        for start in range(0, len(deleted), _PATHS_A_CALL):
            specs = [f":(literal){p}" for p in deleted[start : start + _PATHS_A_CALL]]
            for path, line in repo.lines_in_files_containing(trees.repo, trees.base, strings, specs):
                code = line.split("#", 1)[0]
                for name in {m.group(1) for m in _NAMED.finditer(code)} & chunk:
                    if _read(name).search(code):
                        found.setdefault(name, path)
    return found


_NAMES_A_CALL = 2000
_PATHS_A_CALL = 2000


def _code(text: str) -> str:
    """Each line without its comment (a crude cut at ``#``: a ``#`` in a string only hides more)."""
    return "\n".join(line.split("#", 1)[0] for line in text.split("\n"))


def _stores(trees: ThreeTrees, dead: dict[str, str], accepted: set[str]) -> Iterator[tuple[str, int, str, str, str]]:
    """(path, line, the store as shown, name, "patch" | "table" | "") of each fork-owned store of a dead
    name: a Python store (a monkeypatch of a method, a key of a table the fork looks up, or another), or a
    deployment file's option (not one upstream's parser still ``accepted``)."""
    yield from (
        (*store, "") for store in _option_stores(trees, {n: w for n, w in dead.items() if n not in accepted}, dead)
    )
    pattern = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, dead))) + r")\b")
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if not any(pattern.search(line) for line in trees.mine[path].added.values()):
            continue
        module = trees.merged_module(path)
        owned = trees.owned_lines(path) if module is not None else set()
        patches = _patches(module) if module is not None and owned else {}
        tables = _tables(module) if module is not None and owned else set()
        imported = _imported_bases(module, path) if module is not None and owned else {}
        for node in ast.walk(module) if module is not None and owned else ():
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and node.attr in dead:
                if node.lineno in owned:
                    yield path, node.lineno, f"{_show(node)} = ...", node.attr, _kind(node, patches, tables)
            elif isinstance(node, ast.ClassDef):
                yield from _class_stores(trees, path, node, dead, owned, imported)
                for method in node.body:
                    if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) and method.name in dead:
                        # a name symbol drift follows (``distinct_name``) is its error; the rest, here
                        if method.lineno in owned and not distinct_name(method):
                            yield path, method.lineno, f"method {node.name}.{method.name}", method.name, ""
            elif (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "set_defaults"
            ):
                for kw in node.keywords:
                    if kw.arg in dead and kw.value.lineno in owned:
                        shown = f"{_show(node.func.value)}.set_defaults({kw.arg}=...)"
                        yield path, kw.value.lineno, shown, kw.arg, "default"
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                name = str_value(node.args[1]) if len(node.args) >= 2 else None
                if name in dead and node.lineno in owned:
                    yield path, node.lineno, f'setattr(..., "{name}", ...)', name, _kind(node, patches, tables)
            else:
                kind = _kind(node, patches, tables)
                yield from ((*store, kind) for store in _key_stores(path, node, dead, owned))


def _class_stores(
    trees: ThreeTrees, path: str, node: ast.ClassDef, dead: dict[str, str], owned: set[int], imported: dict[str, str]
) -> Iterator[tuple[str, int, str, str, str]]:
    """A fork-owned class attribute of a dead name (``supports_multimodal_raw_input = True`` in a model
    class) of a class deriving from a class of the project's own package: a protocol's flag upstream's code
    read off the model (``getattr(model, "supports_...", False)``).  A library's class (a pydantic model's
    field is serialized) is left alone, and so is a name upstream still spells (dropped by the caller: an
    inherited attribute restated is replaced_knobs' and symbol drift's, one finding a line), and a field the
    fork's lines give by keyword (``Cls(name=v)``: an ``__init__`` parameter, read)."""
    modules = [imported[b.id] for b in node.bases if isinstance(b, ast.Name) and b.id in imported]
    if not modules:
        return
    for stmt in node.body:
        targets = (
            stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        )
        if not _literal(getattr(stmt, "value", None)):
            continue  # a method's alias (``get_embeddings = _embed``) is a hook: the hook checks' to judge
        for target in targets:
            if isinstance(target, ast.Name) and target.id in dead and stmt.lineno in owned:
                if not _built(trees, node.name, target.id):
                    kind = _flag_kind(trees, node, target.id, modules)
                    yield path, stmt.lineno, f"class attribute {node.name}.{target.id}", target.id, kind


def _built(trees: ThreeTrees, cls: str, name: str) -> bool:
    """The fork's added lines build ``cls`` with ``name=`` (a dataclass's or pydantic model's field)."""
    call = re.compile(rf"\b{re.escape(cls)}\([^()]*\b{re.escape(name)}\s*=(?!=)")
    return any(
        call.search(line) for path in trees.mine if path.endswith(".py") for line in trees.mine[path].added.values()
    )


def _flag_kind(trees: ThreeTrees, node: ast.ClassDef, name: str, modules: list[str]) -> str:
    """ "flag" (an error) when a class body of a module the fork class's bases come from declared ``name``
    at the base as a class's flag (``x: ClassVar[bool] = True``, or ``x = True`` unannotated), and the fork
    class has no decorator (a dataclass's field is an instance's); "field" (a warning) otherwise: an
    annotated field (a pydantic model's, a dataclass's) is serialized or given by keyword, and a base of
    the fork's own module (a library's class under it: transformers reads ``_supports_attention_backend``)
    may be read where no grep of upstream looks."""
    if node.decorator_list:
        return "field"
    paths = [f"{m.replace('.', '/')}{tail}" for m in modules for tail in (".py", "/__init__.py")]
    texts = trees.blobs(trees.base, paths)
    modules_parsed = (parse_python(t) for t in texts.values() if t is not None and name in t)
    return "flag" if any(m is not None and _declares_flag(m, name) for m in modules_parsed) else "field"


def _declares_flag(module: ast.Module, name: str) -> bool:
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
                if "ClassVar" in ast.unparse(stmt.annotation):
                    return True
            elif isinstance(stmt, ast.Assign) and _literal(stmt.value):
                if any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
                    return True
    return False


def _literal(value: ast.expr | None) -> bool:
    """A flag's value: a literal (``True``, ``"raw"``, ``("a", "b")``), not an expression or a function."""
    if value is None:
        return False
    try:
        ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _imported_bases(module: ast.Module, path: str) -> dict[str, str]:
    """name -> module of the names the module imports from its own package (``from pkg.models.interfaces
    import X`` in ``pkg/ext/f.py``): upstream's classes, not a library's (a pydantic model's field is read by
    the model)."""
    package = path.split("/", 1)[0]
    return {
        alias.asname or alias.name: stmt.module or ""
        for stmt in module.body
        if isinstance(stmt, ast.ImportFrom) and stmt.level == 0 and (stmt.module or "").split(".")[0] == package
        for alias in stmt.names
    }


def _kind(node: ast.AST, patches: dict[int, str], tables: set[int]) -> str:
    return patches.get(id(node)) or ("table" if id(node) in tables else "")


def _tables(module: ast.Module) -> set[int]:
    """The ids of the dict displays bound to a name the module looks up with a value it does not spell
    (``T[x]``, ``T.get(x)``, ``x`` no string literal): the fork's own table, keyed by names from elsewhere."""
    looked_up: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name):
            key: ast.expr | None = node.slice
            table = node.value.id
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and isinstance(node.func.value, ast.Name)
            and node.args
        ):
            key, table = node.args[0], node.func.value.id
        else:
            continue
        if str_value(key) is None:
            looked_up.add(table)
    return {
        id(node.value)
        for node in ast.walk(module)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Dict)
        and any(isinstance(t, ast.Name) and t.id in looked_up for t in node.targets)
    }


def _patches(module: ast.Module) -> dict[int, str]:
    """The ids of the monkeypatches in the module (to "patch", a method's, or "function patch", an imported
    module's function): the target of ``Cls.name = f`` and the call ``setattr(Cls, "name", f)``, where
    ``Cls`` is a CapWords name (a class) or a name the module imports, and ``f`` a lambda or a function the
    module defines at its top."""
    functions = {f.name for f in module.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    imported = _imported_names(module)

    def patch(holder: ast.expr, value: ast.expr) -> str | None:
        if not (isinstance(value, ast.Lambda) or (isinstance(value, ast.Name) and value.id in functions)):
            return None
        if _class_name(holder):
            return "patch"
        return "function patch" if _imported_root(holder, imported) else None

    found: dict[int, str] = {}
    for node in ast.walk(module):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(target := node.targets[0], ast.Attribute)
        ):
            # ``mod.f = g``: symbol drift's error when upstream removed ``mod.f`` (a store it follows)
            if (kind := patch(target.value, node.value)) == "patch":
                found[id(target)] = kind
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and len(node.args) == 3
            and (kind := patch(node.args[0], node.args[2]))
        ):
            found[id(node)] = kind
    return found


def _class_name(holder: ast.expr) -> bool:
    return isinstance(holder, ast.Name) and holder.id[:1].isupper() and not holder.id.isupper()


def _imported_root(holder: ast.expr, imported: frozenset[str]) -> bool:
    """``mod`` or ``pkg.mod`` rooted in a name the module imports: ``setattr(fp8_utils, "f", aeon_f)`` patches
    a module's function as surely as ``Cls.f = aeon_f`` patches a method (#25696 made
    apply_w8a8_block_fp8_linear a method of W8A8BlockFp8LinearOp: the module patch is dead)."""
    while isinstance(holder, ast.Attribute):
        holder = holder.value
    return isinstance(holder, ast.Name) and holder.id in imported


def _imported_names(module: ast.Module) -> frozenset[str]:
    """The names the module's top-level imports bind."""
    names: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in stmt.names if a.name != "*")
    return frozenset(names)


def _key_stores(path: str, node: ast.AST, dead: dict[str, str], owned: set[int]) -> Iterator[tuple[str, int, str, str]]:
    """A fork-owned write of a dead key into a mapping: ``x["name"] = v``, ``{"name": v}``, ``x.setdefault("name", v)``."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
        if _show(node.value).endswith("environ"):
            return  # an environment variable: name drift's (an error when upstream removed it)
        keys = [(node.slice, f'{_show(node.value)}["{str_value(node.slice)}"] = ...')]
    elif isinstance(node, ast.Dict):
        keys = [(k, f'{{"{str_value(k)}": ...}}') for k in node.keys if k is not None]
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "setdefault"
        and not _show(node.func.value).endswith("environ")
    ):
        keys = (
            [(node.args[0], f'{_show(node.func.value)}.setdefault("{str_value(node.args[0])}", ...)')]
            if node.args
            else []
        )
    else:
        return
    for key, how in keys:
        name = str_value(key)
        if name in dead and key.lineno in owned:
            yield path, key.lineno, how, name


def _option_stores(
    trees: ThreeTrees, dead: dict[str, str], keys: dict[str, str]
) -> Iterator[tuple[str, int, str, str]]:
    """Options of the service (``dead``) and JSON keys (``keys``, read by key upstream) a fork-owned
    line of a deployment file sets."""
    for path in sorted(p for p in trees.mine if setting_file(p)):
        if not any(
            _options(line) & dead.keys() or _json_keys(line) & keys.keys() for line in trees.mine[path].added.values()
        ):
            continue
        text = trees.merged_text(path)
        owned = trees.owned_lines(path) if text is not None else set()
        for number, line in enumerate(text.split("\n") if text is not None and owned else (), 1):
            if number in owned and not line.lstrip().startswith("#"):
                code = line.split("#", 1)[0]
                for name in sorted(_options(code) & dead.keys()):
                    yield path, number, f"option {name.replace('_', '-')} in {path}", name
                for name in sorted(_json_keys(code) & keys.keys() - _options(code)):
                    yield path, number, f'key "{name}" in {path}', name


_INVERSES = (("disable_", "enable_"), ("enable_", "disable_"))


def _inverse(trees: ThreeTrees, name: str) -> str | None:
    """``enable_x`` for a dead ``disable_x`` (and the other way) when upstream's added Python lines
    name it: the knob was renamed with its meaning inverted (``--disable-log-stats`` ->
    ``enable_log_stats``), and setting the new name to the fork's value would do the opposite."""
    other = next((to + name[len(prefix) :] for prefix, to in _INVERSES if name.startswith(prefix)), None)
    if other is None:
        return None
    word = re.compile(rf"\b{re.escape(other)}\b")
    for path in trees.upstream:
        if path.endswith(".py") and any(word.search(line) for line in trees.upstream[path].added.values()):
            return other
    return None


def _show(node: ast.expr) -> str:
    text = ast.unparse(node)
    return text if len(text) <= 60 else "..." + text[-57:]


def _last_read_commit(trees: ThreeTrees, name: str, where: str, pr_pattern: str) -> str:
    """``", in SHA (#PR, ...)"``: the upstream commit that removed a read of ``name`` from ``where``."""
    word = rf"\.{re.escape(name)}([^A-Za-z0-9_]|$)|[\"']{re.escape(name)}[\"']"
    git = repo.Git(trees.repo)

    def removes(commit: repo.Commit) -> bool:
        return any(_read(name).search(_code(text)) for text in git.removed_lines(commit.sha, where))

    return trees.upstream_commit(where, word, pr_pattern, removes, most=5)


def _finding(
    trees: ThreeTrees, path: str, line: int, how: str, name: str, where: str, pr_pattern: str, kind: str
) -> Finding:
    commit = _last_read_commit(trees, name, where, pr_pattern)
    if how.startswith("method "):
        message = (
            f"fork-owned {how} is reached by {name}(), which upstream's code no longer calls anywhere: its "
            f"last call went from {where}{commit}; the fork's method silently never runs now: find the hook "
            "upstream calls instead, or drop the carry"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, message)
    if kind in ("patch", "function patch"):
        what = "the method" if kind == "patch" else "the function"
        message = (
            f"fork-owned {how} patches {what} {name}, which upstream's code no longer calls anywhere: its "
            f"last call went from {where}{commit}; the fork's function silently never runs now: find the hook "
            "upstream calls instead, or drop the carry"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if kind == "table":
        message = (
            f"fork-owned {how} keys the fork's table by {name}, which upstream's code no longer reads or gives "
            f"anywhere: its last read went from {where}{commit}; the entry is dead, and the name upstream gives "
            "now misses the table: key it by what upstream uses instead"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if kind in _FLAGS:
        # #23749 renamed SupportsMultiModalWithRawInput's supports_multimodal_raw_input: a model class still
        # setting the old flag silently gets embeddings instead of its raw inputs
        message = (
            f"fork-owned {how} sets a {'flag' if kind == 'flag' else 'field'} upstream's code no longer reads or "
            f"declares anywhere: its last read went from {where}{commit}; the class's setting silently does "
            "nothing now"
            + ("" if kind == "flag" else " (unless a library or a serializer reads it: no grep of upstream sees")
            + ("" if kind == "flag" else " that)")
            + ": find the flag upstream reads instead, or drop the carry"
        )
        severity = Severity.ERROR if kind == "flag" else Severity.WARNING
        return Finding(RULE, "merge", severity, path, line, message)
    if kind == "default":
        # #37612 removed --disable-frontend-multiprocessing: argparse keeps a set_defaults key no argument
        # declares, and nothing reads it: the fork's in-process engine is silently a separate process again
        message = (
            f"fork-owned {how} sets the namespace's {name}, which upstream's code no longer reads, declares or "
            f"accepts as an option anywhere: its last read went from {where}{commit}; argparse keeps the key "
            "without a word and nothing reads it: the fork's setting silently does nothing; find what replaced "
            "the option, or drop the carry"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    inverse = _inverse(trees, name)  # a set value's hint only: a patch or a table key has no negation
    hint = (
        f"upstream reads {inverse} instead, with the opposite meaning: set it to the negated value"
        if inverse
        else "find what upstream reads instead, or drop the carry"
    )
    message = (
        f"fork-owned {how} sets {name}, which upstream's code no longer reads anywhere: its last read went "
        f"from {where}{commit}; the fork's value is silently ignored now: {hint}"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)
