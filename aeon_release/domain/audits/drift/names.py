"""Name drift: fork-owned code reads, by a string, a name that upstream removed or renamed.

``getattr(cfg, "num_lookahead_slots", 0)``, ``hasattr(x, "old")``, ``kwargs.get("old_key")``,
``os.environ.get("APP_OLD_FLAG")`` and ``envs.APP_OLD_FLAG`` (a registry of environment variables
read through a module ``__getattr__``) raise nothing when the name is gone: they take the default,
and the merge is wrong without a trace.  A name drifted when upstream's diff removed a line that
defined it (a field, an attribute, a method, a dict key, an environment variable it read) and no
Python file of upstream's tree mentions it any more; the fork neither defines it itself.

Cheap first: the fork's added lines give the string names it reads (a text scan); ``git grep``
keeps those that upstream's tree no longer mentions; only then are upstream's removed lines and the
fork's merged files looked at.
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import enum
import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits import linear
from aeon_release.domain.audits.diffs import ARGV_BYTES, PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift import orphaned_envs
from aeon_release.domain.audits.drift.dispatch import Dispatchers
from aeon_release.domain.audits.drift.dropped_aliases import dropped_aliases
from aeon_release.domain.audits.drift.dropped_choices import (
    Dropped,
    dropped_choices,
    expects_refusal,
    keyed_tables,
    own_consumer,
    positional_field,
)
from aeon_release.domain.audits.drift.fallbacks import (
    catches,
    falls_back,
    hasattr_guarded_lines,
    hasattr_guarded_nodes,
    version_gated,
)
from aeon_release.domain.audits.drift.guarded_reads import flag_gates_both_ways, gates_both_ways, held_both_ways
from aeon_release.domain.audits.drift.narrowed_choices import narrowed_choices
from aeon_release.domain.audits.drift.own_fields import ForkTypes, OwnFields, enclosing, written_scope
from aeon_release.domain.audits.drift.param_choices import first_init_base, param_choices, super_init_bases
from aeon_release.domain.audits.drift.probed_callables import probes_callable
from aeon_release.domain.audits.drift.pyindex import dotted_name, may_come_from, parse_module_info
from aeon_release.domain.audits.drift.refused_values import built_class
from aeon_release.domain.audits.drift.registered_names import imports_from, renamed_in, renamed_registrations
from aeon_release.domain.audits.drift.registry_lookups import (
    CONSTANT_LINE,
    constant_lookups,
    looked_up_registry,
    module_constants,
    registry_table,
)
from aeon_release.domain.audits.drift.removed_options import _declarations as option_declarations
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.rewrites import Rewrite, own_field_compared, rewrites, written_for_both
from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.linear import Alternation
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    display_strings,
    last_name,
    lazy_pattern,
    parameter_names,
    parent_map,
    parse_python,
    plain_name,
    str_value,
)

# a string name where a read takes it: ``getattr(x, "n")``, ``.get("n")``, ``["n"]``, ``"n" in``; or a
# value passed: ``f("n")``, ``f(x, mode="n")`` (one of the choices a callee accepts)
_READ_NAME = linear.Scan(
    r"""(?:attr\([^\n]*?,|\.(?:get|pop|setdefault|getenv)\(|\[|\bgetenv\()\s*[rbuRBU]?["']([A-Za-z_]\w{3,})["']"""
    r"""|[rbuRBU]?["']([A-Za-z_]\w{3,})["']\s*(?:[=!]=|(?:not\s+)?in\b)|[=!]=\s*[rbuRBU]?["']([A-Za-z_]\w{3,})["']"""
    r"""|(?:\(|,|\w=)\s*[rbuRBU]?["']([A-Za-z_]\w{3,})["']\s*[,)]"""
    r"""|["']\s*:\s*[rbuRBU]?["']([A-Za-z_]\w{3,})["']"""  # a dict's entry: ``"kv_connector": "P2pNcclConnector"``
    r"""|^\s*[rbuRBU]?["']([A-Za-z_]\w{3,})["']\s*[,)]"""  # an argument on a line of its own (a multi-line call)
)
# ``x in ("a", "b")``: every string of the line can be a compared name
_IN_DISPLAY = lazy_pattern(r"\bin\s*[(\[{]")
_ANY_STRING = lazy_pattern(r"""[rbuRBU]?["']([A-Za-z_]\w{3,})["']""")
# ``_SKIP = {"Name", ...}``: a name bound to a display, whose strings a test ``x in _SKIP`` may compare
_TABLE_LINE = lazy_pattern(r"\w+[ \t]*(?::[^=\n]*)?=[ \t]*(?:(?:frozenset|set|tuple|list)\(|[\[({])")
# ``mod.APP_FLAG``: an UPPER_CASE attribute of a module-like name (a registry read through __getattr__)
_UPPER_ATTRIBUTE = lazy_pattern(r"\b[A-Za-z_]\w*\.([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b")
# ``args.exclude_log_deltas``: an option read off parsed command-line arguments (an ``argparse.Namespace``,
# whose attributes are the parser's flags, made at run time: no class of the tree declares them)
_NAMESPACE_READ = lazy_pattern(r"\b(?:[a-z_]*args|namespace)\.([a-z][a-z0-9_]{3,})\b(?!\s*\()")
_ACCESSORS = frozenset({"getattr", "hasattr", "setattr", "delattr"})
_ENV_VARIABLE = lazy_pattern(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+")
_KEY_METHODS = frozenset({"get", "pop", "setdefault", "getenv"})


# what stands before a dict display's key: the display's brace, a comma, or the line's start (a
# multi-line display); ``if mode == "fast":`` compares, it defines no key
_KEY_BEFORE = r"""(?:^\s*|[{,]\s*)"""


class Kind(enum.Enum):
    """What defined a name upstream (the read must be able to mean it)."""

    ATTRIBUTE = "attribute"  # a field, class attribute, ``self.x = ...`` or method
    KEY = "key"  # a dict key (a registry: environment variables, backends, options)
    ENV = "environment variable"  # read by upstream through os.environ / os.getenv
    CHOICE = "accepted value"  # one of a fixed set of strings: a Literal's, a list's entry, a value compared
    KEYWORD = "keyword argument"  # ``f(x, name=...)``: what a callee's ``**kwargs`` holds


def _definitions(name: str) -> list[tuple[Kind, re.Pattern[str]]]:
    """Line shapes that define ``name``, by kind (matched against one removed or added line)."""
    word = re.escape(name)
    return [
        # a read: upstream setting a variable for a library (``environ["X"] = ...``) does not own it
        (
            Kind.ENV,
            re.compile(rf"""(?:environ\.get\s*\(|getenv\s*\(|environ\s*\[)\s*["']{word}["'](?!\s*\]\s*=(?!=))"""),
        ),
        (Kind.KEY, re.compile(rf"""{_KEY_BEFORE}["']{word}["']\s*:""")),
        # a field, a class attribute, ``self.name = ...``, or the attribute set on an object it is handed
        # (``layer.act_scale = None``, #5353)
        (
            Kind.ATTRIBUTE,
            re.compile(rf"^\s*{word}\s*(?::[^=]+)?(?:=[^=]|:?\s*$)|\b[A-Za-z_]\w*\.{word}\s*(?::[^=]*)?=[^=]"),
        ),
        (Kind.ATTRIBUTE, re.compile(rf"^\s*(?:async\s+)?def\s+{word}\s*\(")),
        (Kind.ATTRIBUTE, re.compile(rf"^\s*class\s+{word}\s*[(:]")),  # a module's class: ``getattr(mod, "C")``
        (Kind.CHOICE, _choice(word)),
        # a registering call or decorator's name (``@register_module("x")``, ``register_model("x", cls)``): a
        # key of the registry its lookups read, and an accepted value of the option that names it
        (Kind.KEY, _registered(word)),
        (Kind.CHOICE, _registered(word)),
        (Kind.ATTRIBUTE, re.compile(rf"""\.register_(?:buffer|parameter|module)\(\s*["']{word}["']""")),
        # a keyword argument of a call, on the call's line or on a line of its own
        (Kind.KEYWORD, re.compile(rf"[(,]\s*{word}\s*=(?!=)|^\s*{word}\s*=(?!=)[^\n]*[,(]\s*(?:#.*)?$")),
        (
            Kind.CHOICE,
            re.compile(
                rf"""(?:[=!]=|\bin\b)\s*[(\[{{]?[^\n]*?["']{word}["']|["']{word}["']\s*(?:[=!]=|(?:not\s+)?in\b)"""
            ),
        ),
    ]


# a quoted entry, not a subscript's key (``Status["X"]`` is read; ``Literal["x"]`` declares): ``_subscripted``
_NOT_A_KEY = r"(?:(?<=Literal\[)|(?<![\w)\]]\[))"


def _choice(word: str) -> re.Pattern[str]:
    """A line that declares ``word`` (escaped) one of a fixed set of strings: an entry of a ``Literal[...]``,
    of ``choices=[...]`` or of a list, tuple or set display assigned to a name, or a line that is one
    string entry of a multi-line display."""
    return re.compile(
        rf"""(?:Literal\[|choices\s*=|^\s*[\w.]+\s*(?::[^=\n]*)?=\s*[\[({{])[^\n]*{_NOT_A_KEY}["']{word}["']"""
        rf"""|^\s*[rbuRBU]?["']{word}["']\s*,?\s*(?:#.*)?$"""
    )


def _registered(word: str) -> re.Pattern[str]:
    """A line that registers ``word`` (escaped) by a call or decorator whose name holds ``register``,
    among its string arguments (``@Manager.register_module(["a", "x"])``); an object's own buffer or
    parameter is an attribute, not a registry's key.  The call's name is at most 200 characters (as in
    _DEFINED: a word of ``register`` repeated was quadratic)."""
    return re.compile(
        rf"""\b(?!register_(?:buffer|parameter)\()\w{{0,100}}register\w{{0,100}}\s*\([^\n]*?["']{word}["']"""
    )


@dataclass(frozen=True)
class Removed:
    name: str
    kind: Kind
    path: str  # the upstream file whose diff removed the definition

    def renamed(self, trees: ThreeTrees) -> str | None:
        """A like-named definition upstream added in that file: the new name of a rename (none for a
        file upstream deleted)."""
        if self.path not in trees.upstream:
            return None
        change = trees.upstream[self.path]
        new = _renamed(self.name, list(change.added.values()), change.removed)
        if new is None or new not in _defined_in(_base_lines(trees, self.path)):
            return new
        # a name the file already defined is no new name: #32688 deleted ``gptq_marlin_24_gemm`` and, on a
        # line of the same shape, moved the fake of the ``awq_dequantize`` the file had all along
        return None


@dataclass(frozen=True)
class Read:
    path: str
    line: int
    name: str
    how: str  # the read as the message shows it
    form: str  # getattr, hasattr, get, subscript, in, module, ... (what a missing name makes of it)
    kinds: tuple[Kind, ...]  # what kind of definition this read can mean, likeliest first
    field: str = ""  # what the value is tied to: the attribute compared with it, the keyword passing it
    node: ast.AST | None = dataclasses.field(default=None, compare=False, repr=False)  # a comparison's or accessor's
    # the other strings of the table the name sits in (``_table_reads``): the fork's spelling of what replaced it
    beside: frozenset[str] = dataclasses.field(default=frozenset(), compare=False, repr=False)
    # every word the table's module spells (``_module_words``): an import or ``isinstance`` of a rename's new class
    spelled: frozenset[str] = dataclasses.field(default=frozenset(), compare=False, repr=False)


def name_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    wanted = _fork_names(trees)
    keys = {key for _, line in _fork_added(trees) if ":" in line for key in _DICT_KEY.findall(line)}
    # a key the fork binds a module constant to (``AEON_LOADER = "glm4_6v"``), read only as a registry's lookup
    held = _held_keys(trees) - wanted
    if not wanted and not keys and not held:
        return []
    names = wanted - _fork_defined(trees, wanted, _named_tables(trees, wanted))
    findings = _gone_reads(trees, names | held, pr_pattern, frozenset(held))
    seen = {(f.path, f.line) for f in findings}
    findings += [f for f in _rewritten(trees, names, pr_pattern) if (f.path, f.line) not in seen]
    findings = _outranked(findings, _dropped(trees, names | keys, pr_pattern))
    seen = {(f.path, f.line) for f in findings}
    # a local of the name (``qweight = getattr(layer, "qweight", None)``) provides no parameter: only the fork's
    # own registration or attribute setting of it does
    probed = wanted - _fork_attributes(trees, wanted)
    return findings + [f for f in _renamed_registrations(trees, probed, pr_pattern) if (f.path, f.line) not in seen]


def _outranked(findings: list[Finding], dropped: list[Finding]) -> list[Finding]:
    """Add the dropped-choice findings of lines no other finding holds; one that is an error replaces a
    warning on its line: a value the ``Literal`` lost is certain where a name gone "everywhere" is a guess
    (#37058's ``"librosa"`` was also an extra's name in setup.py, renamed ``"av"``)."""
    warned = {(f.path, f.line) for f in findings if f.severity is Severity.WARNING}
    taken = {(f.path, f.line) for f in findings}
    sure = [f for f in dropped if f.severity is Severity.ERROR and (f.path, f.line) in warned]
    replaced = {(f.path, f.line) for f in sure}
    kept = [f for f in findings if (f.path, f.line) not in replaced]
    return kept + sure + [f for f in dropped if (f.path, f.line) not in taken]


def _fork_attributes(trees: ThreeTrees, names: set[str]) -> set[str]:
    """The names a fork-added line registers (``register_parameter("n", ...)``) or sets on an object."""
    found: set[str] = set()
    for _, line in _fork_added(trees):
        found |= {n for n in names if n in line and _sets_attribute(n).search(line)}
    return found


_PROBES = frozenset({"getattr", "hasattr", "delattr"})


def _renamed_registrations(trees: ThreeTrees, names: set[str], pr_pattern: str) -> list[Finding]:
    """The fork's ``getattr``/``hasattr`` of a parameter one upstream file now registers under a new name
    while another file still registers the old one (drift/registered_names.py)."""
    changes = [
        (path, trees.upstream[path].removed, trees.upstream[path].added.values())
        for path in trees.upstream
        if path.endswith(".py") and not _test_path(path) and "register_" in trees.upstream.raw(path)
    ]
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    wanted = {old for path, removed, added in changes for old in renamed_in(path, removed, added)} & names
    if not wanted:
        return []
    renames = {
        r.old: r
        for r in renamed_registrations(
            changes, lambda word: iter(repo.word_lines(trees.repo, trees.theirs, word, served))
        )
        if r.old in wanted
    }
    findings = []
    for read in _fork_reads(trees, set(renames)) if renames else ():
        found = renames.get(read.name)
        module = trees.merged_module(read.path)
        if found is None or read.form not in _PROBES or module is None:
            continue
        commit, _ = _commit(trees, Removed(found.old, Kind.ATTRIBUTE, found.path), pr_pattern)
        tied = imports_from(module, found.path)
        if found.elsewhere is None:
            why = f"no other upstream file registers or sets {found.old!r}: the read {_OUTCOMES[read.form]} now"
        elif tied:
            why = (
                f"the file imports from {found.path}, so the read is for its layers, which have no {found.old!r} "
                f"now: the read {_OUTCOMES[read.form]} now"
            )
        else:
            why = (
                f"{found.elsewhere} still registers {found.old!r}: if the read is meant for {found.path}'s "
                f"layers it {_OUTCOMES[read.form]} now"
            )
        message = (
            f"fork-owned {read.how} reads a parameter {found.path} now registers as {found.new!r}: upstream "
            f"renamed its register_...({found.old!r}){commit}; {why}; read {found.new!r} for those layers"
        )
        severity = Severity.WARNING if found.elsewhere is not None and not tied else Severity.ERROR
        findings.append(Finding(RULE, "merge", severity, read.path, read.line, message))
    return findings


def _test_path(path: str) -> bool:
    return path.split("/", 1)[0] in TEST_FOLDERS


def _dropped(trees: ThreeTrees, names: set[str], pr_pattern: str) -> list[Finding]:
    """The fork's comparisons with, keywords passing and tables keyed by a value a field's ``Literal`` no
    longer accepts (drift/dropped_choices.py); ``names`` holds the fork's dict keys too."""
    choices = dropped_choices(trees, names) if names else {}
    narrowed = narrowed_choices(trees, names) if names else {}
    params = param_choices(trees, names) if names else {}
    found = {**(dropped_aliases(trees, names) if names else {}), **narrowed, **params, **choices}
    reads = _fork_reads(trees, {value for value, _ in found}) if found else ()
    owns = _Owns(trees)

    def answered(read: Read, drop: Dropped) -> bool:
        """The comparison reads the fork's own class's field, or its function also tests a value the field
        accepts only now (``in ("strict", "standard")``): written for both sides of the change.  A value
        passed under ``with pytest.raises(...)`` tests that it is refused; one passed to the file's own
        function that takes the keyword and passes it on to nothing, or to its own plain class, is the fork's.
        A deprecated value's alias was the class's own: only a keyword to its constructor reaches it."""
        own = owns(read.path)
        if (drop.alias or drop.narrowed) and not _builds_owner(trees, read, drop):
            return True
        if isinstance(read.node, ast.Call) and own is not None:
            module = trees.merged_module(read.path)
            return (
                expects_refusal(read.node, own.parents)
                or (module is not None and own_consumer(read.node, read.field, module))
                or _fork_class_built(trees, read, own)
            )
        if not isinstance(read.node, ast.Compare) or own is None:
            return False
        return (
            own_field_compared(own, read.node, drop.field)
            or _fork_class_compared(trees, read, drop, own)
            or written_for_both(own, read.node, drop.added)
        )

    inline = {id(drop) for drop in params.values()}
    findings = [
        _dropped_finding(trees, read, drop, pr_pattern, _sure_drop(trees, read, drop, owns, id(drop) not in inline))
        for read in reads
        if read.form in _TIED_FORMS and (drop := _drop_of(read, found, trees)) is not None and not answered(read, drop)
    ]
    values = re.compile("|".join(sorted({re.escape(f'"{v}"') + "|" + re.escape(f"'{v}'") for v, _ in found})))
    for path in sorted({p for p, line in _fork_added(trees) if values.search(line)} if found else ()):
        module = trees.merged_module(path)
        for line, drop, table in keyed_tables(module, trees.owned_lines(path), choices) if module else ():
            if any((f.path, f.line) == (path, line) for f in findings):
                continue  # one finding a line: its other dropped keys say the same
            how = f"{table}, keyed by {drop.value!r} and looked up by {drop.field}"
            read = Read(path, line, drop.value, how, "subscript", (Kind.CHOICE,), drop.field)
            findings.append(_dropped_finding(trees, read, drop, pr_pattern))
    return findings


def _sure_drop(trees: ThreeTrees, read: Read, drop: Dropped, owns: _Owns, declared: bool) -> bool:
    """An error only where the use certainly reaches the declarer and no version test keeps it for the old
    release (``if OLD: return Parser(..., method="librosa")``: fallbacks.version_gated, a warning)."""
    own = owns(read.path)
    if own is not None and read.node is not None and version_gated(read.node, own.parents):
        return False
    return declared or _reaches_declarer(trees, read, drop)


def _builds_owner(trees: ThreeTrees, read: Read, drop: Dropped) -> bool:
    """``Owner(..., field="value")``: the value passed to the constructor of the class whose alias went (a
    comparison was dead before the change too: the class rewrote the value before anything read it), or to
    ``dataclasses.replace(obj, field="value")`` of an ``obj`` annotated as the class (parcfg #26417: the copy
    is validated as a build is; refused_values.built_class)."""
    call = read.node
    if not isinstance(call, ast.Call):
        return False
    module = trees.merged_module(read.path) if last_name(call.func) == "replace" else None
    built = built_class(call, parent_map(module)) if module is not None else call.func
    return built is not None and (plain_name(built) or "").rsplit(".", 1)[-1] in drop.owners


def _drop_of(read: Read, found: dict[tuple[str, str], Dropped], trees: ThreeTrees) -> Dropped | None:
    """The drop a read means: its field's; for a value passed to a registry function of the alias's file
    (``get_quantization_config("petit_nvfp4")``), the parameter's, by keyword or by position; through
    ``super().__init__(...)``, the constructor of a base of the fork's class (drift/param_choices.py)."""
    drop = found.get((read.name, read.field)) if read.field else None
    if drop is not None or read.form != "arg" or not isinstance(read.node, ast.Call):
        return drop
    callee = (plain_name(read.node.func) or "").rsplit(".", 1)[-1]
    module = trees.merged_module(read.path) if not callee else None
    for name in [callee] if callee else super_init_bases(read.node, module) if module else []:
        wanted = _wanted(read, read.node, name)
        drop = next(
            (d for (value, key), d in found.items() if value == read.name and "#" in key and wanted in f"{key}#"),
            None,
        )
        if wanted and drop is not None:
            return drop
    return None


def _wanted(read: Read, call: ast.Call, callee: str) -> str:
    """The part of a drop's key (``param#callee#place``) the read names: ``field#callee#`` for a keyword,
    ``#callee#i#`` for the value at position ``i``; "" when the value is neither."""
    if read.field:
        return f"{read.field}#{callee}#"
    place = positional_field(call, read.name)
    return f"#{callee}#{place.split('#')[2]}#" if place else ""


def _fork_class_built(trees: ThreeTrees, read: Read, own: OwnFields) -> bool:
    """The value is passed to the constructor of the fork's own plain class (``AeonScorerConfig(...)``, of
    the file or imported from another of its modules): its keyword, not the field's."""
    module = trees.merged_module(read.path)
    call = read.node
    if module is None or not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        return False
    cls = own.classes.get(call.func.id)
    if cls is not None:
        return own.plain(cls)
    return ForkTypes(trees, read.path, module, own.classes).plain_elsewhere(call.func.id)


def _fork_class_compared(trees: ThreeTrees, read: Read, drop: Dropped, own: OwnFields) -> bool:
    """The comparison reads the field off a receiver typed as the fork's own class of another of its
    modules (``config: AeonScorerConfig``, a plain class declaring a field of the name): not the field's."""
    module = trees.merged_module(read.path)
    if module is None or not isinstance(read.node, ast.Compare):
        return False
    fork = ForkTypes(trees, read.path, module, own.classes)
    func = enclosing(read.node, own.parents)
    for side in (read.node.left, *read.node.comparators):
        if isinstance(side, ast.Attribute) and side.attr == drop.field:
            typed = typed_as(side.value, func, own.parents, own.classes)
            if typed and not typed & drop.owners and all(fork.plain_elsewhere(t) for t in typed):
                return True
    return False


def _rewritten(trees: ThreeTrees, names: set[str], pr_pattern: str) -> list[Finding]:
    """The fork's comparisons with, and keywords passing, a value upstream now rewrites (drift/rewrites.py)."""
    found = rewrites(trees, names) if names else {}
    reads = _fork_reads(trees, set(found)) if found else ()
    owns = _Owns(trees)

    def answered(read: Read) -> bool:
        """The fork's comparison is right after the rewrite too (drift/rewrites.py)."""
        own = owns(read.path)
        if not isinstance(read.node, ast.Compare) or own is None:
            return False
        rewrite = found[read.name]
        return written_for_both(own, read.node, {rewrite.to}) or own_field_compared(own, read.node, rewrite.field)

    return [
        _rewrite_finding(trees, read, found[read.name], pr_pattern)
        for read in reads
        if read.field == found[read.name].field and read.form in _TIED_FORMS and not answered(read)
    ]


class _Owns:
    """The merged files' classes and parents (own_fields.OwnFields), made once a file, when first asked."""

    def __init__(self, trees: ThreeTrees) -> None:
        self.trees = trees
        self.made: dict[str, OwnFields | None] = {}

    def __call__(self, path: str) -> OwnFields | None:
        if path not in self.made:
            module = self.trees.merged_module(path)
            self.made[path] = OwnFields(module) if module is not None else None
        return self.made[path]


_TIED_FORMS = frozenset({"eq", "ne", "arg"})


def _gone_reads(
    trees: ThreeTrees, names: set[str], pr_pattern: str, held: frozenset[str] = frozenset()
) -> list[Finding]:
    """The fork's reads of names upstream removed and no longer mentions (as what the read means); of ``held``
    (the strings only a fork constant holds) only a registry's lookup through the constant."""
    removed, unread, dropped = _removed_upstream(trees, names)
    # still mentioned somewhere upstream (moved, or read elsewhere): not gone, so not claimed.  Upstream's
    # own tests are not the service: one that names the old value checks that it is now refused
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    stubs = _env_stubs(trees, unread, served) if unread else {}
    if not removed and not stubs and not dropped:
        return []
    words = set(repo.words_present(trees.repo, trees.theirs, sorted(removed), served)) if removed else set()
    quoted = _still_quoted(trees, sorted(words & {n for n, found in removed.items() if _a_choice(found)}), served)
    # a removed attribute whose word lives on only as a parameter or a local (``def f(embedding_mode)``,
    # #9424) is gone for ``getattr(x, "name")``: nothing holds it as an attribute any more
    unheld = _not_attributes(trees, {n for n in words - quoted if _an_attribute(removed[n])}, served)
    for name in words - quoted:
        # alive, but not as a value (nor, if only a local's name, as an attribute)
        removed[name] = [
            r for r in removed[name] if r.kind is Kind.CHOICE or (name in unheld and r.kind is Kind.ATTRIBUTE)
        ]
    for name in quoted:
        del removed[name]
    for name, path in stubs.items():  # the variable, and the registry's entry that no longer reads it
        removed[name] = [Removed(name, Kind.ENV, path), Removed(name, Kind.KEY, path)]
    orphans = _orphans(trees, {n: p for n, p in dropped.items() if not removed.get(n)}, served)
    for name, path in orphans.items():  # registered still, its last consumer gone (drift/orphaned_envs.py)
        removed[name] = [Removed(name, Kind.ENV, path), Removed(name, Kind.KEY, path)]
    findings = []
    owns = _Owns(trees)
    reads = list(_fork_reads(trees, {n for n, found in removed.items() if found}) if removed else ())
    reads = [r for r in reads if r.form == "constant" or r.name not in held]
    reads = [_as_lookup(trees, read, removed.get(read.name, []), owns) for read in reads]
    reads = [r for r in reads if r.form != "constant"]  # a constant handed to anything but its registry
    flags = {f"--{r.name.replace('_', '-')}": r.name for r in reads if r.form == "namespace"}
    # a flag spelt with dashes (``--exclude-log-deltas``) makes the attribute whose word is gone from the text
    flagged = (
        {flags[f] for f in repo.strings_present(trees.repo, trees.theirs, sorted(flags), served)} if flags else set()
    )
    # the fork's own reader of an orphaned variable, straight off the environment (a shim of its own): the
    # fork's setting still acts.  A read off upstream's registry (``envs.NAME``) is no such reader
    fork_readers = {r.name for r in reads if r.name in orphans and r.form not in orphaned_envs.WRITES | {"module"}}
    for read in (r for r in reads if not (r.form == "namespace" and r.name in flagged)):
        # the evidence to show: the package's own definition before a test's, the likeliest kind first
        fitting = [r for r in removed[read.name] if r.kind in read.kinds and _fits(read, r, unheld)]
        ranked = sorted(fitting, key=lambda r: ("test" in r.path, read.kinds.index(r.kind), r.path))
        if (
            ranked
            and not _compatible(read, owns)
            and not (read.name in stubs and _beside_new_name(trees, read, stubs[read.name], owns))
        ):
            # a value passed on: the file that tested for it in the function it is passed to, when one did
            tested = (
                next((r for r in ranked if _callee_tested_it(trees, read, r)), None) if read.form == "arg" else None
            )
            # a name removed from several files, probed off one of their modules (``getattr(dist, "f", None)``):
            # that module's removal is the evidence, whatever file sorts first (#51078 dropped the function from
            # the parallel state a package stars, and a like-named method from a communicator)
            probed = next((r for r in ranked if _module_probe(trees, read, r)), None) if len(ranked) > 1 else None
            evidence = tested or probed or ranked[0]
            if (read.beside or read.spelled) and evidence.renamed(trees) in read.beside | read.spelled:
                continue  # the fork's table names the new spelling too: written for both sides of the rename
            if read.beside and _folded_into(trees, read, ranked):
                continue  # ``("FusedMoE", "SharedFusedMoE")``: the removed class's instances were its base's too
            if _off_another_object(trees, read, ranked):
                continue  # ``getattr(self.cfg, "f", None)``: not the module that deleted its function ``f``
            if _registry_guard(trees, read, ranked):
                continue  # ``"k" in R.name2class`` asks whether the key is there; ``R.name2class["k"] = C`` adds it
            if _probe_bridges(read, evidence, owns):
                continue  # ``f = getattr(C, "gone", None)`` called only where a test finds it: the fork's bridge
            word_unheld, stub = read.name in unheld, read.name in stubs
            if read.name in orphans:
                sure = read.name not in fork_readers and not _fork_quotes(trees, read.name)
                sure = sure and _orphan_sure(trees, read, evidence, served)
                findings.append(_orphan_finding(trees, read, evidence, pr_pattern, sure))
                continue
            findings.append(_finding(trees, read, evidence, pr_pattern, word_unheld, stub, tested=tested is not None))
    return findings


def _registry_guard(trees: ThreeTrees, read: Read, found: list[Removed]) -> bool:
    """A membership test of the key (``"k" in R.name2class``, ``not in``) or a store of it (``R.name2class["k"] =
    C``) on the registry the removed registration of the key wrote into, or a table of it: the fork asks whether
    the key is there, or registers it itself -- both right whatever upstream registers.  A plain read of the
    key there stays name drift's (drift/registry_lookups.py).  Since revBR the dict's own answers for an absent
    key count as the test does (``R.name2class.get("k")``, ``pop("k", None)``, ``setdefault("k", C)``), and a
    membership test of a local the module binds only to the table (``table = R.name2class`` then ``"k" in
    table``) is the test of the table."""
    receiver = _guarded_table(trees, read)
    if receiver is None:
        return False
    # any kind of removal of the file: a key whose word lives on elsewhere reads as another kind (#22386's
    # "GptOss"), and the removed lines still say it was registered into this registry
    return any(
        registry_table(receiver, read.name, trees.upstream[r.path].removed) for r in found if r.path in trees.upstream
    )


# a dict's methods that answer for an absent key without raising (``pop`` only with its default)
_ABSENT_ANSWERED = frozenset({"get", "pop", "setdefault"})


def _guarded_table(trees: ThreeTrees, read: Read) -> str | None:
    """The table (as spelt) a membership test, a store, or an absence-answering method call of the key is on."""
    if read.form == "in":
        receiver = read.how.split(" in ", 1)[-1]
        return (_bound_table(trees, read.path, receiver) if receiver.isidentifier() else None) or receiver
    if read.form == "setitem":
        return read.how.removesuffix(f'["{read.name}"]')
    if read.form not in _ABSENT_ANSWERED:
        return None
    module = trees.merged_module(read.path)
    for call in ast.walk(module) if module is not None else ():
        if isinstance(call, ast.Call) and call.lineno == read.line and _answers_absence(call, read.name):
            # a table of the registry (``R.name2class``), not the registry, whose own ``get`` may raise
            table = call.func.value if isinstance(call.func, ast.Attribute) else None
            return ast.unparse(table) if isinstance(table, ast.Attribute) else None
    return None


def _answers_absence(call: ast.Call, key: str) -> bool:
    """``d.get("k")``, ``d.get("k", x)``, ``d.setdefault("k", x)``, ``d.pop("k", x)``: none raises for a missing key."""
    func, args = call.func, call.args
    if not isinstance(func, ast.Attribute) or func.attr not in _ABSENT_ANSWERED or call.keywords:
        return False
    return bool(args) and str_value(args[0]) == key and (func.attr != "pop" or len(args) == 2)


def _bound_table(trees: ThreeTrees, path: str, local: str) -> str | None:
    """What ``local`` stands for where the module binds it only by assignments of one dotted name
    (``table = R.name2class``): that name; else None (a parameter, a loop variable, two values)."""
    module = trees.merged_module(path)
    if module is None:
        return None
    stores, values = 0, []
    for node in ast.walk(module):
        if isinstance(node, ast.arg) and node.arg == local:
            return None
        if isinstance(node, ast.Name) and node.id == local and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values += [plain_name(node.value)] if node.targets[0].id == local else []
    # every store of the name one of these assignments (a loop's, a tuple's or a ``with``'s store is not)
    return values[0] if values and len(values) == stores and len(set(values)) == 1 else None


def _as_lookup(trees: ThreeTrees, read: Read, found: list[Removed], owns: _Owns) -> Read:
    """``LOADERS.load("key")`` on the registry the removed registration of ``key`` wrote into
    (drift/registry_lookups.py): a lookup of a key nothing registers now, whatever a method of that name
    does elsewhere; else the read as it was."""
    own = owns(read.path)
    call = read.node
    if read.form not in ("arg", "dispatch", "constant") or not isinstance(call, ast.Call) or own is None:
        return read
    held = read.field if read.form == "constant" else ""
    for gone in (r for r in found if r.kind is Kind.KEY and r.path in trees.upstream):
        side = trees.upstream[gone.path]
        fork = ([text for _, text in sorted(trees.mine[p].added.items())] for p in trees.mine if p.endswith(".py"))
        registry = looked_up_registry(call, read.name, side.removed, own.parents, side.added.values(), fork, held)
        if registry is not None and isinstance(call.func, ast.Attribute):
            how = f'{registry}.{call.func.attr}("{read.name}")'
            how = f'{registry}.{call.func.attr}({held}) ({held} = "{read.name}")' if held else how
            return dataclasses.replace(read, how=how, form="lookup", kinds=(Kind.KEY,))
    return read


def _beside_new_name(trees: ThreeTrees, read: Read, registry: str, owns: _Owns) -> bool:
    """The fork function that reads or sets a stubbed variable also names the variable upstream renamed it
    to (``os.environ.get("NEW") or os.environ.get("OLD")``, both set for releases on either side,
    ``envs.NEW or envs.OLD``): it is written for both sides of the rename (#45781)."""
    renamed = Removed(read.name, Kind.ENV, registry).renamed(trees)
    news = {renamed} if renamed else _pointed_to(trees, read.name, registry)
    module, own = trees.merged_module(read.path), owns(read.path)
    if not news or module is None or own is None:
        return False
    at = read.node or next(
        (n for n in ast.walk(module) if getattr(n, "lineno", None) == read.line and _names(n, read.name)), None
    )
    scope = written_scope(at, own.parents) if at is not None else None
    return scope is not None and any(_names(n, new) for n in ast.walk(scope) for new in news)


def _pointed_to(trees: ThreeTrees, name: str, registry: str) -> set[str]:
    """The registry's other variables a line upstream added names beside the stubbed ``name`` (or on the added
    line above it, a comment): the successor its deprecation points to where the registry had it already ("X
    is deprecated: use Y", Y no new name)."""
    added = trees.upstream[registry].added if registry in trees.upstream else {}
    near = [added.get(at - 1, "") + "\n" + line for at, line in added.items() if name in line]
    return {word for text in near for word in _ENV_WORD.findall(text)} - {name}


def _names(node: ast.AST, name: str) -> bool:
    """``node`` is the string ``name`` or an attribute read of it (``envs.NAME``)."""
    return str_value(node) == name or (isinstance(node, ast.Attribute) and node.attr == name)


def _compatible(read: Read, owns: _Owns) -> bool:
    """A getattr or hasattr of the name with a fallback on another attribute of the same object, or a
    ``hasattr`` that picks the fork's path per release (the test of an ``if`` with an ``else`` of substance,
    of one whose body leaves the block with more after it: drift/guarded_reads.py, the gate symbol drift
    already leaves quiet for a receiver it can type), or a ``v = getattr(x, "name", None)`` whose test of ``v``
    does the same (``held_both_ways``), or a module's ``mod.NAME`` under a ``hasattr(mod, "NAME")``: written for
    both sides of the removal."""
    if read.form == "module" and isinstance(read.node, ast.Attribute) and (own := owns(read.path)) is not None:
        return _hasattr_guarded(read.node, own.parents)
    if read.form not in _ATTRIBUTE_ACCESSORS or not isinstance(read.node, ast.Call):
        return False
    own = owns(read.path)
    if own is None:
        return False
    if read.form == "hasattr" and flag_gates_both_ways(read.node, own.parents):
        return True  # ``HAS = hasattr(C, "old")`` then ``if HAS:`` gating both ways: the same gate in two lines
    if read.form == "hasattr":
        return falls_back(read.node, own.parents) or gates_both_ways(read.node, own.parents)
    return falls_back(read.node, own.parents) or held_both_ways(read.node, own.parents)


def _hasattr_guarded(node: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """``mod.NAME`` in the branch of an ``if`` or a conditional expression that runs only where ``hasattr(mod,
    "NAME")`` holds (review109: ``envs.X if hasattr(envs, "X") else None`` after #33722 removed the profiler's
    variables; the registry's ``__getattr__`` raises AttributeError for a name it no longer holds)."""
    child: ast.AST = node
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.IfExp) and child is up.body and id(node) in hasattr_guarded_nodes([up]):
            return True
        if isinstance(up, ast.If) and node.lineno in hasattr_guarded_lines(up)[1]:
            return True
        child, up = up, parents.get(id(up))
    return False


def _probe_bridges(read: Read, evidence: Removed, owns: _Owns) -> bool:
    """A ``getattr`` with a default that probes for a callable (drift/probed_callables.py) of a name upstream
    removed outright: the path without it is the fork's own.  Not a rename's old name: there the default
    runs where the new name would have served, and the fork's feature stops without a trace."""
    if read.form != "getattr" or not isinstance(read.node, ast.Call) or (own := owns(read.path)) is None:
        return False
    return probes_callable(read.node, own.parents) and evidence.renamed(owns.trees) is None


def _a_choice(found: list[Removed]) -> bool:
    return any(r.kind is Kind.CHOICE for r in found)


def _an_attribute(found: list[Removed]) -> bool:
    return any(r.kind is Kind.ATTRIBUTE for r in found)


def _fits(read: Read, removed: Removed, unheld: set[str]) -> bool:
    """The attribute removal of a name upstream's tree still mentions only as a local fits an attribute
    accessor's read alone (a ``.get("name")`` may read a mapping a local of the name fills); its other
    removals (an accepted value) fit as ever."""
    if removed.kind is not Kind.ATTRIBUTE or read.name not in unheld:
        return True
    return read.form in _ATTRIBUTE_ACCESSORS


_ATTRIBUTE_ACCESSORS = frozenset({"getattr", "hasattr"})


def _not_attributes(trees: ThreeTrees, names: set[str], served: list[str]) -> set[str]:
    """Of ``names`` (whole words upstream still has), those no upstream file mentions as an attribute:
    only as a parameter, a function's local, or inside a longer string or comment.  Asked only of the few
    removed attributes whose word survives; past ``_HOLDERS`` files the answer is "still held"."""
    if not names:
        return set()
    paths = sorted(repo.files_containing(trees.repo, trees.theirs, sorted(names), served))
    if len(paths) > _HOLDERS:
        return set()
    held: set[str] = set()
    passed: set[tuple[str, str]] = set()  # (callee, keyword) of the calls passing one of the names
    taken: set[tuple[str, str]] = set()  # (function, parameter) of the defs taking one
    for text in trees.blobs(trees.theirs, paths).values():
        holding = _Holding(set(names)) if text is None else attribute_words(text, names)
        held |= holding.attributes
        passed |= holding.passed
        taken |= holding.taken
    # a keyword argument holds an attribute (a class's field, a ``**kwargs`` stored) unless it is a
    # parameter of the function of the callee's name (#23379: ``run_nvfp4_emulations(weight_scale_swizzled=
    # ...)`` passes what ``def run_nvfp4_emulations(..., weight_scale_swizzled)`` takes)
    held |= {word for _, word in passed - taken}
    return names - held


_HOLDERS = 40  # files parsed to tell an attribute's word from a local's; past it, assume an attribute


@dataclass
class _Holding:
    """How a file uses ``names``: as attributes; as keyword arguments of calls by the callee's name
    (``(callee, keyword)``); as parameters of defs (``(function, parameter)``)."""

    attributes: set[str]
    passed: set[tuple[str, str]] = dataclasses.field(default_factory=set)
    taken: set[tuple[str, str]] = dataclasses.field(default_factory=set)


def attribute_words(text: str, names: set[str]) -> _Holding:
    """Which of ``names`` ``text`` may use as an attribute: ``x.name``, a def or class, a class or module
    level binding, an import, or a string of the name (all of them if it does not parse).  A parameter,
    and a name bound or read inside a function, are not attributes; a keyword argument is kept apart with
    its callee's name (a parameter of the function of that name, or an attribute)."""
    module = parse_python(text)
    if module is None:
        return _Holding(set(names))
    holding = _Holding(set())
    passed: set[int] = set()  # the ids of the keyword nodes of calls (walked before their keywords)
    stack: list[tuple[ast.AST, bool]] = [(module, False)]
    while stack:
        node, local = stack.pop()
        if isinstance(node, ast.Call):
            callee = (plain_name(node.func) or "").rsplit(".", 1)[-1]
            holding.passed |= {(callee, k.arg) for k in node.keywords if k.arg in names}
            passed |= {id(k) for k in node.keywords}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            holding.taken |= {(node.name, arg) for arg in parameter_names(node.args) & names}
        if id(node) not in passed:
            holding.attributes |= _held_as_attribute(node, local) & names
        inner = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) or (
            local and not isinstance(node, ast.ClassDef)
        )
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))
    return holding


def _held_as_attribute(node: ast.AST, local: bool) -> set[str]:
    """The words ``node`` may name an attribute by (``local``: it sits in a function's body)."""
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {node.name}
    if isinstance(node, ast.keyword):
        return {node.arg} if node.arg else set()
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.alias):
        return {node.asname or node.name, node.name.rsplit(".", 1)[-1]}
    if isinstance(node, ast.Global | ast.Nonlocal):
        return set(node.names)
    return {node.id} if isinstance(node, ast.Name) and not local else set()


def _still_quoted(trees: ThreeTrees, names: list[str], served: list[str]) -> set[str]:
    """Of the names upstream's tree still mentions that it also accepted as a value, those it still
    quotes.  An accepted value lives on only as a string: a comment (``# soundfile (or resampy) is not
    installed``) or a library imported under the name accepts nothing (#39524 dropped ``"resampy"``)."""
    forms = {f"{q}{name}{q}": name for name in names for q in "\"'"}
    present = repo.strings_present(trees.repo, trees.theirs, sorted(forms), served) if forms else frozenset()
    return {forms[s] for s in present}


# -- the fork's side ---------------------------------------------------------------------------------
def _fork_added(trees: ThreeTrees) -> Iterator[tuple[str, str]]:
    """(path, text) of each line the fork added to a Python file."""
    for path in trees.mine:
        if path.endswith(".py"):
            for line in trees.mine[path].added.values():
                yield path, line


def _held_keys(trees: ThreeTrees) -> set[str]:
    """The strings the fork's added top-level lines bind a module constant to (registry_lookups.CONSTANT_LINE)."""
    return {m.group(2) for _, line in _fork_added(trees) if "=" in line and (m := CONSTANT_LINE.match(line))}


def _fork_names(trees: ThreeTrees) -> set[str]:
    names: set[str] = set()
    for _, line in _fork_added(trees):
        if "'" in line or '"' in line:
            names.update(n for groups in _READ_NAME.findall(line) for n in groups if n)
            if _IN_DISPLAY.search(line) or _TABLE_LINE.match(line):
                names.update(_ANY_STRING.findall(line))
        if "." in line:
            names.update(_UPPER_ATTRIBUTE.findall(line))
            names.update(_NAMESPACE_READ.findall(line))
        if ":" in line:
            names.update(_ENV_ENTRY.findall(line))
    for _, _, line in _fork_settings(trees):
        names.update(_set_names(line))
    return names


# a table of environment settings: ``{"APP_FLAG": "1", ...}`` (an upper-case key, a string value)
_ENV_ENTRY = lazy_pattern(r"""(?:^|[{,])\s*["']([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["']\s*:\s*[rbuRBU]?["']""")

# a deployment file's setting of an environment variable: ``ENV NAME=1`` / ``ENV NAME 1`` (a Dockerfile),
# ``export NAME=1`` / ``NAME=1 cmd`` (a script), ``NAME: "1"`` (a manifest's map), ``name: NAME`` (a list
# of ``{name, value}``), ``--env NAME=1``; not a reference (``$NAME``, ``${NAME:-1}``)
_SETS_VARIABLE = lazy_pattern(
    r"""(?<![\w${/.-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?=[ \t]*=(?!=)|:[ \t]*["']?[\w.\-/])"""
    r"""|\bname:[ \t]*["']?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["']?[ \t]*$"""
    r"""|\bENV[ \t]+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)[ \t]+[^\s=]"""
)
_SETTING_SUFFIXES = (".sh", ".bash", ".env", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".service")


def _set_names(line: str) -> set[str]:
    return {name for groups in _SETS_VARIABLE.findall(line) for name in groups if name}


def setting_file(path: str) -> bool:
    """A file that sets a service's environment: a container build, a script, a manifest."""
    name = path.rsplit("/", 1)[-1]
    return (
        name.endswith(_SETTING_SUFFIXES)
        or name.startswith(("Dockerfile", "Containerfile"))
        or name.endswith((".dockerfile", ".Dockerfile"))
    )


def _fork_settings(trees: ThreeTrees) -> Iterator[tuple[str, int, str]]:
    """(path, line in the side's version, text) of each line the fork added to a setting file that may
    set a variable (the comment of a script or a manifest aside)."""
    for path in trees.mine:
        if setting_file(path):
            for number, line in trees.mine[path].added.items():
                code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
                if code.strip():
                    yield path, number, code


def _fork_defined(trees: ThreeTrees, names: set[str], named: set[str] | None = None) -> set[str]:
    """The names a fork-added line defines itself (the fork's own field or key is no drift), also as a
    keyword (``dict(name=1)``, ``Config(name=1)``); reading an environment variable defines nothing.  The
    ``named`` strings of a table a definition's name is tested against declare no choice of the fork's."""
    lines = [line for _, line in _fork_added(trees)]
    keywords = {name for line in lines if "=" in line for name in _KEYWORD.findall(line)}
    choices = _choices_among(_not_first_arguments(trees), names) - (named or set())
    # a table of environment settings (``{"APP_FLAG": "1"}``) sets variables for a reader; it defines no key
    settings = {name for line in lines if ":" in line for name in _ENV_ENTRY.findall(line)}
    flags = _flag_names(trees)
    return (
        ((_defined_in(lines) | choices) - settings) | keywords | flags | _looped_flags(trees, names - flags)
    ) & names


# a command-line flag the fork declares: ``parser.add_argument("--embedding-mode", ...)`` (or the flag on one
# of the three lines after the call opens), ``@click.option("--x")``; ``dest="name"``: the attribute it sets
_FLAG_CALL = lazy_pattern(r"\b(?:add_argument|option)\(")
_LONG_FLAG = lazy_pattern(r"""["']--([A-Za-z][\w-]{0,100})["']""")
_DEST = lazy_pattern(r"""\bdest\s*=\s*["']([A-Za-z_]\w{0,100})["']""")


def _flag_names(trees: ThreeTrees) -> set[str]:
    """The attributes the fork's own command-line flags give a parsed namespace (``--embedding-mode``:
    ``args.embedding_mode``): the fork defines them, whatever upstream removed."""
    found: set[str] = set()
    for path in trees.mine:
        if path.endswith(".py"):
            added = trees.mine[path].added
            for number, line in added.items():
                found.update(_DEST.findall(line))
                if "--" in line and any(_FLAG_CALL.search(added.get(number - back, "")) for back in range(4)):
                    found.update(flag.replace("-", "_") for flag in _LONG_FLAG.findall(line))
    return found


def _looped_flags(trees: ThreeTrees, names: set[str]) -> set[str]:
    """Of ``names``, the flags a fork file declares in a loop over a literal list (``for flag in _KEEP:
    parser.add_argument(flag)``) or spells on a line the text scan does not tie to the call: read off the
    file's syntax (removed_options' declarations), only in files whose added lines call ``add_argument``
    and spell one of the names as a flag."""
    wanted = {"--" + n.replace("_", "-") for n in names}
    found: set[str] = set()
    for path in sorted(p for p in trees.mine if p.endswith(".py")) if names else ():
        added = trees.mine[path].added.values()
        if any(_FLAG_CALL.search(t) for t in added) and any(f in wanted for t in added for f in _quoted_flags(t)):
            found |= option_declarations(trees.merged_module(path)) & names
    return found


def _quoted_flags(line: str) -> list[str]:
    return ["--" + flag for flag in _LONG_FLAG.findall(line)] if "--" in line else []


_OPENS_CALL = lazy_pattern(r"\w\(\s*(?:#.*)?$")


def _not_first_arguments(trees: ThreeTrees) -> list[str]:
    """The fork's added Python lines, less a call's first argument on a line of its own (the line after
    ``collective_rpc(``): a quoted word there is passed, not one entry of a display of choices."""
    kept: list[str] = []
    for path in trees.mine:
        if path.endswith(".py"):
            added = trees.mine[path].added
            kept.extend(line for n, line in added.items() if not (n - 1 in added and _OPENS_CALL.search(added[n - 1])))
    return kept


# _choice's parts, for every word at once: what comes before the entries of a display, a quoted word
# (a name is a word: the one between two quotes), and a line that is one quoted word of a display
_CHOICE_OPENERS = (
    lazy_pattern(r"Literal\["),
    lazy_pattern(r"choices\s*="),
    lazy_pattern(r"^\s*[\w.]+\s*(?::[^=\n]*)?=\s*[\[({]"),
)
_QUOTED_WORD = lazy_pattern(r"""(?<=["'])\w+(?=["'])""")
_ENTRY_LINE = lazy_pattern(r"""^\s*[rbuRBU]?["'](\w+)["']\s*,?\s*(?:#.*)?$""")


def _choices_among(lines: list[str], names: set[str]) -> set[str]:
    """The names some line declares one of a fixed set of strings, as ``_choice(name)`` reads a line,
    in one pass over the lines: a pattern compiled per name and a search of every line per name took
    minutes for a fork that added thousands of reads (40 s for 6,000 lines that each read a name)."""
    found: set[str] = set()
    for line in lines:
        if "'" not in line and '"' not in line:
            continue
        entry = _ENTRY_LINE.match(line)
        if entry is not None:
            found.add(entry.group(1))
        ends = [m.end() for m in (opener.search(line) for opener in _CHOICE_OPENERS) if m is not None]
        if ends:
            # a dict's value (``{"kv_connector": "P2pNcclConnector"}``) is set, not declared one of a set
            # and a subscript's key (``Status["WAITING"]`` in a tuple of members) is read, not declared
            found.update(
                m.group()
                for m in _QUOTED_WORD.finditer(line, min(ends) + 1)
                if not _after_colon(line, m.start() - 1) and not _subscripted(line, m.start() - 1)
            )
    return found & names


def _subscripted(line: str, quote: int) -> bool:
    """The quote at ``quote`` opens a subscript's key: ``x["`` / ``f()["`` / ``t[0]["``, not a list's ``= ["``
    and not ``Literal["``, whose entries are what it declares (as ``_NOT_A_KEY`` reads it in ``_choice``)."""
    if quote < 2 or line[quote - 1] != "[" or line.endswith("Literal[", 0, quote):
        return False
    return line[quote - 2].isalnum() or line[quote - 2] in "_)]"


def _after_colon(line: str, quote: int) -> bool:
    """The quote at ``quote`` follows a ``:`` (blanks between): a dict's value.  Walked back from the
    quote, not a slice of the line before it: a line of many quoted words is read once."""
    at = quote - 1
    while at >= 0 and line[at] in " \t":
        at -= 1
    return at >= 0 and line[at] == ":"


def _fork_reads(trees: ThreeTrees, names: set[str]) -> Iterator[Read]:
    """The fork's reads of ``names``, less those of a name the fork's own code provides at runtime."""
    pattern = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names))) + r")\b")
    paths = sorted({path for path, line in _fork_added(trees) if pattern.search(line)})
    constants = _constants_holding(trees, names)
    if constants:  # a module importing a constant that holds a name (registry_lookups.constant_lookups)
        named = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, constants))) + r")\b")
        paths = sorted(set(paths) | {path for path, line in _fork_added(trees) if named.search(line)})
    dispatchers = Dispatchers(trees)
    reads: list[Read] = []
    served: set[str] = set()
    changed = functools.cache(lambda: _changed_tables(trees))
    for path in paths:
        module = trees.merged_module(path)
        if trees.merged_text(path) is None or module is None:
            continue
        owned = trees.owned_lines(path)
        served |= _served(module, names, owned)
        modules = _module_aliases(module)
        found = [
            r for node in ast.walk(module) if (r := _read(path, node, names, modules, dispatchers)) and r.line in owned
        ]
        siblings = _or_siblings(module) if any(isinstance(r.node, ast.Compare) for r in found) else {}
        reads += [
            dataclasses.replace(r, beside=r.beside | siblings[id(r.node)]) if id(r.node) in siblings else r
            for r in found
        ]
        reads += [read for read in _table_reads(path, module, names, changed) if read.line in owned]
        if constants:
            reads += [
                Read(path, call.lineno, key, f"{ast.unparse(call.func)}({held})", "constant", (Kind.KEY,), held, call)
                for call, held, key in constant_lookups(module, names, functools.partial(_imported_constant, trees))
                if call.lineno in owned
            ]
    # ``setattr(Worker, "m", fn)`` is the fork defining ``m`` as ``Worker.m = fn`` does (a monkeypatch
    # re-adding what upstream removed): its other reads of ``m`` are served.  A store no fork code reads
    # stays reported (what upstream read it for is gone)
    stored = {r.name for r in reads if r.form == "setattr"} & {r.name for r in reads if r.form != "setattr"}
    yield from (read for read in reads if read.name not in served | stored)
    yield from _settings_of(trees, names)


def _constants_holding(trees: ThreeTrees, names: set[str]) -> set[str]:
    """The module constants the fork's added top-level lines bind to one of ``names``."""
    return {
        m.group(1)
        for _, line in _fork_added(trees)
        if "=" in line and (m := CONSTANT_LINE.match(line)) and m.group(2) in names
    }


def _imported_constant(trees: ThreeTrees, dotted: str, name: str) -> str | None:
    """The string the module ``dotted`` names in the merged tree binds ``name`` to as a module constant."""
    base = dotted.replace(".", "/")
    for path in (base + ".py", base + "/__init__.py"):
        text = trees.merged_text(path)
        if text is not None:
            if not re.search(rf"(?m)^{re.escape(name)}\b", text):
                return None
            module = trees.merged_module(path)
            return module_constants(module).get(name) if module is not None else None
    return None


_HOOKS = frozenset({"__getattr__", "__getattribute__"})


def _served(module: ast.Module, names: set[str], owned: set[int]) -> set[str]:
    """The names a ``__getattr__`` answers on the fork's own lines (``if attr == "m":`` or ``attr in
    ("m", ...)`` on the name it is asked for): an object or a module serving them at runtime."""
    found: set[str] = set()
    for function in ast.walk(module):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or function.name not in _HOOKS:
            continue
        positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        asked = positional[-1] if positional else ""  # (self, name) on a class, (name) on a module
        for node in ast.walk(function):
            if isinstance(node, ast.Compare) and node.lineno in owned:
                found |= _compared_with(node, asked) & names
    return found


def _compared_with(node: ast.Compare, name: str) -> set[str]:
    """The strings ``node`` compares the variable ``name`` with (``name == "s"``, ``name in ("s", ...)``)."""
    sides = [node.left, *node.comparators]
    if not any(isinstance(side, ast.Name) and side.id == name for side in sides):
        return set()
    return {text for side in sides for text in display_strings(side) if text}


def _settings_of(trees: ThreeTrees, names: set[str]) -> Iterator[Read]:
    """The fork's settings of ``names`` in deployment files, at their lines of the merged file."""
    for path in sorted({path for path, _, line in _fork_settings(trees) if _set_names(line) & names}):
        text = trees.merged_text(path)
        owned = trees.owned_lines(path) if text is not None else set()
        for number, line in enumerate(text.split("\n") if text is not None else (), 1):
            if number in owned and not line.lstrip().startswith("#"):
                for name in sorted(_set_names(line.split("#", 1)[0]) & names):
                    yield Read(path, number, name, f"setting of {name} in {path}", "setenv", (Kind.ENV, Kind.KEY))


def _read(path: str, node: ast.AST, names: set[str], modules: set[str], dispatchers: Dispatchers) -> Read | None:
    """The string-named read ``node`` is, if its name is one of ``names``."""
    if isinstance(node, ast.Call):
        func = node.func
        callee = last_name(func)
        if isinstance(func, ast.Name) and callee in _ACCESSORS and len(node.args) >= 2:
            name = str_value(node.args[1])
            if name in names:
                kinds = (Kind.ATTRIBUTE, Kind.KEY)
                return Read(path, node.lineno, name, f'{callee}(..., "{name}")', callee, kinds, node=node)
        elif callee in _KEY_METHODS and node.args and (name := str_value(node.args[0])) in names:
            return Read(path, node.lineno, name, f'{ast.unparse(func)}("{name}")', callee, _key_kinds(func))
        else:
            return _passed(path, node, names, dispatchers)
    elif isinstance(node, ast.Subscript) and (name := str_value(node.slice)) in names:
        form = "setitem" if isinstance(node.ctx, ast.Store) else "subscript"
        return Read(path, node.lineno, name, f'{ast.unparse(node.value)}["{name}"]', form, _key_kinds(node.value))
    elif isinstance(node, ast.Compare) and len(node.ops) == 1:
        return _compared(path, node, names)
    elif isinstance(node, ast.Dict):
        return _entered(path, node, names)
    elif isinstance(node, ast.Attribute) and node.attr in names and isinstance(node.value, ast.Name):
        if node.value.id in modules and isinstance(node.ctx, ast.Load):
            how = f"{node.value.id}.{node.attr}"
            return Read(path, node.lineno, node.attr, how, "module", (Kind.KEY,), node=node)
        if _parsed_arguments(node.value.id) and isinstance(node.ctx, ast.Load):
            how = f"{node.value.id}.{node.attr}"
            return Read(path, node.lineno, node.attr, how, "namespace", (Kind.ATTRIBUTE,))
    return None


def _parsed_arguments(name: str) -> bool:
    """A name that holds parsed command-line arguments (``args``, ``parsed_args``, ``namespace``; not
    ``kwargs``, a mapping whose reads are by key)."""
    return name == "namespace" or (name.endswith("args") and not name.endswith("kwargs"))


def _passed(path: str, call: ast.Call, names: set[str], dispatchers: Dispatchers) -> Read | None:
    """``f("n")`` / ``f(x, mode="n")``: a string passed as a value, which only a gone choice can mean (a
    message for a logger, ``print`` or an exception is text, not a value); or a method's name passed to
    a callee that looks it up by that name (``collective_rpc("n")``: a call of the method ``n``)."""
    callee = _show_callee(call.func).rsplit(".", 1)[-1]
    if callee in _TEXT_CALLS or callee.endswith(("Error", "Exception", "Warning")):
        return None
    for value, keyword in (*((a, "") for a in call.args), *((k.value, k.arg or "") for k in call.keywords)):
        if (name := str_value(value)) in names:
            if dispatchers.dispatched(call, value):
                how = f'{_show_callee(call.func)}("{name}")'
                return Read(path, value.lineno, name, how, "dispatch", (Kind.ATTRIBUTE,), node=call)
            how = f'"{name}" passed to {_show_callee(call.func)}()'
            return Read(path, value.lineno, name, how, "arg", _passed_kinds(call, name), keyword, call)
    return None


def _passed_kinds(call: ast.Call, name: str) -> tuple[Kind, ...]:
    """What a string passed may name: a choice; and, an environment variable's name handed to a function off a
    module (``envs.is_set("APP_X")``: #33722 removed the profiler's variables, and the registry's own lookup
    raises for a name it no longer holds), a registry's key too.  Not sure which: the finding stays a warning."""
    off_module = isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)
    return (Kind.CHOICE, Kind.KEY) if off_module and _ENV_VARIABLE.fullmatch(name) else (Kind.CHOICE,)


def _entered(path: str, node: ast.Dict, names: set[str]) -> Read | None:
    """``{"kv_connector": "P2pNcclConnector"}``: a string held under a key (a config or a request built as a
    dict, then passed on) is passed as a value, as the keyword of that name would pass it.  A table of
    environment settings (``{"APP_FLAG": "1"}``: every key upper-case, every value a string) sets its
    keys, as a deployment file does."""
    keys = [str_value(key) if key is not None else None for key in node.keys]
    if keys and all(k and _ENV_ENTRY.match(f'"{k}": "') for k in keys) and all(str_value(v) for v in node.values):
        for key, name in zip(node.keys, keys, strict=True):
            if name in names and key is not None:
                return Read(path, key.lineno, name, f'"{name}" in a table of settings', "setenv", (Kind.ENV,))
    for key, value in zip(node.keys, node.values, strict=True):
        if key is not None and (field := str_value(key)) and (name := str_value(value)) in names:
            return Read(path, value.lineno, name, f'"{name}" given as "{field}"', "arg", (Kind.CHOICE,), field)
    return None


_TEXT_CALLS = frozenset(
    {"print", "debug", "info", "warning", "warn", "error", "exception", "critical", "log", "format"}
)


def _show_callee(func: ast.expr) -> str:
    text = ast.unparse(func)
    return text if len(text) <= 60 else text[:57] + "..."


def _compared(path: str, node: ast.Compare, names: set[str]) -> Read | None:
    """``"n" in d`` (a key), ``x == "n"`` / ``x in ("n", ...)`` (a name compared as a string: the
    name of an enum member, a backend, a registry entry)."""
    op, left, right = node.ops[0], node.left, node.comparators[0]
    if isinstance(op, (ast.In, ast.NotIn)) and (name := str_value(left)) in names:
        kinds = (*_key_kinds(right), Kind.CHOICE)
        return Read(path, node.lineno, name, f'"{name}" in {ast.unparse(right)}', "in", kinds)
    if isinstance(op, (ast.Eq, ast.NotEq)):
        name = str_value(right) if str_value(right) in names else str_value(left)
        form = "eq" if isinstance(op, ast.Eq) else "ne"
    elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
        name = next((n for e in right.elts if (n := str_value(e)) in names), None)
        form = "eq" if isinstance(op, ast.In) else "ne"
    else:
        return None
    if name not in names:
        return None
    other = left if str_value(left) is None else right
    field = other.attr if isinstance(other, ast.Attribute) else ""
    kinds = (Kind.ATTRIBUTE, Kind.KEY, Kind.CHOICE)
    # ``x in ("Old", "New")``: the display's other strings may be the new spelling of a rename
    beside = (
        frozenset(filter(None, map(str_value, right.elts))) - {name}
        if isinstance(right, ast.Tuple | ast.List | ast.Set)
        else frozenset()
    )
    return Read(path, node.lineno, name, ast.unparse(node), form, kinds, field, node, beside)


def _or_siblings(module: ast.Module) -> dict[int, frozenset[str]]:
    """``name == "FusedMoE" or name == "SharedFusedMoE"``: for each ``==`` test of a string joined by ``or`` to
    others of the same value, the other strings, as ``name in ("FusedMoE", "SharedFusedMoE")`` holds them."""
    found: dict[int, frozenset[str]] = {}
    for node in ast.walk(module):
        if not (isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or)):
            continue
        groups: dict[str, list[tuple[ast.Compare, str]]] = {}
        for value in node.values:
            if isinstance(value, ast.Compare) and len(value.ops) == 1 and isinstance(value.ops[0], ast.Eq):
                left, right = value.left, value.comparators[0]
                text, other = (str_value(right), left) if str_value(right) is not None else (str_value(left), right)
                if text is not None:
                    groups.setdefault(ast.unparse(other), []).append((value, text))
        for tests in groups.values():
            strings = frozenset(text for _, text in tests)
            found.update((id(test), strings - {text}) for test, text in tests if len(tests) > 1)
    return found


def _table_reads(
    path: str, module: ast.Module, names: set[str], changed: Callable[[], frozenset[str]] = frozenset
) -> Iterator[Read]:
    """``_SKIP = {"FusedQkvAProj", ...}`` and ``type(m).__name__ in _SKIP``: each string of a module-level
    table bound once and never changed, which the module tests a class's or function's name against (``in``
    / ``not in``), names a definition as ``type(m).__name__ in ("n", ...)`` written out would; the read sits
    on the string's line.  A table tested against anything else may be the fork's own set of choices, and one
    a fork line changes (``changed``, asked only when the module has a table: ``SKIP.add("New")`` in a plugin module) holds more than its display.  A
    table whose module also names what upstream renamed it to (another string of it, an import, an
    ``isinstance`` against the new class) is written for both sides (quiet, in ``_gone_reads``)."""
    tables = _string_tables(module)
    tables = {name: table for name, table in tables.items() if name not in changed()} if tables else tables
    if not tables:
        return
    spelled = _module_words(module)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn)):
            continue
        right = node.comparators[0]
        if not isinstance(right, ast.Name) or (table := tables.get(right.id)) is None:
            continue
        if not _names_a_definition(node.left):
            continue
        held = frozenset(text for e in table if (text := str_value(e)))
        field = node.left.attr if isinstance(node.left, ast.Attribute) else ""
        form = "eq" if isinstance(node.ops[0], ast.In) else "ne"
        for element in table:
            if (name := str_value(element)) in names:
                how = f'"{name}" in {right.id}, tested by {ast.unparse(node)}'
                kinds = (Kind.ATTRIBUTE, Kind.KEY, Kind.CHOICE)
                yield Read(path, element.lineno, name, how, form, kinds, field, node, held - {name}, spelled - {name})
        del tables[right.id]  # one read per string: the first test of the table stands for the others


def _folded_into(trees: ThreeTrees, read: Read, removed: list[Removed]) -> bool:
    """The display of ``read`` also names a base of the class upstream removed with no new name: its instances
    are that base's now.  A class renamed (``DeepSeekV2FusedQkvAProj`` -> ``...Linear``, a subclass of the
    ``MergedColumnParallelLinear`` the table may name too) lives on as the new class, which the display lacks."""
    if any(r.renamed(trees) for r in removed):
        return False
    return bool(_removed_bases(trees, read.name) & read.beside)


def _removed_bases(trees: ThreeTrees, name: str) -> frozenset[str]:
    """The bases of the class ``name`` upstream removed (``class SharedFusedMoE(FusedMoE):``, #35782, in a file
    it deleted): a display naming one of them beside the removed class tests for what upstream folded it into.
    Asked only for a read about to be reported: one search of the diff, one ``git grep`` of the deleted files."""
    line = re.compile(rf"[ \t]*class[ \t]+{re.escape(name)}[ \t]*\(([^)\n]*)\)")
    texts = [
        text
        for path in trees.upstream.matching(re.compile(rf"^-[ \t]*class[ \t]+{re.escape(name)}\b", re.M), ".py")
        for text in trees.upstream[path].removed
    ]
    deleted = [f":(literal){p}" for p in trees.upstream.deleted if p.endswith(".py")]
    if deleted and sum(len(p) + 1 for p in deleted) <= ARGV_BYTES:
        holding = sorted(repo.files_containing(trees.repo, trees.base, (f"class {name}",), deleted))
        texts += [text for blob in trees.blobs(trees.base, holding).values() for text in (blob or "").splitlines()]
    bases: set[str] = set()
    for text in texts:
        if name in text and (found := line.match(text)):
            bases.update(b.strip().rsplit(".", 1)[-1] for b in found.group(1).split(",") if "=" not in b)
    return frozenset(bases)


def _module_words(module: ast.Module) -> frozenset[str]:
    """Every name, attribute, imported name and word-like string the module spells: where it names the class a
    rename made, its table of old names is one side of code written for both."""
    words: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, ast.alias):
            words.add(node.name.rsplit(".", 1)[-1])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            words.add(node.value)
    return frozenset(words)


# ``SKIP.add("New")`` / ``aeon_skip.SKIP.update(...)`` / ``SKIP |= {...}``: a fork line changing a table by name
_TABLE_CHANGE = lazy_pattern(
    r"\b([A-Za-z_]\w*)[ \t]*(?:\.[ \t]*(?:add|append|extend|update|insert|discard|remove|pop|clear)[ \t]*\(|\|=)"
)


def _changed_tables(trees: ThreeTrees) -> frozenset[str]:
    """The names the fork's added lines change in place, in any module: a table another module imports and
    extends holds more than its display says (``_table_reads``)."""
    return frozenset(
        m.group(1)
        for _, line in _fork_added(trees)
        if "|=" in line or "." in line
        for m in _TABLE_CHANGE.finditer(line)
    )


def _names_a_definition(value: ast.expr) -> bool:
    """``type(m).__name__``, ``m.__class__.__qualname__``, ``fn.__name__``: the name a class or def was given."""
    return isinstance(value, ast.Attribute) and value.attr in ("__name__", "__qualname__")


def _named_tables(trees: ThreeTrees, names: set[str]) -> set[str]:
    """The strings of the fork's tables that its modules test a definition's name against (``_table_reads``):
    names of classes or functions, not choices the fork declares, though a display assigned to a name is
    how it declares those.  Only a file whose added lines bind a display and read ``__name__`` is parsed."""
    found: set[str] = set()
    changed = functools.cache(lambda: _changed_tables(trees))
    for path in trees.mine if names else ():
        added = trees.mine[path].added.values() if path.endswith(".py") else ()
        if not any("__name__" in line or "__qualname__" in line for line in added):
            continue
        if not any(_TABLE_LINE.match(line) for line in added):
            continue
        module = trees.merged_module(path)
        for read in _table_reads(path, module, names, changed) if module is not None else ():
            found.add(read.name)
    return found


# what changes a table in place: it no longer holds only what its display wrote
_MUTATORS = frozenset({"add", "append", "extend", "update", "insert", "discard", "remove", "pop", "clear"})


def _string_tables(module: ast.Module) -> dict[str, list[ast.expr]]:
    """Module-level names bound once to a display of strings (a tuple, list or set, or ``frozenset``/``set``/
    ``tuple`` of one), which no statement of the module changes or binds again."""
    bound: dict[str, list[ast.expr]] = {}
    for stmt in module.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        target = stmt.target if isinstance(stmt, ast.AnnAssign) and stmt.value is not None else target
        if isinstance(target, ast.Name):
            value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
            bound.setdefault(target.id, []).append(value if value is not None else ast.Constant(None))
    tables: dict[str, list[ast.expr]] = {}
    for name, values in bound.items():
        elements = _display_strings(values[0]) if len(values) == 1 else None
        if elements:
            tables[name] = elements
    for node in ast.walk(module) if tables else ():
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            tables.pop(node.target.id, None)
        elif isinstance(node, ast.Global):
            for name in node.names:
                tables.pop(name, None)
        elif isinstance(node, ast.Attribute) and node.attr in _MUTATORS and isinstance(node.value, ast.Name):
            tables.pop(node.value.id, None)
    return tables


def _display_strings(value: ast.expr) -> list[ast.expr] | None:
    if isinstance(value, ast.Call) and plain_name(value.func) in ("frozenset", "set", "tuple") and len(value.args) == 1:
        value = value.args[0]
    if not isinstance(value, ast.Tuple | ast.List | ast.Set) or not value.elts:
        return None
    return list(value.elts) if all(str_value(e) is not None for e in value.elts) else None


def _key_kinds(owner: ast.expr) -> tuple[Kind, ...]:
    """``os.environ[...]``/``os.getenv``: an environment variable (or a registry's key); else any key."""
    text = ast.unparse(owner)
    if "environ" in text or text.endswith("getenv"):
        return (Kind.ENV, Kind.KEY)
    return (Kind.KEY, Kind.ATTRIBUTE, Kind.KEYWORD)


def _module_aliases(module: ast.Module) -> set[str]:
    """Names the file binds to modules: ``import a.b as m``, ``from a import m`` (a lower-case name)."""
    names: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            names.update(a.asname or a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names if (a.asname or a.name)[:1].islower())
    return names


# -- upstream's side ---------------------------------------------------------------------------------
def _removed_upstream(
    trees: ThreeTrees, names: set[str]
) -> tuple[dict[str, list[Removed]], dict[str, str], dict[str, str]]:
    """For each name: the definitions upstream's diff removed, unless an added line of the diff still
    names it outside a comment (then upstream's tree has it, whatever moved).  Apart: the names still
    named whose read of an environment variable a file's diff removed without adding one (a registry
    entry kept as a stub: name -> that file), for ``_env_stubs`` to judge.

    A file's diff is searched only if it holds one of the names at all; one RE2 pass then finds the
    changed lines naming any of them (a linear-time automaton for many alternatives)."""
    if not names:
        return {}, {}, {}
    changed_line = Alternation(r"(?m)^[-+][^\n]*\b(?:{})\b[^\n]*", names)
    anywhere = Alternation("{}", names)  # one pass a diff: `name in raw` for each name was files x names
    found: dict[str, list[Removed]] = {}
    still: set[str] = set()
    unread: dict[str, str] = {}
    dropped: dict[str, str] = {}  # a variable whose consumer a file's diff removed (drift/orphaned_envs.py)
    unset: dict[str, str] = {}  # a name still named whose setting on an object a file's diff removed
    set_anew: set[str] = set()  # ... and whose setting some file's diff added
    for path in trees.upstream:
        if not path.endswith(".py"):
            continue
        raw = trees.upstream.raw(path)
        if not anywhere.search(raw):
            continue
        lines = changed_line.findall(raw)
        # a comment line upstream added (``# alternate: old_name``, #25968) names nothing its code has
        still |= {w for line in lines if line[0] == "+" and not _COMMENT_LINE.match(line) for w in _WORD.findall(line)}
        still &= names
        named = {w for line in lines if line[0] == "-" for w in _WORD.findall(line)} & names
        if named - still:
            _removed_in(trees, path, sorted(named - still), found)
        for name in sorted(named & still):
            if _env_read_dropped(lines, name):
                unread.setdefault(name, path)
        if path.split("/", 1)[0] not in TEST_FOLDERS:
            dropped.update(
                {n: path for n in sorted(named) if n not in dropped and orphaned_envs.dropped_consumer(lines, n)}
            )
        for name in sorted(named):
            shape = _sets_attribute(name)
            sets = {line[0] for line in lines if name in line and shape.search(line)}
            set_anew |= {name} if "+" in sets else set()
            if sets == {"-"}:
                unset.setdefault(name, path)
    _deleted_defs(trees, names - still - found.keys(), found)
    gone = {name: _gone(trees, removed) for name, removed in found.items() if name not in still}
    # still named, but no longer set on anything (``layer.w13_blockscale_swizzled = ...`` removed, the word
    # left as a local, #23379): an attribute removal, if no upstream file holds the word as one (_gone_reads)
    for name in sorted(still & unset.keys() - set_anew - unread.keys()):
        gone[name] = [Removed(name, Kind.ATTRIBUTE, unset[name])]
    dropped = {name: path for name, path in dropped.items() if name not in still}
    return gone, {name: path for name, path in unread.items() if name not in gone}, dropped


def _sets_attribute(word: str) -> re.Pattern[str]:
    """A line that sets attribute ``word`` on an object: ``layer.word = ...``, ``setattr(x, "word", ...)``,
    ``register_parameter("word", ...)``."""
    name = re.escape(word)
    return re.compile(
        rf"""\b[A-Za-z_]\w*\.{name}\s*(?::[^=]*)?=[^=]|\bsetattr\([^,]+,\s*["']{name}["']"""
        rf"""|\.register_(?:buffer|parameter|module)\(\s*["']{name}["']"""
    )


def _env_read_dropped(lines: list[str], name: str) -> bool:
    """A changed line removed a read of environment variable ``name`` and none added one."""
    shape = _definitions(name)[0][1]
    return any(line[0] == "-" and shape.search(line) for line in lines) and not any(
        line[0] == "+" and shape.search(line) for line in lines
    )


def _env_stubs(trees: ThreeTrees, candidates: dict[str, str], served: list[str]) -> dict[str, str]:
    """Of the environment variables whose read upstream's diff dropped while their name lives on, those
    no file of upstream's tree reads the value of any more: the name is a registry's key, a logged
    message, or a presence test that only logs (#45781 kept ``"APP_OLD_FLAG": lambda:
    _deprecated()``, which warns and returns None).  Past ``_HOLDERS`` files the answer is "still read"."""
    paths = sorted(repo.files_containing(trees.repo, trees.theirs, sorted(candidates), served))
    if not candidates or len(paths) > _HOLDERS:
        return {}
    read: set[str] = set()
    for text in trees.blobs(trees.theirs, paths).values():
        read |= set(candidates) if text is None else _value_reads(text, set(candidates))
    return {name: path for name, path in candidates.items() if name not in read}


def _orphans(trees: ThreeTrees, candidates: dict[str, str], served: list[str]) -> dict[str, str]:
    """Of the variables whose consumer upstream's diff removed, those its registry still reads and no other
    upstream file does (drift/orphaned_envs.py).  Past ``_HOLDERS`` files the answer is "still read"."""
    paths = sorted(repo.files_containing(trees.repo, trees.theirs, sorted(candidates), served)) if candidates else []
    if not paths or len(paths) > _HOLDERS:
        return {}
    left = orphaned_envs.orphaned(list(trees.blobs(trees.theirs, paths).values()), set(candidates))
    # a native source, script or config naming it may read it (``getenv("NAME")`` in C++): not orphaned
    names = sorted(left)
    native = repo.files_containing_each(trees.repo, trees.theirs, [[n] for n in names], _NOT_PYTHON) if names else []
    left = set() if native is None else {n for n, held in zip(names, native, strict=True) if not held}
    return {name: path for name, path in candidates.items() if name in left}


# upstream's files but its Python, its docs and its tests
_NOT_PYTHON = (
    ":(exclude,glob)**/*.py",
    ":(exclude,glob)**/*.md",
    ":(exclude)docs/",
    *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS)),
)


def _value_reads(text: str, names: set[str]) -> set[str]:
    """Which of ``names`` (environment variables) ``text`` may read the value of: any quoting of one but
    as the key of a registry's lambda, in a logging call's text, or in a presence test of an ``if`` that
    only logs (all of them if the text does not parse)."""
    module = parse_python(text)
    if module is None:
        return set(names)
    quiet: set[int] = set()  # ids of the string nodes that read nothing
    for node in ast.walk(module):
        if isinstance(node, ast.Dict):  # a registry's key: ``"NAME": lambda: ...`` (a lambda reads it inside)
            quiet |= {id(k) for k, v in zip(node.keys, node.values, strict=True) if isinstance(v, ast.Lambda)}
        elif isinstance(node, ast.Call) and _logs(node):
            quiet |= {id(arg) for arg in node.args}
        elif isinstance(node, ast.If) and not node.orelse and all(_only_logs(stmt) for stmt in node.body):
            quiet |= {id(n) for n in ast.walk(node.test)}
    return {
        value
        for node in ast.walk(module)
        if isinstance(node, ast.Constant) and (value := node.value) in names and id(node) not in quiet
    }


def _only_logs(stmt: ast.stmt) -> bool:
    """A logging call as a statement of its own."""
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and _logs(stmt.value)


def _logs(call: ast.Call) -> bool:
    """``logger.warning(...)``, ``logger.warning_once(...)``, ``warnings.warn(...)``, ``print(...)``."""
    return _show_callee(call.func).rsplit(".", 1)[-1].removesuffix("_once") in _TEXT_CALLS


def _gone(trees: ThreeTrees, removed: list[Removed]) -> list[Removed]:
    """The removals the merge made: a ``def`` upstream removed, or whose file it deleted, that the merged
    file still holds (a modify/delete or a conflict resolved with the fork's side kept) is there to call."""
    kept = [r for r in removed if r.kind is Kind.ATTRIBUTE and _still_defined(trees, r)]
    return [r for r in removed if r not in kept]


def _still_defined(trees: ThreeTrees, removed: Removed) -> bool:
    text = trees.merged_text(removed.path)
    if text is None or removed.name not in text:
        return False
    shape = re.compile(rf"^[ \t]*(?:async[ \t]+)?def[ \t]+{re.escape(removed.name)}[ \t]*\(", re.M)
    return shape.search(text) is not None


def _deleted_defs(trees: ThreeTrees, names: set[str], found: dict[str, list[Removed]]) -> None:
    """The functions and methods of ``names`` a Python file upstream deleted defined at the base (its
    diff holds none of its lines): #27142 deleted the executors that defined
    ``determine_num_available_blocks``.  One ``git grep`` of the base over the deleted files."""
    deleted = [p for p in trees.upstream.deleted if p.endswith(".py") and p.split("/", 1)[0] not in TEST_FOLDERS]
    if not names or not deleted:
        return
    lines: list[tuple[str, str]] = []
    patterns = [f"def {n}" for n in sorted(names)]
    for first in range(0, len(patterns), _DELETED_A_CALL):  # each command line stays short
        for start in range(0, len(deleted), _DELETED_A_CALL):
            specs = [f":(literal){p}" for p in deleted[start : start + _DELETED_A_CALL]]
            some = patterns[first : first + _DELETED_A_CALL]
            lines += repo.lines_in_files_containing(trees.repo, trees.base, some, specs)
    for path, line in sorted(lines):
        match = repo.DEF_LINE.match(line)
        if match is not None and match.group(1) in names:
            found.setdefault(match.group(1), []).append(Removed(match.group(1), Kind.ATTRIBUTE, path))


_DELETED_A_CALL = 1000  # names, and deleted files' pathspecs, a git grep


def _removed_in(trees: ThreeTrees, path: str, names: list[str], found: dict[str, list[Removed]]) -> None:
    change = trees.upstream[path]
    added = list(change.added.values())
    for name in names:
        shapes = _definitions(name)
        kinds = _kinds_in(change.removed, name, shapes) - _kinds_in(added, name, shapes)
        if Kind.ENV not in kinds and _env_name_held(trees, path, change.removed, name):
            kinds.add(Kind.ENV)
        for kind in sorted(kinds, key=list(Kind).index):
            found.setdefault(name, []).append(Removed(name, kind, path))


def _env_name_held(trees: ThreeTrees, path: str, removed: list[str], name: str) -> bool:
    """A removed line held the variable's name in a name the base file reads the environment by: ``env_key =
    "APP_OLD_FLAG"`` then ``os.getenv(env_key, "0")`` (#26855 renamed the batch-invariance switch's variable
    so): the read went with the line, though no line quoted the name inside ``getenv``."""
    held = {m.group(1) for line in removed if name in line and (m := _HOLDS_NAME.match(line)) and m.group(2) == name}
    if not held:
        return False
    text = trees.blobs(trees.base, [path]).get(path) or ""
    return any(_reads_env_by(holder).search(text) for holder in held)


# ``env_key = "APP_FLAG"`` / ``_FLAG_VAR: str = 'APP_FLAG'``: a name bound to a string on a line of its own
_HOLDS_NAME = lazy_pattern(r"""^\s*([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*[rbuRBU]?["']([A-Za-z_]\w{3,})["']\s*(?:#.*)?$""")


def _reads_env_by(holder: str) -> re.Pattern[str]:
    """``os.getenv(holder``, ``environ.get(holder``, ``environ[holder]``, ``holder in os.environ``."""
    word = re.escape(holder)
    return re.compile(
        rf"(?:getenv|environ\.(?:get|pop|setdefault))\s*\(\s*{word}\b|environ\s*\[\s*{word}\s*\]"
        rf"|\b{word}\s+(?:not\s+)?in\s+(?:os\.)?environ\b"
    )


_WORD = lazy_pattern(r"[A-Za-z_]\w*")
# a string key of a dict display: ``{"strict": 1.8, "probabilistic": 2.2}`` (a table keyed by choices)
_DICT_KEY = lazy_pattern(r"""[{,]\s*["']([A-Za-z_]\w{3,})["']\s*:""")
_COMMENT_LINE = lazy_pattern(r"[-+][ \t]*#")
_KEYWORD = lazy_pattern(r"\b([A-Za-z_]\w{3,})\s*=(?!=)")


def _kinds_in(lines: list[str], name: str, shapes: list[tuple[Kind, re.Pattern[str]]]) -> set[Kind]:
    found: set[Kind] = set()
    for line in lines:
        if name in line:
            kinds = {kind for kind, shape in shapes if shape.search(line)}
            if Kind.KEYWORD in kinds and line.rstrip().endswith(","):
                kinds.discard(Kind.ATTRIBUTE)  # ``    name=value,``: an argument of a call spanning lines
            found |= kinds
    return found


# a line defining a name: a dict key, a def, an assignment or annotation, ``self.name = ...``
_DEFINED = lazy_pattern(
    _KEY_BEFORE + r"""["']([A-Za-z_]\w{3,})["']\s*:"""
    r"|^\s*(?:async\s+)?def\s+([A-Za-z_]\w{3,})\s*\("
    r"|^\s*class\s+([A-Za-z_]\w{3,})\s*[(:]"
    r"|^\s*([A-Za-z_]\w{3,})\s*(?::[^=]*)?=(?!=)|^\s*([A-Za-z_]\w{3,})\s*:[^=]+$"
    r"|\bself\.([A-Za-z_]\w{3,})\s*(?::[^=]*)?=(?!=)"
    r"|[(,]\s*([A-Za-z_]\w{3,})\s*=(?!=)"  # a keyword argument
    # a registration's key (the first one): from a word's start, in a name of at most 200 characters (from
    # every position of a word of ``register`` 20,000 times, ``\w*`` ran to its end and back: 22 s a line)
    r"""|\b\w{0,100}register\w{0,100}\s*\(\s*\[?\s*["']([A-Za-z_]\w{3,})["']"""
)


def _renamed(name: str, added: list[str], removed: list[str]) -> str | None:
    """The like-named definition upstream added in the same file (the new name of a rename), if one;
    else the string an added line holds where a removed line, otherwise the same, held the name
    (``register_module("GptOss")`` -> ``register_module("openai_gptoss")``)."""
    for line in removed:
        before, quote, after = _split_at(line.strip(), name)
        if not quote:
            continue
        for new_line in added:
            new_line = new_line.strip()
            middle = new_line[len(before) : len(new_line) - len(after)]
            if (
                new_line.startswith(before)
                and new_line.endswith(after)
                and len(new_line) > len(before) + len(after)
                and _WORD.fullmatch(middle)
                and middle != name
            ):
                return middle
    # a name the removed lines already held is no new name (#23379 set ``layer.w13_blockscale_swizzled``
    # and kept the word as a local: not what ``weight_scale_swizzled`` became)
    held = {word for line in removed for word in _WORD.findall(line)}
    new = _defined_in(added) - held
    close = difflib.get_close_matches(name, sorted(new), n=1, cutoff=0.6)
    return close[0] if close else None


def _split_at(line: str, name: str) -> tuple[str, str, str]:
    """The text before and after the quoted ``name`` in ``line`` (quotes kept on each side), and the
    quote; ("", "", "") when the line does not quote it."""
    for quote in ('"', "'"):
        at = line.find(f"{quote}{name}{quote}")
        if at >= 0:
            return line[: at + 1], quote, line[at + 1 + len(name) :]
    return "", "", ""


def _base_lines(trees: ThreeTrees, path: str) -> list[str]:
    return (trees.blobs(trees.base, [path])[path] or "").splitlines()


def _defined_in(lines: list[str]) -> set[str]:
    return {name for line in lines for groups in _DEFINED.findall(line) for name in groups if name}


# -- the finding -------------------------------------------------------------------------------------
_OUTCOMES = {  # what a read of a name nobody defines does at runtime: why the merge is silently wrong
    "getattr": "takes its default",
    "get": "takes its default",
    "pop": "takes its default",
    "getenv": "takes its default",
    "hasattr": "is always False",
    "in": "is always False",
    "eq": "is never true",
    "ne": "is always true",
    "setattr": "sets a name nothing reads",
    "setdefault": "sets a key nothing reads",
    "delattr": "fails at runtime",
    "subscript": "fails at runtime",
    "setitem": "sets a name nothing reads",
    "module": "fails at runtime",
    "arg": "passes a value the code no longer accepts or tests for (a fallback, or a failure)",
    "dispatch": "fails at runtime (an AttributeError where the method is looked up by name, in a worker)",
    "lookup": "finds no entry (the registry asserts, raises KeyError or answers None)",
    "namespace": "fails at runtime (no flag of the parser makes that attribute any more)",
}


def _rewrite_finding(trees: ThreeTrees, read: Read, rewrite: Rewrite, pr_pattern: str) -> Finding:
    """A comparison is never (or always) true now: an error; a value passed is replaced: a warning (the
    keyword may reach another object than the one upstream rewrites), an error where the call builds the
    class that rewrites it."""
    commit = trees.upstream_commit(rewrite.path, whole_word(rewrite.value), pr_pattern)
    outcome = f"the value passed becomes {rewrite.to!r}" if read.form == "arg" else f"the test {_OUTCOMES[read.form]}"
    message = (
        f"fork-owned {read.how} means {rewrite.field} = {rewrite.value!r}, which upstream now rewrites to "
        f"{rewrite.to!r} on the way in ({rewrite.path}:{rewrite.line}{commit}): {outcome} now"
    )
    built = read.form == "arg" and bool(rewrite.owner) and _callee(read) == rewrite.owner
    severity = Severity.WARNING if read.form == "arg" and not built else Severity.ERROR
    return Finding(RULE, "merge", severity, read.path, read.line, message)


def _dropped_finding(trees: ThreeTrees, read: Read, drop: Dropped, pr_pattern: str, sure: bool = True) -> Finding:
    """A comparison is never (or always) true now, a value passed is refused or tested for by nothing: an error
    (a warning when the call may reach another function of the name: not ``sure``)."""
    commit = trees.upstream_commit(drop.path, whole_word(drop.declared if drop.narrowed else drop.value), pr_pattern)
    outcome = (
        "it is refused, or nothing tests for it"
        if read.form == "arg"
        else "the entry is dead, and the values upstream accepts miss the table"
        if read.form == "subscript"
        else f"the test {_OUTCOMES[read.form]}"
    )
    why = (
        f"{drop.declared} mapped it onto {drop.alias!r} and that branch went"
        if drop.alias
        else f"upstream narrowed it from {drop.narrowed} to {drop.declared}, Literal[{_shown(drop.kept)}], on a validated class"
        if drop.narrowed
        else f"{drop.declared} is now Literal[{_shown(drop.kept)}]"
    )
    message = (
        f"fork-owned {read.how} means {drop.field.split('#', 1)[0]} = {drop.value!r}, {NOT_ACCEPTED}: "
        f"{why} ({drop.path}{commit}): {outcome} now"
    )
    if drop.narrowed and _caught(trees, read):
        message += "; the fork catches the refusal here: check that its fallback is what it wants"
        return Finding(RULE, "merge", Severity.WARNING, read.path, read.line, message)
    if not sure:
        message += f" (if the call reaches {drop.path}'s function: another of the name may take the value)"
        return Finding(RULE, "merge", Severity.WARNING, read.path, read.line, message)
    return Finding(RULE, "merge", Severity.ERROR, read.path, read.line, message)


def _reaches_declarer(trees: ThreeTrees, read: Read, drop: Dropped) -> bool:
    """The call certainly reaches the function whose parameter's ``Literal`` lost the value: a name imported
    from its module (or a package above it), an attribute of that module, a method of a receiver typed as
    (or built as) its class, ``super().__init__`` whose first base with an ``__init__`` is its class.  A
    library's ``pad``, the fork's own ``resample_with`` or a mixin that maps the value may take it (#37058)."""
    call, module = read.node, trees.merged_module(read.path)
    if not isinstance(call, ast.Call) or module is None:
        return False
    func = call.func
    if super_init_bases(call, module):
        func = first_init_base(call, module) or func
        if (plain_name(func) or "").rsplit(".", 1)[-1] not in drop.owners:
            return False
    elif isinstance(func, ast.Attribute) and _receiver_typed(trees, read, func.value, drop):
        return True
    info = parse_module_info(read.path, dotted_name(read.path), trees.merged_text(read.path) or "")
    return info is not None and may_come_from(info, func, dotted_name(drop.path))


def _receiver_typed(trees: ThreeTrees, read: Read, receiver: ast.expr, drop: Dropped) -> bool:
    """``resampler.resample(...)`` with ``resampler: AudioResampler`` (or built by it in the function)."""
    own, head = _Owns(trees)(read.path), drop.declared.split("'s ", 1)[0]
    cls = head.rsplit(".", 1)[0] if "." in head else ""  # ``AudioResampler.resample's res_type``
    if own is None or read.node is None or not cls:
        return False
    return cls in typed_as(receiver, enclosing(read.node, own.parents), own.parents, own.classes)


# what a validated class's refusal raises (pydantic's ValidationError is a ValueError), and its bases
_REFUSALS = frozenset({"ValidationError", "ValueError", "Exception", "BaseException"})


def _caught(trees: ThreeTrees, read: Read) -> bool:
    """The value passed sits in a ``try:`` whose handler catches the refusal: the fork has a fallback for a
    value this upstream refuses, which may be what it wants (a warning, not an error)."""
    module = trees.merged_module(read.path)
    for node in ast.walk(module) if module is not None else ():
        if not isinstance(node, ast.Try) or not node.body:
            continue
        inside = node.body[0].lineno <= read.line <= (node.body[-1].end_lineno or node.body[-1].lineno)
        if inside and catches(node, _REFUSALS):
            return True
    return False


def _shown(kept: tuple[str, ...]) -> str:
    """The choices kept, the first eight of a long registry (QuantizationMethods holds thirty)."""
    head = ", ".join(map(repr, kept[:8]))
    return head if len(kept) <= 8 else f"{head}, ... {len(kept) - 8} more"


_ENV_WORD = lazy_pattern(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")  # a variable's name (``APP_FLAT_LOGPROBS``)
NOT_ACCEPTED = "which upstream no longer accepts"  # a dropped choice's finding (merge.py keeps it apart)
_UNHELD = " as an attribute (only as a parameter, a local or a comment)"


def _finding(
    trees: ThreeTrees,
    read: Read,
    removed: Removed,
    pr_pattern: str,
    unheld: bool = False,
    stub: bool = False,
    tested: bool = False,
) -> Finding:
    """``tested``: a value passed on goes to a function of ``removed``'s file, which tested for it
    (``_callee_tested_it``)."""
    what = f"{removed.kind.value} {removed.name!r}"
    commit, added = _commit(trees, removed, pr_pattern)
    renamed = removed.renamed(trees)
    if renamed and added is not None and not any(re.search(whole_word(renamed), line) for line in added):
        # a rename is one change: the commit that removed the name added the new one.  The guess is
        # made over the whole range's diff of the file, where a registry of variables gains dozens of
        # like-named keys: a key one commit removed was "renamed to" the first key another one added
        renamed = None
    verb = f"renamed {what} to {renamed!r}" if renamed else f"removed {what}"
    if stub:  # the name stays (a registry's key, a deprecation notice): nothing reads the variable's value
        verb = f"{verb}, keeping the old name as a stub that reads nothing"
    where = f"({removed.path}{commit})"
    if read.form == "setenv":
        fix = f": set {renamed!r} instead" if renamed else ": drop it, or set what replaced it"
        message = (
            f"fork-owned {read.how} sets a variable upstream no longer reads anywhere: upstream {verb} {where}; "
            f"the setting is silently ignored now (unless a library reads it){fix}"
        )
    else:
        fix = f": read {renamed!r} instead" if renamed else ""
        outcome = "gets what the stub returns, whatever the variable holds" if stub else _OUTCOMES[read.form]
        message = (
            f"fork-owned {read.how} reads "
            + ("a variable no upstream code reads any more" if stub else "a name upstream no longer has anywhere")
            + f"{_UNHELD if unheld else ''}: "
            f"upstream {verb} {where}; "
            f"the read {outcome} now{fix}"
        )
    # a value passed to a callee: that it meant the gone choice is likely, not certain (another string),
    # unless the callee is a function of the very file that tested for the choice;
    # a keyword no call passes any more: the read may be of a mapping filled elsewhere (a config file)
    # a deployment file's variable: a library the service loads may read it too
    looked_up = read.form == "arg" and not tested and _looked_up_by(trees, read, removed)
    uncertain = read.form == "setenv" or removed.kind is Kind.KEYWORD
    # a value only a top-level script dropped (an extra of setup.py renamed ``"av"``, #37058): a package's
    # name, not a value the code accepts -- the fork's own ``how == "librosa"`` may mean its own choice
    uncertain |= removed.kind is Kind.CHOICE and "/" not in removed.path
    if not renamed and _module_probe(trees, read, removed):
        uncertain = True
        message += f" (an availability probe of {removed.path}'s own name, deleted: the fork's fallback runs now)"
    if _read_as_data(trees, read, removed):
        uncertain = True
        message += f" (the default reads a value, where {removed.path} defined a function of the name)"
    uncertain |= read.form == "arg" and not tested and not looked_up
    uncertain |= read.form == "in" and _guarded_for_both(trees, read, renamed)
    uncertain |= read.form == "setitem" and _aliased(trees, read)
    if looked_up:
        spelled = _lookup_of(trees.blobs(trees.base, [removed.path])[removed.path] or "", read.field)
        message += f" ({removed.path} took the value from {spelled}, the field the fork's line passes it as)"
    elif read.form == "arg" and not uncertain:
        message += f" ({_callee(read)} is {removed.path}'s own, the file that tested for it)"
    return Finding(RULE, "merge", Severity.WARNING if uncertain else Severity.ERROR, read.path, read.line, message)


def _orphan_finding(trees: ThreeTrees, read: Read, removed: Removed, pr_pattern: str, sure: bool) -> Finding:
    """A setting of (an error when ``sure``) or a read of (a warning) a variable upstream still registers and
    no longer acts on."""
    commit, _ = _commit(trees, removed, pr_pattern)
    verb = f"removed the last reader of environment variable {removed.name!r}"
    text = orphaned_envs.message(read.how, verb, f"({removed.path}{commit})", read.form)
    severity = Severity.ERROR if read.form in orphaned_envs.WRITES and sure else Severity.WARNING
    return Finding(RULE, "merge", severity, read.path, read.line, text)


def _fork_quotes(trees: ThreeTrees, name: str) -> bool:
    """The fork's added lines read the orphaned variable outside Python's reads (orphaned_envs.quoted_elsewhere)."""
    paths = trees.mine.matching(re.compile(re.escape(name)))
    return orphaned_envs.quoted_elsewhere({p: list(trees.mine[p].added.values()) for p in paths}, name)


def _orphan_sure(trees: ThreeTrees, read: Read, removed: Removed, served: list[str]) -> bool:
    """The setting is certainly ignored: it writes the process environment, the name is of the registry's own
    family (not ``CUDA_VISIBLE_DEVICES``, which a driver reads), and no upstream file quotes a prefix of it
    past the family's (``startswith("APP_PROFILE_")`` consumes it unnamed)."""
    if read.form not in orphaned_envs.WRITES or not orphaned_envs.sets_environ(read.how):
        return False
    holders = sorted(repo.files_containing(trees.repo, trees.theirs, [f'"{read.name}"', f"'{read.name}'"], served))
    prefix = orphaned_envs.registry_prefix(list(trees.blobs(trees.theirs, holders[:_HOLDERS]).values()))
    if not prefix or not read.name.startswith(prefix):
        return False
    return not repo.strings_present(trees.repo, trees.theirs, orphaned_envs.own_prefixes(read.name, prefix), served)


_PROBE_FORMS = frozenset({"hasattr", "getattr"})  # the accessors that test a module for a name


def _module_probe(trees: ThreeTrees, read: Read, removed: Removed) -> bool:
    """``hasattr(ops, "f")`` where ``ops`` is the very module whose file deleted ``f``: an availability probe,
    the shape upstream guards its own optional ops with, whose False takes the fork's fallback -- what a
    deletion asks for (a warning to look at the fallback, not an error; #32688 deleted a wrapper a fork
    probed).  ``getattr(ops, "f", None)`` is the same probe spelt with a default (#49803 deleted
    ``is_interleaved``; a fork calling it only when present) when ``f`` was a function there; of a value (a
    setting the module serves) the default is what the fork reads from now on, the setting ignored.  An object's attribute (``hasattr(layer,
    "qweight")``) is no such probe: its feature moved."""
    call = read.node
    if read.form not in _PROBE_FORMS or not isinstance(call, ast.Call) or not call.args:
        return False
    if not removed.path.endswith(".py") or (read.form == "getattr" and len(call.args) < 3):
        return False  # a getattr without a default raises AttributeError: no fallback runs
    if read.form == "getattr" and not _only_a_function(_base_lines(trees, removed.path), removed.name):
        return False  # a value's getattr with a default (a module's setting, ``getattr(envs, "X", False)``)
        # reads the default for good: the fork's setting is ignored, no fallback of a missing function
    text = trees.merged_text(read.path)
    info = parse_module_info(read.path, dotted_name(read.path), text) if text is not None else None
    if info is None:
        return False
    probe = ast.Attribute(value=call.args[0], attr=read.name, ctx=ast.Load())
    return may_come_from(info, probe, dotted_name(removed.path))


def _off_another_object(trees: ThreeTrees, read: Read, ranked: list[Removed]) -> bool:
    """``getattr(x, "f", None)`` where every definition of ``f`` upstream removed was only a top-level function
    of its module, and ``x`` is not that module (``self``, a parameter, a config object, an instance): what the
    read asks for is an optional attribute of the object, which the deleted function never was (mend48;
    ``_module_probe`` judges the module's own probe, ``_read_as_data`` a default that is a value).  A class
    that lost a method of the name is another definition, which keeps the read.  ``hasattr(x, "f")`` asks the
    same question of the same object, and a default that is a fallback function (``lambda: False``) is the
    None default's branch written inline (revBR; a default that is a value stays ``_read_as_data``'s)."""
    call = read.node
    if not isinstance(call, ast.Call) or not ranked or not _probes_an_object(read.form, call):
        return False
    # a dict's key upstream removed is read as an attribute only through a ``__getattr__`` serving it (a
    # registry of settings); elsewhere (a benchmark's table of kernels) it is no attribute of any object
    ranked = [r for r in ranked if r.kind is not Kind.KEY or _serves_keys(trees, r.path)]
    if not ranked or any(r.kind is not Kind.ATTRIBUTE or not r.path.endswith(".py") for r in ranked):
        return False
    if not all(_only_a_function(_base_lines(trees, r.path), r.name) for r in ranked):
        return False
    text = trees.merged_text(read.path)
    info = parse_module_info(read.path, dotted_name(read.path), text) if text is not None else None
    if info is None:
        return False
    probe = ast.Attribute(value=call.args[0], attr=read.name, ctx=ast.Load())
    return not any(may_come_from(info, probe, dotted_name(r.path)) for r in ranked)


def _probes_an_object(form: str, call: ast.Call) -> bool:
    """``hasattr(x, "f")``, ``getattr(x, "f", None)`` or ``getattr(x, "f", lambda ...: ...)``: a probe whose
    absent branch the call itself answers."""
    if form == "hasattr":
        return len(call.args) == 2
    if form != "getattr" or len(call.args) != 3:
        return False
    default = call.args[2]
    return isinstance(default, ast.Lambda) or (isinstance(default, ast.Constant) and default.value is None)


def _serves_keys(trees: ThreeTrees, path: str) -> bool:
    """The module at the merge base answers attribute reads through a module-level ``__getattr__``."""
    return any(line.startswith("def __getattr__(") for line in _base_lines(trees, path))


def _read_as_data(trees: ThreeTrees, read: Read, removed: Removed) -> bool:
    """``getattr(hf_config, "f", False)`` where ``f`` was only a top-level function of ``removed.path``: the
    default (a literal other than None, a display) says the fork reads a value -- a flag, a number, a loaded
    config's field -- where the deleted name was a function, so the read may never have meant it (review45:
    #49803 deleted ``is_interleaved()``; a fork read a checkpoint config's ``is_interleaved`` field).  A
    warning, not an error; ``getattr(x, "f", None)`` and ``hasattr`` stay what they were (a probe of the
    function)."""
    call = read.node
    if read.form != "getattr" or not isinstance(call, ast.Call) or len(call.args) < 3:
        return False
    default = call.args[2]
    valued = isinstance(default, ast.Constant) and default.value is not None
    if not (valued or isinstance(default, ast.List | ast.Tuple | ast.Dict | ast.Set)):
        return False
    if removed.kind is not Kind.ATTRIBUTE or not removed.path.endswith(".py"):
        return False
    return _only_a_function(_base_lines(trees, removed.path), removed.name)


def _only_a_function(lines: list[str], name: str) -> bool:
    """``name`` is defined in these lines as a top-level function (``def name(``) and nothing else (no value,
    class, local or ``x.name =``).  A method of the name (its first parameter ``self`` or ``cls``) is a class's,
    no attribute of the module: #51078 deleted the parallel state's ``prepare_communication_buffer_for_model``
    beside the group class's method of that name."""
    word = re.escape(name)
    function = re.compile(rf"(?:async\s+)?def\s+{word}\s*\(")
    method = re.compile(rf"\s+(?:async\s+)?def\s+{word}\s*\(\s*(?:self|cls)\b")
    other = re.compile(rf"\s*(?:(?:async\s+)?def\s+{word}\s*\(|class\s+{word}\b|{word}\s*(?::[^=]*)?=(?!=))")
    member = re.compile(rf"\.{word}\s*(?::[^=]*)?=(?!=)")
    found = False
    for line in lines:
        if name not in line:
            continue
        if function.match(line):
            found = True
        elif method.match(line):
            continue
        elif other.match(line) or member.search(line):
            return False
    return found


def _looked_up_by(trees: ThreeTrees, read: Read, removed: Removed) -> bool:
    """A value passed under a keyword (or a dict key) that the file whose diff dropped the accepted value
    read as an attribute at the merge base: ``{"kv_connector": "SharedStorageConnector"}`` where the
    connector factory looked its registry up by ``kv_transfer_config.kv_connector`` (#30201).  The fork's
    line names the field the registry is read by: the value is that registry's key, not another string."""
    if not read.field or removed.kind is not Kind.CHOICE or not removed.path.endswith(".py"):
        return False
    text = trees.blobs(trees.base, [removed.path])[removed.path] or ""
    spelled = _lookup_of(text, read.field)
    if spelled != f'["{read.field}"]':
        return spelled != ""
    # a key is any mapping's (``"type"`` labels metrics, events, the fork's own specs): the value is the
    # registry's key only when handed straight to a function of that file that reads the key (#43600's
    # ``create_tier(config)`` popping ``"type"``), unguarded, and the fork does not store the key itself
    callee = _handed_to(trees, read)
    return (
        bool(callee)
        and _reads_key_in(text, callee, read.field)
        and not _caught(trees, read)
        and not _stored_by_fork(trees, read.path, read.name)
    )


def _lookup_of(text: str, field: str) -> str:
    """How ``text`` reads ``field``: as an attribute (``.kv_connector``), or as a mapping's key
    (``config.pop("type")``, ``config["type"]``: the secondary-tier factory took its registry key from the
    tier config's ``"type"``, #43600); "" when it does neither (an assignment, a ``del``, a comment is no
    read)."""
    if re.search(rf"\.{re.escape(field)}\b(?![ \t]*=[^=])", text):
        return f".{field}"
    module = parse_python(text)
    if module is not None and any(_key_read(node, field) for node in ast.walk(module)):
        return f'["{field}"]'
    return ""


def _key_read(node: ast.AST, field: str) -> bool:
    """``node`` reads the key ``field``: ``m["field"]`` (not a store or a ``del``), ``m.get("field")``,
    ``m.pop("field")``."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.ctx, ast.Load) and str_value(node.slice) == field
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or not node.args:
        return False
    return node.func.attr in ("get", "pop") and str_value(node.args[0]) == field


def _reads_key_in(text: str, function: str, field: str) -> bool:
    """A function ``function`` of ``text`` reads the key ``field`` itself."""
    module = parse_python(text)
    defs = (n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)) if module else ()
    return any(any(_key_read(n, field) for n in ast.walk(d)) for d in defs if d.name == function)


def _handed_to(trees: ThreeTrees, read: Read) -> str:
    """The function the call holding the read's value calls: the value as its argument or keyword, or a
    dict literal holding it as one; "" when the dict is bound to a name first (which branch fills it is
    the fork's choice, a version gate or a fallback)."""
    if isinstance(read.node, ast.Call):
        return _callee(read)
    module = trees.merged_module(read.path)
    for call in (n for n in ast.walk(module) if isinstance(n, ast.Call)) if module is not None else ():
        if any(_holds(arg, read) for arg in (*call.args, *(k.value for k in call.keywords))):
            return last_name(call.func)
    return ""


def _holds(arg: ast.expr, read: Read) -> bool:
    """``arg`` is a dict literal holding the read's value at the read's line."""
    values = arg.values if isinstance(arg, ast.Dict) else []
    return any(str_value(v) == read.name and v.lineno == read.line for v in values)


def _stored_by_fork(trees: ThreeTrees, path: str, name: str) -> bool:
    """The fork's file stores the key itself (``Factory._registry["old"] = Factory._registry["new"]``): it
    defines the name it passes, whatever upstream's registry dropped."""
    module = trees.merged_module(path)
    nodes = ast.walk(module) if module is not None else ()
    return any(
        isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store) and str_value(n.slice) == name for n in nodes
    )


def _aliased(trees: ThreeTrees, read: Read) -> bool:
    """A store of the gone key whose value is read off the same mapping (``reg["old"] = reg["new"]``): the
    fork's alias shim, which defines the key rather than sets one nothing reads."""
    module = trees.merged_module(read.path)
    for node in (n for n in ast.walk(module) if isinstance(n, ast.Assign)) if module is not None else ():
        for target in (t for t in node.targets if isinstance(t, ast.Subscript) and t.lineno == read.line):
            owner = ast.unparse(target.value)
            if str_value(target.slice) == read.name and any(ast.unparse(n) == owner for n in ast.walk(node.value)):
                return True
    return False


def _guarded_for_both(trees: ThreeTrees, read: Read, renamed: str | None) -> bool:
    """``"old" in registry`` in a function that also names the new key (``if "fs_python" in reg: ... else:
    {"type": "fs"}``): a probe of which side of the rename it runs against, written for both sides."""
    module = trees.merged_module(read.path)
    if not renamed or module is None:
        return False
    own = OwnFields(module)
    tests = [n for n in ast.walk(module) if isinstance(n, ast.Compare) and n.lineno == read.line]
    probes = [n for n in tests if isinstance(n.ops[0], ast.In | ast.NotIn) and str_value(n.left) == read.name]
    return any(str_value(n) == renamed for p in probes for n in ast.walk(written_scope(p, own.parents)))


def _callee(read: Read) -> str:
    """The function a value is passed to: ``f`` of ``f("n")``, ``m.f("n")`` and ``functools.partial(f, "n")``."""
    func = _callee_expr(read)
    return last_name(func) if func is not None else ""


def _callee_expr(read: Read) -> ast.expr | None:
    """The expression naming the function a value is passed to (``functools.partial``'s first argument)."""
    call = read.node
    if not isinstance(call, ast.Call):
        return None
    func = call.func
    if last_name(func) == "partial" and call.args:
        func = call.args[0]
    return func


def _callee_from(trees: ThreeTrees, read: Read, module: str) -> bool:
    """The callee may be ``module``'s function (``may_come_from``): not the fork's own function, method or
    partial of the name, nor one imported from another module."""
    func = _callee_expr(read)
    text = trees.merged_text(read.path)
    info = parse_module_info(read.path, dotted_name(read.path), text) if text is not None else None
    if func is None or info is None:
        return True  # nothing to tell it by: as before
    return may_come_from(info, func, module)


def _callee_tested_it(trees: ThreeTrees, read: Read, removed: Removed) -> bool:
    """The value is passed to a function defined (at the merge base) in the file whose diff removed the
    choice: ``fused_experts(..., activation="swiglu_oai")`` where fused_moe.py dropped its
    ``activation == "swiglu_oai"`` branch (#22951).  Nothing upstream names the value any more, so that
    function and its file no longer test for it: the value takes the fallback, or fails."""
    callee = _callee(read)
    if removed.kind is not Kind.CHOICE or not callee or not removed.path.endswith(".py"):
        return False
    text = trees.blobs(trees.base, [removed.path])[removed.path] or ""
    if re.search(rf"^[ \t]*(?:async[ \t]+)?def[ \t]+{re.escape(callee)}[ \t]*\(", text, re.M) is None:
        return False
    return _callee_from(trees, read, dotted_name(removed.path))  # a parse of the fork's file: last


def _commit(trees: ThreeTrees, removed: Removed, pr_pattern: str) -> tuple[str, list[str] | None]:
    """The newest upstream commit whose diff of the file removed a line naming the name, and the
    lines that commit added to the file (None when no commit was found)."""
    git = repo.Git(trees.repo)
    word = whole_word(removed.name)
    added: list[list[str]] = []

    def removes(commit: repo.Commit) -> bool:
        gone, new = git.changed_lines(commit.sha, removed.path)
        if any(removed.name in line for line in gone):
            added.append(new)
            return True
        return False

    found = trees.upstream_commit(removed.path, word, pr_pattern, removes, most=5)
    return found, (added[-1] if found and added else None)
