"""Symbol drift: fork-owned code that uses a definition upstream removed, renamed or re-signatured.

Each fork-owned use (a line the fork added, base..ours) is resolved twice through the tree's own
imports and class hierarchies: in the fork's tree before the merge (``ours``) and in the merged
tree.  Drift is a use that pointed at a definition before and points at nothing after, or a call
or override that fitted the signature before and does not fit it after.  Upstream's own trees
(``base``, ``theirs``) only explain the change: the new name of a rename, where a definition moved.

Pure: trees in (anything with ``text(path)``), findings out; git lives in ``trees.py``.
"""

from __future__ import annotations

import ast
import bisect
import copy
import functools
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from dataclasses import fields as field_list
from typing import Any, Protocol, runtime_checkable

from aeon_release.domain.audits.diffs import TEST_FOLDERS
from aeon_release.domain.audits.drift import (
    absent_keys,
    asdict_keys,
    asserted_values,
    dict_slots,
    fetched_args,
    forwarded,
    handed_keys,
    handed_members,
    handed_positions,
    held_kinds,
    held_partials,
    lockstep,
    loop_types,
    narrowed,
    new_hooks,
    patched_bases,
    read_only,
    refused,
    replaced_knobs,
    retyped_params,
    slotted,
    stale_value_tests,
    switched_hooks,
)
from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.answer_values import answer_returns, value_taken
from aeon_release.domain.audits.drift.callable_flags import made_callable, truth_tested
from aeon_release.domain.audits.drift.callable_flags import spared as flag_spared
from aeon_release.domain.audits.drift.custom_ops import (
    SCHEMA_SOURCES,
    called_op,
    defined_op_names,
    mentions,
    named_op,
    op_definitions,
)
from aeon_release.domain.audits.drift.deferred_inits import method_named
from aeon_release.domain.audits.drift.emptied import built_by, for_effect
from aeon_release.domain.audits.drift.emptied import emptied as hollowed
from aeon_release.domain.audits.drift.emptied import guarded as hollow_guarded
from aeon_release.domain.audits.drift.emptied import trivial as hollow_body
from aeon_release.domain.audits.drift.fallback_imports import dotted_read, fallback_lines
from aeon_release.domain.audits.drift.fallbacks import (
    bound_probes,
    call_guarded,
    caught_around,
    dataclass_tested,
    expects_misfit,
    falls_back,
    hasattr_branch,
    hasattr_exited,
    hasattr_exited_lines,
    hasattr_guarded_lines,
    hasattr_guarded_nodes,
    isinstance_asked,
    isinstance_guarded,
    isinstance_refuted,
    kind_ensured,
    leaves_unless,
    none_called_lines,
    nothing_in_its_stead,
    runs_tested,
    shape_probed,
    try_guarded_lines,
)
from aeon_release.domain.audits.drift.fallbacks import version_gated as path_per_version
from aeon_release.domain.audits.drift.flattened import annotations_only, nesting_drift, takes_either
from aeon_release.domain.audits.drift.guarded_reads import (
    allows_extras,
    built_with,
    flag_gates_both_ways,
    gates_both_ways,
    held_both_ways,
)
from aeon_release.domain.audits.drift.handed_in import handed_in
from aeon_release.domain.audits.drift.held_partials import held_key
from aeon_release.domain.audits.drift.inherited import inherited_changes, pinned_elsewhere
from aeon_release.domain.audits.drift.interposed import Along, calls_self, hidden_work, is_abstract, is_super
from aeon_release.domain.audits.drift.isinstance_types import narrowings
from aeon_release.domain.audits.drift.iterated_params import (
    ITERATOR_LINE,
    annotation_of,
    iterated_params,
    iterator_handed,
    sequence_uses,
    spanning_calls,
)
from aeon_release.domain.audits.drift.iterated_params import slot_of as iterated_slot
from aeon_release.domain.audits.drift.kept_keys import KeptKeys, kept_keys
from aeon_release.domain.audits.drift.keys import VALUE_BUILTINS
from aeon_release.domain.audits.drift.keyword_calls import Site, hook_sites, passed_by_keyword, refused_keyword
from aeon_release.domain.audits.drift.literal_slots import LiteralSlot, literal_slot
from aeon_release.domain.audits.drift.literal_slots import shown as literal_shown
from aeon_release.domain.audits.drift.logged_kwargs import only_logged
from aeon_release.domain.audits.drift.lost_inits import lost_init
from aeon_release.domain.audits.drift.mapped_calls import made_call as builtin_call
from aeon_release.domain.audits.drift.metaclasses import class_member
from aeon_release.domain.audits.drift.named_receivers import named_after, receiver_words
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets, is_self_attribute
from aeon_release.domain.audits.drift.old_defaults import keep_old_advice
from aeon_release.domain.audits.drift.own_fields import assigned, enclosing, enclosing_class
from aeon_release.domain.audits.drift.passed_args import kept_in_place
from aeon_release.domain.audits.drift.patched_names import patched_attribute
from aeon_release.domain.audits.drift.patched_targets import double_target, tolerates_gone_end
from aeon_release.domain.audits.drift.presence import presence_refuting
from aeon_release.domain.audits.drift.pyindex import (
    MISSING,
    UNDEFINED_HOOKS,
    UNKNOWN,
    DefSym,
    Index,
    ModuleInfo,
    ModuleSym,
    Sym,
    Tree,
)
from aeon_release.domain.audits.drift.quoted import in_code
from aeon_release.domain.audits.drift.raising_hooks import (
    HookCall,
    flag_answer,
    hands_up,
    raises_only,
    uncaught_calls,
)
from aeon_release.domain.audits.drift.rebased import (
    class_member_stored,
    fills_dynamically,
    rebased_between,
    stored_anywhere,
)
from aeon_release.domain.audits.drift.renamed_overrides import names_either, renamed_in_place, stub_answer
from aeon_release.domain.audits.drift.renamed_probes import Absent, absent_branch, old_name_read
from aeon_release.domain.audits.drift.repurposed_slots import repurposed
from aeon_release.domain.audits.drift.result_kinds import (
    Doubtful,
    bool_returns,
    handed,
    handed_to,
    int_enum,
    is_record,
    made_enum,
    old_kind_returns,
    outer_type_name,
    parameter_kind,
    plain_enum,
    result_drift,
    result_uses,
    retabled,
    returned,
    returns_nothing,
    unlisted_returns,
    unoptional,
    unquoted_expr,
    value_returned_now,
    value_use,
)
from aeon_release.domain.audits.drift.returned_members import (
    Lacks,
    abstract,
    fork_patched,
    known_base,
    member_gone,
    patched_after,
)
from aeon_release.domain.audits.drift.returned_strings import string_tables
from aeon_release.domain.audits.drift.returns import own_returns
from aeon_release.domain.audits.drift.retyped import names_bound_once
from aeon_release.domain.audits.drift.shadows import Shadow, namesakes, patched, settable_read, shadowed
from aeon_release.domain.audits.drift.shimmed_hooks import shim_reached
from aeon_release.domain.audits.drift.sides import AddedLines, Changes, commit_note
from aeon_release.domain.audits.drift.signatures import (
    PartialCall,
    Sig,
    call_problem,
    decorator_names,
    given_twice,
    is_classmethod,
    is_docstring,
    is_static,
    names_of,
    newly_optional,
    override_problem,
    partial_left_short,
    renamed_only,
    same_annotations,
    signature,
)
from aeon_release.domain.audits.drift.spec_probes import spec_flags, spec_value
from aeon_release.domain.audits.drift.stored_back import read_after, stored_first
from aeon_release.domain.audits.drift.tested_keys import carried_strings, read_back
from aeon_release.domain.audits.drift.typed_away import typed_away
from aeon_release.domain.audits.drift.unclassed import spared, tested_classes, unclassed
from aeon_release.domain.audits.drift.unconsulted import (
    called_by_name,
    called_off_any,
    could_bind,
    is_property,
    reached_callers,
    read_by_name,
)
from aeon_release.domain.audits.drift.unfilled import dynamic_lookup, forced_none, none_default, stores
from aeon_release.domain.audits.drift.union_slots import SCALARS, union_members
from aeon_release.domain.audits.drift.unmapped import MappingLacks, outside_lacks, unmapped
from aeon_release.domain.audits.drift.version_gates import version_gated
from aeon_release.domain.audits.drift.widened_kinds import first_slot, keyword_only_again, made_positional
from aeon_release.domain.audits.drift.wrapped_fields import cannot_subscript, wrapped_now
from aeon_release.domain.audits.merge_rules import DECORATOR_DRIFT, DEFAULT_DRIFT, SHADOWED_ATTRIBUTE
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import NOT_AUDITED, Finding, Severity
from aeon_release.domain.audits.source import (
    NOT_LITERAL,
    TEST_PATH,
    Scoped,
    child_blocks,
    code_lines,
    header_exprs,
    int_value,
    last_name,
    lazy_pattern,
    literal_value,
    not_served,
    own_scope_nodes,
    parameter_names,
    parent_map,
    parse_python,
    str_value,
    walk_defs,
    walk_spanning,
)

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
# pydantic's decorators that register a method as a validator of its class: the class calls it, not by name
_VALIDATOR_DECORATORS = frozenset({"model_validator", "field_validator", "validator", "root_validator"})
# the methods a build runs: a fork class calling its override from one runs it on every instance it builds
_BUILD_HOOKS = frozenset({"__init__", "__post_init__"})
DEFAULT_PR_PATTERN = r"\(#(\d+)\)\s*$"
# dunders an override's parameters are not checked for, but whose kept old defaults are (a subclass's
# constructor, a callable's call)
_DEFAULTS_ONLY = frozenset({"__init__", "__call__"})
_SKIP_OVERRIDES = frozenset({"__init__", "__new__", "__init_subclass__", "__post_init__", "__class_getitem__"})


@dataclass(frozen=True)
class Change:
    """The upstream commit that changed a definition."""

    sha: str
    subject: str


class History(Protocol):
    def definition_change(self, path: str, name: str) -> Change | None:
        """The commit in base..theirs that removed or changed the definition of ``name`` in ``path``."""

    def moved_file(self, path: str) -> str | None:
        """Where git's rename detection says upstream moved ``path`` in base..theirs."""


@dataclass(frozen=True)
class DriftInput:
    base: Tree
    ours: Tree
    theirs: Tree
    merged: Tree
    fork_lines: Mapping[str, frozenset[str]]  # path -> stripped lines the fork added (base..ours)
    upstream_files: frozenset[str]  # paths upstream changed (base..theirs)
    history: History | None = None
    pr_pattern: str = DEFAULT_PR_PATTERN
    upstream_lines: Mapping[str, frozenset[str]] = field(default_factory=dict)  # path -> lines upstream added
    parsed: dict[tuple[str, str], ModuleInfo | None] = field(default_factory=dict)  # (path, text) -> module, shared
    op_sources: frozenset[str] = frozenset()  # C/C++ files upstream changed: custom ops' schemas (custom_ops.py)


def symbol_drift(inp: DriftInput) -> list[Finding]:
    checker = _Checker(inp)
    findings: dict[tuple[str, int, str], Finding] = {}
    for path in sorted(p for p in inp.fork_lines if p.endswith((".py", ".pyi"))):
        for finding in checker.check_stub(path) if path.endswith(".pyi") else checker.check_file(path):
            findings.setdefault((finding.path, finding.line, finding.message), finding)
    for finding in (*checker.chained_calls(), *checker.op_calls(), *checker.named_ops()):
        findings.setdefault((finding.path, finding.line, finding.message), finding)
    found = [*findings.values(), *checker.cut_hierarchies()]
    # a gone member's use behind a failed ``hasattr`` for its replacement: a version gate (version_gates.py)
    found = version_gated(found, inp.merged, _gone, _definitions(inp.theirs))
    # plain findings out: the ``_Gone`` mark is the walk's own business
    return [_as(Finding, f) for f in found]


def _definitions(tree: Tree) -> Callable[[list[str]], dict[str, list[tuple[str, int]]]] | None:
    """Where a revision defines names, when it can say without parsing every file: a ``def``, or else a
    store of the name on ``self`` (``self.name = ...``: a member set in a constructor is as defined for a
    ``hasattr`` or a held ``getattr`` probe as a method; the site's line is not read, so it is 0)."""
    if not isinstance(tree, Searchable):
        return None
    lines: Callable[[str], list[tuple[str, str]]] | None = getattr(tree, "word_lines", None)

    def sites(names: list[str]) -> dict[str, list[tuple[str, int]]]:
        found = dict(tree.definition_sites(names))
        for name in names:
            if lines is not None and not found.get(name):
                stored = [
                    (path, 0)
                    for path, line in lines(name)
                    if path.endswith(".py") and (m := _SELF_STORE.match(line)) and m.group(1) == name
                ]
                if stored:
                    found[name] = stored
        return found

    return sites


_SELF_STORE = lazy_pattern(r"[ \t]*self\.(\w+)[ \t]*(?::[^=\n]*)?=(?!=)")


@runtime_checkable
class Searchable(Protocol):
    """A tree that can say where names are defined without parsing every file (a git revision)."""

    def definition_sites(self, names: Sequence[str]) -> dict[str, list[tuple[str, int]]]: ...


def definition_regex(name: str) -> str:
    """A POSIX ERE that matches a line defining ``name`` (for ``git log -G``)."""
    word = re.escape(name)
    return rf"^[[:space:]]*((async[[:space:]]+)?def|class)[[:space:]]+{word}[^A-Za-z0-9_]|^[[:space:]]*{word}[[:space:]]*(:[^=]*)?=[^=]"


# A reference resolves in one tree's index to a symbol; ``via`` says how a call binds self.
Resolver = Callable[[Index], Sym]


@dataclass
class _Scope:
    cls: str | None = None  # qualname of the enclosing class
    me: str | None = None  # the first parameter of the enclosing method (self/cls)
    functions: list[ast.AST] = field(default_factory=list)


class _Checker:
    def __init__(self, inp: DriftInput) -> None:
        self.inp = inp
        # a file the merge left alone is parsed once for both sides (and once more for no one else)
        self.before = Index(inp.ours, parsed=inp.parsed)
        self.after = Index(inp.merged, parsed=inp.parsed)
        self._base: Index | None = None
        self._walking: ast.Module | None = None
        self._walking_path = ""
        self._theirs: Index | None = None
        self._locals: dict[int, frozenset[str]] = {}
        self._probes: dict[int, dict[str, ast.Call]] = {}  # id(function or module) -> locals bound to a probe
        self._nests: dict[tuple[int, ...], frozenset[str]] = {}  # the enclosing functions' ids -> their names
        self._bound: dict[int, dict[str, ast.expr]] = {}  # a function's id -> the names it binds once, to what
        # a table entry's call made up -> (that call, the call written): the made-up node is kept alive with its
        # entry, so that its id is never reused by a later node while the entry stands (mend56)
        self._picks: dict[int, tuple[ast.Call, ast.Call]] = {}
        self._local_types: dict[int, dict[str, ast.expr]] = {}
        self._attribute_types: dict[int, tuple[ast.ClassDef, dict[str, ast.expr]]] = {}
        self._bound_attributes: dict[int, frozenset[str]] = {}  # id(class node) -> names it binds itself
        self._body_names: dict[int, frozenset[str]] = {}  # id(class node) -> names its body binds (shadows)
        self._keyed_tables: dict[int, frozenset[str]] = {}  # id(module tree) -> its string-keyed tables' names
        self._bound_inner: dict[
            int, frozenset[int]
        ] = {}  # id(module tree) -> ids of names a lambda/comprehension binds
        self._chains: list[tuple[ModuleInfo, ast.Call]] = []  # calls on untyped attribute chains
        # calls of a tree class's method whose receiver upstream no longer types (the class gone, or the
        # attribute now holds an outside type): a def of the name left anywhere may be what it reaches
        self._untyped_now: list[tuple[ModuleInfo, ast.Call, DefSym]] = []
        # calls of an actor's method (``.remote``/``.bind``), by id: the actor's handle serves only the
        # methods its class defines, never what a ``__getattr__`` makes up
        self._actor_calls: set[int] = set()
        self._made_calls: list[ast.Call] = []  # the calls builtins make, kept: their ids key the parent maps
        self._ops: list[tuple[ModuleInfo, ast.Call, str]] = []  # torch.ops.<ns>.<op>(...) calls, by op name
        self._named: list[tuple[ModuleInfo, ast.Constant, str]] = []  # "ns::op" in a list of ops, by op name
        self._owned: dict[str, set[int]] = {}  # path -> the lines the fork wrote
        self._stored_memo: dict[str, frozenset[str]] = {}  # path -> the attribute names its module sets
        self._parent_maps: dict[str, dict[int, ast.AST]] = {}  # path -> each node's parent (_guarded)
        # id(module tree) -> names bound to a find_spec test (None: the text never says find_spec)
        self._spec_flags: dict[int, dict[str, ast.expr] | None] = {}
        # (id(module tree), word) -> whether the module's text holds it: asked once a read, not once a module, a
        # text search of a 12,000-statement function's module per read was quadratic (perf43)
        self._says: dict[tuple[int, str], bool] = {}
        # a call spelled out (a held partial's merged arguments, ``**{...}`` as keywords) -> the call the file
        # holds: the spelled copy has no parent, and whether a ``try`` guards it is the written call's to say
        self._spelled: dict[int, tuple[ast.Call, ast.Call]] = {}
        self._base_walked: dict[str, dict[str, Scoped]] = {}  # path -> the base's defs (_base_def_nodes)
        # a scope's names bound once to a dict it never changes, and every name it binds
        self._dicts: dict[int, tuple[dict[str, ast.expr], set[str]]] = {}
        self._held: dict[tuple[int, int], dict[str, ast.Call]] = {}
        self._partials = held_partials.HeldPartials()
        # (method, parameters upstream added, their slots) -> whether a call upstream wrote passes one, and the
        # holders whose module call passes one (``_calls_held_module``): every override of one base method asks
        # the same, and each answer walks upstream's files
        self._passed: dict[
            tuple[str, str, str, tuple[str, ...], tuple[int, ...]], tuple[bool, frozenset[tuple[str, str, str]]]
        ] = {}
        self._stores: dict[tuple[str, str], bool] = {}  # (side, name) -> a served line gives x.name a value
        self._imports_in: dict[int, dict[str, tuple[str, str | None]]] = {}  # a def's id -> its lazy imports
        self._handed: dict[str, list[tuple[str, ast.Call, list[str]]]] = {}  # a method -> _handed_calls
        self._new_sites: dict[str, list[tuple[str, Site, list[ast.Call]]]] = {}  # a method -> _added_sites
        # (the base method, gained, slots) -> the methods of its class calling its dispatcher with them
        self._dispatching: dict[tuple[str, str, str, tuple[str, ...], tuple[int, ...]], list[str]] = {}
        self._key_passers: dict[str, bool] = {}  # a key -> a line upstream added passes it (_passes_key)
        self._elsewhere: dict[tuple[str, str, str], bool] = {}  # (path, class, name) -> _done_elsewhere's answer
        self._opted: dict[tuple[str, str, str], list[str]] = {}  # (path, class, hook) -> upstream's classes opted in
        self._hook_call_memo: dict[str, list[tuple[str, HookCall]]] = {}  # hook name -> upstream's unguarded calls
        self._hosts: dict[str, dict[str, list[str]]] = {}  # path -> mixin class -> the classes mixing it in
        self._module_keys: dict[int, KeptKeys] = {}  # a module tree's id -> the keys it fills or guards
        self._hook_lines: dict[str, dict[str, set[str]]] = {}  # a hook's name -> upstream's added lines calling it
        self._assert_lines: dict[str, dict[str, set[str]]] = {}  # a name -> upstream's added ``assert self.name``
        # a hook -> its typed calls, each with the classes of the tree its receiver is typed as
        self._hook_calls: dict[tuple[str, str, str], list[tuple[ast.Call, bool, frozenset[tuple[str, str]]]]] = {}
        # id of each typed hook call -> new_hooks.call_mode (its nodes live as long as ``_hook_calls``)
        self._call_modes: dict[int, str] = {}
        # id of each typed hook call off a field of its method's instance -> (that class, that method)
        self._hook_holders: dict[int, tuple[str, str]] = {}
        self._hook_reads: dict[str, bool] = {}  # a hook's name -> whether upstream's added lines read it as a value
        self._sole_hooks: dict[tuple[str, str, str], frozenset[tuple[str, str]]] = {}  # a hook -> _sole_hook
        self._made_hooks: dict[int, ast.AST] = {}  # id -> a def _hook_def made of an assignment (kept alive)
        self._slotted_paths: frozenset[str] | None = None  # files upstream's added lines declare slots in
        self._switch_cache: dict[str, list[tuple[str, str, str]]] = {}  # a name -> its switched calls (_switches)
        self._removed_text: dict[str, str] = {}  # path -> upstream's removed lines, joined (_self_use_removed)
        self._shims: _Shims | None = None  # the module attributes the fork's own lines set and read (_fork_shims)
        # (module, expression, scope) ids -> those objects and the expression's resolver (_resolver)
        self._resolvers: dict[
            tuple[int, int, int], tuple[ModuleInfo, ast.expr, _Scope, tuple[Resolver | None, str]]
        ] = {}

    def cut_hierarchies(self) -> Iterator[Finding]:
        """One warning per file whose classes' hierarchies were ordered only in part (pyindex.Index.mro):
        what lies past the cut was taken as unknown, so no finding about it was made."""
        cut: dict[str, dict[str, int]] = {}
        for ix in (self.before, self.after, self._base, self._theirs):
            for path, classes in (ix.cut if ix is not None else {}).items():
                cut.setdefault(path, {}).update(classes)
        for path, classes in sorted(cut.items()):
            first, line = min(classes.items(), key=lambda item: item[1])
            yield Finding(
                NOT_AUDITED,
                "audit",
                Severity.WARNING,
                path,
                line,
                f"{len(classes)} class(es) here ({first} first) derive from over {px.LONGEST} classes or through "
                f"over {px.STEPS} bases: the merge-aware checks read that much of each one's hierarchy and took "
                "the rest as unknown",
            )

    # -- per file --------------------------------------------------------------------------------
    def check_file(self, path: str) -> Iterator[Finding]:
        mod = self.after.module_at(path)
        if mod is None or self.before.module_at(path) is None:
            return  # a file new on both sides or that no longer parses: nothing to compare
        owned = self._owned[path] = _owned_lines(mod.text, self.inp.fork_lines.get(path, frozenset()), mod.tree)
        self._walking = mod.tree  # the module a call found in the walk sits in (lost_init reads its guards)
        self._walking_path = path
        if owned:
            self._named += _named_ops(mod, owned)
            walked = list(self._walk(mod, mod.tree.body, _Scope(), owned))
            yield from walked
            moved = list(self._patched_but_moved(mod, owned))
            yield from moved
            reported = {f.line for f in moved}  # a patch left in a moved function is that finding alone
            # an override reported on its def line (its kind or parameters changed) is that finding alone
            yield from self._patched_but_unused(mod, owned, reported, {f.line for f in walked})

    # -- a stub of a module ----------------------------------------------------------------------------
    def check_stub(self, path: str) -> Iterator[Finding]:
        """A fork's stub of a module of the tree (``ops.pyi`` beside ``ops.py``): what it declares is what
        type checkers (and readers) take the module to hold, so every ``from ops import f`` checks clean.
        A function, class or method it declares on a fork line that the module defined before the merge
        and no longer does is drift, as a use of it is; so is a function whose parameters the stub spelled
        as the module had them, and upstream changed.  A stub with no module beside it (a compiled
        extension's) declares what no Python file here defines: left alone."""
        text = self.inp.merged.text(path)
        tree = parse_python(text, path) if text is not None else None
        dotted = px.dotted_name(path.removesuffix("i"), self.after.roots)
        if text is None or tree is None or self.before.module(dotted) is None:
            return
        owned = _owned_lines(text, self.inp.fork_lines.get(path, frozenset()))
        mod = ModuleInfo(path, dotted, text, tree)
        for node in tree.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            top: Resolver = functools.partial(_imported, module=dotted, name=node.name)
            yield from self._declared(mod, node, top, owned, node.name)
            for member in node.body if isinstance(node, ast.ClassDef) else []:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    label = f"{node.name}.{member.name}"
                    yield from self._declared(mod, member, _member_through(top, member.name), owned, label)

    def _declared(
        self, mod: ModuleInfo, node: ast.stmt, resolver: Resolver, owned: set[int], label: str
    ) -> Iterator[Finding]:
        if node.lineno not in owned:
            return
        what = f"declares {mod.dotted}.{label} in a stub"
        found = self._compare(resolver)
        if found is not None:
            yield self._finding(mod, node.lineno, what, found[0], None)
            return
        before, after = resolver(self.before), resolver(self.after)
        if not (isinstance(before, DefSym) and isinstance(after, DefSym) and self._upstream(after.path)):
            return
        bound = before.owner is not None and not is_static(node)
        mine, old, new = signature(node, bound), signature(before.node, bound), signature(after.node, bound)
        if mine is not None and old is not None and new is not None and mine == old != new:
            problem = f"spells the parameters as they were; upstream made it {after.label}{new.show()}"
            gained = _gained_optional(mine, old, new)
            if gained and mine == _without(new, gained):
                # only optional parameters are missing: every call the stub allows still runs, and the
                # module's own text (which the runtime reads, never the stub) is what calls are checked by
                problem += (
                    f"; the stub lacks only the optional {', '.join(gained)}: a call passing it fails type checks"
                )
                yield self._finding(mod, node.lineno, f"{what}, which {problem}", after, _UNCERTAIN)
                return
            yield self._finding(mod, node.lineno, f"{what}, which {problem}", after, "signature")

    # -- patched code that upstream moved ------------------------------------------------------------
    def _patched_but_moved(self, mod: ModuleInfo, owned: set[int]) -> Iterator[Finding]:
        """A carry patched a function that upstream copied to another module: the patch may sit in a dead copy."""
        lines = sorted(owned)  # a def holds an owned line below its first: bisected, not every line per def
        patched = {n.name for _, n in walk_defs(mod.tree) if not isinstance(n, ast.ClassDef) and _body_owned(lines, n)}
        if not any(self.defined_upstream.get(name, set()) - {mod.path} for name in patched):
            return  # upstream defined none of them anywhere else: no need to read the base version
        base = self.base_ix.module_at(mod.path)
        if base is None:
            return
        old_defs = {q: n for q, n in walk_defs(base.tree) if not isinstance(n, ast.ClassDef)}
        text = code_lines(mod.text)
        for qual, node in walk_defs(mod.tree):
            if isinstance(node, ast.ClassDef) or qual not in old_defs:
                continue
            body = _body_lines(base.text, old_defs[qual])
            known = set(body)  # a line the fork added that upstream's version already had is not the patch
            lines = sorted(
                i
                for i in owned
                if node.lineno < i <= (node.end_lineno or node.lineno) and text[i - 1].strip() not in known
            )
            if not lines or _has_nested(node, lines):
                continue
            moved = self._copy_elsewhere(mod.path, qual, body)
            if moved is not None and self._abandoned(mod.path, qual.rsplit(".", 1)[-1], moved[1]):
                where, path = moved
                yield _error(
                    mod,
                    lines[0],
                    f"the fork patches {qual}(), but upstream moved it to {where} ({path})"
                    f"{self._in(path, qual.rsplit('.', 1)[-1])}; the patch is not in the new copy: "
                    "port it there (the old one may be dead code)",
                )

    # -- patched code that upstream stopped calling --------------------------------------------------
    def _patched_but_unused(
        self, mod: ModuleInfo, owned: set[int], reported: set[int], flagged: set[int]
    ) -> Iterator[Finding]:
        """A carry patched a function that upstream stopped using (it called something else instead and
        left the old one in place): nothing in the merged tree names it any more, so the patch never runs.
        A function of a file the service never imports (tests, benchmarks) is no carry's service.

        Only an undecorated function with a name of its own (a decorator may register it; a short or
        dunder name is called in ways no text search sees) that upstream's diff stopped naming."""
        changes = self.inp.upstream_lines.changes if isinstance(self.inp.upstream_lines, AddedLines) else None
        if changes is None or not isinstance(self.inp.theirs, WordSearchable) or _not_served(mod.path):
            return  # a patch of a test's (or benchmark's) helper never ran in service: no service lost
        # one ``git grep -w`` a name left (_still_used): one grep of them all evaluates every pattern on
        # every line of the tree, slower than one process a name (800 names: 4.1 s of git against 1.8 s)
        for qual, node, lines, dropped in self._unused_here(mod, owned, reported, changes):
            if self._still_used(mod.path, node.name):
                continue
            lines = self._not_in_base(mod, qual, lines)
            if not lines:
                continue  # every line of the "patch" is one upstream's own function already had
            hook = None if qual in self._base_defs(mod.path) else self._upstream_hook(mod, qual)
            if hook is None and qual not in self._base_defs(mod.path):
                continue  # a function of the fork's own, that overrides nothing upstream has
            if hook is not None and node.lineno in flagged:
                continue
            what = (
                f"the fork patches {qual}(), which upstream stopped using"
                if hook is None
                else f"the fork's {qual}() overrides {hook}(), which upstream's code stopped calling"
            )
            yield _error(
                mod,
                lines[0],
                f"{what} (its last use was in {dropped[0]}): "
                f"nothing the merged tree runs names {node.name} any more (tests, benchmarks, examples and "
                f"docs aside), so the {'patch' if hook is None else 'override'} never runs; "
                "port it to what upstream calls instead",
            )

    def _unused_here(
        self, mod: ModuleInfo, owned: set[int], reported: set[int], changes: Changes
    ) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, list[int], list[str]]]:
        """(qualified name, def, the fork's lines in it, where upstream dropped a use) of each patched
        function with a name of its own that its module no longer names and upstream's diff stopped naming."""
        ordered, done = sorted(owned), sorted(reported)
        for qual, node in walk_defs(mod.tree):
            if isinstance(node, ast.ClassDef) or not distinct_name(node):
                continue
            lines = _body_owned(ordered, node)
            if _body_owned(done, node, node.lineno - 1):
                continue  # reported as moved
            if not lines or _references(mod.text, node.name):
                continue  # unpatched, or still used in its own module (the cheap test first)
            dropped = self._dropped_uses(changes, node.name)
            if dropped:
                yield qual, node, lines, dropped

    def _not_in_base(self, mod: ModuleInfo, qual: str, lines: list[int]) -> list[int]:
        """The fork's lines in a function that its merge-base version did not hold: a line upstream's own
        function already had is no patch of the fork's (symbol_precision window 8: #35959 stopped calling
        ``make_num_tokens_across_dp`` and left it in place; nothing of the fork's was in it to lose)."""
        base = self.base_ix.module_at(mod.path)
        old = self._base_def_nodes(mod.path).get(qual)
        if base is None or old is None:
            return lines
        known, text = set(_body_lines(base.text, old)), _split(mod.text)
        return [i for i in lines if text[i - 1].strip() not in known]

    def _upstream_hook(self, mod: ModuleInfo, qual: str) -> str | None:
        """The base method a method of a fork class overrides, when upstream's base had it at the merge
        base already (a hook of upstream's, not one of the fork's own classes); its label, else None."""
        owner, _, name = qual.rpartition(".")
        if not owner:
            return None
        base = self._member_of(mod.path, owner, name, False)(self.after)
        if (
            not isinstance(base, DefSym)
            or base.owner is None
            or not isinstance(base.node, ast.FunctionDef | ast.AsyncFunctionDef)
        ):
            return None
        return base.label if f"{base.owner}.{name}" in self._base_defs(base.path) else None

    def _dropped_uses(self, changes: Changes, name: str) -> list[str]:
        """The files where upstream's diff removed a line that used ``name``, or that upstream deleted
        while they used it (the diff holds no line of a deleted file: its base text is read); none when
        upstream added a line that uses it (a ``def`` line is no use).  Substring search first (a large
        release's diff is tens of MB; a regex per name over it costs a second), then only the lines
        that hold the name are looked at."""
        removed: list[str] = []
        for path in changes:
            raw = changes.raw(path) if path.endswith(".py") else ""
            if name not in raw:
                continue
            for line in _lines_holding(raw, name):
                if line.startswith(("---", "+++")) or not _references(line[1:], name):
                    continue
                if line.startswith("+") and _BARE.match(line[1:]):
                    continue  # an import list entry, or an argument: a use there is found in the tree itself
                if line.startswith("+"):
                    return []
                if line.startswith("-") and (not removed or removed[-1] != path):
                    removed.append(path)
        if not removed:
            deleted = (p for p in changes.deleted if p.endswith(".py"))
            removed = [f"{p} (deleted)" for p in deleted if _references(self.inp.base.text(p) or "", name)]
        return removed

    def _still_used(self, path: str, name: str, skip: str | None = None) -> bool:
        """A use of ``name`` in what the merged tree runs: the fork's own files read as merged, the rest
        as upstream has them.  A test, benchmark, example or doc naming it is no use: a carry whose only
        caller left is its own test passes that test and never runs in service."""
        theirs = self.inp.theirs
        assert isinstance(theirs, WordSearchable)  # noqa: S101 - checked by the caller
        for where, line in theirs.word_lines(name):
            if where in self.inp.fork_lines or _not_served(where):
                continue  # the fork's: read as merged below
            if _BARE.match(line) or _aliases(line, name):  # an import (or an argument): the file says
                if _used_in(self.inp.theirs.text(where) or "", name):
                    return True
            elif _references(line, name):  # a def or an import line is no use
                return True
        for where in self.inp.fork_lines:
            text = self.inp.merged.text(where) if not _not_served(where) and where != skip else None
            if text and name in text and _used_in(text, name):
                return True
        return False

    def _base_defs(self, path: str) -> set[str]:
        return {q for q, n in self._base_def_nodes(path).items() if not isinstance(n, ast.ClassDef)}

    def _base_def_nodes(self, path: str) -> dict[str, Scoped]:
        """The merge base's definitions in ``path`` by qualified name (the first of a name), walked once a
        file: a module's every dead patch walking the whole module was quadratic (800 of them: 11 s)."""
        if path not in self._base_walked:
            base = self.base_ix.module_at(path)
            walked = walk_defs(base.tree) if base else iter(())
            self._base_walked[path] = {q: n for q, n in reversed(list(walked))}
        return self._base_walked[path]

    def _abandoned(self, path: str, name: str, new_path: str) -> bool:
        """Upstream stopped using the old copy: not used in its own module, and callers moved away from it.

        A helper that upstream merely copied into a new file (and still uses where it was) is not moved.
        """
        if _references(self.inp.theirs.text(path) or "", name):
            return False
        before = after = 0
        for other in self.inp.upstream_files:
            if other.endswith(".py") and other != new_path:
                before += _references(self.inp.base.text(other) or "", name)
                after += _references(self.inp.theirs.text(other) or "", name)
        return after < before

    def _copy_elsewhere(self, path: str, qual: str, body: list[str]) -> tuple[str, str] | None:
        name = qual.rsplit(".", 1)[-1]
        for other in sorted(self.defined_upstream.get(name, ())):
            if other == path:
                continue
            new_mod, old_mod = self.theirs_ix.module_at(other), self.base_ix.module_at(other)
            olds = {q for q, _ in walk_defs(old_mod.tree)} if old_mod else set()
            for new_qual, node in walk_defs(new_mod.tree) if new_mod else []:
                if node.name != name or new_qual in olds or (new_qual != qual and "." in new_qual):
                    continue  # only a new definition of the same method, or a module-level function
                if new_mod and _similar(body, _body_lines(new_mod.text, node)):
                    return f"{new_mod.dotted}.{new_qual}", other
        return None

    def _walk(self, mod: ModuleInfo, body: list[ast.stmt], scope: _Scope, owned: set[int]) -> Iterator[Finding]:
        exited: set[int] = set()  # lines after ``if not hasattr(x, "n"): return ...`` reading x.n: x has it there
        sure: set[int] = set()  # those after a test of the value (``getattr(x, "n", None) is None``): even made up
        absent: list[Absent] = []  # where a presence test failed: a rename's old name read there is its reading
        held = _held_after(body, owned)
        for at, stmt in enumerate(body):
            # the statements after it, which only an ``if`` or a ``try`` is read with: no copy of the block's tail
            # for any other (a function of 12,000 statements copied it three times a statement: perf43)
            later = body[at + 1 :] if isinstance(stmt, ast.If | ast.Try) else []
            if (missing := absent_branch(stmt, later)) is not None:
                absent.append(missing)
            for finding in self._statement(mod, stmt, scope, owned):
                if _renamed_out(finding, absent):
                    continue
                if not _gone(finding) or finding.line not in (sure if _answered(finding) else exited):
                    yield finding
            if not held[at]:
                continue  # exited and sure judge only later statements' findings: none of them holds a fork line
            # the scope's probes (a walk of the whole scope: a module's, 30 ms for 340 KB) only for a test they
            # can answer: hasattr_exited_lines reads nothing else of any other statement
            bound = self._bound_probes(mod, scope) if leaves_unless(stmt) else None
            exited |= hasattr_exited_lines(stmt, later, bound=bound)
            sure |= hasattr_exited_lines(stmt, later, by_hasattr=False, bound=bound)
            if asked := hasattr_exited(stmt):  # ``if not hasattr(m, "f"): return ...`` then ``from m import f``
                exited |= self._imported_lines(mod, later, asked)

    def _statement(self, mod: ModuleInfo, stmt: ast.stmt, scope: _Scope, owned: set[int]) -> Iterator[Finding]:
        if not _holds_owned(stmt, owned):
            return  # nothing the fork wrote in it
        if isinstance(stmt, ast.ClassDef):
            qual = f"{scope.cls}.{stmt.name}" if scope.cls else stmt.name
            yield from self._expressions(mod, [*stmt.bases, *stmt.decorator_list], scope, owned)
            for base in stmt.bases if stmt.lineno in owned and not scope.cls else []:
                yield from self._base_name(mod, base.value if isinstance(base, ast.Subscript) else base, scope)
                yield from self._unclassed(mod, base, scope, "derives from")
            if not scope.functions:
                yield from self._class_members(mod, stmt, qual, owned)
                yield from self._shadowed(mod, qual, owned)
                yield from self._namesakes(mod, qual, owned)
                yield from self._misordered(mod, qual, owned)
                if stmt.lineno in owned:
                    yield from self._unimplemented(mod, stmt, qual)
                    yield from self._inherited(mod, stmt, qual)
                    yield from self._opted_out(mod, stmt, qual)
            yield from self._walk(mod, stmt.body, _Scope(qual, None, scope.functions), owned)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lazy = mod.lazy_annotations
            walked = [*stmt.decorator_list, *_defaults(stmt), *([] if lazy else map(_quoted_out, _annotations(stmt)))]
            yield from self._expressions(mod, walked, scope, owned)
            # a quoted type, or every annotation under ``from __future__ import annotations``: Python never
            # evaluates it when it defines the function, so a name upstream removed there fails type checks,
            # not the code (a warning; a finding of the evaluated text above, the same, stays the error).  An
            # evaluated annotation that holds no string is that very expression, walked above: not again.
            unevaluated = [_unquoted(a) for a in _annotations(stmt) if lazy or _has_string(a)]
            for finding in self._expressions(mod, unevaluated, scope, owned):
                yield replace(finding, severity=Severity.WARNING, message=finding.message + _DEFERRED)
            if scope.cls and not scope.functions:  # a method: its first parameter is the instance (or class)
                me = stmt.args.args[0].arg if stmt.args.args and not is_static(stmt) else None
                inner = _Scope(scope.cls if me else None, me, [stmt])
            else:  # a nested function sees the method's self as a closure
                inner = _Scope(scope.cls, scope.me, [*scope.functions, stmt])
            yield from self._walk(mod, stmt.body, inner, owned)
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            if stmt.lineno in owned:
                yield from self._import(mod, stmt)
        else:
            exprs = header_exprs(stmt)
            deferred: list[ast.expr] = []
            if (
                isinstance(stmt, ast.AnnAssign)
                and scope.cls
                and not scope.functions
                and not _plain_class(mod, scope.cls)
            ):
                # a class's field: the class's machinery (a dataclass, pydantic) may resolve it, quoted or not
                exprs = [_unquoted(n) if n is stmt.annotation else n for n in exprs]
            elif isinstance(stmt, ast.AnnAssign):
                # a local variable's annotation is never evaluated, nor a module's under the future import, nor
                # a plain class's (no decorator, keyword or foreign base: nothing resolves it at run time)
                never = bool(scope.functions) or mod.lazy_annotations
                exprs = [n for n in exprs if n is not stmt.annotation or not never]
                exprs = [_quoted_out(n) if n is stmt.annotation else n for n in exprs]
                deferred = [_unquoted(stmt.annotation)] if never or _has_string(stmt.annotation) else []
            yield from self._expressions(mod, exprs, scope, owned)
            if isinstance(stmt, ast.Assign) and stmt.lineno in owned:
                yield from self._patched(mod, stmt, scope)
            for finding in self._expressions(mod, deferred, scope, owned):
                yield replace(finding, severity=Severity.WARNING, message=finding.message + _DEFERRED)
            if isinstance(stmt, ast.For | ast.AsyncFor) and stmt.lineno in owned:
                yield from self._elements(mod, stmt.target, stmt.iter, stmt.body, scope)
                yield from self._listed_classes(mod, stmt.target, stmt.iter, stmt.body)
            if isinstance(stmt, _SIMPLE) and stmt.lineno in owned:
                for comp in (n for n in ast.walk(stmt) if isinstance(n, _COMPREHENSIONS)):
                    parts = [comp.key, comp.value] if isinstance(comp, ast.DictComp) else [comp.elt]
                    for gen in comp.generators:
                        yield from self._listed_classes(mod, gen.target, gen.iter, [*parts, *gen.ifs])
            never_runs = _type_only_block(stmt)
            bound = self._bound_probes(mod, scope) if isinstance(stmt, ast.If) else None
            guarded, reads = (
                hasattr_guarded_lines(stmt, bound=bound) if isinstance(stmt, ast.If) else try_guarded_lines(stmt)
            )
            # a test of the value, a handler of calling None: these hold even where a __getattr__ answers the name
            valued_block, valued = hasattr_guarded_lines(stmt, by_hasattr=False, bound=bound)
            valued |= none_called_lines(stmt)
            guarded = guarded or (stmt.body if valued and isinstance(stmt, ast.Try) else valued_block)
            if isinstance(stmt, ast.If):
                probed, imported = self._probed_imports(mod, stmt)
                if imported and (not guarded or guarded is probed):
                    guarded, reads = probed, reads | imported
            function = scope.functions[-1] if scope.functions else mod.tree
            dead = self._dead_fallback(mod, stmt, function) if isinstance(stmt, ast.Try) else set()
            unprobed = self._unprobed_branch(mod, stmt) if isinstance(stmt, ast.If) else None
            for block in child_blocks(stmt):
                if block is never_runs:
                    # ``if TYPE_CHECKING:`` (or the else of ``if not TYPE_CHECKING:``): only a type checker runs it
                    for finding in self._walk(mod, block, scope, owned):
                        yield replace(finding, severity=Severity.WARNING, message=finding.message + _TYPE_ONLY)
                elif block is guarded:
                    # ``if hasattr(m, "name"): ... m.name ...``: the read runs only where m still has it;
                    # ``try: from m import name`` / ``except ImportError: ...``: the import is optional (and
                    # ``try: m.name`` / ``except AttributeError: ...``)
                    # (only the name's being gone: a changed signature still breaks the call)
                    quiet = nothing_in_its_stead(stmt)  # else: the handler stands in, or it is hasattr's (name drift's)
                    for finding in self._walk(mod, block, scope, owned):
                        if not _gone(finding) or finding.line not in (valued if _answered(finding) else reads):
                            yield finding
                        elif quiet:
                            yield replace(finding, severity=Severity.WARNING, message=finding.message + _SKIPPED)
                elif block is unprobed:
                    # ``if find_spec("pkg.new") is None: from pkg.old import f``: the merged tree has pkg.new
                    yield from (f for f in self._walk(mod, block, scope, owned) if not _gone(f))
                else:
                    # ``except ImportError: from old import f`` under a ``try`` importing f from where it is now,
                    # or ``from m import Old`` / ``New = Old`` beside ``try: from m import New``: where every
                    # import of the try resolves on the merged tree, the handler never runs; its gone name is no
                    # break (fallback_imports.py: what only the handler binds and the module reads still counts)
                    for finding in self._walk(mod, block, scope, owned):
                        if not (dead and _gone(finding) and finding.line in dead):
                            yield finding

    def _dead_fallback(self, mod: ModuleInfo, stmt: ast.Try, scope: ast.AST) -> set[int]:
        """The lines of a handler's stand-in for the ``try``'s imports (drift/fallback_imports.py) when every
        import of the ``try`` body, and every dotted read it binds (``X = mod.New``), resolves on the merged
        tree, to a name or module of the tree: the handler never runs.  An import the tree never had (an optional package, a name no side defines) may fail: then
        the handler runs, and its gone names count."""
        tried, lines = fallback_lines(stmt, mod.tree, scope)
        if not lines:
            return set()
        for imp in tried:
            if (read := dotted_read(imp)) is not None:
                found = [self._dotted_sym(mod, read)]  # ``X = mod.New``: raises only where it is gone
            elif isinstance(imp, ast.Import):
                found = [_module(self.after, alias.name) for alias in imp.names]
            else:
                assert isinstance(imp, ast.ImportFrom)  # fallback_lines hands back imports and dotted reads only
                base = px.import_base(imp, mod.dotted, mod.path)
                found = [
                    _module(self.after, base) if alias.name == "*" else _imported(self.after, base, alias.name)
                    for alias in imp.names
                ]
            if not all(isinstance(sym, DefSym | ModuleSym) for sym in found):
                return set()
        return lines

    def _unprobed_branch(self, mod: ModuleInfo, stmt: ast.If) -> list[ast.stmt] | None:
        """The branch of ``if find_spec("pkg.mod") is not None:`` (drift/spec_probes.py) that never runs on the
        merged tree: the module is in it or not."""
        value = self._spec_value(mod, stmt.test)
        return None if value is None else stmt.orelse if value else stmt.body

    def _unrun_arms(self, mod: ModuleInfo, exprs: list[ast.expr]) -> set[int]:
        """The nodes of a conditional expression's arm a ``find_spec`` test never takes on the merged tree
        (``import_module("pkg.new" if find_spec("pkg.new") else "pkg.old")``)."""
        unrun: set[int] = set()
        if self._spec_tests(mod) is None:
            return unrun
        for node in (n for e in exprs for n in ast.walk(e) if isinstance(n, ast.IfExp)):
            value = self._spec_value(mod, node.test)
            if value is not None:
                unrun |= {id(n) for n in ast.walk(node.orelse if value else node.body)}
        return unrun

    def _spec_value(self, mod: ModuleInfo, test: ast.expr) -> bool | None:
        """What a test of ``find_spec`` probes comes to on the merged tree (None: not one, or not decided)."""
        flags = self._spec_tests(mod)
        return None if flags is None else spec_value(test, flags, self._spec_found)

    def _text_says(self, mod: ModuleInfo, word: str) -> bool:
        """``word in mod.text``, searched once a module."""
        key = (id(mod.tree), word)
        if key not in self._says:
            self._says[key] = word in mod.text
        return self._says[key]

    def _spec_tests(self, mod: ModuleInfo) -> dict[str, ast.expr] | None:
        """The module's flags bound to a ``find_spec`` test, or None when its text never says ``find_spec``
        (read once a module: every statement's expressions ask)."""
        if id(mod.tree) not in self._spec_flags:
            self._spec_flags[id(mod.tree)] = spec_flags(mod.tree) if "find_spec" in mod.text else None
        return self._spec_flags[id(mod.tree)]

    def _spec_found(self, dotted: str) -> bool | None:
        """Is the module in the merged tree?  None for another package's (the install decides) and for one
        whose parent is no package there (``find_spec`` imports the parent first, and raises when it is gone
        or a plain module)."""
        if not self.after.in_tree(dotted):
            return None
        if self.after.module_path(dotted) is not None:
            return True
        parent = dotted.rpartition(".")[0]
        if not parent:
            return False
        return False if (self.after.module_path(parent) or "").endswith("__init__.py") else None

    def _short_circuited(self, mod: ModuleInfo, exprs: list[ast.expr]) -> set[int]:
        """The ids of the nodes of an ``or``'s operands after ``getattr(mod, "New", default)`` where ``mod.New``
        is a def, a class or a module on the merged tree: its value is always true, so the ``or`` never reads
        the old name after it (``getattr(m, "New", None) or m.Old``, a rename written for both sides)."""
        found: set[int] = set()
        for node in (n for e in exprs for n in ast.walk(e) if isinstance(n, ast.BoolOp) and isinstance(n.op, ast.Or)):
            for at, operand in enumerate(node.values[:-1]):
                if self._truthy_probe(mod, operand):
                    found |= {id(n) for later in node.values[at + 1 :] for n in ast.walk(later)}
                    break
        return found

    def _truthy_probe(self, mod: ModuleInfo, node: ast.expr) -> bool:
        """``node`` is ``getattr(x, "name", default)``, ``x`` a module or a class, and ``x.name`` resolves to a
        def, a class (no metaclass nor enum base that could make it false) or a module on the merged tree."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"):
            return False
        if len(node.args) != 3 or (name := str_value(node.args[1])) is None:
            return False
        owner = self._dotted_sym(mod, node.args[0])
        if not (isinstance(owner, ModuleSym) or (isinstance(owner, DefSym) and isinstance(owner.node, ast.ClassDef))):
            return False  # off an instance a member may be a property, whose value may be false
        sym = _attribute(self.after, owner, name)
        if isinstance(sym, ModuleSym):
            return True
        held = sym.node if isinstance(sym, DefSym) else None
        if isinstance(held, ast.ClassDef):
            return not held.keywords and not any("Enum" in ast.unparse(b) for b in held.bases)
        return isinstance(held, ast.FunctionDef | ast.AsyncFunctionDef)

    def _dotted_sym(self, mod: ModuleInfo, read: ast.expr) -> Sym:
        """What a name or dotted read through ``mod``'s top-level import of its first name is on the merged
        tree (UNKNOWN through anything else)."""
        parts: list[str] = []
        node: ast.expr = read
        while isinstance(node, ast.Attribute):
            parts.insert(0, node.attr)
            node = node.value
        binding = mod.names.get(node.id) if isinstance(node, ast.Name) else None
        if binding is None or binding.kind != "import" or binding.target is None:
            return px.UNKNOWN
        module, what = binding.target
        sym = _imported(self.after, module, what) if what else _module(self.after, module)
        for attr in parts:
            if not isinstance(sym, DefSym | ModuleSym):
                return sym  # gone or unknown part way: so is the whole read
            sym = _attribute(self.after, sym, attr)
        return sym

    def _expressions(self, mod: ModuleInfo, exprs: list[ast.expr], scope: _Scope, owned: set[int]) -> Iterator[Finding]:
        handled: set[int] = set()
        logged: set[int] = set()  # a logger's name, an import probe's: a dotted string that is never imported
        local = self._local_names(scope)
        # ``m.F if hasattr(m, "F") else None``: the read runs only where m still has it (a gone name is quiet)
        bound = (
            self._bound_probes(mod, scope)
            if any(isinstance(n, ast.IfExp) for e in exprs for n in ast.walk(e))
            else None
        )
        probed = hasattr_guarded_nodes(exprs, bound=bound)
        # a shim the fork sets, a test of the value: there even where a ``__getattr__`` answers the name
        sure = hasattr_guarded_nodes(exprs, by_hasattr=False, bound=bound) | self._shimmed(mod, exprs, scope)
        sure |= self._unrun_arms(mod, exprs)  # the arm a find_spec test never takes on the merged tree
        sure |= self._short_circuited(mod, exprs)
        for expr in exprs:
            awaited: set[int] = set()
            for node in ast.walk(expr):  # breadth first: an ``await`` comes before the call it awaits
                if isinstance(node, ast.Await):
                    awaited.add(id(node.value))
                awaited.update(id(arg) for arg in _handed_to_the_loop(node, mod, local))
                if isinstance(node, ast.Call) and "logger" in last_name(node.func).lower():
                    logged.update(id(a) for a in node.args)
                if isinstance(node, ast.Call) and last_name(node.func) in _IMPORT_PROBES:
                    logged.update(id(a) for a in node.args)  # ``find_spec("pkg.gone")`` answers None: a probe
                if isinstance(node, ast.Call) and node.lineno in owned:
                    handled.add(id(node.func))
                    if isinstance(node.func, ast.Subscript):
                        handled.add(id(node.func.value))  # kernel[grid](...): the call is the use of kernel
                    made = _spelled_out(node, self._dict_names(mod, scope))
                    if made is not node:
                        handled.add(id(made.func))  # partial(f, ...): the use of f is this call
                    found = list(_unprobed(self._made_call(mod, node, made, scope, awaited), node.func, probed, sure))
                    yield from found
                    if made is not node:
                        yield from _at_dict_keys(found, node, made, owned)
                    yield from _unprobed(self._string_read(mod, node, scope), node, probed, sure)
                    if last_name(node.func) == "setattr":
                        yield from self._slotted_store(mod, node, scope)
                        yield from self._set_method(mod, node, scope)
                        if isinstance(node.func, ast.Name):  # ``monkeypatch.setattr``: patched_names' (it raises)
                            yield from self._set_attribute(mod, node, scope)
                    if isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.lineno in owned:
                        # dataclasses.asdict(config).get("field")
                        yield from _unprobed(self._asdict_key(mod, node, scope), node, probed, sure)
                    for tested in tested_classes(node, local | set(mod.names)):
                        yield from _unprobed(self._unclassed(mod, tested, scope, "tests against"), node, probed, sure)
                    yield from self._dead_test(mod, node, scope)
                    yield from self._dead_result_test(mod, node, scope)
                    if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Attribute):
                        if node.func.attr == "keys":  # ``X.attr.keys() == {...}``: the read is handled as the call's
                            yield from self._stale_value_test(mod, node.func.value, scope)
                elif (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.ctx, ast.Load)
                    and id(node) not in handled
                    and node.end_lineno in owned
                ):
                    yield from _unprobed(self._reference(mod, node, scope), node, probed, sure)
                    yield from self._stale_value_test(mod, node, scope)
                elif (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.ctx, ast.Store)
                    and node.lineno in owned
                    and scope.cls
                    and isinstance(node.value, ast.Name)
                    and node.value.id == scope.me
                ):
                    yield from self._store(mod, node, scope.cls)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and node.lineno in owned:
                    yield from self._patch(mod, node, scope)
                elif (
                    isinstance(node, ast.Subscript)
                    and isinstance(node.ctx, ast.Load)
                    and node.lineno in owned
                    and (index := int_value(node.slice)) is not None
                ):
                    yield from self._field_by_index(mod, node, index, scope)  # desc[1], desc[-1]
                elif (
                    isinstance(node, ast.Subscript)
                    and isinstance(node.ctx, ast.Load)
                    and node.lineno in owned
                    and isinstance(node.slice, ast.Constant)
                    and isinstance(node.slice.value, str)
                ):
                    yield from self._typed_key(mod, node, node.slice.value, scope)  # inputs["prompt"]
                    # dataclasses.asdict(config)["field"]
                    yield from _unprobed(self._asdict_key(mod, node, scope), node, probed, sure)
                elif (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and node.lineno in owned
                    and id(node) not in logged
                ):
                    yield from _unprobed(self._qualname(mod, node), node, probed, sure)
                if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.lineno in owned:
                    yield from self._subscripted_wrapper(mod, node, scope)  # self.positions[:n]
                if (
                    isinstance(node, ast.Name | ast.Attribute)
                    and isinstance(node.ctx, ast.Load)
                    and node.lineno in owned
                    and truth_tested(node, self._parents(mod))
                ):
                    yield from self._made_callable(mod, node, scope)  # ``if has_deep_gemm:`` once it is a def
                if isinstance(node, ast.Attribute):
                    handled.add(id(node.value))  # a.b.c: only the outermost attribute is a use
                if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
                    kept = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
                    for gen in node.generators if node.lineno in owned else []:
                        yield from self._elements(mod, gen.target, gen.iter, [*kept, *gen.ifs], scope)

    def _method_of_a_container(self, mod: ModuleInfo, func: ast.Attribute, scope: _Scope) -> Iterator[Finding]:
        """``self.counter_drafts.inc(n)`` once upstream set ``self.counter_drafts`` to a dict (one counter per
        engine, #24049) where it was one object: the attribute's every assignment in the class now makes a
        builtin container (a display, or a call of a def that returns one), none did before, and the
        container has no such method.  It raises on first use: an error."""
        held = func.value
        assert isinstance(held, ast.Attribute)
        kinds = self._attribute_kinds(mod, held, scope)
        if kinds is None:
            return
        old, new = kinds
        if len(new) != 1 or None in new or not old or new <= old:
            return
        kind = next(iter(new))
        if kind is None or hasattr(_BUILTIN_KINDS[kind], func.attr):
            return
        yield _error(
            mod,
            func.lineno,
            f"calls {_show(func)}, but upstream now sets {_show(held)} to a {kind} (it was one object): a {kind} "
            f"has no {func.attr}",
        )

    def _subscripted_wrapper(self, mod: ModuleInfo, node: ast.Subscript, scope: _Scope) -> Iterator[Finding]:
        """``self.positions[:n]`` once upstream sets ``self.positions`` to a class of its own that cannot be
        subscripted (#23515: a tensor folded into ``CpuGpuBuffer``): it raises on first use (wrapped_fields)."""
        held = node.value
        assert isinstance(held, ast.Attribute)
        owner = self._holder_class(mod, held.value, scope) if held.attr in self._upstream_sets else None
        if owner is None:
            return
        dunder = "__setitem__" if isinstance(node.ctx, ast.Store) else "__getitem__"
        sides = ((self.before, owner(self.before)), (self.after, owner(self.after)))
        wrapper = wrapped_now(*sides, held.attr, dunder)
        if wrapper is not None:
            yield _error(
                mod,
                node.lineno,
                f"subscripts {_show(held)}, but upstream now sets it to a {wrapper}, which defines no {dunder}: "
                "this raises TypeError on first use; index the buffer the class holds",
            )

    @functools.cached_property
    def _upstream_sets(self) -> frozenset[str]:
        """The attributes a line upstream added sets on ``self`` (``self.x = ...``): only those can be wrapped
        now (one scan of upstream's added lines, not a walk of the holder's classes per subscript)."""
        lines = self.inp.upstream_lines
        if isinstance(lines, AddedLines):
            return frozenset(m.group(1) for _, m in lines.added_matches(_SELF_SET))
        return frozenset(m.group(1) for added in lines.values() for line in added if (m := _SELF_SET.match(line)))

    def _iterated_mapping(self, mod: ModuleInfo, source: ast.Attribute, scope: _Scope) -> Iterator[Finding]:
        """A loop over an attribute upstream turned from a list (tuple, set) into a dict (#24049: the
        per-position counters, one list per engine): the loop walks the dict's keys, not the items it
        walked."""
        kinds = self._attribute_kinds(mod, source, scope)
        if kinds is None:
            return
        old, new = kinds
        if new == {"dict"} and old and old <= {"list", "tuple", "set"}:
            yield _error(
                mod,
                source.lineno,
                f"iterates {_show(source)}, which upstream turned from a {'/'.join(sorted(k for k in old if k))} into "
                "a dict: the loop takes its keys",
            )

    def _attribute_kinds(
        self, mod: ModuleInfo, attribute: ast.Attribute, scope: _Scope
    ) -> tuple[set[str | None], set[str | None]] | None:
        """The kinds of what the class holding ``attribute`` assigns to it, on the base side and on upstream's
        (see _assigned_kinds); None when the holder's class is not known."""
        owner = self._holder_class(mod, attribute.value, scope)
        if owner is None:
            return None
        return (
            _assigned_kinds(self.before, owner(self.before), attribute.attr),
            _assigned_kinds(self.after, owner(self.after), attribute.attr),
        )

    def _holder_class(
        self, mod: ModuleInfo, holder: ast.expr, scope: _Scope
    ) -> Callable[[Index], px.ClassInfo | None] | None:
        if scope.cls and isinstance(holder, ast.Name) and holder.id == scope.me:
            path, qual = mod.path, scope.cls

            def mine(ix: Index) -> px.ClassInfo | None:
                home = ix.module_at(path)
                return ix.class_info(home, qual) if home is not None else None

            return mine
        return self._typed(mod, holder, scope)

    def _elements(
        self, mod: ModuleInfo, target: ast.expr, source: ast.expr, body: Sequence[ast.AST], scope: _Scope
    ) -> Iterator[Finding]:
        """A loop over an attribute annotated as a sequence of tuples (``added: Sequence[AddedRequest]``,
        ``AddedRequest = tuple[int, SamplingParams, list[int]]``) whose tuples upstream lengthened or
        shortened (#19912 put the prompt's token ids before the output's): the fork's loop unpacks the old
        number of names (an error: the loop raises ValueError), or reads the element the old tuple ended
        with (a warning: the tuple grew, and whether that element moved the types cannot tell)."""
        if (
            isinstance(source, ast.Call)
            and isinstance(source.func, ast.Name)
            and source.func.id in ("enumerate", "iter", "list", "sorted", "reversed")
            and source.func.id not in mod.names
            and len(source.args) == 1
        ):
            walked = source.args[0]  # ``enumerate(prom.counters)``: the loop walks the attribute
            if isinstance(walked, ast.Attribute):
                yield from self._iterated_mapping(mod, walked, scope)
            return
        if not isinstance(source, ast.Attribute):
            return
        yield from self._iterated_mapping(mod, source, scope)
        resolver, _ = self._resolver(mod, source, scope)
        if resolver is None:
            return
        before, after = resolver(self.before), resolver(self.after)
        if not isinstance(before, DefSym) or not isinstance(after, DefSym) or not self._upstream(after.path):
            return
        old, new = _element_tuple(self.before, before), _element_tuple(self.after, after)
        if old is None or new is None or len(old) == len(new):
            return
        shown = f"each element of {_show(source)} ({after.label}), a tuple of ({', '.join(old)}) and now of ({', '.join(new)})"
        if isinstance(target, ast.Tuple | ast.List) and not any(isinstance(e, ast.Starred) for e in target.elts):
            if len(target.elts) == len(old):
                yield _error(mod, target.lineno, f"unpacks {len(old)} names from {shown}: the loop raises ValueError")
            return
        if not isinstance(target, ast.Name) or len(new) < len(old):
            return
        for node in (n for part in body for n in ast.walk(part)):
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.value, ast.Name)
                and node.value.id == target.id
                and int_value(node.slice) in (len(old) - 1, -1)
            ):
                yield _warning(
                    mod,
                    node.lineno,
                    f"reads {_show(node)}, the last value of {shown}: check that upstream did not insert the new "
                    "value before it",
                )

    def _listed_classes(
        self, mod: ModuleInfo, target: ast.expr, source: ast.expr, body: Sequence[ast.AST]
    ) -> Iterator[Finding]:
        """A loop over a module-level list of classes (or one entry of a module-level dict of such lists)
        upstream added a class to, whose body builds each element or reads an attribute off it: the new
        class's constructor does not take the build (TypeError), or it lacks the attribute every class listed
        at the base had (AttributeError).  #40105 (c0c98b8b9a) put ``MarlinFP8ScaledMMLinearKernel``, no block
        kernel (its constructor takes ``layer_param_names`` too, it has no ``apply_input_quant``), in
        ``_POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]``.  Quiet where the body tests the element's class
        (``isinstance``/``issubclass``/``hasattr``/``getattr``): the fork filters.  Only the loop's own nodes
        count (not a nested def's, a lambda's, or a comprehension's that rebinds the name: mend56), and of its
        attributes only loads; a warning where the body may stop (``return``/``break``) before it reaches an
        element upstream added after the first."""
        if not isinstance(target, ast.Name) or _class_tested(body, target.id):
            return
        listed = self._listed_pair(mod, source)
        if listed is None:
            return
        olds, added, where, leads = listed
        told = _error if leads or not _stops_early(body) else _warning
        for node in _loop_nodes(body, target.id):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == target.id:
                for label, sym in added:
                    sig, _ = _constructor(self.after, sym)
                    problem = call_problem(node, sig) if sig is not None else None
                    if problem is not None:
                        yield told(
                            mod,
                            node.lineno,
                            f"builds each element of {_show(source)} as {ast.unparse(node)}, but upstream added "
                            f"{label} to it ({where}), whose constructor {problem}: TypeError",
                        )
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Load)
                and isinstance(node.value, ast.Name)
                and node.value.id == target.id
            ):
                lacking = [label for label, sym in added if self._lacks_listed(sym, node.attr, olds)]
                if lacking:
                    yield told(
                        mod,
                        node.lineno,
                        f"reads {_show(node)} off each element of {_show(source)}, but upstream added "
                        f"{', '.join(lacking)} to it ({where}), which has no {node.attr} (every class listed "
                        "before had it): AttributeError",
                    )

    def _listed_pair(
        self, mod: ModuleInfo, source: ast.expr
    ) -> tuple[list[px.ClassInfo], list[tuple[str, DefSym]], str, bool] | None:
        """The classes a module-level list (``NAME`` or ``NAME[key]``, a dict display's entry) held at the base,
        the classes of the tree upstream added to it (label, symbol), where it is, and whether an added one is
        the list's first element; None when not such a list, or an element at the base is no class of the
        tree."""
        holder, key = (source.value, source.slice) if isinstance(source, ast.Subscript) else (source, None)
        merged, ours = self.after.module_at(mod.path), self.before.module_at(mod.path)
        if not isinstance(holder, (ast.Name, ast.Attribute)) or merged is None or ours is None:
            return None
        new, old = self.after.resolve_expr(merged, holder), self.before.resolve_expr(ours, holder)
        if not isinstance(new, DefSym) or not isinstance(old, DefSym) or new.owner or not self._upstream(new.path):
            return None
        new_home, old_home = self.after.module_at(new.path), self.before.module_at(old.path)
        new_elts, old_elts = _listed_names(new.node, key), _listed_names(old.node, key)
        if new_home is None or old_home is None or not new_elts or not old_elts:
            return None
        olds = [self.before.class_of(self.before.resolve_expr(old_home, e)) for e in old_elts]
        if any(c is None for c in olds):
            return None
        spelt = {ast.unparse(e) for e in old_elts}
        added = [
            (ast.unparse(e), self.after.resolve_expr(new_home, e)) for e in new_elts if ast.unparse(e) not in spelt
        ]
        found = [(label, sym) for label, sym in added if isinstance(sym, DefSym) and self.after.class_of(sym)]
        leads = ast.unparse(new_elts[0]) not in spelt
        return ([c for c in olds if c is not None], found, new.path, leads) if found else None

    def _lacks_listed(self, sym: DefSym, attr: str, olds: list[px.ClassInfo]) -> bool:
        """The class ``sym`` names has no ``attr`` along a wholly known order, and every class of ``olds`` had."""
        cls = self.after.class_of(sym)
        if cls is None or _fields_outside(self.after.mro(cls)):
            return False
        if self.after.member(self.after.mro(cls), attr) is not MISSING:
            return False
        return all(isinstance(self.before.member(self.before.mro(c), attr), DefSym) for c in olds)

    def _field_by_index(self, mod: ModuleInfo, node: ast.Subscript, index: int, scope: _Scope) -> Iterator[Finding]:
        """``desc[1]`` on a NamedTuple the fork can type (an annotated name, ``self.x``): the field at that
        position, before and after the merge.  Upstream inserted a field ahead of it (#28579 put
        ``num_reqs`` before BatchDescriptor's flag): the read takes another field, of another meaning."""
        typed = self._typed(mod, node.value, scope)
        old_cls, new_cls = (typed(self.before), typed(self.after)) if typed is not None else (None, None)
        if old_cls is None or new_cls is None or not self._upstream(new_cls.module.path):
            return
        old_sig, new_sig = _tuple_fields(self.before, old_cls), _tuple_fields(self.after, new_cls)
        old, new = old_sig.positional if old_sig else (), new_sig.positional if new_sig else ()
        if not old or not new or not (-len(old) <= index < len(old) and -len(new) <= index < len(new)):
            return
        was, now = old[index], new[index]
        if was == now or (old_sig and new_sig and _renamed_in_place(now, index % len(old), old_sig, new_sig)):
            return
        commit = self._commit(new_cls.module.path, new_cls.qualname)
        kept = f"; read .{was}" if was in new else ""
        yield _error(
            mod,
            node.lineno,
            f"reads {_show(node)}, field {index} of {new_cls.qualname}, which was {was} and is now {now} "
            f"({new_cls.module.path}{'; ' + commit if commit else ''}): the read takes another field{kept}",
        )

    def _kept_keys(self, mod: ModuleInfo) -> KeptKeys:
        if (kept := self._module_keys.get(id(mod.tree))) is None:
            kept = self._module_keys[id(mod.tree)] = kept_keys(mod.tree)
        return kept

    def _typed_key(self, mod: ModuleInfo, node: ast.Subscript, key: str, scope: _Scope) -> Iterator[Finding]:
        """``inputs["prompt"]`` on a TypedDict the fork can type (an annotated name, ``self.x``): a key the
        class (with its bases) declared before the merge and upstream removed (#26097 dropped
        ``TokenInputs.prompt``; nothing fills it any more): KeyError.  A key the fork's module writes
        itself (``inputs["prompt"] = text``, ``setdefault``, ``update``, a display, ``TokenInputs(prompt=)``) or
        guards (``if "prompt" in inputs``, ``except KeyError``) is the fork's: quiet."""
        typed = self._typed(mod, node.value, scope)
        old_cls, new_cls = (typed(self.before), typed(self.after)) if typed is not None else (None, None)
        if old_cls is None or new_cls is None or not self._upstream(new_cls.module.path):
            return
        old, new = _typed_dict_keys(self.before, old_cls), _typed_dict_keys(self.after, new_cls)
        if old is not None and key in old and new is None and cannot_subscript(self.after, new_cls):
            if not self._both_shapes(mod, node, scope):
                yield from self._record_key(mod, node, new_cls)
            return
        if old is None or new is None or key not in old or key in new:
            return
        if self._kept_keys(mod).keeps(key, node.lineno, old_cls.qualname.rsplit(".", 1)[-1]):
            return
        commit = self._commit(new_cls.module.path, new_cls.qualname)
        yield _error(
            mod,
            node.lineno,
            f"reads {_show(node)}, a key upstream removed from the TypedDict {new_cls.qualname} "
            f"({new_cls.module.path}{'; ' + commit if commit else ''}): nothing fills it any more, the read "
            f"raises KeyError; take it from where upstream keeps it now, or fill it in the fork's code",
        )

    def _both_shapes(self, mod: ModuleInfo, node: ast.Subscript, scope: _Scope) -> bool:
        """The fork's key read of a record is written for the dict and the class both (review113's twins of
        #15712): in a ``try`` catching TypeError, where a presence test of the value (``hasattr(rng, "offset")``,
        any spelling) or a dataclass test (``is_dataclass(rng)``) must have failed, or off a parameter the
        function rebinds (``rng = rng if isinstance(rng, dict) else asdict(rng)``: its annotation no longer
        says what the read sees)."""
        parents = self._parents(mod)
        if caught_around(node, _SUBSCRIPT_ERRORS, parents) or dataclass_tested(node, parents):
            return True
        if presence_refuting(node, ast.unparse(node.value), parents):
            return True
        func = scope.functions[-1] if scope.functions else None
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef) or not isinstance(node.value, ast.Name):
            return False
        return node.value.id in parameter_names(func.args) and node.value.id in assigned(func)

    def _record_key(self, mod: ModuleInfo, node: ast.Subscript, new_cls: px.ClassInfo) -> Iterator[Finding]:
        """``rng["offset"]`` on a TypedDict upstream turned into a class of its own that defines no
        ``__getitem__`` (#15712 made ``PlaceholderRange`` a frozen dataclass): every key read raises TypeError."""
        commit = self._commit(new_cls.module.path, new_cls.qualname)
        yield _error(
            mod,
            node.lineno,
            f"reads {_show(node)}, a key of the TypedDict {new_cls.qualname}, which upstream turned into a class "
            f"that cannot be subscripted ({new_cls.module.path}{'; ' + commit if commit else ''}): the read raises "
            "TypeError; read the attribute of that name",
        )

    def _asdict_key(self, mod: ModuleInfo, node: ast.Subscript | ast.Call, scope: _Scope) -> Iterator[Finding]:
        """A key read off ``dataclasses.asdict(x)`` (drift/asdict_keys.py) is a read of ``x``'s field: a field
        upstream removed or renamed off a class the fork can type has no key now (#28733's spelling of a read
        of ``SchedulerConfig.max_model_len``).  KeyError under ``["k"]``, None under ``.get("k")``: errors;
        ``.get("k", d)`` (or ``.get("k") or d``) answers the fork's own fallback, which it may have meant: a
        warning.  A key the fork's module keeps on the object itself, a ``try`` catching KeyError around the
        read, a ``hasattr`` of the field or a test that the dict holds the key (``"k" in asdict(x)``) guarding
        it, is quiet: the read runs only where the field is still there.  Since killers173 also a field
        upstream made a property (#17053: ``ParallelConfig.data_parallel_rank_local`` over the private field
        ``_data_parallel_rank_local``): the attribute still reads, but ``asdict`` keys fields only."""
        parents = self._parents(mod)
        spelt = asdict_keys.spellings(mod.tree) if self._text_says(mod, "asdict") else frozenset()
        read = asdict_keys.key_read(node, spelt, parents) if spelt else None
        if read is None:
            return
        held, key, how = read
        how = asdict_keys.fallen_back(how, node, parents)
        if how is asdict_keys.How.KEY and caught_around(node, asdict_keys.CAUGHT, parents):
            return
        field_read = ast.copy_location(ast.Attribute(value=held, attr=key, ctx=ast.Load()), node)
        if self._own_extra(mod, held, key, node.lineno, scope):
            return
        answer = {
            asdict_keys.How.KEY: "the dict has no such key: KeyError",
            asdict_keys.How.GET: "the dict has no such key: the .get answers None",
            asdict_keys.How.DEFAULT: "the dict has no such key: the .get answers the fork's default every time",
        }[how]
        said = f"reads the key {key!r} of asdict({_show(held)}), the field {_show(field_read)}"
        resolver = self._resolver(mod, field_read, scope)[0]
        found = self._compare(resolver) if resolver is not None else None
        if found is not None:
            finding = self._finding(mod, node.lineno, said, found[0], f"{answer}; read the field that replaced it")
        elif (made := self._made_property(mod, field_read, scope)) is not None and not _field_kept(
            _owner_class(self.after, made), key
        ):
            commit = self._commit(made.path, key)
            note = f" (upstream: {commit})" if commit else ""
            finding = _error(
                mod,
                node.lineno,
                f"{said}, which upstream made a property, no field{note}: {answer}; read the attribute",
            )
        else:
            return
        yield replace(finding, severity=Severity.WARNING) if how is asdict_keys.How.DEFAULT else finding

    def _string_read(self, mod: ModuleInfo, call: ast.Call, scope: _Scope) -> Iterator[Finding]:
        """``getattr(x, "name", default)`` / ``hasattr(x, "name")`` on an object symbol drift can type
        (``self``, an annotated name): the read of ``x.name`` by a string, which raises nothing when
        upstream removed or renamed the member: it takes the default, or is False, silently."""
        func, args = call.func, call.args
        if (patched := patched_attribute(call)) is not None:
            yield from self._patched_read(mod, call, scope, patched)
            return
        if not isinstance(func, ast.Name) or func.id not in _STRING_READS or func.id in mod.names:
            return
        name = args[1].value if len(args) >= 2 and isinstance(args[1], ast.Constant) else None
        if not isinstance(name, str) or not name.isidentifier() or isinstance(args[0], ast.Starred):
            return
        if name in UNDEFINED_HOOKS:
            # ``hasattr(super(), "__post_init__")`` is the cooperative hook's own idiom: it asks whether the
            # order holds a hook no class must define, so a base dropping it is what the probe is for (review80's
            # twins of #26390, which moved ``CacheConfig.__post_init__`` into pydantic validators)
            return
        attr = ast.copy_location(ast.Attribute(value=args[0], attr=name, ctx=ast.Load()), call)
        resolver, via = self._resolver(mod, attr, scope)
        found = self._compare(resolver) if resolver is not None else None
        what = f'{func.id}({_show(args[0])}, "{name}") reads {_show(args[0])}.{name} by a string'
        if found is None and resolver is not None and func.id == "getattr":
            before = resolver(self.before)
            if isinstance(before, DefSym) and (unfilled := self._unfilled(resolver(self.after))):
                yield _error(mod, call.lineno, f"{what}, which {unfilled}")
            elif (
                len(args) == 2
                and isinstance(before, DefSym)
                and not _value_tested(call, self._parents(mod))
                and (made_up := self._made_up_read(resolver))
            ):
                yield self._made_up_finding(mod, call.lineno, what, before, made_up, _on_instance(attr, scope, via))
            return
        if found is None or not isinstance(found[0], DefSym):
            return
        parents = self._parents(mod)
        gates = func.id == "hasattr" and (gates_both_ways(call, parents) or flag_gates_both_ways(call, parents))
        if gates or held_both_ways(call, parents) or falls_back(call, parents, computed=True):
            sibling = self._standing_sibling(mod, call, scope)
            if sibling is not None:
                finding = self._finding(
                    mod,
                    call.lineno,
                    what,
                    found[0],
                    f"the getattr takes its default, {_show(args[0])}.{sibling}, every time now, silently; that "
                    f"attribute stood beside {name} at the base (another value, not its new name): check it is what "
                    f"replaced it",
                )
                yield replace(finding, severity=Severity.WARNING)
            return  # a path per release (drift/guarded_reads.py), or a fallback on the new spelling
        if self._own_extra(mod, args[0], name, call.lineno, scope):
            return
        if found[0].owner is None and (func.id != "getattr" or len(args) != 2):
            # a module's name probed with a fallback (``getattr(mod, "new_api", None)``, ``hasattr``) is how a
            # fork bridges versions; read with none (#44941's ``getattr(layer, "FusedMoE")``, the factory
            # renamed FusedMoEFactory) it raises AttributeError as ``mod.Name`` does
            return
        outcome = _STRING_READS[func.id] if func.id != "getattr" or len(args) == 3 else "raises AttributeError"
        yield self._finding(
            mod, call.lineno, what, found[0], f"the {func.id} {outcome} now, silently; read what replaced it"
        )

    def _standing_sibling(self, mod: ModuleInfo, call: ast.Call, scope: _Scope) -> str | None:
        """``getattr(x, "gone", x.other)`` whose default is a plain read of another attribute of the same receiver
        that the receiver's class had at the base beside the gone member, and still has: the fork falls back on a
        value that was never the member's own (#28382 dropped ``Medusa.unpadded_vocab_size``; a fork's
        ``getattr(medusa, "unpadded_vocab_size", medusa.truncated_vocab_size)`` now reads the truncated size
        every time).  None for a default that is the member's new name (absent at the base) or anything else."""
        if not isinstance(call.func, ast.Name) or call.func.id != "getattr" or len(call.args) != 3:
            return None
        receiver, default = call.args[0], call.args[2]
        if not (isinstance(default, ast.Attribute) and ast.unparse(default.value) == ast.unparse(receiver)):
            return None
        resolver, _ = self._resolver(mod, default, scope)
        if resolver is None or not isinstance(resolver(self.before), DefSym):
            return None
        return default.attr if isinstance(resolver(self.after), DefSym) else None

    def _own_extra(self, mod: ModuleInfo, receiver: ast.expr, name: str, line: int, scope: _Scope) -> bool:
        """``receiver`` is a local the enclosing function built from a pydantic model passing ``name=``, and
        upstream's model keeps unknown keys: the read answers the fork's own value (drift/guarded_reads.py)."""
        if not isinstance(receiver, ast.Name) or not scope.functions:
            return False
        call = built_with(scope.functions[-1], receiver.id, name, line)
        resolver = self._resolver(mod, call.func, scope)[0] if call is not None else None
        made = resolver(self.after) if resolver is not None else None
        classes = _model_classes(self.after, made) if isinstance(made, DefSym) else None
        return classes is not None and allows_extras([c.node for c in classes])

    def _patched_read(
        self, mod: ModuleInfo, call: ast.Call, scope: _Scope, patched: tuple[ast.expr, str, str]
    ) -> Iterator[Finding]:
        """``mock.patch.object(X, "name", ...)`` (patched_names.py): a read of ``X.name`` that raises
        ``AttributeError`` when upstream removed or renamed the member."""
        target, name, spelled = patched
        attr = ast.copy_location(ast.Attribute(value=target, attr=name, ctx=ast.Load()), call)
        resolver, _ = self._resolver(mod, attr, scope)
        found = self._compare(resolver) if resolver is not None else None
        if found is not None and isinstance(found[0], DefSym):
            what = f'{spelled}({_show(target)}, "{name}") patches {_show(target)}.{name} by a string'
            note = f"the {spelled} raises AttributeError now; patch what replaced it"
            yield self._finding(mod, call.lineno, what, found[0], note)

    def _unfilled(self, sym: Sym) -> str | None:
        """How upstream stopped filling the class field ``sym`` names (unfilled.py), or None: its
        ``__post_init__`` now forces it to None, or upstream's code dropped every write of a field whose
        default is None.  A write left anywhere served (the fork's included) keeps it filled."""
        if not isinstance(sym, DefSym) or sym.owner is None or not isinstance(sym.node, ast.AnnAssign):
            return None
        after, before = _class_at(self.theirs_ix, sym), _class_at(self.base_ix, sym)
        if after is None or before is None:
            return None
        line = forced_none(after.node, sym.name)
        if line is not None:
            if forced_none(before.node, sym.name) is not None or self._stored("theirs", sym.name):
                return None
            commit = self._line_commit(sym.path, f"self.{sym.name} = None")
            return (
                f"upstream's {sym.owner}.__post_init__ now sets to None ({sym.path}:{line}{', ' + commit if commit else ''}):"
                " the read is None whatever was configured; read what replaced it"
            )
        if none_default(sym.node) and self._stored("base", sym.name) and not self._stored("theirs", sym.name):
            return (
                f"upstream's code no longer sets ({sym.owner}.{sym.name}, {sym.path}: every write of it went): "
                "the read is its default None; read what replaced it"
            )
        return None

    def _stored(self, side: str, name: str) -> bool:
        """A served line of upstream's tree on ``side`` (base or theirs; with theirs, the fork's files as
        merged) that gives ``x.name`` a value; true when the tree cannot be searched by word."""
        key = (side, name)
        if key not in self._stores:
            tree = self.inp.base if side == "base" else self.inp.theirs
            if not isinstance(tree, WordSearchable):
                self._stores[key] = True
                return True
            mine = self.inp.fork_lines if side == "theirs" else {}
            lines = [line for where, line in tree.word_lines(name) if where not in mine and not _not_served(where)]
            for where in mine:
                text = self.inp.merged.text(where) if not _not_served(where) else None
                lines += text.splitlines() if text and name in text else []
            self._stores[key] = stores(lines, name)
        return self._stores[key]

    def _made_up(self, before: DefSym) -> str | None:
        """A member upstream removed from a class whose ``__getattr__`` (there at the base too: not a
        shim added with the removal) now answers for the name, when upstream's own served code no longer
        reads it off any object: the removed def is gone for good, whatever ``__getattr__`` makes up."""
        if before.owner is None or _same_member(self.after, before, False) is not MISSING:
            return None
        old = _class_at(self.base_ix, before)
        if old is None or not dynamic_lookup(self.base_ix.mro(old)):
            return None
        if self._upstream_reads(before.name):
            home = self._moved_down(old, before.name)
            if home is None:
                return None
            # upstream's reads of the name are of its new home's instances; the fork's object is not one (its
            # lookup would have found the def there), so its __getattr__ answers
            return f"moved to {home}, a subclass; {before.owner}'s __getattr__ answers for the name now"
        return f"{before.owner}'s __getattr__ answers for the name now, not with the removed def"

    def _made_up_finding(
        self, mod: ModuleInfo, line: int, what: str, before: DefSym, note: str, on_instance: bool
    ) -> Finding:
        """The finding of a use of a member a ``__getattr__`` now answers for.  On an instance, a ``__getattr__``
        that answers every name (no ``raise`` in it, its body ends in a ``return``: ``Platform.__getattr__``
        returns None) makes ``hasattr`` True and raises no AttributeError, so neither ``if hasattr(x, "name"):``
        nor ``except AttributeError`` around the use excuses it (#33362: a guarded
        ``current_platform.seed_everything(seed)`` still calls None): a plain finding, no guard's to drop.  On
        the class object (``CpuPlatform.m``, a classmethod's ``cls.m``) the hook is never asked: guards work.
        A shim the fork sets and a test of the value still excuse it (``_Answered``)."""
        finding = self._finding(mod, line, what, before, note)
        cls = _class_at(self.theirs_ix, before) if on_instance else None
        hook = self.theirs_ix.member(self.theirs_ix.mro(cls), "__getattr__") if cls is not None else MISSING
        if not isinstance(hook, DefSym) or not isinstance(hook.node, ast.FunctionDef):
            return finding
        body = hook.node.body
        answers = isinstance(body[-1], ast.Return) and not any(isinstance(n, ast.Raise) for n in ast.walk(hook.node))
        return _as(_Answered, finding) if answers else finding

    def _made_up_read(self, resolver: Resolver) -> str | None:
        """``_made_up``'s note for ``getattr(x, "name")`` with no default: a ``__getattr__`` that answers for
        the removed member (#33362 removed ``Platform.seed_everything``; ``Platform.__getattr__`` answers None)
        hands back what it makes up, never AttributeError, so the fork's ``getattr(current_platform,
        "seed_everything")(seed)`` calls None.  With a default the fork bridges versions: quiet, as before."""
        before, after = resolver(self.before), resolver(self.after)
        return self._made_up(before) if isinstance(before, DefSym) and after is UNKNOWN else None

    def _moved_down(self, old: px.ClassInfo, name: str) -> str | None:
        """The class upstream moved the member ``name`` of ``old`` to, when it is a subclass of ``old`` that
        did not define it at the base (``WorkerWrapperBase.execute_method`` -> ``RayWorkerWrapper``, #35328)."""
        theirs = self.inp.theirs
        if not isinstance(theirs, Searchable):
            return None
        for path, _ in theirs.definition_sites([name]).get(name, [])[:_MOST_HOMES]:
            if path not in self.inp.upstream_files:
                continue
            mod = self.after.module_at(path)
            for qual in mod.classes if mod is not None else ():
                cls = self.after.class_info(mod, qual) if mod is not None else None
                if cls is None or name not in cls.members or not _derives(self.after, cls, old):
                    continue
                base_mod = self.base_ix.module_at(path)
                was = self.base_ix.class_info(base_mod, qual) if base_mod is not None else None
                if was is None or name not in was.members:
                    return qual
        return None

    def _upstream_reads(self, name: str) -> bool:
        """``x.name`` read (or called) off another object than ``self`` in upstream's served code: a string
        or a comment naming it (a lint rule's regex that forbids the call, #44825) is no read."""
        theirs = self.inp.theirs
        if not isinstance(theirs, WordSearchable):
            return True
        reads = in_code(read_by_name)
        return any(
            where not in self.inp.fork_lines and not _not_served(where) and reads(line, name)
            for where, line in theirs.word_lines(name)
        )

    def _moved_under_its_import(self, mod: ModuleInfo, callee: ast.expr, before: DefSym | ModuleSym) -> bool:
        """A bare name a top-level from-import binds, for a def upstream moved to another module under the
        same name: the import's line is the finding, and the call is right once the import follows the move
        (ROCm's fork fixed only ``from ...communication_op import broadcast_object_list``).  A rename or a
        removal stays a finding at each call: each one has to change."""
        binding = mod.names.get(callee.id) if isinstance(callee, ast.Name) else None
        return (
            binding is not None
            and binding.kind == "import"
            and isinstance(before, DefSym)
            and before.owner is None
            and self._renamed_to(before) is None
            and self._moved_to(before) is not None
        )

    def _name_error_caught(self, mod: ModuleInfo, callee: ast.expr) -> bool:
        """A bare name called in a ``try`` whose handler catches NameError (``except (ImportError, NameError):``):
        the fork wrote the fallback for the module no longer binding it (#28040 cut ``api_server``'s import of
        ``make_asgi_app``), which is what the call then raises."""
        return isinstance(callee, ast.Name) and caught_around(callee, _NAME_ERROR, self._parents(mod))

    def _dict_names(self, mod: ModuleInfo, scope: _Scope) -> dict[str, ast.expr]:
        """The names the call's scope binds once, to a dict display, ``dict(k=v)`` or ``partial(f, ...)``, and
        never changes (no item written, no ``update``, no ``pop``...): its function's, then the module's own
        statements' for a name the function does not bind at all."""
        for where in {id(w): w for w in (mod.tree, *scope.functions[-1:])}.values():
            if id(where) not in self._dicts:
                self._dicts[id(where)] = _unchanged_dicts(where)
        module, _ = self._dicts[id(mod.tree)]
        held = self._held_partials(mod, scope)
        if not scope.functions:
            return {**held, **module}
        local, bound = self._dicts[id(scope.functions[-1])]
        return {**held, **{n: v for n, v in module.items() if n not in bound}, **local}

    def _made_call(
        self, mod: ModuleInfo, node: ast.Call, made: ast.Call, scope: _Scope, awaited: set[int]
    ) -> list[Finding]:
        """The findings of ``made``, the call ``node`` makes (itself, or spelled out: a partial's callee with its
        bound arguments, a ``**`` display's keywords).  A spelled-out call is a new node the file's parent map
        does not hold: it is given ``node``'s parent while it is judged, so that the fork's try/except around
        ``node`` or a test of the callee's signature above it guards it as it guards a direct call; and it is
        kept as ``node``'s spelling (``_spelled``) for a judgement made after this one (``_guarded``)."""
        if made is node:
            return list(self._call(mod, node, scope, id(node) in awaited))
        self._spelled[id(made)] = (made, node)
        parents = self._parents(mod)
        parent = parents.get(id(node))
        if parent is not None:
            parents[id(made)] = parent
        try:
            return list(self._call(mod, made, scope, id(node) in awaited))
        finally:
            parents.pop(id(made), None)  # the node dies after this: its id may be another's later

    def _held_partials(self, mod: ModuleInfo, scope: _Scope) -> dict[str, ast.Call]:
        """The partials the file builds elsewhere that a call in this scope reaches: a factory's return, a
        name bound to a factory's call, an attribute the class stores once (``drift/held_partials.py``)."""
        function = scope.functions[-1] if scope.functions else None
        key = (id(mod.tree), id(function))
        if key not in self._held:
            cls = mod.classes.get(scope.cls) if scope.cls else None
            self._held[key] = self._partials.at(mod.tree, mod.text, cls, function)
        return self._held[key]

    def _qualname(self, mod: ModuleInfo, node: ast.Constant) -> Iterator[Finding]:
        """A string naming a module of the tree, or a name in one (``"pkg.workers.gpu.Worker"``,
        ``"pkg.workers.gpu:Worker"``): resolved at import time by a registry, a config's ``worker_cls``,
        a plugin entry; gone upstream, it fails only when that path is taken."""
        match = _QUALNAME.fullmatch(node.value) if isinstance(node.value, str) and len(node.value) < 200 else None
        if match is None:
            return
        dotted, colon, name = match.group(1), match.group(2), match.group(3)
        candidates = [(dotted, name)] if colon else [(dotted, name), (f"{dotted}.{name}", None)]
        for module, member in candidates:
            resolver = (
                functools.partial(_imported, module=module, name=member)
                if member
                else functools.partial(_module, dotted=module)
            )
            found = self._compare(resolver)
            if found is not None and self._created_by_double(mod, node, found[0], module, member):
                return
            if found is not None:
                yield self._finding(mod, node.lineno, f"names {match.group(0)!r} in a string", found[0], None)
                return

    def _created_by_double(
        self, mod: ModuleInfo, node: ast.Constant, gone: DefSym | ModuleSym, module: str, member: str | None
    ) -> bool:
        """The string is a test double's target (``mock.patch("m.gone", create=True)``, ``monkeypatch.setattr(
        "m.gone", v, raising=False)``) whose gone part is its last: the double creates it rather than raising
        (a gone middle part still raises: drift/patched_targets.py)."""
        call = self._parents(mod).get(id(node))
        if not isinstance(call, ast.Call) or not call.args or call.args[0] is not node or double_target(call) is None:
            return False
        holder = module if member is not None else module.rpartition(".")[0]
        if not holder or self.after.module_path(holder) is None:
            return False  # the module that held the last part is gone too: the import raises
        if isinstance(gone, ModuleSym):  # the module the member was bound to (``import pkg.envs as envs``)
            last = member is None or gone.dotted != module
        else:
            last = member is None or (gone.name == member and gone.owner is None)
        return last and tolerates_gone_end(call)

    # -- imports ---------------------------------------------------------------------------------
    def _import(self, mod: ModuleInfo, stmt: ast.Import | ast.ImportFrom) -> Iterator[Finding]:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                name = alias.name
                found = self._compare(functools.partial(_module, dotted=name))
                if found is not None:
                    yield self._finding(mod, alias.lineno, f"imports module {name}", found[0], None)
            return
        base = px.import_base(stmt, mod.dotted, mod.path)
        unchanged = self._unchanged_module(base)
        for alias in stmt.names:
            if alias.name == "*":
                # ``from old import *``: no name of it needs a use for the import itself to fail when upstream
                # moved or removed the module (a fork package re-exporting it names nothing it stars)
                gone = None if unchanged else self._compare(functools.partial(_module, dotted=base))
                if gone is not None:
                    yield self._finding(mod, alias.lineno, f"imports * from {base}", gone[0], None)
                continue
            if (
                unchanged
                and self.before.module_path(f"{base}.{alias.name}") is None
                and not self._starred(base, alias.name)
            ):
                continue  # its names are what they were (upstream keeps its own re-exports importable)
            # a submodule taken off an unchanged package (``from pkg.lora import models``) is gone when
            # upstream removed or split the submodule, whatever the package's ``__init__`` (#30253)
            found = self._compare(functools.partial(_imported, module=base, name=alias.name))
            if found is not None:
                # on the name's own line: a parenthesised import spans lines, and the reviewer wants the
                # name that broke, not the ``from`` that opens it (#48261 merged two managers)
                yield self._finding(mod, alias.lineno, f"imports {alias.name} from {base}", found[0], None)

    # -- uses in expressions ---------------------------------------------------------------------
    def _call(self, mod: ModuleInfo, call: ast.Call, scope: _Scope, awaited: bool = False) -> Iterator[Finding]:
        method = _actor_method(call)
        if method is not None:
            # ``actor.method.remote(*args)``: a Ray actor's method, called with these arguments in its
            # process; ``.bind(*args)`` binds them for a compiled graph, ``.options(...)`` sets only how
            call = ast.copy_location(ast.Call(method, call.args, call.keywords), call)
            self._actor_calls.add(id(call))
        builtin_made = builtin_call(call, self._local_names(scope), mod.names)
        if builtin_made is not None:  # ``map(materialize_layer, layers)``: the call ``map`` makes of the callable
            # it runs where the builtin's call runs: the ``try``/``except TypeError`` or the signature test
            # around ``map(...)`` guards it as it would a call written out there
            self._parents(mod)[id(builtin_made)] = call
            self._made_calls.append(builtin_made)
            yield from self._call(mod, builtin_made, scope)
        op = called_op(call.func)
        if op is not None:
            self._ops.append((mod, call, op))  # a custom op: its definitions are looked up once, for all
            return
        if call.args and _replaces(mod, call.func):
            yield from self._replaced_fields(mod, call, scope)
        entries = _table_entries(mod, self._picked(call.func, scope), self._local_names(scope))
        if entries is not None:  # ``EXPERTS[name](cfg)``: a call of each callable the table holds
            for entry in entries:
                resolver, _ = self._resolver(mod, entry, scope)
                if resolver is not None and isinstance(
                    resolver(self.after), DefSym
                ):  # a gone entry: its own line says so
                    picked = ast.copy_location(ast.Call(entry, call.args, call.keywords), call)
                    self._picks[id(picked)] = (
                        picked,
                        call,
                    )  # the call written: what its statement does with the answer
                    yield from self._call(mod, picked, scope)
            return
        if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Attribute):
            yield from self._method_of_a_container(mod, call.func, scope)
        generated = self._generated_super_init(mod, call, scope)
        if generated is not None:
            yield generated
            return
        subscripted = isinstance(call.func, ast.Subscript)  # kernel[grid](...), Generic[T](...)
        callee = call.func.value if isinstance(call.func, ast.Subscript) else call.func
        resolver, via = self._resolver(mod, callee, scope)
        before, after = (resolver(self.before), resolver(self.after)) if resolver is not None else (UNKNOWN, UNKNOWN)
        if not subscripted and _is_value(before):
            before, after = _function_alias(self.before, before), _function_alias(self.after, after)
        if not subscripted and (resolver is None or _is_value(before)):
            dropped = self._compare(resolver) if resolver is not None else None
            if dropped is not None and isinstance(callee, ast.Attribute):
                if self._binder_narrowed(mod, callee) or stored_first(callee, self._parents(mod)):
                    return
            if dropped is not None:
                # an attribute upstream stopped setting, called (#13729 dropped ``Sampler.rejection_sampler``; a
                # subclass's ``self.rejection_sampler(...)``): gone as a read of it is, before its type's __call__
                yield self._finding(mod, call.lineno, f"calls {_show(call.func)}", dropped[0], None)
                return
            typed = self._typed(mod, callee, scope)  # sampler(...) with sampler: Sampler calls Sampler.__call__
            if typed is not None:
                resolver, via = _instance_member(typed, "__call__"), "instance"
                before, after = resolver(self.before), resolver(self.after)
        if after is UNKNOWN and id(call) in self._actor_calls and isinstance(before, DefSym) and before.owner:
            after = _same_member(self.after, before, False) or UNKNOWN  # no ``__getattr__`` serves an actor's call
        if (
            before is UNKNOWN
            and after is UNKNOWN
            and _on_a_local_object(mod, call.func)
            and not self._of_an_outside_type(mod, call.func, scope)
        ):
            self._chains.append((mod, call))  # ``layer.quant_method.apply(...)``: by name, later
        if resolver is None:
            return
        what = f"calls {_show(call.func)}"
        if before is UNKNOWN and after is MISSING and (handed := self._compare(resolver)) is not None:
            if not self._name_error_caught(mod, callee):
                yield self._finding(mod, call.lineno, what, handed[0], None)  # another package's name, handed on
        elif (
            before is UNKNOWN
            and after is MISSING
            and isinstance(callee, ast.Attribute)
            and (retyped := self._retyped_holder(mod, callee, scope, "calls")) is not None
        ):
            yield retyped  # ``self.profiler.key_averages()`` on a profiler upstream now builds as its own wrapper
        elif isinstance(before, (DefSym, ModuleSym)) and after is MISSING:
            if not self._moved_under_its_import(mod, callee, before) and not self._name_error_caught(mod, callee):
                yield self._finding(mod, call.lineno, what, before, None)
        elif after is UNKNOWN and (gone := self._gone_owner(mod, callee, scope)) is not None:
            yield self._finding(mod, call.lineno, f"{what} through {_show(gone[0])}", gone[1], None)
        elif after is UNKNOWN and isinstance(before, DefSym) and (note := self._made_up(before)) is not None:
            on_instance = _on_instance(callee, scope, via)
            yield self._made_up_finding(mod, call.lineno, what, before, note, on_instance)
        elif after is UNKNOWN and isinstance(before, DefSym) and before.owner and id(call) not in self._actor_calls:
            self._untyped_now.append((mod, call, before))
        elif isinstance(before, DefSym) and isinstance(after, DefSym):
            made: ast.Call | None = call
            if subscripted and not isinstance(before.node, ast.ClassDef):
                made = _launched(call, before, after)  # a table of callables, or no kernel: None
            if made is None:
                return
            owned = self._owned.get(mod.path)
            if owned is not None and self._upstream_edited(mod, call, owned):
                owned = set()  # upstream rewrote this very call for the new signature: its arguments are upstream's
            problem = self._kind_drift(before, after, awaited) or self._call_drift(made, before, after, via, owned)
            problem = self._guarded(mod, call, self._as_upstream_ships(mod, call, problem))
            if problem is not None:
                line = _keyword_line(call, made, problem)
                yield self._finding(mod, line, f"{what}, which {problem}", after, _signature(problem))
            elif not isinstance(made, PartialCall):  # a partial's later call may pass what it leaves out
                yield from self._default_drift(mod, made, before, after, via)
                slotted = list(self._renamed_slot(mod, made, before, after, via, owned))
                yield from slotted
                yield from self._dict_slot(mod, made, before, after, via, owned)
                yield from self._retyped_param(mod, made, (before, after), via, scope, said=bool(slotted))
                yield from self._result_drift(mod, call, scope, (before, after), awaited)
                hollow = list(self._emptied(mod, call, scope, (before, after), via))
                yield from hollow
                if not hollow:  # an emptied base's answer is said once, as an error
                    yield from self._inherited_instead(mod, call, before, after)
            else:
                # the partial's positional arguments fill the first slots whatever its later call adds
                yield from self._renamed_slot(mod, made, before, after, via, owned)
                if not _partial_called(mod, made):  # nothing here calls the partial: its callers may leave it too
                    yield from self._default_drift(mod, made, before, after, via)

    def _generated_super_init(self, mod: ModuleInfo, call: ast.Call, scope: _Scope) -> Finding | None:
        """``super().__init__(config)`` in a fork subclass's own ``__init__`` where upstream turned the
        base into a dataclass (#16577: ``GuidanceBackend``'s ``__init__(config)`` became the generated
        ``__init__(config, tokenizer, vocab_size)``): member lookup finds no ``def __init__`` in the tree
        any more, so the call is checked against the generated one.  An error when the call bound what
        ``super().__init__`` reached before the merge and does not bind the dataclass's fields now."""
        own = self.after.class_info(mod, scope.cls) if scope.cls is not None else None
        if own is None or not _is_bare_super_init(call) or not _holds(own.node, call):
            return None  # not in the class the name finds: a function-local class of the same name
        old, new = _super_init(self.before, mod.path, own.qualname), _super_init(self.after, mod.path, own.qualname)
        if old is None:
            return self._first_super_init(mod, call, own)
        if new is None or new[1] is None or not new[2] & self.inp.upstream_files:
            return None
        problem = call_problem(call, new[0]) if call_problem(call, old[0]) is None else None
        if problem is None and old[1] is not None and call_problem(call, old[0]) is None and old[0] != new[0]:
            # killers170, #44297: a field inserted into a dataclass base (``reasoning_end_token_index`` before
            # ``reasoning_parser_kwargs``): the subclass's positional ``super().__init__`` still binds, its
            # values land on other fields -- as a positional build of the class does
            problem = _rebound(call, old[0], new[0], self._owned.get(mod.path))
        if problem is None or self._init_shimmed(own, new[1]):
            return None
        problem = self._guarded(mod, call, problem)
        if not isinstance(problem, Uncertain) and dataclass_tested(call, self._parents(mod)):
            problem = Uncertain(f"{problem} (the call sits under a test of whether the base is a dataclass)")
        cls = new[1]
        said = f"the generated __init__{new[0].show()} of {cls.qualname}, " + (
            "whose fields upstream changed" if old[1] is not None else "a dataclass now"
        )
        target = DefSym(cls.module.path, cls.qualname, cls.node, None)
        note = _UNCERTAIN if isinstance(problem, Uncertain) else "signature"
        return self._finding(
            mod, call.lineno, f"calls super().__init__, which is now {said}: the call {problem}", target, note
        )

    def _first_super_init(self, mod: ModuleInfo, call: ast.Call, own: px.ClassInfo) -> Finding | None:
        """#27616: upstream gave ``InductorStandaloneAdaptor``, whose constructor was ``object``'s, an
        ``__init__(self, save_format)``: a fork subclass's ``super().__init__()`` now misses a required
        argument.  The base's constructor sat outside the tree before (no class of its order defined one), so
        only a call the new one cannot bind is said, as a bare build of the class is (``_first_init``)."""
        old_mod = self.before.module_at(mod.path)
        old_own = self.before.class_info(old_mod, own.qualname) if old_mod is not None else None
        if old_own is None or len(own.node.bases) != 1:
            return None
        bases = [_first_base(self.after, own), _first_base(self.before, old_own)]
        if bases[0] is None or bases[1] is None:
            return None
        after, before = (DefSym(b.module.path, b.qualname, b.node, None) for b in (bases[0], bases[1]))
        if _constructor(self.before, before)[0] is not None or not _inherited_init(self.before, before):
            return None
        new, changed = _constructor(self.after, after)
        if new is None or not changed & self.inp.upstream_files or self._init_shimmed(own, bases[0]):
            return None
        # the old spelling in the fallback of a try of the new one (``except TypeError: super().__init__()``), or
        # under a test of the signature, is the fork's code for both versions: a warning, as a bare build's is
        problem = self._guarded(mod, call, call_problem(call, new))
        if problem is None:
            return None
        said = f"{after.label}{new.show()} (upstream gave it an __init__ of its own)"
        note = _UNCERTAIN if isinstance(problem, Uncertain) else "signature"
        return self._finding(
            mod, call.lineno, f"calls super().__init__, which is now {said}: the call {problem}", after, note
        )

    def _init_shimmed(self, own: px.ClassInfo, dataclass: px.ClassInfo) -> bool:
        """A fork file stores ``__init__`` on a class between ``own`` and the dataclass (``Guided.__init__ =
        _compat_init``): the fork's shim, not the generated one, takes the call."""
        for item in self.after.mro(own, False):
            if isinstance(item, px.External):
                return False
            if self._shimmed_on(item.qualname.rsplit(".", 1)[-1], "__init__"):
                return True
            if item is dataclass:
                return False
        return False

    def _walking_parents(self) -> dict[int, ast.AST]:
        """Each node's parent in the module the walk is in."""
        if self._walking_path not in self._parent_maps and self._walking is not None:
            self._parent_maps[self._walking_path] = parent_map(self._walking)
        return self._parent_maps.get(self._walking_path, {})

    def _emptied(
        self, mod: ModuleInfo, call: ast.Call, scope: _Scope, defs: tuple[DefSym, DefSym], via: str
    ) -> Iterator[Finding]:
        """A call of a def upstream kept (name and signature) but emptied: its body now only raises
        (#50902: ``trainer_send_weights`` raises NotImplementedError), or does nothing where the fork calls it
        for its effect (#41633: ``NixlEplbCommunicator.add_send`` made ``pass``), or the class's override went
        and the base's stub answers (#22243).  Quiet when the fork catches the raise, uses a constant's
        answer, or, off an instance (which may be a subclass's), another def of the name upstream changed
        does the work (the behaviour moved to the subclasses)."""
        before, after = defs
        if not isinstance(before.node, ast.FunctionDef | ast.AsyncFunctionDef) or not isinstance(
            after.node, ast.FunctionDef | ast.AsyncFunctionDef
        ):
            return
        same = (before.path, before.owner) == (after.path, after.owner)
        if not self._upstream(after.path if same else before.path):
            return
        now = hollowed(before.node, after.node)
        if now is None or not self._plainly_defined(after) or (not same and self._instance_binds(mod, call, before)):
            return
        around = scope.functions[-1] if scope.functions else mod.tree
        written = self._written(call)  # a table's entry picked: the call written stands for it
        if (now.raises is not None and hollow_guarded(around, written, now.raises)) or (
            now.raises is None and not for_effect(around, written, now)
        ):
            return
        definite = (
            before.owner is None
            or via == "class"
            or (isinstance(call.func, ast.Attribute) and is_super(call.func.value))
            or self._built_as_a_class(mod, call.func, scope)
        )
        if not definite and self._done_elsewhere(after):
            return
        if not same and (sibling := self._handed_to_a_sibling(mod, call, scope, before, after)) is not None:
            yield _warning(
                mod,
                call.lineno,
                f"calls {_show(call.func)}, whose {before.label} upstream removed: {before.owner}'s work moved to "
                f"{sibling}, which upstream calls on the registered class, so it still runs for "
                f"{scope.cls}, at that hook's time now: check the override's own work does not depend on the order",
            )
            return
        commit = self._emptied_in(before) if same else self._commit(before.path, before.name)
        how = (
            f"whose {after.label} upstream kept but emptied ({_where(after, commit)})"
            if same
            else f"whose {before.label} upstream removed ({_where(before, commit)}), so {after.label} answers"
        )
        end = "raises when the call runs" if now.raises else "the fork's call no longer does what it is made for"
        yield _error(
            mod,
            call.func.lineno if written is not call else call.lineno,  # a table's entry: its own line, the fix's
            f"calls {_show(call.func)}, {how}: it now {now.says}; {end}: move it to what does the work now",
        )

    def _built_as_a_class(self, mod: ModuleInfo, func: ast.expr, scope: _Scope) -> bool:
        """``comm.add_send(...)`` with ``comm = Communicator(...)`` (or ``self.comm = Communicator(...)`` in
        the class): the receiver is an instance of that class itself, so no subclass's def of the name (where
        upstream may have moved the work, #41633) answers the call: the emptied def does."""
        if not isinstance(func, ast.Attribute):
            return False
        info = self.after.module_at(mod.path)
        cls = self.after.class_info(info, scope.cls) if info is not None and scope.cls else None
        receiver = func.value
        if isinstance(receiver, ast.Name) and scope.functions:
            source = _local_sources(scope.functions[-1]).get(receiver.id)  # ``comm = self.comm``
            receiver = source if source is not None else receiver
        where = scope.functions[-1] if scope.functions else None
        made = built_by(receiver, where, cls.node if cls is not None else None, scope.me)
        sym = self.after.resolve_expr(info, made) if made is not None and info is not None else None
        return isinstance(sym, DefSym) and isinstance(sym.node, ast.ClassDef)

    def _written(self, call: ast.Call) -> ast.Call:
        """The call the fork wrote for ``call``: itself, or the ``TABLE[key](...)`` a made-up call of one of the
        table's entries stands for (matched by the node itself, never by an id alone: CPython reuses ids)."""
        kept = self._picks.get(id(call))
        return kept[1] if kept is not None and kept[0] is call else call

    def _plainly_defined(self, sym: DefSym) -> bool:
        """The def stands in its module's (or class's) own body: one under ``try``/``except`` or ``if`` is a
        fallback (``except ImportError: def f(...): raise ...`` beside the real import), not the behaviour."""
        info = self.after.module_at(sym.path)
        if info is None:
            return False
        cls = info.classes.get(sym.owner) if sym.owner is not None else None
        body = info.tree.body if sym.owner is None else cls.body if cls is not None else []
        return any(st is sym.node for st in body)

    def _emptied_in(self, before: DefSym) -> str:
        """The upstream commit that took the first line of the def's old body out (the def line stayed)."""
        info = self.before.module_at(before.path)
        node = before.node
        if info is None or not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return ""
        first = next(
            (st for st in node.body if not isinstance(st, ast.Expr) or not isinstance(st.value, ast.Constant)), None
        )
        text = info.lines[first.lineno - 1].strip() if first is not None and first.lineno <= len(info.lines) else ""
        return self._line_commit(before.path, text) if len(text) > 8 else ""

    def _done_elsewhere(self, target: DefSym) -> bool:
        """A subclass of ``target``'s class whose def of the name does work, in a file upstream changed, any
        upstream file defining the name, or the fork's own: an instance typed as the class may be one of those
        (a sibling class's def is no answer).  Asked once per def."""
        key = (target.path, target.owner or "", target.name)
        if key not in self._elsewhere:
            self._elsewhere[key] = self._works_in_a_subclass(target)
        return self._elsewhere[key]

    def _works_in_a_subclass(self, target: DefSym) -> bool:
        spelled = f"def {target.name}("
        paths = {p for p in (*self.inp.upstream_files, *self.inp.fork_lines) if p.endswith(".py")}
        if isinstance(self.inp.theirs, Searchable):  # an untouched file's subclass does the work too
            paths.update(p for p, _ in self.inp.theirs.definition_sites([target.name]).get(target.name, ()))
        for path in sorted(paths):
            text = self.inp.merged.text(path)
            info = self.after.module_at(path) if text is not None and spelled in text else None
            if info is not None and any(
                (path, qualname) != (target.path, target.owner) and self._works_below(info, qualname, node, target)
                for qualname, node in info.classes.items()
            ):
                return True
        return False

    def _works_below(self, info: ModuleInfo, qualname: str, node: ast.ClassDef, target: DefSym) -> bool:
        """``node`` defines the name with a working body and derives from ``target``'s class."""
        if not any(
            isinstance(st, ast.FunctionDef | ast.AsyncFunctionDef)
            and st.name == target.name
            and hollow_body(st) is None
            for st in node.body
        ):
            return False
        cls = self.after.class_info(info, qualname)
        return cls is not None and any(
            isinstance(c, px.ClassInfo) and (c.module.path, c.qualname) == (target.path, target.owner)
            for c in self.after.mro(cls, include_self=False)
        )

    def _inherited_instead(self, mod: ModuleInfo, call: ast.Call, before: DefSym, after: DefSym) -> Iterator[Finding]:
        """A method upstream removed from the class the call reached, so that a base's method of the name,
        another body, answers now (#28763: ``FlashAttentionBackend.get_supported_head_sizes()`` went from
        its own list to the base's ``[]``).  A warning: upstream may have made the base's answer the same."""
        if (
            before.owner is None
            or after.owner is None
            or (before.path, before.owner) == (after.path, after.owner)
            or not self._upstream(before.path)
            or not isinstance(before.node, ast.FunctionDef | ast.AsyncFunctionDef)
            or not isinstance(after.node, ast.FunctionDef | ast.AsyncFunctionDef)
            or _same_body(before.node, after.node)
            or self._moved_with_its_class(before, after)
            or self._instance_binds(mod, call, before)
            or self._interposed_under_super(call, before)
        ):
            return
        commit = self._commit(before.path, before.name)
        renamed = self._renamed_to_a_stub(call, before, after)
        if renamed is not None and not names_either(call, self._parents(mod), renamed[0].rsplit(".", 1)[-1]):
            yield _error(
                mod,
                call.lineno,
                f"calls {_show(call.func)}, whose {before.label} upstream renamed to {renamed[0]} "
                f"({_where(before, commit)}): the call now runs {after.label} ({after.path}), which {renamed[1]}; "
                f"call {renamed[0]} (or the name the class answers by now)",
            )
            return
        yield _warning(
            mod,
            call.lineno,
            f"calls {_show(call.func)}, whose {before.label} upstream removed ({_where(before, commit)}): the call "
            f"now runs {after.label} ({after.path}), another body; check that it answers what {before.label} did",
        )

    def _interposed_under_super(self, call: ast.Call, before: DefSym) -> bool:
        """A ``super().name(...)`` call whose def at the base upstream kept on its class: the call now reaches a
        def upstream put between (killers223, #29387's ``MambaManager.cache_blocks``, which hands on to the
        base's), upstream's own chain, not a removal (an override skipping it is interposed drift's)."""
        if not (isinstance(call.func, ast.Attribute) and is_super(call.func.value)) or before.owner is None:
            return False
        info = self.after.module_at(before.path)
        cls = self.after.class_info(info, before.owner) if info is not None else None
        return cls is not None and isinstance(cls.members.get(before.name), ast.FunctionDef | ast.AsyncFunctionDef)

    def _instance_binds(self, mod: ModuleInfo, call: ast.Call, before: DefSym) -> bool:
        """The call is off an instance (not ``super()``, not the class), and the removed method's class still
        stores the name on its instances in upstream's ``__init__``: the instance's value shadowed the method
        before the merge and answers after it, no base's body (#21903 removed
        ``DeepseekV2ForCausalLM.make_empty_intermediate_tensors``; its constructor's
        ``self.make_empty_intermediate_tensors = self.model.make_empty_intermediate_tensors`` stays)."""
        func = call.func
        if not isinstance(func, ast.Attribute) or _is_super_call(call):
            return False
        if self.after.class_of(self.after.resolve_expr(mod, func.value)) is not None:
            return False  # ``Cls.method(obj, ...)``: the class's attribute, no instance's
        if self._skips_base_init(mod, call, before.name):
            return False
        home = self.theirs_ix.module_at(before.path)
        cls = self.theirs_ix.class_info(home, before.owner or "") if home is not None else None
        inits = [
            s
            for s in (cls.node.body if cls is not None else [])
            if isinstance(s, ast.FunctionDef) and s.name == "__init__"
        ]
        return any(before.name in set(_own_stores(init)) for init in inits)

    def _skips_base_init(self, mod: ModuleInfo, call: ast.Call, name: str) -> bool:
        """The call is off ``self`` in a method of a class whose own ``__init__`` never runs its bases' (no
        ``super().__init__(...)``, no ``Base.__init__(self, ...)`` of a base it names) nor binds ``name`` itself:
        upstream's constructor, which binds the name on the instance, never runs there, so no instance value
        answers after the merge (review101: a fork subclass of #21903's class building itself with
        ``torch.nn.Module.__init__(self)``)."""
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        parents = self._parents(mod)
        method = enclosing(call, parents)
        if not isinstance(receiver, ast.Name) or method is None or not method.args.args:
            return False
        cls = parents.get(id(method))
        init = method_named(cls, "__init__") if isinstance(cls, ast.ClassDef) else None
        if receiver.id != method.args.args[0].arg or init is None or not isinstance(cls, ast.ClassDef):
            return False
        if name in set(_own_stores(init)):
            return False  # the fork's constructor binds the name itself
        bases = {ast.unparse(b) for b in cls.bases}
        return not any(
            is_super(n.func.value) or ast.unparse(n.func.value) in bases
            for n in ast.walk(init)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "__init__"
        )

    def _moved_with_its_class(self, before: DefSym, after: DefSym) -> bool:
        """The call reaches the very class, moved to another module that the old one re-exports, with its method:
        no base answers in its place, and a body rewritten in a kept method is no drift of this kind (#28064 moved
        ``FusedMoEMethodBase`` out of ``layer.py`` and rewrote ``maybe_make_prepare_finalize``; mend61)."""
        if before.owner != after.owner or before.path == after.path:
            return False
        now = self.after.module_at(before.path)
        return now is None or before.owner not in now.classes

    def _renamed_to_a_stub(self, call: ast.Call, before: DefSym, after: DefSym) -> tuple[str, str] | None:
        """(the new name, what the stub answers) when upstream renamed the method in its class, the very body
        under another name, and what the call reaches now is a base's stub (drift/renamed_overrides.py).  Off
        an instance rather than ``super()``, a subclass of the renamed method's class doing the work may answer
        instead: not judged then (a sibling class's def, another subclass of the base, is no answer)."""
        assert isinstance(before.node, ast.FunctionDef | ast.AsyncFunctionDef)
        assert isinstance(after.node, ast.FunctionDef | ast.AsyncFunctionDef) and before.owner is not None
        answer = stub_answer(after.node)
        if answer is None or (not _is_super_call(call) and self._done_elsewhere(before)):
            return None
        was, now = self.before.module_at(before.path), self.after.module_at(before.path)
        old_cls = was.classes.get(before.owner) if was is not None else None
        new_cls = now.classes.get(before.owner) if now is not None else None
        if old_cls is None or new_cls is None:
            return None
        renamed = renamed_in_place(before.node, old_cls, new_cls)
        return None if renamed is None else (f"{before.owner}.{renamed}", answer)

    def _result_drift(
        self, mod: ModuleInfo, call: ast.Call, scope: _Scope, defs: tuple[DefSym, DefSym], awaited: bool
    ) -> Iterator[Finding]:
        """A fork use of the call's result as the kind upstream stopped returning (drift/result_kinds.py)."""
        before, after = defs
        if not self._upstream(after.path) or not isinstance(after.node, ast.FunctionDef | ast.AsyncFunctionDef):
            return
        owned = self._owned.get(mod.path, set())
        where = scope.functions[-1] if scope.functions else mod.tree
        module = self.after.module_at(after.path)
        # only the annotation changed (#4006: ``-> int`` said ``-> List[int]`` of the list it always returned):
        # the value is what it was (no finding), unless what the body returns is a call's (a doubt)
        same = isinstance(before.node, ast.FunctionDef | ast.AsyncFunctionDef) and _same_body(before.node, after.node)
        # an abstract hook's annotation is all of its contract: ``-> bool | None`` made ``-> LookupResult`` on
        # the abstract ``lookup`` (#46363) is every implementation's return changed
        if same and new_hooks.stub(after.node) and made_enum(before.node, after.node, self._enum(module)):
            same = False
        if same and self._retabled(before, after):
            same = False  # #12579: the body looks up a table whose values upstream made the new class's members
        called = same and any(
            r is None or any(isinstance(n, ast.Call) for n in ast.walk(r)) for r in own_returns(after.node)
        )
        # the same for a class named for another on an abstract hook (#20332: the third entry of ``prepare``'s
        # tuple made ``ExpertTokensMetadata``): every implementation now hands back the new class
        hook = same and new_hooks.stub(after.node)
        tables = self._string_keyed(mod)
        for use in (u for u in result_uses(where, call, awaited, tables) if u.line in owned):
            annotation_only = same and use.how != "awaits"  # a coroutine made plain changes the body too
            if (hand := handed(use.how)) is not None:  # judged by the callee's parameter alone, when at all
                handed_problem = (
                    None
                    if annotation_only
                    else handed_to(before.node, after.node, use, lambda: self._positional(mod, *hand))
                )
                if handed_problem is not None:
                    what = f"uses the result of {_show(call.func)} ({after.label}, {after.path}): {handed_problem}"
                    yield self._finding(mod, use.line, what, after, _UNCERTAIN)
                    return
                continue
            read = None if use.probed else _READ.fullmatch(use.how)  # a guarded read handles the member gone
            if annotation_only and not called:
                gone = (
                    member_gone(before.node, after.node, read.group(1), self._lacks(module), use.element)
                    if hook and read
                    else None
                )
                if gone is not None:
                    what = f"uses the result of {_show(call.func)} ({after.label}, {after.path}): {gone}"
                    yield self._finding(mod, use.line, what, after, "signature")
                    return
                continue
            problem = result_drift(
                before.node,
                after.node,
                module.tree if module else None,
                use,
                self._record(module),
                self._enum(module),
                self._numbered(module),
            )
            if problem is None and not annotation_only and read:
                problem = member_gone(before.node, after.node, read.group(1), self._lacks(module), use.element)
            if problem is None and not annotation_only:
                problem = unmapped(before.node, after.node, use, self._mapping_lacks(module))
            if problem is not None:
                what = f"uses the result of {_show(call.func)} ({after.label}, {after.path}): {problem}"
                if annotation_only:
                    what += "; upstream changed only the annotation, and the body returns what a call gives"
                doubt = annotation_only or isinstance(problem, Doubtful)
                yield self._finding(mod, use.line, what, after, _UNCERTAIN if doubt else "signature")
                return

    def _positional(self, mod: ModuleInfo, name: str, index: int) -> ast.arg | None:
        """The ``index``-th positional parameter of the plain function ``name`` binds in the fork's module (merged),
        or None (a class, a method, a name not read, a position past the parameters)."""
        found = self.after.resolve(mod.dotted, name)
        if not isinstance(found, DefSym) or not isinstance(found.node, ast.FunctionDef | ast.AsyncFunctionDef):
            return None
        if _owner_class(self.after, found) is not None:
            return None
        params = [*found.node.args.posonlyargs, *found.node.args.args]
        return params[index] if index < len(params) else None

    def _lacks(self, module: ModuleInfo | None) -> Lacks:
        """The label of the class a name ``module`` (upstream's, merged) binds, when its whole order is known and
        has no member ``attr`` and the old class a name bound is not one of its subclasses (returned_members.py)."""

        def answer(new: str, old: str, attr: str) -> str | None:
            # a dotted name is a class the function imports in its own body (returned_members.returned_class)
            home, name = new.rsplit(".", 1) if "." in new else (module.dotted if module else "", new)
            cls = self.after.class_of(self.after.resolve(home, name)) if module is not None else None
            if cls is None or cls.node.keywords:
                return None
            order = self.after.mro(cls)
            if any(isinstance(i, px.External) and not known_base(i.name) for i in order):
                return None
            was = self.after.class_of(self.after.resolve(module.dotted, old)) if module is not None else None
            key = (cls.module.path, cls.qualname)
            if was is not None and any(
                isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == key for i in self.after.mro(was)
            ):
                return None  # a widened annotation: the value may still be the old class
            return cls.qualname if self._lacks_member(cls, order, attr) else None

        return answer

    def _mapping_lacks(self, module: ModuleInfo | None) -> MappingLacks:
        """The label of the class a name ``module`` (upstream's, merged) binds, when its whole order is tree classes
        and outside bases known to lack ``member`` and none of them has it (drift/unmapped.py)."""

        def answer(new: str, member: str) -> str | None:
            cls = self.after.class_of(self.after.resolve(module.dotted, new)) if module is not None else None
            if cls is None or cls.node.keywords:
                return None
            order = self.after.mro(cls)
            externals = [i for i in order if isinstance(i, px.External)]
            if any(i.broken or i.opaque or not outside_lacks(i.name, member) for i in externals):
                return None
            if not member.startswith("__"):
                return cls.qualname if self._lacks_member(cls, order, member) else None
            # the index answers every dunder as maybe there (object has many); an operator looks the class up
            # alone, so the classes' own definitions are all that count
            if any(isinstance(i, px.ClassInfo) and member in i.members for i in order):
                return None
            return cls.qualname if self._given_nowhere(cls, order, member) else None

        return answer

    def _lacks_member(self, cls: px.ClassInfo, order: list[px.ClassInfo | px.External], attr: str) -> bool:
        """No class along ``order`` has ``attr``, none is patched with it after its body (``Cls.attr = ...``), the
        class is no abstract one (its values are subclasses') and no subclass of upstream's defines it."""
        if self.after.member(order, attr) is not MISSING:
            return False
        return self._given_nowhere(cls, order, attr)

    def _given_nowhere(self, cls: px.ClassInfo, order: list[px.ClassInfo | px.External], attr: str) -> bool:
        """No class along ``order`` is patched with ``attr`` after its body, by upstream or by a fork shim, the
        class is no abstract one and no subclass of upstream's or of the fork's defines it."""
        classes = [i for i in order if isinstance(i, px.ClassInfo)]
        if any(patched_after(i.module.tree, i.node.name, attr) for i in classes):
            return False
        # a shim of the fork's own (``AiterCustomAllreduce.fully_connected = property(...)``) gives the class the member
        shimmed = fork_patched((line for lines in self.inp.fork_lines.values() for line in lines), attr)
        if any(i.node.name in shimmed for i in classes):
            return False
        externals = [i.name for i in order if isinstance(i, px.External)]
        if abstract([i.node for i in classes], externals) or self._subclass_defines(cls, attr):
            return False
        return not self._fork_subclass_defines(cls, attr)

    def _subclass_defines(self, cls: px.ClassInfo, attr: str) -> bool:
        """A class of upstream's tree that derives from ``cls`` defines ``attr`` (an annotation naming an
        abstract base of the class whose values the function returns)."""
        theirs = self.inp.theirs
        if not isinstance(theirs, WordSearchable):
            return True
        key = (cls.module.path, cls.qualname)
        for path, qual in sorted(_defining_classes(self.theirs_ix, theirs, attr)):
            module = self.theirs_ix.module_at(path)
            sub = self.theirs_ix.class_info(module, qual) if module is not None else None
            order = self.theirs_ix.mro(sub) if sub is not None else []
            if any(isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == key for i in order):
                return True
        return False

    def _fork_subclass_defines(self, cls: px.ClassInfo, attr: str) -> bool:
        """A class of a file the fork wrote lines of derives from ``cls`` and defines ``attr``: the fork may build
        its subclass where upstream builds ``cls`` (``AeonAiterCustomAllreduce(AiterCustomAllreduce)`` with the
        ``fully_connected`` its carries read off #46065's getter), so the value may well have the member."""
        key = (cls.module.path, cls.qualname)
        for path, lines in sorted(self.inp.fork_lines.items()):
            if not path.endswith(".py") or not any(attr in line for line in lines):
                continue
            module = self.after.module_at(path)
            if module is None:
                continue
            for qual in module.classes:
                sub = self.after.class_info(module, qual)
                if sub is None or attr not in sub.members:
                    continue
                if any(isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == key for i in self.after.mro(sub)):
                    return True
        return False

    def _record(self, module: ModuleInfo | None) -> Callable[[str], bool]:
        """Whether a name ``module`` (upstream's, merged) binds or imports is a record class (``is_record``)."""

        def answer(name: str) -> bool:
            cls = self.after.class_of(self.after.resolve(module.dotted, name)) if module is not None else None
            return cls is not None and is_record(cls.node)

        return answer

    def _string_keyed(self, mod: ModuleInfo) -> frozenset[str]:
        """The names ``mod``'s dict displays with string keys are bound to (``string_tables``), read once a module:
        ``_result_drift`` asked it anew at every call site (mend59)."""
        found = self._keyed_tables.get(id(mod.tree))
        if found is None:
            found = self._keyed_tables[id(mod.tree)] = frozenset(
                n for n, keys in string_tables(mod.tree).items() if keys
            )
        return found

    def _retabled(self, before: DefSym, after: DefSym) -> bool:
        """The callee's module made a table of strings one of the new annotation's class's members (``retabled``)."""
        if not isinstance(after.node, ast.FunctionDef | ast.AsyncFunctionDef):
            return False
        old, new = self.before.module_at(before.path), self.after.module_at(after.path)
        cls = outer_type_name(unoptional(unquoted_expr(after.node.returns) or ast.Constant(None)))
        return bool(cls) and old is not None and new is not None and retabled(old.tree, new.tree, cls, after.node)

    def _numbered(self, module: ModuleInfo | None) -> Callable[[str], bool]:
        """Whether a name ``module`` (upstream's, merged) binds or imports is an int enum (``int_enum``)."""

        def answer(name: str) -> bool:
            cls = self.after.class_of(self.after.resolve(module.dotted, name)) if module is not None else None
            return cls is not None and int_enum(cls.node)

        return answer

    def _enum(self, module: ModuleInfo | None) -> Callable[[str], bool]:
        """Whether a name ``module`` (upstream's, merged) binds or imports is a plain enum (``plain_enum``)."""

        def answer(name: str) -> bool:
            cls = self.after.class_of(self.after.resolve(module.dotted, name)) if module is not None else None
            return cls is not None and plain_enum(cls.node)

        return answer

    def _kind_drift(self, before: DefSym, after: DefSym, awaited: bool) -> str | None:
        """A callee that is no longer a plain function: the call still runs, and gets something else.
        A coroutine function hands back a coroutine (truthy, never run) unless awaited; a property's
        value is what a call of it now calls."""
        was, now = _kind(before.node), _kind(after.node)
        if was not in (_FUNCTION, _COROUTINE) or not self._upstream(after.path):
            return None
        if was == _FUNCTION and now == _COROUTINE and not awaited:
            return (
                "upstream made a coroutine function (async def): the call gets a coroutine, never run, not its result"
            )
        if was == _COROUTINE and now == _FUNCTION and awaited and not _may_return_awaitable(after.node):
            return (
                "upstream made a plain function (no longer async def): awaiting its result "
                "(or handing it to the event loop) fails with a TypeError"
            )
        if now == _PROPERTY:
            return "upstream made a property: the call calls its value"
        if _member_kind(after) == _VALUE:
            return "upstream made a plain attribute: the call calls its value"
        return None

    def chained_calls(self) -> Iterator[Finding]:
        """Calls through an attribute chain that no annotation types (``layer.quant_method.apply(x)``).

        Such a call is taken to mean a method when exactly one ``def`` of its name exists in the
        whole fork branch, that method's file changed upstream, and the call fit it before the merge.
        It is drift when the call no longer fits the method's new signature, or when upstream
        removed (or renamed) it and no ``def`` of the name is left anywhere.
        """
        ours, theirs = self.inp.ours, self.inp.theirs
        if not isinstance(ours, Searchable) or not isinstance(theirs, Searchable):
            return
        yield from self._gone_everywhere(theirs)
        if not self._chains:
            return
        names = sorted({call.func.attr for _, call in self._chains if isinstance(call.func, ast.Attribute)})
        sites = ours.definition_sites(names)
        candidates: list[tuple[ModuleInfo, ast.Call, DefSym]] = []
        several: list[tuple[ModuleInfo, ast.Call, DefSym]] = []  # which def is meant is unknown
        for mod, call in self._chains:
            assert isinstance(call.func, ast.Attribute)
            found = sites.get(call.func.attr, [])
            if not found or not all(path in self.inp.upstream_files for path, _ in found):
                continue
            fitting = self._fitting(call, found)
            if fitting is not None:
                (candidates if len(found) == 1 else several).append((mod, call, fitting))
                if len(found) > 1:
                    yield from self._misfit_everywhere(mod, call, found)
        gone: dict[str, list[tuple[str, int]]] | None = None
        for mod, call, before in several:  # upstream removed every def of the name: the call fails whichever it was
            if _same_member(self.after, before, id(call) not in self._actor_calls) not in (None, MISSING):
                continue  # the merged tree still has it (a fork's own def upstream never had stays)
            gone = theirs.definition_sites(sorted({b.name for _, _, b in several})) if gone is None else gone
            if not gone.get(before.name):
                yield self._finding(mod, call.lineno, f"calls {_show(call.func)}", before, None)
        gone = None
        for mod, call, before in candidates:
            after = _same_member(self.after, before, id(call) not in self._actor_calls)
            what = f"calls {_show(call.func)}"
            if isinstance(after, DefSym):
                problem = self._call_drift(call, before, after, "instance", self._owned.get(mod.path), untyped=True)
                problem = self._guarded(mod, call, self._as_upstream_ships(mod, call, problem))
                if problem is not None:
                    yield self._finding(mod, call.lineno, f"{what}, which {problem}", after, _signature(problem))
                else:
                    yield from self._default_drift(mod, call, before, after, "instance")
                    yield from self._renamed_slot(mod, call, before, after, "instance", self._owned.get(mod.path))
                    yield from self._dict_slot(mod, call, before, after, "instance", self._owned.get(mod.path))
            elif after is MISSING:
                gone = theirs.definition_sites(sorted({b.name for _, _, b in candidates})) if gone is None else gone
                if not gone.get(before.name):  # no def of the name left anywhere upstream
                    yield self._finding(mod, call.lineno, what, before, None)

    def _misfit_everywhere(self, mod: ModuleInfo, call: ast.Call, found: list[tuple[str, int]]) -> Iterator[Finding]:
        """A chained call with several defs of its name in the fork branch (``self.model_state.prepare_attn(a, b,
        c, d, e)``: the runner's own ``prepare_attn(input_batch)``, the model state's interface and its default
        class): which def it reaches is unknown, but when every def the call fit at the merge base is still there
        and no longer fits it upstream (#36626 inserted ``cudagraph_mode`` into both model states' signatures),
        it fails whichever was meant -- an error, stated against the first.  A def it did not fit before is not
        one it reached; one it still fits (a fork's own, one upstream left alone) keeps the call from an error,
        and quiet unless the receiver is named after a class whose def it no longer fits and after none it still
        fits (``coordinator.get_num_blocks_to_allocate(...)``: #23664 made ``num_encoder_tokens`` required of
        ``KVCacheCoordinator``'s, ``SingleTypeKVCacheManager``'s is as it was): a warning then.  A def of the
        name whose parameters are not read as a method's (a module-level function a module held on an
        attribute serves, a class local to a function, a property) keeps it quiet: whether the call fits it is
        unknown, and it may be the one reached."""
        assert isinstance(call.func, ast.Attribute)
        owned = self._owned.get(mod.path)
        reached: list[tuple[DefSym, DefSym]] = []
        fits: list[DefSym] = []  # defs it still fits by their signature
        words = receiver_words(call.func.value)
        for path, line in found:
            before = _method_at(self.before, path, line, call.func.attr)
            old = _bound_sig(before, "instance") if before is not None else None
            if before is None or old is None:
                return  # a def not read as a method: the call may reach it, and may fit it
            if call_problem(call, old) is not None:
                continue  # a def the call never fit: not the one it reached
            if fits and not named_after(words, before.owner or ""):
                continue  # past a def it still fits, only a def its receiver is named after can say more
            after = _same_member(self.after, before, id(call) not in self._actor_calls)
            if not isinstance(after, DefSym):
                return  # removed or not a def: ``chained_calls``' own rules say what that means
            new = _bound_sig(after, "instance")
            if new is None or call_problem(call, new) is None:
                if not words:
                    return  # it still fits this one, and no name says which is meant (cheap first)
                fits.append(after)
                continue
            reached.append((before, after))
        if fits and not (named := [a for _, a in reached if a.owner and named_after(words, a.owner)]):
            return  # cheap first: most calls still fit a def and name none they no longer fit
        if fits and any(f.owner and named_after(words, f.owner) for f in fits):
            return  # named after a class it still fits as well
        first: tuple[str, DefSym] | None = None
        for before, after in reached:
            if fits and after not in named:
                continue
            problem = self._call_drift(call, before, after, "instance", owned, untyped=True)
            problem = self._guarded(mod, call, self._as_upstream_ships(mod, call, problem))
            if problem is None:
                return  # a def it still fits: the call may well reach it
            first = first or (problem, after)
        if first is None:
            return
        problem, after = first
        what = f"calls {_show(call.func)}, which {problem}"
        if not fits:
            yield self._finding(mod, call.lineno, what, after, _signature(problem))
            return
        others = ", ".join(sorted({f.label for f in fits}))
        note = f"; the receiver is named after {after.owner}, but the call still fits {others}: which it reaches is the run's"
        yield self._finding(mod, call.lineno, what + note, after, _UNCERTAIN)

    def _gone_everywhere(self, theirs: Searchable) -> Iterator[Finding]:
        """A call of a method of a tree class (``self.tokenizer.get_lora_tokenizer(r)``, ``self.tokenizer``
        a ``TokenizerGroup`` before the merge) whose receiver upstream no longer types (upstream #24078 deleted
        the class and made the attribute the tokenizer itself): an error when upstream removed every def
        of the name and wrote no call of it in the range (a library class with a method of that name in
        its stead would have upstream's new calls)."""
        pending = [(m, c, b) for m, c, b in self._untyped_now if _same_member(self.after, b) in (None, MISSING)]
        gone = theirs.definition_sites(sorted({b.name for _, _, b in pending})) if pending else {}
        for mod, call, before in pending:
            if not gone.get(before.name) and not self._newly_read(before.name):
                yield self._finding(mod, call.lineno, f"calls {_show(call.func)}", before, None)

    def _newly_read(self, name: str) -> bool:
        """``x.name`` read off another object than ``self`` on a line upstream wrote in the range (in code, not
        a string or a comment): upstream uses the name on whatever replaced the class (a line it left alone may
        be as stale as the fork's)."""
        reads = in_code(read_by_name)
        return any(
            not _not_served(path) and any(reads(line, name) for line in lines)
            for path, lines in self.inp.upstream_lines.items()
        )

    def _fitting(self, call: ast.Call, found: list[tuple[str, int]]) -> DefSym | None:
        """The first of these defs (path, line) of the fork branch the call fit before the merge."""
        assert isinstance(call.func, ast.Attribute)
        for path, line in found:
            before = _method_at(self.before, path, line, call.func.attr)
            old = _bound_sig(before, "instance") if before is not None else None
            if before is not None and old is not None and call_problem(call, old) is None:
                return before
        return None

    def _replaced_fields(self, mod: ModuleInfo, call: ast.Call, scope: _Scope) -> Iterator[Finding]:
        """``dataclasses.replace(moe_config, disable_inplace=False)``: each keyword is a field of the first
        argument's class, read as ``moe_config.disable_inplace`` would be (#43727 removed
        FusedMoEConfig.disable_inplace: ``replace`` raises on a field the class no longer has)."""
        target = call.args[0]
        for keyword in call.keywords:
            if keyword.arg is None:
                continue
            field = ast.copy_location(ast.Attribute(target, keyword.arg, ast.Load()), keyword.value)
            field.end_lineno = keyword.value.lineno
            shown = f"uses {_show(field)}"
            passed = f"passes {keyword.arg}= to {_show(call.func)}({_show(target)}, ...)"
            found = [
                replace(f, message=f.message.replace(shown, passed, 1)) for f in self._reference(mod, field, scope)
            ]
            yield from found or self._unfielded(mod, field, scope, passed)

    def _unfielded(self, mod: ModuleInfo, field: ast.Attribute, scope: _Scope, passed: str) -> Iterator[Finding]:
        """A field upstream made a property (#29624: ``CommonAttentionMetadata.seq_lens_cpu`` is now read off
        ``_seq_lens_cpu``): the name still reads, but ``replace`` only takes init fields -- TypeError."""
        after = self._made_property(mod, field, scope)
        if after is None or _init_field_kept(_owner_class(self.after, after), field.attr):
            return  # a field kept beside the property (its setter): replace still takes it
        commit = self._commit(after.path, field.attr)
        note = f" (upstream: {commit})" if commit else ""
        message = f"{passed}, but upstream made {field.attr} a property, no init field{note}: TypeError; pass the field it reads"
        yield _error(mod, field.end_lineno or field.lineno, message)

    def _made_property(self, mod: ModuleInfo, field: ast.Attribute, scope: _Scope) -> DefSym | None:
        """The property upstream's side defines where the base's side annotated a field of that name, else None."""
        resolver, _ = self._resolver(mod, field, scope)
        before, after = (resolver(self.before), resolver(self.after)) if resolver is not None else (None, None)
        if not (isinstance(before, DefSym) and isinstance(after, DefSym) and self._upstream(after.path)):
            return None
        return after if isinstance(before.node, ast.AnnAssign) and _kind(after.node) == _PROPERTY else None

    def op_calls(self) -> Iterator[Finding]:
        """Calls of custom ops by name (``torch.ops._C.rms_norm(out, x, w, eps)``), checked against the
        op's parameters before and after the merge, as a function call is: its schema string (C++ or
        Python) or the Python function registered as the op, in a file upstream changed.  The files
        are the changed ones that spell a definition of a called op; nothing else is read."""
        names = {op for _, _, op in self._ops}
        if not names:
            return
        sites = self._changed_op_definitions(names)
        others = {name: self._op_defined_elsewhere(name, {p for p, _, _ in found}) for name, found in sites.items()}
        yield from self._op_calls_of_another(names - sites.keys())
        for mod, call, name in self._ops:
            for path, old_node, new_node in sites.get(name, []):
                before, after = DefSym(path, name, old_node, None), DefSym(path, name, new_node, None)
                problem = self._call_drift(call, before, after, "plain", self._owned.get(mod.path))
                if problem is None:
                    yield from self._default_drift(mod, call, before, after, "plain")
                    yield from self._renamed_slot(mod, call, before, after, "plain", self._owned.get(mod.path))
                    yield from self._dict_slot(mod, call, before, after, "plain", self._owned.get(mod.path))
                    continue
                commit = self._commit(path, name)
                other = others[name]
                message = (
                    f"calls {_show(call.func)}, the custom op {path} defines: it {problem}"
                    f"{f' (upstream: {commit})' if commit else ''}; "
                    + (
                        f"{other} defines an op of that name too, unchanged: it holds where {path} is the one built; "
                        if other
                        else ""
                    )
                    + "check the call against the op's new parameters (pass them by name)"
                )
                # another build's definition, left alone, may be the one this fork runs: not certain
                yield Finding(
                    RULE, "merge", call_severity(problem, doubt=other is not None), mod.path, call.lineno, message
                )
                break

    def named_ops(self) -> Iterator[Finding]:
        """An op named by string in a list of ops on a fork line (``["_C::gptq_marlin_gemm"]``, a splitting
        list's ``"ns.unified_flash_attention"``) whose definition a file upstream changed no longer spells:
        #32952 renamed Marlin's schema ``gptq_marlin_gemm`` -> ``marlin_gemm``, #9888 the V1 backend's
        registration ``unified_flash_attention`` -> ``unified_v1_flash_attention``.  Nothing fails: the list
        names no op, or another's, and what it was for (a split, an opaque op) silently stops.  An error
        when no other file defines an op of the name, or when the file defining it now defines a new one
        (renamed: the list meant that file's op; another's of the old name, the V0 backend's, is not it);
        nothing when the op was dropped and another file still defines one of its name."""
        names = {name for _, _, name in self._named}
        removed = self._dropped_op_names(names) if names else {}
        for mod, node, name in self._named:
            named = str(node.value)
            for path, renamed in removed.get(name, []):
                other = self._op_defined_elsewhere(name, {path})
                if other is not None and not renamed:
                    continue
                commit = self._commit(path, name)
                how = f"renamed it to {' / '.join(sorted(renamed))}" if renamed else "dropped it"
                left = (
                    f"{other} still defines an op of that name, which the list now names instead"
                    if other
                    else "no op of that name is left"
                )
                yield _error(
                    mod,
                    node.lineno,
                    f'names the custom op "{named}", which {path} defined until upstream {how}'
                    f"{f' ({commit})' if commit else ''}: {left}, and what the list does with the op silently "
                    "stops; name the op upstream defines now",
                )
                break

    def _dropped_op_names(self, names: set[str]) -> dict[str, list[tuple[str, set[str]]]]:
        """op name -> each (path, the op names the file defines only now) of a changed file (a schema source
        or a Python file) that defined it before the merge and no longer spells it."""
        sources = sorted(
            {
                *(p for p in self.inp.op_sources if p.endswith(SCHEMA_SOURCES)),
                *(p for p in self.inp.upstream_files if p.endswith(".py")),
            }
        )
        ours = self.inp.ours
        if isinstance(ours, FileSearchable) and sources:
            sources = sorted(ours.files_containing(sorted(names), sources))
        spelled, removed = mentions(names), dict[str, list[tuple[str, set[str]]]]()
        for path in sources:
            old_text = ours.text(path)
            new_text = self.inp.merged.text(path) or ""
            wanted = spelled(old_text) if old_text else set()
            defined = op_definitions(path, old_text or "", wanted) if wanted else {}
            # the definition is gone (an ``ops.impl("name", ...)`` or a comment may still spell the name)
            defined = {n: d for n, d in defined.items() if n not in op_definitions(path, new_text, set(defined))}
            if not defined:
                continue
            renamed = defined_op_names(new_text) - defined_op_names(old_text or "")
            for name in defined:
                removed.setdefault(name, []).append((path, renamed))
        return removed

    def _op_calls_of_another(self, names: set[str]) -> Iterator[Finding]:
        """A custom op whose Python registration upstream renamed or dropped (#9888: the V1 backend's
        ``unified_flash_attention`` became ``unified_v1_flash_attention``) while another file still
        registers an op of the old name (the V0 backend's): the fork's ``torch.ops.ns.name(...)`` now
        reaches that other op.  An error when the call fit the op it was written for and does not fit
        the other's parameters; nothing when it fits both (the same op moved) or no other is left."""
        removed = self._removed_op_definitions(names)
        left: dict[str, tuple[str, ast.FunctionDef] | None] = {}  # op name -> the other file's definition of it
        others: set[str] = set()  # ops another file defines in a way not read as a def (two schemas ...)
        for name, where in removed.items():
            other = self._op_defined_elsewhere(name, {p for p, _ in where})
            if other is not None or self._fork_defines_op(name):
                others.add(name)
            found = op_definitions(other, self.inp.merged.text(other) or "", {name}) if other else {}
            left[name] = (other, found[name]) if other is not None and name in found else None
        for mod, call, name in self._ops:
            for path, old_node in removed.get(name, []):
                kept = left[name]
                if kept is None:
                    yield from self._op_call_of_none(mod, call, name, path, other_defines=name in others)
                    break
                other = kept[0]
                old = _bound_sig(DefSym(path, name, old_node, None), "plain")
                new = _bound_sig(DefSym(other, name, kept[1], None), "plain")
                if old is None or new is None or call_problem(call, old) is not None:
                    continue
                problem = call_problem(call, new) or _shifted(call, old, new)
                if problem is None:
                    continue
                commit = self._commit(path, name)
                yield _error(
                    mod,
                    call.lineno,
                    f"calls {_show(call.func)}, the custom op {path} registered until upstream dropped that name "
                    f"there{f' ({commit})' if commit else ''}: the op of that name left is {other}'s, "
                    f"{name}{new.show()}, and the call {problem}: call the op {path} registers now",
                )
                break

    def _op_call_of_none(
        self, mod: ModuleInfo, call: ast.Call, name: str, path: str, other_defines: bool
    ) -> Iterator[Finding]:
        """A custom op whose only registration upstream dropped (#39125 removed ``unified_attention``: every
        backend now writes into an output buffer, ``unified_attention_with_output``): the fork's
        ``torch.ops.ns.name(...)`` finds no op and fails when the model runs, past any import.  An error when
        no other file of upstream's tree, and none of the fork's, defines an op of the name."""
        if other_defines:
            return
        commit = self._commit(path, name)
        yield _error(
            mod,
            call.lineno,
            f"calls {_show(call.func)}, the custom op {path} registered until upstream dropped it"
            f"{f' ({commit})' if commit else ''}: no op of that name is left, and the call fails when the model "
            "runs; call the op upstream registers now",
        )

    def _fork_defines_op(self, name: str) -> bool:
        """A file the fork added lines to defines an op of this name (its own registration, kept)."""
        for where in self.inp.fork_lines:
            if not where.endswith((".py", *SCHEMA_SOURCES)) or _not_served(where):
                continue
            text = self.inp.merged.text(where) or ""
            if name in text and name in op_definitions(where, text, {name}):
                return True
        return False

    def _removed_op_definitions(self, names: set[str]) -> dict[str, list[tuple[str, ast.FunctionDef]]]:
        """op name -> each (path, definition before) of a Python registration of it that a file upstream
        changed no longer makes (renamed or dropped; the function may stay); only the changed files that
        spelt a called op's name before are read."""
        if not names:
            return {}
        sources = sorted(p for p in self.inp.upstream_files if p.endswith(".py"))
        ours = self.inp.ours
        if isinstance(ours, FileSearchable) and sources:
            sources = sorted(ours.files_containing(sorted(names), sources))
        spelled, removed = mentions(names), dict[str, list[tuple[str, ast.FunctionDef]]]()
        for path in sources:
            old_text = ours.text(path)
            wanted = spelled(old_text) if old_text else set()
            defined = op_definitions(path, old_text or "", wanted) if wanted else {}
            # the registration is gone: the function it registered may stay, a plain function now; a name
            # still quoted may be registered another way (a table of names and functions): not known gone
            new_text = self.inp.merged.text(path) or ""
            gone = {
                n
                for n in set(defined) - set(op_definitions(path, new_text, set(defined)))
                if not _quotes_name(new_text, n)
            }
            for name in sorted(gone):
                removed.setdefault(name, []).append((path, defined[name]))
        return removed

    def _changed_op_definitions(self, names: set[str]) -> dict[str, list[tuple[str, ast.FunctionDef, ast.FunctionDef]]]:
        """op name -> each (path, before, after) of a definition of it (a schema string or a registered
        Python function) that the merge changed, in the changed files that spell a called op's name."""
        sources = sorted(
            {
                *(p for p in self.inp.op_sources if p.endswith(SCHEMA_SOURCES)),
                *(p for p in self.inp.upstream_files if p.endswith(".py")),
            }
        )
        theirs = self.inp.theirs
        if isinstance(theirs, FileSearchable):
            sources = sorted(theirs.files_containing(sorted(names), sources)) if sources else []
        sites: dict[str, list[tuple[str, ast.FunctionDef, ast.FunctionDef]]] = {}
        spelled = mentions(names) if sources else None
        for path in sources:
            old_text, new_text = self.inp.ours.text(path), self.inp.merged.text(path)
            wanted = spelled(new_text) if spelled is not None and old_text and new_text else set()
            if not wanted:
                continue
            old, new = op_definitions(path, old_text or "", wanted), op_definitions(path, new_text or "", wanted)
            for name in old.keys() & new.keys():
                if ast.dump(old[name]) != ast.dump(new[name]):
                    sites.setdefault(name, []).append((path, old[name], new[name]))
        return sites

    def _op_defined_elsewhere(self, name: str, changed: set[str]) -> str | None:
        """Another file of upstream's tree that defines an op of this name (a schema ``"name(`` or a
        registration ``"name"``) and that the changed definitions are not in: another platform's build
        (a CPU or ROCm library beside the CUDA one), whose op did not change.  One ``git grep`` of the
        name, only for an op whose definition changed under a fork call."""
        theirs = self.inp.theirs
        if not isinstance(theirs, WordSearchable):
            return None
        schema, quoted = f'"{name}(', (f'"{name}"', f'::{name}"')
        for path, line in theirs.word_lines(name):
            if path in changed or _not_served(path):
                continue
            # a Python definition registers the op (``op_name="x"``, ``custom_op("ns::x")``); a fake or
            # meta kernel (``register_fake("ns::x")``) or ``hasattr(torch.ops.ns, "x")`` defines nothing
            registers = _OP_NAME_KEYWORD in line or _OP_DECORATOR in line
            if (path.endswith(SCHEMA_SOURCES) and schema in line) or (
                path.endswith(".py") and (schema in line or (registers and any(q in line for q in quoted)))
            ):
                return path
            if path.endswith(".py") and any(q in line for q in quoted) and self._registers_op(path, name):
                return path
        return None

    def _registers_op(self, path: str, name: str) -> bool:
        """Whether upstream's ``path`` registers the op, read from its parsed code: a registration spelt one
        argument a line (``direct_register_custom_op(\n    "name",``) quotes the name on a line of its own."""
        text = self.inp.theirs.text(path)
        return text is not None and name in op_definitions(path, text, {name})

    def _renamed_slot(
        self, mod: ModuleInfo, call: ast.Call, before: DefSym, after: DefSym, via: str, owned: set[int] | None
    ) -> Iterator[Finding]:
        """A positional argument spelled like its parameter (``pad_slot_id``), whose parameter upstream
        renamed in place (``null_block_id``): the call still binds, the value goes where it went, and
        the callee may now read it as something else.  A warning: most renames keep the meaning; an error
        when upstream retyped it too, also for an argument the fork's function annotates as the old type.
        A class's call is its ``__init__``'s (#17057: ``CompilerManager(use_inductor: bool)`` became
        ``CompilerManager(compilation_config: CompilationConfig)``; the fork's ``CompilerManager(
        config.use_inductor)`` still binds and hands the body a bool)."""
        if isinstance(after.node, ast.ClassDef):
            old_init, new_init = _init_sym(self.before, before), _init_sym(self.after, after)
            if old_init is None or new_init is None or old_init.owner != new_init.owner:
                return  # no ``__init__`` of the tree, or another class's on each side: not one slot renamed
            if {after.node.name, (new_init.owner or "").rsplit(".", 1)[-1]} & _patched_inits(mod.tree):
                return  # the fork's module puts its own constructor on the class: that one runs
            before, after, via = old_init, new_init, "instance"
        if not self._upstream(after.path):
            return
        old, new = _bound_sig(before, via), _bound_sig(after, via)
        if old is None or new is None or old == new:
            return
        for i, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                return
            was, now = _slot(old, i), _slot(new, i)
            if (
                was is None
                or now is None
                or was == now
                or _VARARGS in (was, now)
                or was in new.positional
                or was in new.kwonly
                or now in old.positional
                or now in old.kwonly
                or _spelled_as(arg, now)
                or _fetched_as(arg, now)
                or (owned is not None and arg.lineno not in owned)
            ):
                continue
            if (defaults := _turned_over(before.node, was, after.node, now)) is not None:
                where = f"({after.label}, {_where(after, self._commit(after.path, after.name))})"
                found = self._slot_error(
                    mod,
                    (call, before, after),
                    f"calls {_show(call.func)} with {_show(arg)} as argument {i + 1}, for {was} (default "
                    f"{defaults[0]}), which upstream renamed {now} with the default {defaults[1]} {where}: a flag "
                    f"renamed with its default turned over asks the opposite, the value now means the other "
                    f"thing; pass {now}= with the value that says what the fork wants",
                )
                if found is not None:
                    yield found
                return
            then, kind = parameter_kind(before.node, was), parameter_kind(after.node, now)
            literal = literal_slot((before.node, was), (after.node, now), arg)
            if literal is not None:  # a ``Literal[...]`` on either side: the constant says whether it is taken
                judged = list(self._literal_slot(mod, (call, before, after), (i, arg, was, now), literal))
                yield from judged
                if judged:
                    return
                continue
            held = held_kinds.held_kinds(before.node, was, after.node, now) if then and then == kind else None
            if held and _spelled_as(arg, was) and _mapped_locally(mod.tree, call, arg):
                held = None  # the fork made the items itself (``groups = [g.backend for g in groups]``)
            fetched = _fetched_as(arg, was)  # ``await client.get_model_config()``: the getter's name says it
            if (
                not _spelled_as(arg, was)
                and not fetched
                and not self._typed_as_old(mod, call, arg, (then, kind), held, (now, after))
            ):
                continue
            where = f"({after.label}, {_where(after, self._commit(after.path, after.name))})"
            retyped = self._retyped_away(before, after, *(held or (then, kind)))
            if not then and self._union_retyped(before, was, kind):
                then, retyped = " | ".join(union_members(before.node, was)), True
            if held and retyped:
                # #35752: ``attn_groups: list[AttentionGroup]`` -> ``backends: list[type[AttentionBackend]]``
                then, kind = f"{then}[{held[0]}]", f"{kind}[{held[1]}]"
                if _bound_as_new(mod.tree, call, arg, now, held[1]) or _holds_as(mod.tree, call, arg, held[1]):
                    continue  # the fork already hands it the new elements
            elif retyped and (
                _bound_as_new(mod.tree, call, arg, now, kind)
                or _annotated_as(mod.tree, call, arg, kind)
                or self._told_apart(mod, call, arg, (then, kind))
            ):
                continue  # a local of the old name bound to (or tested for) the new kind of value: the call is right
            if retyped:
                # renamed and retyped (#34805: preempted_req_ids: set[str] -> kv_connector_metadata:
                # KVConnectorMetadata): the parameter means another thing now, not only another name
                found = self._slot_error(
                    mod,
                    (call, before, after),
                    f"calls {_show(call.func)} with {_show(arg)} as argument {i + 1}, for {was} ({then}), which upstream "
                    f"renamed {now} and retyped as {kind} {where}: the call hands it the old kind of value",
                )
                if found is not None:
                    yield found
                return
            if not _spelled_as(arg, was):
                continue  # typed as a kind upstream only renamed: the same value
            head = f"calls {_show(call.func)} with {_show(arg)} as argument {i + 1}, for {was}, which upstream renamed"
            if (caller := self._repurposed(before, after, (was, i), now)) is not None:
                found = self._slot_error(
                    mod,
                    (call, before, after),
                    f"{head} {now} {where}, and upstream's own {caller} still holds {was} but no longer passes it "
                    f"there: the slot means another thing now, the call hands it the old value",
                )
                if found is not None:
                    yield found
                return
            yield _warning(
                mod,
                call.lineno,
                f"{head} {now} {where}: check that the value is still what {now} means, and pass it as {now}=",
            )
            return

    def _repurposed(self, before: DefSym, after: DefSym, was: tuple[str, int], now: str) -> str | None:
        """The upstream function of the callee's module that passed ``was`` a name it still holds and now
        passes ``now`` another value (drift/repurposed_slots.py), for a callee named in calls."""
        old, new = self.before.module_at(before.path), self.after.module_at(after.path)
        callee = (after.owner or "").rsplit(".", 1)[-1] if after.name == "__init__" else after.name
        if old is None or new is None or not callee:
            return None
        return repurposed(old.tree, new.tree, callee, was, now)

    def _literal_slot(
        self,
        mod: ModuleInfo,
        site: tuple[ast.Call, DefSym, DefSym],
        slot: tuple[int, ast.expr, str, str],
        literal: LiteralSlot,
    ) -> Iterator[Finding]:
        """A renamed slot with a ``Literal[...]`` on either side (drift/literal_slots.py): an error for a
        constant the new ``Literal`` refuses, the rename's warning for a value spelt like the old parameter
        whose choices the call does not show, nothing for a constant the new slot takes."""
        call, _, after = site
        i, arg, was, now = slot
        where = f"({after.label}, {_where(after, self._commit(after.path, after.name))})"
        annotated = literal_shown(after.node, now)
        head = (
            f"calls {_show(call.func)} with {_show(arg)} as argument {i + 1}, for {was}, which upstream renamed {now}"
        )
        if literal is LiteralSlot.REFUSED:
            found = self._slot_error(
                mod,
                site,
                f"{head} and retyped as {annotated} {where}: {_show(arg)} is not one of the values it takes; "
                f"pick one of them, or keep the fork's value working on the fork's side",
            )
            if found is not None:
                yield found
        elif literal is not LiteralSlot.TAKEN and _spelled_as(arg, was):
            yield _warning(
                mod,
                call.lineno,
                f"{head} ({annotated}) {where}: check that the value is one {now} takes, and pass it as {now}=",
            )

    def _dict_slot(
        self, mod: ModuleInfo, call: ast.Call, before: DefSym, after: DefSym, via: str, owned: set[int] | None
    ) -> Iterator[Finding]:
        """A dict passed for a parameter upstream retyped from a mapping to a class of its own
        (drift/dict_slots.py; #33408: ``apply(prompt, {"image": images}, {})``, whose ``mm_data:
        MultiModalDataDict`` became ``mm_items: MultiModalDataItems``)."""
        if isinstance(after.node, ast.ClassDef) or not self._upstream(after.path):
            return
        old, new = _bound_sig(before, via), _bound_sig(after, via)
        old_mod, new_mod = self.before.module_at(before.path), self.after.module_at(after.path)
        for arg, was, now in dict_slots.dict_arguments(call, old, new) if old and new else ():
            if owned is not None and arg.lineno not in owned:
                continue
            then = dict_slots.annotation_of(before.node, was)
            cls = dict_slots.needs_a_class(self.after, new_mod, dict_slots.annotation_of(after.node, now))
            if (
                cls is None
                or then is None
                or not dict_slots.takes_a_dict(self.before, old_mod, then)
                or dict_slots.converted(after.node, now)
            ):
                continue
            where = f"({after.label}, {_where(after, self._commit(after.path, after.name))})"
            yield _error(
                mod,
                arg.lineno,
                f"calls {_show(call.func)} with a dict for {now}, which upstream retyped from {_show(then)} to "
                f"{cls.qualname} {where}: the callee now uses what a {cls.qualname} has and a dict has not; "
                f"build a {cls.qualname} (or pass what upstream's callers pass)",
            )

    def _told_apart(self, mod: ModuleInfo, call: ast.Call, arg: ast.expr, kinds: tuple[str, str]) -> bool:
        """The call runs only where the fork's own test says the argument is the new kind of value: under
        ``isinstance(arg, New)`` (or after ``assert``/an exiting ``if not``), or where ``isinstance(arg, Old)``
        failed.  A parameter taking either kind, spelled like the old one, handed on once it is the new
        (``def f(use_inductor: bool | CompilationConfig): if isinstance(use_inductor, CompilationConfig):
        return CompilerManager(use_inductor)``)."""
        then, kind = kinds
        subject, parents = ast.unparse(arg), self._parents(mod)

        def new(name: str) -> bool:
            return name == kind

        def old(name: str) -> bool:
            return bool(then) and name == then

        return (
            isinstance_guarded(call, subject, new, parents, every=True)
            or kind_ensured(call, subject, new, parents, every=True)
            or isinstance_refuted(call, subject, old, parents)
        )

    def _slot_error(self, mod: ModuleInfo, site: tuple[ast.Call, DefSym, DefSym], message: str) -> Finding | None:
        """A renamed slot's error, a warning when the fork wrote the call for both versions of its callee: in a
        ``try`` catching what a misfit raises or under a test of the callee's signature (``call_guarded``, as
        a call's misfit is: ``except TypeError: ubatch_split(int(counts.max()), ...)`` after a ``try`` of the
        new spelling), or on either side of a ``hasattr`` test of a member the callee's file gained or lost
        in the merge (#35158: ``if hasattr(KVConnectorModelRunnerMixin, "finalize_kv_connector"):``, the
        finalizer added with the flag turned over).  None in a test written to see the call refused."""
        call, before, after = site
        parents = self._parents(mod)
        if expects_misfit(call, parents):
            return None  # a test that the old spelling is refused now (``pytest.raises(TypeError)``) expects it
        if call_guarded(call, parents) or self._version_tested(call, parents, (before.path, after.path)):
            return _warning(
                mod, call.lineno, f"{message} (the call sits in a try, or under a test of the version: check it)"
            )
        return _error(mod, call.lineno, message)

    def _version_tested(self, call: ast.Call, parents: dict[int, ast.AST], paths: tuple[str, str]) -> bool:
        """``call`` runs only where a ``hasattr(x, "name")`` test (or a ``getattr`` with a default) holds or
        fails, for a ``name`` spelled in the callee's file on one side of the merge only: the test tells the
        two versions apart."""
        sides = self._sides_spelling(paths)

        def asks(test: ast.expr) -> bool:
            return any(len(set(sides(name))) == 2 for name in _hasattr_names(test))

        return runs_tested(call, parents, asks, asks)

    def _old_release_only(self, call: ast.Call, parents: dict[int, ast.AST], paths: tuple[str, str]) -> bool:
        """``call`` runs only on the release before the merge: where a plain ``hasattr`` test of a name the
        callee's file lost held (alone or and-ed), or where one of a name it gained failed (alone: an ``else``,
        past ``if ...: return``, the body of ``if not ...``).
        #21720 added ``LLM.reward`` when ``encode``'s ``pooling_task`` default became a chosen one: a fork's
        bare ``llm.encode(texts)`` in the ``else`` of ``if hasattr(llm, "reward"):`` never runs after the merge."""
        sides = self._sides_spelling(paths)

        def lost(test: ast.expr) -> bool:
            return any(sides(name) == (True, False) for name in _plain_hasattr_names(test))

        def gained(test: ast.expr) -> bool:  # false: the test alone (an ``and`` false may be its other operand)
            names = _hasattr_names(test) if isinstance(test, ast.Call) else []
            return any(sides(name) == (False, True) for name in names)

        return runs_tested(call, parents, lost, gained)

    def _sides_spelling(self, paths: tuple[str, str]) -> Callable[[str], tuple[bool, bool]]:
        """Whether a name is spelled in the callee's file at the merge base and after the merge."""
        old, new = self.inp.base.text(paths[0]) or "", self.inp.merged.text(paths[1]) or ""

        def spelled(name: str) -> tuple[bool, bool]:
            pattern = rf"\b{re.escape(name)}\b"
            return re.search(pattern, old) is not None, re.search(pattern, new) is not None

        return spelled

    def _typed_as_old(
        self,
        mod: ModuleInfo,
        call: ast.Call,
        arg: ast.expr,
        kinds: tuple[str, str],
        held: tuple[str, str] | None,
        slot: tuple[str, DefSym],
    ) -> bool:
        """Whether an argument spelled unlike the old parameter still shows it is the old kind of value.
        #13774: ``update_from_finished_request(reason, out, rs)`` with ``out: RequestOutput`` once
        ``request_output: "RequestOutput"`` became ``num_prompt_tokens: int``: the fork's own annotation says
        the value is the old kind, whatever its name; #24845: ``ubatch_split(1, ...)`` once
        ``max_num_scheduled_tokens: int`` became ``num_scheduled_tokens_per_request: np.ndarray``: a literal
        says so as plainly; #35752: ``groups: list[AttentionGroup]`` for ``attn_groups`` retyped as a list of
        backend classes: the annotation's elements.  #29137: the fork's ``_prepare_weights(model_config.model)``
        once ``model_name_or_path: str`` became ``model_config: ModelConfig``: a field read off the new kind of
        value, not the value.  Only where a builtin is on one side: two classes of a tree may be a base and its
        subclass through bases the index does not see.  A literal says nothing against a new kind that is a
        class of the tree: it may be a namespace of such values (``class AttentionType: DECODER = "decoder"``)
        or an enum mixing in the literal's builtin, which the literal still fits."""
        then, kind = kinds
        now, after = slot
        if held is not None:
            plain = _plain_kinds(*held) or "type" in held
            return plain and (
                _holds_as(mod.tree, call, arg, held[0]) or self._attribute_holds(mod, call, arg) == held[0]
            )
        if not _plain_kinds(then, kind):
            return False
        return (
            _annotated_as(mod.tree, call, arg, then)
            or _part_of(arg, now)
            or (held_kinds.evident_kind(arg) == then and not self._takes_literal(after, kind, then))
            or _bound_as_old(mod.tree, call, arg, then)
        )

    def _takes_literal(self, after: DefSym, kind: str, then: str) -> bool:
        """Whether ``kind``, a class of the tree as the callee's module names it upstream, may stand for a
        literal of the builtin ``then``: the builtin (or an enum kind made of it) in its bases, or a namespace
        of such values (``class AttentionType: DECODER = "decoder"``: plain class-level constants of that kind
        and no declared fields).  A dataclass or a class with fields (``Range``, ``ModelConfig``) takes no
        literal."""
        ix = self.theirs_ix
        cls = ix.class_of(ix.resolve(px.dotted_name(after.path), kind))
        if cls is None:
            return False
        if any(VALUE_BUILTINS.get(_class_name(c)) == then for c in ix.mro(cls, include_self=False)):
            return True
        body = cls.node.body
        constants = [
            n.value.value
            for n in body
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant) and n.value.value is not None
        ]
        fits = [c for c in constants if type(c).__name__ == then]
        return bool(fits) and not any(isinstance(n, ast.AnnAssign) for n in body)

    def _attribute_holds(self, mod: ModuleInfo, call: ast.Call, arg: ast.expr) -> str:
        """The element kind of an attribute argument by the annotation its class declares, through its
        indexings (#35752: a runner subclass's ``self.attn_groups[0]``, the runner declaring
        ``self.attn_groups: list[list[AttentionGroup]]``); "" when that is not known."""
        peel = 0
        while isinstance(arg, ast.Subscript) and not isinstance(arg.slice, ast.Slice):
            arg, peel = arg.value, peel + 1
        if not isinstance(arg, ast.Attribute):
            return ""
        resolver, _ = self._resolver(mod, arg, self._scope_at(mod, call))
        sym = resolver(self.after) if resolver is not None else None
        if not isinstance(sym, DefSym):
            return ""
        if isinstance(sym.node, ast.AnnAssign):
            return held_kinds.peeled_element(sym.node.annotation, peel)
        if isinstance(sym.node, ast.ClassDef):  # an instance attribute: the class's methods declare it
            return held_kinds.peeled_element(held_kinds.declared(sym.node, sym.name), peel)
        return ""

    def _retyped_away(self, before: DefSym, after: DefSym, then: str, kind: str) -> bool:
        """Whether upstream retyped the parameter as a kind that no longer takes the old kind's values:
        not a wider one (``list`` -> ``Sequence``, ``int`` -> ``float``, a subclass -> its base), and not
        the old type under a new name (#8673)."""
        return (
            bool(then and kind)
            and not _takes(then, kind)
            and not self._derives_from(before, after, then, kind)
            and not self._type_renamed(before, then, kind)
        )

    def _derives_from(self, before: DefSym, after: DefSym, then: str, kind: str) -> bool:
        """Whether the class ``then`` (as the callee's module names it) derives from ``kind``, on either
        side of the change, or ``kind`` is a protocol class of the tree, or no class at all (an alias, a
        ``NewType``, a ``TypeVar``: ``ReqIds = list[str]`` may well be the old kind): a value of ``then``
        may be one of ``kind``."""
        for ix, sym in ((self.theirs_ix, after), (self.base_ix, before)):
            dotted = px.dotted_name(sym.path)
            cls = ix.class_of(ix.resolve(dotted, then))
            if cls is not None and kind in map(_class_name, ix.mro(cls, include_self=False)):
                return True
            new = ix.resolve(dotted, kind)
            if isinstance(new, DefSym) and isinstance(new.node, ast.Assign | ast.AnnAssign):
                return True
            cls = ix.class_of(new)
            if cls is not None and "Protocol" in map(_class_name, ix.bases(cls)):
                return True
        return False

    def _union_retyped(self, before: DefSym, was: str, kind: str) -> bool:
        """The parameter was a union of classes of the tree and is now a plain scalar none of them is
        (drift/union_slots.py; #34036: ``request: "CompletionRequest | ..."`` -> ``max_tokens: int``)."""
        members = union_members(before.node, was)
        if kind not in SCALARS or not members:
            return False
        dotted = px.dotted_name(before.path)
        classes = [self.base_ix.class_of(self.base_ix.resolve(dotted, m)) for m in members]
        return all(isinstance(cls, px.ClassInfo) and self._concrete(cls) for cls in classes)

    def _concrete(self, cls: px.ClassInfo) -> bool:
        """Whether no value of a plain scalar can be one of ``cls``: its whole base chain is classes of the
        tree or a short allow-list (``object``, pydantic's ``BaseModel``), and none is a protocol or an ABC.
        An ``IntFlag`` member is an int, an ``int`` satisfies a ``Protocol`` with ``__int__``: past the
        allow-list the value may well be the new kind, so the slot is left to the rename's warning."""
        return all(
            _class_name(c) in _CONCRETE_BASES
            if isinstance(c, px.External)
            else _class_name(c) not in _ABSTRACT_BASES and not _abstract_meta(c.node)
            for c in self.base_ix.mro(cls)
        )

    def _type_renamed(self, before: DefSym, then: str, kind: str) -> bool:
        """Whether the type a parameter was annotated with (``then``, as the callee's module names it) is
        the one upstream renamed ``kind``: a retyped parameter of the same kind of value (#8673)."""
        old = self.base_ix.resolve(px.dotted_name(before.path), then)
        return isinstance(old, DefSym) and self._renamed_to(old) == kind

    def _retyped_param(
        self, mod: ModuleInfo, call: ast.Call, syms: tuple[DefSym, DefSym], via: str, scope: _Scope, said: bool
    ) -> Iterator[Finding]:
        """An argument of the class a parameter was annotated with, which upstream annotated with another
        class whose attribute its body now reads (drift/retyped_params.py, #34485).  ``said``: the renamed-slot
        check already reported the call (a slot renamed and retyped), so a plain scalar in it is not said twice."""
        before, after = syms
        (old, old_path, _), (now, new_path, _) = _callee_bodies(self.before, before), _callee_bodies(self.after, after)
        sig = _constructor(self.after, after)[0] if isinstance(after.node, ast.ClassDef) else _bound_sig(after, via)
        if sig is None or old_path is None or new_path is None or not self._upstream(new_path):
            return
        if not isinstance(old, _FUNCS) or not isinstance(now, _FUNCS):
            return
        if expects_misfit(call, self._parents(mod)):
            return  # a test that the old argument is refused now (``pytest.raises(AttributeError)``) expects it
        sides = (
            functools.partial(self._arg_class, mod, scope),
            functools.partial(_annotated_class, self.before, self.before.module_at(old_path)),
            functools.partial(_annotated_class, self.after, self.after.module_at(new_path)),
        )
        for hit in retyped_params.retyped(call, old, now, sig, sides, self.after):
            name = hit.was.qualname.rsplit(".", 1)[-1]
            if any(retyped_params.patched(m.tree, name, hit.attr) for m in (mod, hit.was.module)):
                continue  # the fork gives the old class the attribute itself
            what = (
                f"passes {_show(hit.arg)}, a {hit.was.qualname}, as {hit.param}, which upstream annotated "
                f"{hit.now.qualname} (it was {hit.was.qualname}): {after.label} now reads {hit.param}.{hit.attr}, "
                f"which {hit.was.qualname} has not -- an AttributeError; pass the {hit.now.qualname}"
            )
            guarded = self._guarded(mod, call, what)  # the fork's own try/except for both spellings
            yield self._finding(mod, call.lineno, guarded or what, after, _note_of(guarded))
        if not said:
            yield from self._scalar_retyped(mod, call, (syms, (old, now)), (sig, via), scope)

    def _scalar_retyped(
        self,
        mod: ModuleInfo,
        call: ast.Call,
        defs: tuple[tuple[DefSym, DefSym], tuple[retyped_params.Func, retyped_params.Func]],
        bound: tuple[Sig, str],
        scope: _Scope,
    ) -> Iterator[Finding]:
        """A plain builtin scalar passed where upstream now takes an object whose attribute its body reads
        (drift/retyped_params.py ``scalar_retyped``, #33103)."""
        (before, after), bodies = defs
        sig, via = bound
        old_sig = (
            _constructor(self.before, before)[0] if isinstance(before.node, ast.ClassDef) else _bound_sig(before, via)
        )
        if old_sig is None:
            return
        func = scope.functions[-1] if scope.functions else None
        kind_of = functools.partial(retyped_params.scalar_kind, func=func, module=mod.tree)
        homes = (self.before.module_at(before.path), self.after.module_at(after.path))
        trees = (homes[0].tree if homes[0] else None, homes[1].tree if homes[1] else None)
        for hit in retyped_params.scalar_retyped(call, bodies, (old_sig, sig), kind_of, trees):
            what = (
                f"passes {_show(hit.arg)} ({hit.was}) as {hit.param}, which upstream annotated {hit.now} (it was "
                f"{hit.was}): {after.label} now reads {hit.param}.{hit.attr}, which {hit.was} has not -- an "
                f"AttributeError; pass what {hit.now} names"
            )
            guarded = self._guarded(mod, call, what)
            if not isinstance(guarded, Uncertain) and self._version_tested(
                call, self._parents(mod), (before.path, after.path)
            ):  # ``if hasattr(fused_moe, "MoEActivation"):`` the enum, else the name: the fork's path per release
                guarded = Uncertain(f"{what} (the call sits under a test of the version: check it)")
            yield self._finding(mod, call.lineno, guarded or what, after, _note_of(guarded))

    def _arg_class(self, mod: ModuleInfo, scope: _Scope, arg: ast.expr) -> px.ClassInfo | None:
        if isinstance(arg, ast.Name) and scope.functions and _assigned_in(scope.functions[-1], arg.id):
            return None  # ``config = EngineConfig()`` first: the annotation no longer says what it holds
        if isinstance(arg, ast.Name) and _rebound_within(arg, self._parents(mod)):
            return None  # a lambda's or a comprehension's own name: the outer annotation is not its type
        typed = self._typed(mod, arg, scope)
        return typed(self.after) if typed is not None else None

    def _default_drift(
        self, mod: ModuleInfo, call: ast.Call, before: DefSym, after: DefSym, via: str
    ) -> Iterator[Finding]:
        """A call that leaves a parameter to its default, whose default upstream changed: the call
        still fits, and now does something else (a warning: upstream may mean every caller to move).
        A class's call is its constructor's: its ``__init__`` in the tree, or a dataclass's fields."""
        if isinstance(after.node, ast.ClassDef):
            sig, files = _constructor(self.after, after)
            if not files & self.inp.upstream_files:
                return
            (old, was), (new, now) = (
                _constructor_defaults(self.before, before),
                _constructor_defaults(self.after, after),
            )
        elif self._upstream(after.path):
            sig = _bound_sig(after, via)
            old, new = _default_texts(before.node), _default_texts(after.node)
            was, now = [before.node], [after.node]
        else:
            return
        if sig is None or not old or not new:
            return
        passed = _passed(call, sig)
        if passed is not None and self._old_release_only(call, self._parents(mod), (before.path, after.path)):
            return  # the old release's path of a version test: the old default is the one it gets
        for name, text in new.items():
            if passed is None or name in passed or not _flipped(old.get(name), text, name, (was, now)):
                continue
            field = self._commit(after.path, name) if isinstance(after.node, ast.ClassDef) else ""
            commit = field or self._commit(after.path, after.name)  # a dataclass field is a line of its own
            # a None the old body turned into a value (#33656: ``if image_format is None: image_format =
            # "JPEG"``, a branch upstream dropped): that value is the fork's, and passing None is no longer it
            meant = _none_stands_for(before.node, name) if old[name] == "None" else None
            shown = f"None (which its body made {meant})" if meant else old[name]
            yield Finding(
                DEFAULT_DRIFT,
                "merge",
                Severity.WARNING,
                mod.path,
                call.lineno,
                f"calls {_show(call.func)} without {name}=, whose default upstream changed from {shown} to "
                f"{text}{_chosen(now, name, text)} ({after.label}, {after.path}{'; ' + commit if commit else ''}): "
                + (
                    f"pass {name}={meant} to keep the behaviour the fork had"
                    if meant
                    else keep_old_advice(name, old[name], text).replace(
                        "the old behaviour", "the behaviour the fork had"
                    )
                ),
            )

    def _store(self, mod: ModuleInfo, node: ast.Attribute, qual: str) -> Iterator[Finding]:
        """``self.X = ...`` meant for a base class that no longer has X (the instance twin of a renamed ClassVar)."""
        name = node.attr
        if name.startswith("__") or _reads_self_attribute(mod, qual, name) or self._subclass_reads(mod, qual, name):
            return  # the fork's own attribute: its class, or a fork class deriving from it, reads it
        found = self._compare(self._member_of(mod.path, qual, name, False))
        if found is not None:
            yield self._finding(
                mod, node.lineno, f"sets self.{name}", found[0], "nothing reads the fork's value any more"
            )

    def _subclass_reads(self, mod: ModuleInfo, qual: str, name: str) -> bool:
        """A fork class deriving from ``qual`` (in any file the fork wrote in) reads ``.name``: the value the
        fork's base class sets is read by its subclass, even where upstream's base no longer has it.  So does
        a read through a receiver typed as ``qual`` or a subclass of it (``self.model.padding_idx`` where
        ``self.model`` is annotated or built as the fork's model class, a parameter ``m: AeonModel``)."""
        setter = self.after.class_info(mod, qual)
        if setter is None:
            return False
        for where in self.inp.fork_lines:
            if not where.endswith(".py") or _not_served(where) or f".{name}" not in (self.inp.merged.text(where) or ""):
                continue
            other = self.after.module_at(where)
            if other is not None and self._typed_reads(other, name, setter):
                return True
            for cls_qual in other.classes if other is not None else ():
                cls = self.after.class_info(other, cls_qual) if other is not None else None
                if cls is None or cls is setter or not _reads_self_attribute(cls.module, cls_qual, name):
                    continue
                if any(base is setter for base in self.after.mro(cls, include_self=False)):
                    return True
        return False

    def _binder_narrowed(self, mod: ModuleInfo, node: ast.Attribute) -> bool:
        """A read of a member upstream stopped setting that runs only where the receiver is of a class that sets it
        itself (``if isinstance(model, AeonModel): model.padding_idx``, the fork's subclass storing it)."""
        return self._narrowed(mod, node, lambda cls: node.attr in self._binds(cls))

    def _narrowed(self, mod: ModuleInfo, node: ast.Attribute, accepts: Callable[[px.ClassInfo], bool]) -> bool:
        """``node`` runs only where ``isinstance(receiver, K)`` holds (an ``if``, an ``and``, an ``assert``, the rest
        after ``if not isinstance(...): return``) for a class K of the tree ``accepts``."""

        def kind(name: str) -> bool:
            cls = _annotated_class(self.after, mod, ast.Name(id=name, ctx=ast.Load()))
            return cls is not None and accepts(cls)

        subject, parents = ast.unparse(node.value), self._parents(mod)
        return isinstance_guarded(node, subject, kind, parents) or kind_ensured(node, subject, kind, parents)

    def _binds(self, cls: px.ClassInfo) -> set[str]:
        """The names the classes of ``cls``'s order in the tree bind themselves (``self.x = ...``, a field): a
        field declared by its annotation alone counts (a dataclass's ``seq_lens: Tensor | None = None``: a read
        of it under ``isinstance(md, AeonMetadata)`` is the fork's own field, review71)."""
        names: set[str] = set()
        for item in self.after.mro(cls):
            if isinstance(item, px.ClassInfo):
                if id(item.node) not in self._bound_attributes:
                    self._bound_attributes[id(item.node)] = _bound_attributes(item.node)
                names |= self._bound_attributes[id(item.node)] | _declared_fields(item.node)
        return names

    def _typed_reads(self, mod: ModuleInfo, name: str, setter: px.ClassInfo) -> bool:
        """A function of ``mod`` reads ``.name`` off a receiver whose class is ``setter`` or derives from it: a
        parameter or local annotated or constructed as one, ``self.attr`` its class annotates or builds so, a
        ``cast(T, x)`` to one, or any receiver under ``isinstance(x, T)`` of one."""
        owners: dict[int, str] = {
            id(stmt): qual
            for qual, node in mod.classes.items()
            for stmt in node.body
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
        }
        for func in ast.walk(mod.tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            reads = [
                n
                for n in ast.walk(func)
                if isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Load)
            ]
            if not reads:
                continue
            local, owner = _local_annotations(func), owners.get(id(func))
            me = func.args.args[0].arg if owner and func.args.args else None
            for read in reads:
                receiver = read.value
                if self._narrowed(mod, read, lambda cls: any(base is setter for base in self.after.mro(cls))):
                    return True
                if isinstance(receiver, ast.Call) and last_name(receiver.func) == "cast" and len(receiver.args) == 2:
                    cls = _annotated_class(self.after, mod, receiver.args[0])
                elif isinstance(receiver, ast.Name) and receiver.id in local and receiver.id != me:
                    cls = _annotated_class(self.after, mod, local[receiver.id])
                elif me is not None and owner and isinstance(receiver, ast.Attribute) and _is_name(receiver.value, me):
                    cls = self._attribute_class(self.after, mod.path, owner, receiver.attr)
                else:
                    continue
                if cls is not None and any(base is setter for base in self.after.mro(cls)):
                    return True
        return False

    def _patch(self, mod: ModuleInfo, node: ast.Attribute, scope: _Scope, stored: bool = True) -> Iterator[Finding]:
        """``module.f = mine``, ``Class.method = mine``, ``config.field = 3``: an assignment to a name
        upstream removed or renamed creates a new attribute that nothing reads, silently (a read of it
        would at least fail).  ``stored``: ``node`` is a real store of the module (not one ``setattr``
        spells, whose slotted store and patched method are judged on the call)."""
        resolver, _ = self._resolver(mod, node, scope)
        found = self._compare(resolver) if resolver is not None else None
        shim = self._shim(mod, node) if found is not None else None
        if found is not None and shim is None and self._held_alike(mod, node, scope, ast.Load):
            shim = "read"  # ``self.model.padding_idx = v`` read back by the class as ``self.model.padding_idx``
        elif found is not None and shim is None and read_after(node, self._parents(mod)):
            shim = "read"  # ``md.seq_lens = v`` then ``md.seq_lens`` in the same function (drift/stored_back.py)
        if found is not None and shim != "fills":  # ``if not hasattr(m, "f"): m.f = ...`` only fills a gap
            # the fork's own reads see its value (a shim of the gone name), yet upstream's code, which read it
            # before, no longer does: a patch of upstream's that now does nothing reads the same (a warning)
            note = _SHIM_OR_PATCH if shim == "read" else "nothing reads the fork's value any more"
            finding = self._finding(mod, node.lineno, f"sets {_show(node)}", found[0], note)
            yield replace(finding, severity=Severity.WARNING) if shim == "read" else finding
        elif isinstance(node.value, ast.Attribute):
            # ``self._fused_experts.flag = v`` reads ``self._fused_experts`` first: an AttributeError once
            # upstream removed it (#40867), though the store's own name is the fork's
            yield from self._reference(mod, node.value, scope)
        if found is None and stored:
            yield from self._slotted_store(mod, node, scope)
            parent = self._parents(mod).get(id(node))
            if isinstance(parent, ast.Assign) and parent.targets == [node]:
                yield from self._patched_method(mod, node, parent.value, scope, node)

    def _set_attribute(self, mod: ModuleInfo, call: ast.Call, scope: _Scope) -> Iterator[Finding]:
        """``setattr(owner, "name", value)`` with a literal name is the store ``owner.name = value``
        (killers222, #35777: ``setattr(mod, "fused_recurrent_gated_delta_rule", kernel)`` on a module bound
        by ``importlib.import_module`` patches a name ``qwen3_next`` no longer imports nor calls): judged as
        that store is (``_store`` for the class's own ``self``, ``_patch`` else).  A name built at run time
        is not read."""
        name = str_value(call.args[1]) if len(call.args) == 3 and not call.keywords else None
        if name is None or not name.isidentifier():
            return
        if _set_where_missing(call, name, self._parents(mod)):
            return  # ``if not hasattr(m, "f"): setattr(m, "f", v)`` fills a gap, as the store does
        if _function_patch(mod.tree, call):
            return  # drift/knobs.py's "function patch": its finding (upstream no longer calls the function)
        target = ast.copy_location(ast.Attribute(value=call.args[0], attr=name, ctx=ast.Store()), call)
        if scope.cls and isinstance(call.args[0], ast.Name) and call.args[0].id == scope.me:
            yield from self._store(mod, target, scope.cls)
        else:
            yield from self._patch(mod, target, scope, stored=False)

    def _set_method(self, mod: ModuleInfo, call: ast.Call, scope: _Scope) -> Iterator[Finding]:
        """``setattr(Cls, "name", func)``: the same monkeypatch as ``Cls.name = func`` (``_patched_method``)."""
        name = str_value(call.args[1]) if len(call.args) == 3 and not call.keywords else None
        if name is None or not name.isidentifier():
            return
        target = ast.Attribute(value=call.args[0], attr=name, ctx=ast.Load())
        yield from self._patched_method(mod, ast.copy_location(target, call), call.args[2], scope, call)

    def _patched_method(
        self, mod: ModuleInfo, target: ast.Attribute, value: ast.expr, scope: _Scope, at: ast.AST
    ) -> Iterator[Finding]:
        """A function of the fork's put onto upstream's class (``CompilationConfig.set_splitting_ops_for_v1 =
        _aeon_set_splitting_ops``): every instance now runs it where upstream's method ran, so it is an
        override of that method and must take what upstream's callers now hand it (#29558: the engine config
        now calls the hook with keywords the fork's function does not take).  The override checks of a
        class's own ``def`` (an inserted parameter, a keyword upstream's caller now hands) run on it, reported
        on its ``def`` line as theirs are: the signature there is what breaks.  A value that is no function
        the fork defines here (a class, a number, upstream's own function), or a method of the fork's own
        class, is left alone."""
        local = self._local_names(scope) if scope.functions else frozenset()
        func = _patching_def(mod, value, scope, local)
        put = func or _patching_def(mod, patched_bases.descriptor_arg(value), scope, local)
        resolver, via = self._resolver(mod, target, scope) if put is not None else (None, "")
        before = resolver(self.before) if resolver is not None else None
        after = resolver(self.after) if resolver is not None else None
        if put is None or not isinstance(before, DefSym) or not isinstance(after, DefSym) or after.owner is None:
            return
        methods = (ast.FunctionDef, ast.AsyncFunctionDef)
        if via != "instance" and isinstance(before.node, methods) and isinstance(after.node, methods):
            yield from self._patch_stopped_below(mod, at, target, after)
        if func is None:
            return
        if (
            not isinstance(before.node, methods)
            or not isinstance(after.node, methods)
            or not self._upstream(after.path)
        ):
            return
        if via == "instance":
            func = _bound_alike(func)  # put on one object, the function is not bound: its first parameter is no self
        problem = self._override_drift(func, before, after)
        said = (
            f"the fork's {func.name}, put on {after.owner.rsplit('.', 1)[-1]} as {after.name}, overrides {after.label}"
        )
        found: Finding | None = None
        if problem is not None:
            note = _UNCERTAIN if isinstance(problem, Uncertain) else "signature"
            found = self._finding(mod, func.lineno, f"{said}, whose parameters changed: {problem}", after, note)
        elif (refused := self._keys_handed(func, before, after, None)) is not None:
            found = _error(mod, func.lineno, f"{said}, {refused}")
        if found is not None and _chosen_by_method(target, at, self._parents(mod)):
            # ``if "new" in inspect.signature(Cls.m).parameters: Cls.m = _new`` / ``else: Cls.m = _old``: the fork
            # looks at upstream's method before it picks a patch, which the engine cannot run
            found = replace(found, severity=Severity.WARNING, message=found.message + _CHOSEN)
        if found is not None:
            yield found

    def _patch_stopped_below(
        self, mod: ModuleInfo, at: ast.AST, target: ast.Attribute, after: DefSym
    ) -> Iterator[Finding]:
        """A fork's patch of a base class's method that upstream now overrides in a subclass
        (drift/patched_bases.py, #41496): instances of that subclass no longer run the fork's function."""
        lines = self.inp.upstream_lines
        below = (
            patched_bases.overridden_below(self.before, self.after, lines, after)
            if isinstance(lines, AddedLines)
            else []
        )
        if below:
            owner = (after.owner or "").rsplit(".", 1)[-1]
            names = ", ".join(name for _, name in below)
            path, first = below[0]
            yield _warning(
                mod,
                getattr(at, "lineno", target.lineno),
                f"fork-owned patch of {ast.unparse(target)} puts the fork's function on {owner}, but upstream gave "
                f"{names} (deriving from {owner}) a {after.name} of its own ({path}; "
                f"{self._commit(path, after.name)}): instances of {'those classes' if len(below) > 1 else 'that class'} "
                f"run upstream's method, not the fork's; patch {first} too if the fork runs on it",
            )

    def _slotted_store(self, mod: ModuleInfo, node: ast.AST, scope: _Scope) -> Iterator[Finding]:
        """``block.tag = v`` (or ``setattr(block, "tag", v)``) with ``block`` typed as a class upstream made
        slotted (drift/slotted.py): #36164's ``@dataclass(slots=True)`` on ``KVCacheBlock`` leaves its instances
        no ``__dict__`` for a name its fields do not declare, so the fork's store raises AttributeError."""
        made = self._slots_added()
        stored = read_only.stored(node) if made else None
        typed = self._typed(mod, stored[0], scope) if stored is not None else None
        after = typed(self.after) if typed is not None else None
        before = typed(self.before) if typed is not None and after is not None else None
        if stored is None or after is None or before is None or slotted.declared(self.after, after, stored[1]):
            return
        changed = [c for c in self.after.mro(after) if isinstance(c, px.ClassInfo) and c.module.path in made]
        if not changed or not slotted.without_dict(self.after, after) or slotted.without_dict(self.before, before):
            return
        parents = self._parents(mod)
        if caught_around(node, slotted.CAUGHT, parents):
            return  # the fork tried the write and kept a fallback
        order = {c.qualname.rsplit(".", 1)[-1] for c in self.after.mro(after) if isinstance(c, px.ClassInfo)}
        if slotted.told_apart(node, stored[0], order, parents) or slotted.installed(mod.tree, order, stored[1]):
            return  # the fork's own subclass under an isinstance test, a test of the dict, a descriptor it installs
        home = changed[0]
        commit = self._commit(home.module.path, home.qualname.rsplit(".", 1)[-1])
        yield _error(
            mod,
            getattr(node, "lineno", 0),
            f"sets {ast.unparse(stored[0])}.{stored[1]}, but upstream made {home.qualname} slotted ({home.module.path}"
            f"{'; ' + commit if commit else ''}): a {after.qualname} has no __dict__ and no slot named "
            f"{stored[1]}, so the store raises AttributeError; keep the value beside the object (a dict keyed by "
            "it), or declare the slot on a fork subclass",
        )

    def _slots_added(self) -> frozenset[str]:
        """The files upstream changed on a line it added declaring slots (``slots=True``, ``__slots__``)."""
        if self._slotted_paths is None:
            lines = self.inp.upstream_lines
            # one search of each diff's text (a removed line's match only costs the class's questions)
            self._slotted_paths = frozenset(
                lines.changes.matching(slotted.SLOTS_LINE, ".py")
                if isinstance(lines, AddedLines)
                else (
                    p for p, added in lines.items() if p.endswith(".py") and any(map(slotted.SLOTS_LINE.search, added))
                )
            )
        return self._slotted_paths

    def _module_attribute(self, mod: ModuleInfo, node: ast.Attribute) -> tuple[str, str] | None:
        """(module, name) for ``m.name`` where ``m`` is a module of the merged tree, or (class, name) where it
        is a class the tree defines (``Worker.old = Worker.new``: the fork's shim on the class, read off it
        after)."""
        owner = self.after.resolve_expr(mod, node.value) if isinstance(node.value, ast.Name | ast.Attribute) else None
        if isinstance(owner, DefSym) and isinstance(owner.node, ast.ClassDef):
            return f"{owner.path}:{owner.name}", node.attr
        return (owner.dotted, node.attr) if isinstance(owner, ModuleSym) else None

    def _held_alike(self, mod: ModuleInfo, node: ast.Attribute, scope: _Scope, ctx: type[ast.expr_context]) -> bool:
        """The enclosing class also stores (``ctx`` ast.Store) or reads (ast.Load) the member off a holder of
        the instance spelled alike (``self.model.padding_idx``): a fork class that
        sets a member upstream dropped from its model, and reads it back, holds its own value (#13240 stopped
        setting ``LlamaModel.padding_idx``; ``self.model.padding_idx = pad`` then a read of it is the fork's).
        Only a holder reached off the instance (``self.x``), not a name a function binds anew."""
        holder = node.value
        if not (
            isinstance(holder, ast.Attribute) and isinstance(holder.value, ast.Name) and holder.value.id == scope.me
        ):
            return False
        cls = self.after.class_info(mod, scope.cls) if scope.cls else None
        tree = cls.node if cls is not None else None
        if tree is None:
            return False
        for method in (n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            me = method.args.args[0].arg if method.args.args else None
            for other in ast.walk(method):
                if (
                    other is not node
                    and isinstance(other, ast.Attribute)
                    and isinstance(other.ctx, ctx)
                    and other.attr == node.attr
                    and isinstance(other.value, ast.Attribute)
                    and other.value.attr == holder.attr
                    and isinstance(other.value.value, ast.Name)
                    and other.value.value.id == me
                ):
                    return True
        return False

    def _shim(self, mod: ModuleInfo, node: ast.Attribute) -> str | None:
        """How the fork's store of ``m.name`` stands: "fills" (only where ``m`` lacks it), "read" (the
        fork's own lines read it), or None."""
        key = self._module_attribute(mod, node)
        shims = self._fork_shims()
        if key is None or key not in shims.stored:
            return None
        return "fills" if shims.stored[key] else "read" if key in shims.read else None

    def _fork_shims(self) -> _Shims:
        """The module attributes the fork's own lines set (``utils.f = mine``; True: only under ``if not
        hasattr(utils, "f")``) and, of those, the ones its own lines read: walked once, for every file."""
        if self._shims is None:
            stores, loads = self._fork_attribute_nodes()
            shims = _Shims({}, set(), set())
            first: dict[tuple[str, tuple[str, str]], int] = {}  # (path, key) -> the file's first store run on import
            for mod, node, filling, deferred in stores:
                if (key := self._module_attribute(mod, node)) is not None:
                    shims.stored[key] = shims.stored.get(key, True) and filling
                    where = (mod.path, key)
                    line = 1 << 30 if deferred else node.lineno
                    first[where] = min(first.get(where, line), line)
            names = {name for _, name in shims.stored}
            for mod, node, deferred in loads:
                key = self._module_attribute(mod, node) if node.attr in names else None
                if node.attr in names and key is None:
                    key = self._instance_member(mod, node)  # ``worker.old()`` reads a class's shim too
                if key in shims.stored and key is not None:
                    # ``orig = m.f`` (or ``m.f = wrap(m.f)``) run on import before the file's own store reads
                    # upstream's name, not the shim: #40183's patch kept the removed loader that way
                    if not deferred and node.lineno <= first.get((mod.path, key), 0):
                        shims.early.add(id(node))
                    else:
                        shims.read.add(key)
            self._shims = shims
        return self._shims

    def _instance_member(self, mod: ModuleInfo, node: ast.Attribute) -> tuple[str, str] | None:
        """(class, name) of the member ``node`` read at the merge base off an instance (``self.old`` in a
        subclass, ``worker.old`` off a receiver typed as the class), in the scope the walk gives ``node``."""
        resolver = self._resolver(mod, node, self._scope_at(mod, node))[0]
        gone = resolver(self.before) if resolver is not None else None
        return (f"{gone.path}:{gone.owner}", gone.name) if isinstance(gone, DefSym) and gone.owner else None

    def _scope_at(self, mod: ModuleInfo, node: ast.AST) -> _Scope:
        """The scope the walk (``_statement``) holds at ``node``: its classes and functions, outermost first."""
        parents, chain = self._parents(mod), []
        current = parents.get(id(node))
        while current is not None:
            if isinstance(current, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                chain.append(current)
            current = parents.get(id(current))
        scope = _Scope()
        for stmt in reversed(chain):
            if isinstance(stmt, ast.ClassDef):
                qual = f"{scope.cls}.{stmt.name}" if scope.cls else stmt.name
                scope = _Scope(qual, None, scope.functions)
            elif scope.cls and not scope.functions:  # a method: its first parameter is the instance (or class)
                me = stmt.args.args[0].arg if stmt.args.args and not is_static(stmt) else None
                scope = _Scope(scope.cls if me else None, me, [stmt])
            else:
                scope = _Scope(scope.cls, scope.me, [*scope.functions, stmt])
        return scope

    def _fork_attribute_nodes(
        self,
    ) -> tuple[list[tuple[ModuleInfo, ast.Attribute, bool, bool]], list[tuple[ModuleInfo, ast.Attribute, bool]]]:
        """The attribute stores (with: only where hasattr said no) and loads on the fork's own lines, each with
        whether it runs later than the import (inside a def or lambda)."""
        stores: list[tuple[ModuleInfo, ast.Attribute, bool, bool]] = []
        loads: list[tuple[ModuleInfo, ast.Attribute, bool]] = []
        for path, lines in self.inp.fork_lines.items():
            mod = self.after.module_at(path) if path.endswith(".py") else None
            if mod is None:
                continue
            owned = _owned_lines(mod.text, lines)
            filling, later = _filled_if_missing(mod.tree), _deferred_nodes(mod.tree)
            for node in ast.walk(mod.tree):
                if isinstance(node, ast.Attribute) and node.lineno in owned:
                    if isinstance(node.ctx, ast.Store):
                        stores.append((mod, node, id(node) in filling, id(node) in later))
                    else:
                        loads.append((mod, node, id(node) in later))
        return stores, loads

    def _bound_probes(self, mod: ModuleInfo, scope: _Scope) -> dict[str, ast.Call]:
        """The scope's locals bound once to ``getattr(x, "name", None)``: a test of one asks what the inline
        test asks (``fn = getattr(p, "n", None)`` then ``if fn is not None: p.n()``)."""
        where: ast.AST = scope.functions[-1] if scope.functions else mod.tree
        if id(where) not in self._probes:
            self._probes[id(where)] = bound_probes(where)
        return self._probes[id(where)]

    def _shimmed(self, mod: ModuleInfo, exprs: list[ast.expr], scope: _Scope) -> set[int]:
        """The ids of the reads of ``m.name`` that the fork's own lines set somewhere (``m.name = ...``): a
        name upstream dropped from ``m`` is still there for them (the fork's shim; its store is judged itself).
        A shim on a class (``Worker.old = Worker.new``) serves its instances too: ``self.old()`` in a subclass,
        ``worker.old`` off a receiver typed as the class."""
        shims = self._fork_shims()
        if not shims.stored:
            return set()
        names = {name for _, name in shims.stored}
        found: set[int] = set()
        for expr in exprs:
            for node in ast.walk(expr):
                if not isinstance(node, ast.Attribute) or node.attr not in names or id(node) in shims.early:
                    continue
                key = self._module_attribute(mod, node)
                if key is None:
                    resolver = self._resolver(mod, node, scope)[0]
                    gone = resolver(self.before) if resolver is not None else None
                    if isinstance(gone, DefSym) and gone.owner is not None:
                        key = f"{gone.path}:{gone.owner}", gone.name
                if key in shims.stored:
                    found.add(id(node))
        return found

    def _base_name(self, mod: ModuleInfo, base: ast.expr, scope: _Scope) -> Iterator[Finding]:
        """``class Mine(OldName)`` where upstream renamed or removed OldName (and the import that bound it)."""
        if not isinstance(base, ast.Name) or base.id in mod.names:
            return  # bound by an import: the import is checked (and reported) itself
        resolver, _ = self._resolver(mod, base, scope)
        found = self._compare(resolver) if resolver is not None else None
        if found is not None:
            yield self._finding(mod, base.lineno, f"derives from {base.id}", found[0], None)

    def _unclassed(self, mod: ModuleInfo, expr: ast.expr, scope: _Scope, verb: str) -> Iterator[Finding]:
        """A class the fork derives from or tests against, which upstream turned into a function (#41184:
        ``FusedMoE`` a factory): TypeError at import, or where the test runs (drift/unclassed.py)."""
        resolver, _ = self._resolver(mod, expr, scope)
        if resolver is None:
            return
        before, after = resolver(self.before), resolver(self.after)
        if not isinstance(after, DefSym) or not self._upstream(after.path):
            return
        home = self.after.module_at(after.path)
        if home is not None and unclassed(before, after, home.bound_once):
            what = (
                f"{verb} {_show(expr)}, which upstream turned from a class into a function ({after.path}): "
                "a class statement or isinstance/issubclass with it raises TypeError; use the class it returns"
            )
            verdict = spared(mod.tree, expr)
            if verdict == "quiet":
                return
            found = self._finding(mod, expr.lineno, what, after, "signature")
            yield replace(found, severity=Severity.WARNING) if verdict == "warn" else found

    def _made_callable(self, mod: ModuleInfo, expr: ast.Name | ast.Attribute, scope: _Scope) -> Iterator[Finding]:
        """A module's flag the fork tests for its truth, which upstream now binds to a function (#20187:
        ``fp8_utils.has_deep_gemm``): always true (drift/callable_flags.py)."""
        resolver, _ = self._resolver(mod, expr, scope)
        if resolver is None:
            return
        before, after = resolver(self.before), resolver(self.after)
        if not isinstance(before, DefSym) or not self._upstream(before.path) or not made_callable(before, after):
            return
        assert isinstance(after, DefSym)
        verdict = flag_spared(mod.tree, expr, self._parents(mod))
        if verdict == "quiet":
            return
        what = (
            f"tests {_show(expr)} for its truth, which upstream turned from a value into the function "
            f"{after.name}() ({after.path}): a function object is always true, so the test always holds; call it"
        )
        found = self._finding(mod, expr.lineno, what, after, "signature")
        yield replace(found, severity=Severity.WARNING) if verdict == "warn" else found

    def _reference(self, mod: ModuleInfo, node: ast.Attribute, scope: _Scope) -> Iterator[Finding]:
        resolver, via = self._resolver(mod, node, scope)
        if resolver is None:
            return
        found = self._compare(resolver)
        if found is not None and self._own_extra(mod, node.value, node.attr, node.lineno, scope):
            return
        if found is not None and self._held_alike(mod, node, scope, ast.Store):
            return  # the fork stores the member itself on the same holder: the read gets the fork's value
        if found is not None and (self._binder_narrowed(mod, node) or stored_first(node, self._parents(mod))):
            return  # drift/stored_back.py: the function stored it on the same name first
        if found is not None:
            yield self._finding(mod, node.end_lineno or node.lineno, f"uses {_show(node)}", found[0], None)
            return
        before, after = resolver(self.before), resolver(self.after)
        if before is UNKNOWN and after is MISSING and (retyped := self._retyped_holder(mod, node, scope)):
            yield retyped
            return
        if after is UNKNOWN and (gone := self._gone_owner(mod, node, scope)) is not None:
            yield self._finding(mod, node.end_lineno or node.lineno, f"uses {_show(gone[0])}", gone[1], None)
            return
        if after is UNKNOWN and isinstance(before, DefSym) and (note := self._made_up(before)) is not None:
            line, on_instance = node.end_lineno or node.lineno, _on_instance(node, scope, via)
            made_up = self._made_up_finding(mod, line, f"uses {_show(node)}", before, note, on_instance)
            if not (_answered(made_up) and _value_tested(node, self._parents(mod))):
                yield made_up  # ``if x.name is not None:`` where __getattr__ answers None: the test is the fork's
            return
        if isinstance(before, DefSym) and (unfilled := self._unfilled(after)) is not None:
            yield _error(mod, node.end_lineno or node.lineno, f"reads {_show(node)}, which {unfilled}")
            return
        if (
            isinstance(before, DefSym)
            and isinstance(after, DefSym)
            and _kind(before.node) == _PROPERTY
            and _kind(after.node) in (_FUNCTION, _COROUTINE)
            and self._upstream(after.path)
        ):
            yield self._finding(
                mod,
                node.end_lineno or node.lineno,
                f"reads {_show(node)}, which upstream turned from a property into a method: the read is the "
                "bound method (always true), not its value; call it",
                after,
                "signature",
            )

    def _stale_value_test(self, mod: ModuleInfo, node: ast.Attribute, scope: _Scope) -> Iterator[Finding]:
        """``set(Model.packed_modules_mapping) == {...}`` (drift/stale_value_tests.py): a fork equality test of
        a class attribute's literal value, or its keys, length or order, against a literal the base's value
        gave and upstream's no longer does (#35413).  Only a read inside such a test is resolved."""
        test = stale_value_tests.literal_test(node, self._parents(mod))
        resolver = self._resolver(mod, node, scope)[0] if test is not None else None
        before = resolver(self.before) if resolver is not None else None
        after = resolver(self.after) if resolver is not None and isinstance(before, DefSym) else None
        if test is None or not isinstance(before, DefSym) or not isinstance(after, DefSym):
            return
        old, new = refused.member_value_of(before.node), refused.member_value_of(after.node)
        if not self._upstream(after.path) or not stale_value_tests.flipped(test, old, new):
            return
        if node.attr in self._stored_names(mod):
            return  # the fork's module sets the attribute itself: the value tested may be its own
        what = f"{test.made}({_show(node)})" if test.made and test.made != "keys" else _show(node)
        what = f"{_show(node)}.keys()" if test.made == "keys" else what
        branched = stale_value_tests.branched(test.compare, self._parents(mod))
        outcome = (
            "the branch the fork wrote for the other outcome now runs"
            if branched
            else ("the test now has the other outcome on every path")
        )
        yield (_warning if branched else _error)(
            mod,
            test.compare.lineno,
            f"tests {what} against {before.label}'s old value, which upstream changed "
            f"({_where(after, self._commit(after.path, after.name))}): {outcome}; test what upstream's value "
            "holds now, or what the fork needs of it",
        )

    def _stored_names(self, mod: ModuleInfo) -> frozenset[str]:
        """The attribute names the fork's module sets (stale_value_tests.stored_names), read once a module."""
        if mod.path not in self._stored_memo:
            self._stored_memo[mod.path] = stale_value_tests.stored_names(mod.tree)
        return self._stored_memo[mod.path]

    def _retyped_holder(
        self, mod: ModuleInfo, node: ast.Attribute, scope: _Scope, verb: str = "reads"
    ) -> Finding | None:
        """``self.compilation_config.custom_ops`` in a fork pass, where upstream made the base's holder a class
        it added in the change, lacking the member (#27041, drift/rebased.py); before, the holder's class was
        not known (a proxy).  A holder whose class upstream already had is only a warning (its type may have
        been something else than the engine can tell), unless the merge base built it only as outside
        classes (``_was_outside_class``); a member the fork's module stores itself stays quiet.
        The same for a call (``self.profiler.key_averages()``, #28987: a ``torch.profiler.profile`` made the
        project's ``TorchProfilerWrapper``).  The holder's class is the first one its class builds it as;
        when that class builds it in another branch as a class that has the member, the read may run on
        that one (quiet), and as something not known (an outside class, a factory's result), maybe (a
        warning)."""
        typed = self._typed(mod, node.value, scope)
        new = typed(self.after) if typed is not None else None
        if new is None or not self._upstream(new.module.path) or self._holder_filled(mod, node, new):
            return None
        if typed is not None and typed(self.before) is not None:
            return None  # the holder's class was known: a member removed from it is _compare's
        built = self._holder_builds(mod, node.value, scope)
        if any(c is not None and self.after.member(self.after.mro(c), node.attr) is not MISSING for c in built):
            return None  # another branch builds the holder as a class that has the member
        old_mod = self.base_ix.module_at(new.module.path)
        added = old_mod is None or self.base_ix.class_info(old_mod, new.qualname) is None
        commit = self._commit(new.module.path, new.qualname)
        where = f"{new.module.path}; {commit}" if commit else new.module.path
        message = (
            f"{verb} {_show(node)}, but upstream now makes {_show(node.value)} a {new.qualname} ({where}), "
            f"which has no {node.attr}: AttributeError; {'read' if verb == 'reads' else 'call'} it where "
            "upstream keeps it"
        )
        sure = (
            (added or self._was_outside_class(mod, node.value, scope))
            and _served_by_tree(self.after, new)
            and None not in built
            and not self._built_elsewhere(mod, node.value, scope, self._lost_builds(mod, node.value, scope))
        )
        # a _Gone: a hasattr or try/except AttributeError around the read excuses it, as for a removed member
        return _as(_Gone, (_error if sure else _warning)(mod, node.end_lineno or node.lineno, message))

    def _was_outside_class(self, mod: ModuleInfo, holder: ast.expr, scope: _Scope) -> bool:
        """The merge base built the holder only as outside classes (``self.pool = ThreadPoolExecutor(...)``
        made the project's older ``WorkerPool``): its type was known, and it was not the project's class
        upstream builds now, so a member that class lacks is a change the merge brings even though the class
        itself is not new.  A value the base built otherwise (a factory's result, an outside function such as
        ``weakref.proxy``, a name) may have been that class already: not known."""
        before_mod = self.before.module_at(mod.path)
        was = self._holder_values(self.before, before_mod, holder, scope) if before_mod is not None else []
        for home, value in was:
            name = _built_name(self.before, home, value.func) if isinstance(value, ast.Call) else None
            if name is None or ":" in name or not name.rsplit(".", 1)[-1][:1].isupper():
                return False
        return bool(was)

    def _holder_builds(self, mod: ModuleInfo, holder: ast.expr, scope: _Scope) -> list[px.ClassInfo | None]:
        """Every class upstream's code builds the holder ``x.attr`` as (``self.attr = Cls(...)``), in the class
        of ``x``'s order that binds ``attr`` first; None for a value that is not a call of a class of the tree
        (an outside class, a factory's result, a name).  A None value builds nothing; [] when no class of the
        order is read here."""
        return [self._built_class(home, value) for home, value in self._holder_values(self.after, mod, holder, scope)]

    def _holder_values(
        self, ix: Index, mod: ModuleInfo, holder: ast.expr, scope: _Scope
    ) -> list[tuple[ModuleInfo, ast.expr]]:
        """The values ``ix``'s code stores in the holder ``x.attr`` (a None aside), with the module of each, in
        the class of ``x``'s order that binds ``attr`` first."""
        if not isinstance(holder, ast.Attribute):
            return []
        if scope.cls and isinstance(holder.value, ast.Name) and holder.value.id == scope.me:
            home = ix.module_at(mod.path)
            cls = ix.class_info(home, scope.cls) if home is not None else None
        else:
            outer = self._typed(mod, holder.value, scope)
            cls = outer(ix) if outer is not None else None
        for item in ix.mro(cls) if cls is not None else []:
            if isinstance(item, px.ClassInfo) and holder.attr in _bound_attributes(item.node):
                return [(item.module, value) for value in _self_values(item.node, holder.attr)]
        return []

    def _built_class(self, home: ModuleInfo, value: ast.expr) -> px.ClassInfo | None:
        if not isinstance(value, ast.Call) or not isinstance(value.func, (ast.Name, ast.Attribute)):
            return None
        return self.after.class_of(self.after.resolve_expr(home, value.func))

    def _dead_test(self, mod: ModuleInfo, call: ast.Call, scope: _Scope) -> Iterator[Finding]:
        """``if isinstance(self.profiler, torch.profiler.profile):`` in a fork worker, where upstream's class no
        longer builds the holder as that class in any branch (#28987 made it the project's
        ``TorchProfilerWrapper``): the test is never true and the fork's branch never runs, silently.  An error
        only for an ``if`` with no ``else`` (an ``else`` handles what upstream builds now), when the merge base
        built the holder as the tested class, every value upstream stores in it now is a call of a class the
        engine names, and none of those classes derives from the tested one (an outside base of the same name
        may: quiet).  A holder the fork's module stores itself stays quiet."""
        if not (isinstance(call.func, ast.Name) and call.func.id == "isinstance" and len(call.args) == 2):
            return
        holder, tested = call.args
        if not isinstance(holder, ast.Attribute) or not isinstance(tested, (ast.Name, ast.Attribute)):
            return
        branch = self._tested_branch(mod, call)
        if branch is None or branch.orelse or stored_anywhere(mod.tree, holder.attr):
            return
        if self._handled_past(mod, branch, holder):
            return  # the rest of the block, after a branch that exits, handles what upstream builds now
        wanted = _built_name(self.after, mod, tested)
        before_mod = self.before.module_at(mod.path)
        if wanted is None or before_mod is None:
            return
        was = {
            _built_name(self.before, home, v.func)
            for home, v in self._holder_values(self.before, before_mod, holder, scope)
            if isinstance(v, ast.Call)
        }
        now = self._holder_values(self.after, mod, holder, scope)
        names = [_built_name(self.after, home, v.func) if isinstance(v, ast.Call) else None for home, v in now]
        if wanted not in was or not names or None in names or wanted in names:
            return
        built = [c for home, v in now if (c := self._built_class(home, v)) is not None]
        short = wanted.rsplit(".", 1)[-1].rsplit(":", 1)[-1]
        for cls in built:
            for item in self.after.mro(cls):
                if isinstance(item, px.External) and item.name.rsplit(".", 1)[-1] == short:
                    return  # an outside base of the tested name: it may be the very class
                if isinstance(item, px.ClassInfo) and f"{item.module.path}:{item.qualname}" == wanted:
                    return
        fresh = {
            f"{item.module.path}:{item.qualname}"
            for cls in built
            if f"{cls.module.path}:{cls.qualname}" not in was
            for item in self.after.mro(cls)
            if isinstance(item, px.ClassInfo)
        }
        if self._tested_otherwise(mod, call, holder, fresh):
            return  # a test of its own for what upstream builds now (or a base of it)
        shown = ", ".join(sorted({n.rsplit(":", 1)[-1] for n in names if n}))
        home = now[0][0]
        message = (
            f"fork-owned {ast.unparse(call)} tests for a class upstream no longer builds {_show(holder)} as: "
            f"it now builds {shown} ({home.path}): the test is never true and the branch never runs; test for "
            "what upstream builds now"
        )
        if self._built_elsewhere(mod, holder, scope, {wanted}):
            yield _warning(mod, call.lineno, message + " (unless the receiver holds another class that still does)")
        elif branch.test is not call:
            # and-ed with the fork's own condition, maybe a gate for the older upstream (``_PRE_28987 and ...``)
            yield _warning(mod, call.lineno, message + " (unless the rest of the test keeps it for an older upstream)")
        else:
            yield _error(mod, call.lineno, message)

    def _dead_result_test(self, mod: ModuleInfo, call: ast.Call, scope: _Scope) -> Iterator[Finding]:
        """``if isinstance(compiled, fx.GraphModule):`` of a local bound once to a call (``compiled =
        super().__call__(graph, inputs)``, a method off a receiver typed as its class) whose upstream def no
        longer returns the tested class on any path (#24274 made the compile backend's ``__call__`` return a
        serializable function's class built on each path, where it returned the split ``GraphModule``): the test
        is never true and the fork's branch never runs, silently.  An error only for an ``if`` with no ``else``
        when every return of the new def is None or a build of a class the engine names, none of them the
        tested class or deriving from it (an outside base of the tested name may be it: quiet), and the old
        def's were not all so; a warning when only the new annotation names such a class (the body returns
        what calls give), when the test is and-ed with the fork's own condition, or off a receiver that may
        hold a subclass whose override does the work.  Quiet under a version test (a path per release)."""
        local, tested = call.args if _isinstance_call(call) else (None, None)
        inner = scope.functions[-1] if scope.functions else None
        if not isinstance(local, ast.Name) or not isinstance(tested, ast.Name | ast.Attribute):
            return
        if not isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
            return
        branch = self._tested_branch(mod, call)
        if branch is None or branch.orelse or path_per_version(call, self._parents(mod)):
            return
        made = self._bound_call(inner, local.id)
        resolver = self._resolver(mod, made.func, scope)[0] if made is not None else None
        before, after = (resolver(self.before), resolver(self.after)) if resolver is not None else (None, None)
        wanted = _built_name(self.after, mod, tested)
        if not isinstance(before, DefSym) or not isinstance(after, DefSym) or wanted is None or made is None:
            return
        if not self._upstream(after.path) or _hooked(self.after, wanted):
            return
        if _never_returns(self.before, before, wanted) is not None:
            return  # dead before the merge too: not upstream's change
        now = _never_returns(self.after, after, wanted)
        if now is None:
            return
        shown, sure = now
        message = (
            f"fork-owned {ast.unparse(call)} tests what {_show(made.func)} returns for a class {after.label} "
            f"({after.path}) no longer returns on any path: it now returns {shown}; the test is never true and the "
            "branch never runs: test for what it returns now"
        )
        if not sure:
            yield _warning(
                mod, call.lineno, message + " (upstream's annotation says so; the body returns what calls give)"
            )
        elif branch.test is not call:
            yield _warning(mod, call.lineno, message + " (unless the rest of the test keeps it for an older upstream)")
        elif not _is_super_call(made) and self._done_elsewhere(after):
            yield _warning(mod, call.lineno, message + " (unless the receiver is a subclass whose override still does)")
        else:
            yield _error(mod, call.lineno, message)

    def _bound_call(self, func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.Call | None:
        """The call ``func`` binds ``name`` to, once and nowhere else (``x = f(...)`` or ``x = await f(...)``)."""
        held = self._bound.get(id(func))
        if held is None:
            held = self._bound[id(func)] = names_bound_once(func)
        value = held.get(name)
        value = value.value if isinstance(value, ast.Await) else value
        return value if isinstance(value, ast.Call) else None

    def _lost_builds(self, mod: ModuleInfo, holder: ast.expr, scope: _Scope) -> set[str]:
        """What the merge base built the holder as and upstream no longer does (``_built_name``'s names)."""
        before_mod = self.before.module_at(mod.path)
        was = self._holder_values(self.before, before_mod, holder, scope) if before_mod is not None else []
        now = self._holder_values(self.after, mod, holder, scope)
        built = {_built_name(self.after, home, v.func) for home, v in now if isinstance(v, ast.Call)}
        return {
            n for home, v in was if isinstance(v, ast.Call) and (n := _built_name(self.before, home, v.func))
        } - built

    def _built_elsewhere(self, mod: ModuleInfo, holder: ast.expr, scope: _Scope, lost: set[str]) -> bool:
        """A receiver typed as the class (not ``self`` in the fork's own class) may hold an instance of a
        subclass that builds the holder itself: #28987's ``CPUWorker(Worker)`` still sets ``self.profiler =
        torch.profiler.profile(...)``.  True when a line of upstream's tree still stores one of the classes
        ``lost`` (what the merge base built the holder as, and upstream's class no longer does) into an
        attribute of that name, or when upstream's tree cannot be searched."""
        if not isinstance(holder, ast.Attribute):
            return False
        if scope.cls and isinstance(holder.value, ast.Name) and holder.value.id == scope.me:
            return False
        shorts = sorted({n.rsplit(":", 1)[-1].rsplit(".", 1)[-1] for n in lost})
        if not shorts:
            return False
        theirs = self.inp.theirs
        if not isinstance(theirs, WordSearchable):
            return True
        stores = re.compile(
            rf"\.{re.escape(holder.attr)}\s*(?::[^=\n]*)?=\s*(?:[\w.]+\.)?(?:{'|'.join(map(re.escape, shorts))})\s*\("
        )
        return any(stores.search(line) for _, line in theirs.word_lines(holder.attr))

    def _handled_past(self, mod: ModuleInfo, branch: ast.If, holder: ast.expr) -> bool:
        """The branch ends in a jump (``return``, ``raise``, ``continue``, ``break``) and statements after the
        ``if`` in its block use the holder: they are its ``else``, the fork's handling of what upstream builds
        now (``self.profiler.stop()``); a bare ``return False`` after it handles nothing."""
        if not branch.body or not isinstance(branch.body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break)):
            return False
        block = self._parents(mod).get(id(branch))
        for slot in ("body", "orelse", "finalbody"):
            stmts = getattr(block, slot, None)
            if isinstance(stmts, list) and any(stmt is branch for stmt in stmts):
                shown = ast.unparse(holder)
                rest = stmts[next(i for i, stmt in enumerate(stmts) if stmt is branch) + 1 :]
                return any(
                    isinstance(node, ast.Attribute) and ast.unparse(node) == shown
                    for stmt in rest
                    for node in ast.walk(stmt)
                )
        return False

    def _tested_otherwise(self, mod: ModuleInfo, call: ast.Call, holder: ast.expr, fresh: set[str]) -> bool:
        """The enclosing function also tests the same holder against a class upstream builds it as now and
        the merge base did not, or a base of one (``if isinstance(self.profiler, TorchProfilerWrapper):`` beside
        the dead test): the fork handles both upstreams.  A sibling test for a class both build (the CUDA
        wrapper) leaves the new one unhandled."""
        parents = self._parents(mod)
        function: ast.AST | None = call
        while function is not None and not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = parents.get(id(function))
        shown = ast.unparse(holder)
        for node in ast.walk(function) if function is not None else ():
            if not (
                isinstance(node, ast.Call)
                and node is not call
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and len(node.args) == 2
                and ast.unparse(node.args[0]) == shown
            ):
                continue
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            if any(_built_name(self.after, mod, kind) in fresh for kind in kinds):
                return True
        return False

    def _tested_branch(self, mod: ModuleInfo, call: ast.Call) -> ast.If | None:
        """The ``if`` whose test is ``call`` (or an ``and`` of it): the branch that runs only when it is true."""
        parents = self._parents(mod)
        test: ast.AST = call
        parent = parents.get(id(call))
        if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.And):
            test, parent = parent, parents.get(id(parent))
        return parent if isinstance(parent, ast.If) and parent.test is test else None

    def _holder_filled(self, mod: ModuleInfo, node: ast.Attribute, new: px.ClassInfo) -> bool:
        """The member may be there after all: the fork's module stores it (``x.attr = ...``, ``setattr``), a
        fork file stores it on the new class itself (a shim), the new class (or a base) makes members by computed names,
        or the read runs only where the holder is another class (``isinstance(holder, CompilationConfig)``)."""
        order = self.after.linearized(new)
        if stored_anywhere(mod.tree, node.attr) or any(
            isinstance(c, px.ClassInfo) and fills_dynamically(c.node) for c in order
        ):
            return True
        short = new.qualname.rsplit(".", 1)[-1]
        if self._shimmed_on(short, node.attr):
            return True
        return isinstance_guarded(node, ast.unparse(node.value), lambda name: name != short, parent_map(mod.tree))

    def _shimmed_on(self, cls: str, attr: str) -> bool:
        """A fork file (as merged) stores ``cls.attr``: it patches the member onto upstream's class."""
        for where in self.inp.fork_lines:
            text = self.inp.merged.text(where) if where.endswith(".py") else None
            if not text or cls not in text or attr not in text:
                continue
            found = self.after.module_at(where)
            if found is not None and class_member_stored(found.tree, cls, attr):
                return True
        return False

    def _gone_owner(
        self, mod: ModuleInfo, expr: ast.expr, scope: _Scope
    ) -> tuple[ast.Attribute, DefSym | ModuleSym] | None:
        """``ops.Runner.step``: the prefix (``ops.Runner``) upstream removed, which the chain's outermost
        use (unknown after the merge: its owner is gone) hides; a name's prefix is its import's."""
        current = expr.value if isinstance(expr, ast.Attribute) else None
        while isinstance(current, ast.Attribute):
            resolver, _ = self._resolver(mod, current, scope)
            found = self._compare(resolver) if resolver is not None else None
            if found is not None and (self._binder_narrowed(mod, current) or stored_first(current, self._parents(mod))):
                return None  # the prefix is the fork's own there (its class's field, or its store first)
            if found is not None:
                return current, found[0]
            current = current.value
        return None

    def _resolver(self, mod: ModuleInfo, expr: ast.expr, scope: _Scope) -> tuple[Resolver | None, str]:
        """How to resolve ``expr`` in any tree's index, and how a call through it binds: made once per
        expression and scope.  A chain's prefixes are each resolved again (``_gone_owner`` asks every one),
        and each resolution of a prefix resolved the prefixes below it anew: a fork line reading a chain of
        200 attributes cost seconds (cubic in its length; drift_fuzz.py's ``chains``)."""
        key = (id(mod), id(expr), id(scope))
        held = self._resolvers.get(key)
        if held is None:  # the objects are kept with the answer: their ids stay theirs
            held = self._resolvers[key] = (mod, expr, scope, self._resolve(mod, expr, scope))
        return held[3]

    def _resolve(self, mod: ModuleInfo, expr: ast.expr, scope: _Scope) -> tuple[Resolver | None, str]:
        if isinstance(expr, ast.Name):
            if expr.id in self._local_names(scope):
                found = self._local_import(mod, expr.id, scope)
                if found[0] is not None and _rebound_within(expr, self._parents(mod)):
                    return None, ""  # ``lambda mod: mod.X`` in a function importing ``mod``: the parameter
                return found
            if not scope.functions and id(expr) in self._inner_bound(mod):
                return None, ""  # ``lambda attn_utils: attn_utils.X`` at module or class level: the parameter
            if expr.id in px.BUILTINS and expr.id not in mod.names:
                return None, ""
            if scope.cls and not scope.functions and self._class_binds(mod, scope.cls, expr.id):
                return None, ""  # a class body: its names shadow the module's
            dotted, name = mod.dotted, expr.id
            return (lambda ix: ix.resolve(dotted, name)), "plain"
        if not isinstance(expr, ast.Attribute):
            return None, ""
        owner = expr.value
        if scope.cls and isinstance(owner, ast.Name) and owner.id == scope.me:
            return self._member_of(mod.path, scope.cls, expr.attr, True), "instance"
        if scope.cls and is_super(owner):
            return self._member_of(mod.path, scope.cls, expr.attr, False), "instance"
        typed = None if self._module_by_call(mod, owner, scope) else self._typed(mod, owner, scope)
        if typed is not None:
            held = self._typed(mod, owner, scope, held=True)
            if held is not None and held(self.after) is not None:
                return _instance_member(held, expr.attr), "class"  # ``backend: type[AttentionBackend]``
            return _instance_member(typed, expr.attr), "instance"
        inner, _ = self._resolver(mod, owner, scope)
        if inner is None:
            return None, ""
        attr = expr.attr
        owner_sym = inner(self.after)
        via = (
            "instance"
            if isinstance(owner_sym, DefSym)
            and isinstance(owner_sym.node, (ast.Assign, ast.AnnAssign))
            and not self.after.chosen_classes(owner_sym)  # ``CudaPlatform``: an alias of classes
            else "class"
        )
        # ``Cls.name(obj, ...)``: a call through the class needs a class-level member (#31869); a read or a store
        # through it (a patch of a descriptor instances use, a probe) keeps counting what instances bind
        parent = self._parents(mod).get(id(expr))
        instance = not (isinstance(parent, ast.Call) and parent.func is expr)
        return (lambda ix: _attribute(ix, inner(ix), attr, instance)), via

    def _module_by_call(self, mod: ModuleInfo, owner: ast.expr, scope: _Scope) -> bool:
        """``owner`` is a local bound by ``importlib.import_module("a.b")`` alone (``_imports_by_call``): a
        module, read as its import would be, not as the ``ModuleType`` the call is typed to return."""
        if not (
            isinstance(owner, ast.Name)
            and self._text_says(mod, "import_module(")
            and owner.id in self._local_names(scope)
        ):
            return False
        return self._local_import(mod, owner.id, scope)[0] is not None

    def _inner_bound(self, mod: ModuleInfo) -> frozenset[int]:
        if id(mod.tree) not in self._bound_inner:
            self._bound_inner[id(mod.tree)] = _inner_bound_names(mod.tree)
        return self._bound_inner[id(mod.tree)]

    def _class_binds(self, mod: ModuleInfo, qualname: str, name: str) -> bool:
        """The class body binds ``name`` itself (then it shadows the module's); an unknown class may."""
        node = mod.classes.get(qualname)
        if node is None:
            return True
        if id(node) not in self._body_names:
            self._body_names[id(node)] = _body_names(node)
        return name in self._body_names[id(node)]

    def _typed(
        self,
        mod: ModuleInfo,
        owner: ast.expr,
        scope: _Scope,
        held: bool = False,
        depth: int = 0,
        narrow: bool = True,
    ) -> Callable[[Index], px.ClassInfo | None] | None:
        """The class of an instance by its annotation: ``self.runner: GPUModelRunner``, ``def f(x: Foo)``;
        with ``held``, the class a name holds itself (``backend: type[AttentionBackend]``, or a factory's
        ``-> type[...]``), whose members are looked up as on the class."""
        if (
            scope.cls
            and isinstance(owner, ast.Attribute)
            and isinstance(owner.value, ast.Name)
            and owner.value.id == scope.me
        ):
            path, qual, attr = mod.path, scope.cls, owner.attr
            return lambda ix: self._attribute_class(ix, path, qual, attr, held)
        if isinstance(owner, ast.Call) and isinstance(owner.func, (ast.Name, ast.Attribute)) and not held:
            # ``get_kv_transfer_group().handle_preemptions(...)``: the factory's return annotation, as for
            # a name bound to its call
            path, factory = mod.path, owner.func
            method = self._method_result(mod, owner.func, scope, depth)
            if method is not None:
                return method
            return lambda ix: _annotated_class(ix, ix.module_at(path), factory)
        if isinstance(owner, ast.Name) and scope.functions and not held and narrow:
            narrowed = narrowings(scope.functions[-1]).get(id(owner), {}).get(owner.id)
            if narrowed is not None:  # ``if isinstance(loader, DefaultModelLoader): loader.m()``: that class
                declared = self._typed(mod, owner, scope, depth=depth, narrow=False)
                return functools.partial(_narrowed_class, path=mod.path, narrowed=narrowed, declared=declared)
        if isinstance(owner, ast.Name) and scope.functions:
            func = scope.functions[-1]
            if id(func) not in self._local_types:
                self._local_types[id(func)] = _local_annotations(func)
            annotation = self._local_types[id(func)].get(owner.id)
            if isinstance(annotation, ast.Attribute) and is_super(annotation.value) and not held and scope.cls:
                return self._method_result(mod, annotation, scope, depth + 1)  # ``md = super().build(...)``
            if annotation is not None:
                path = mod.path
                return lambda ix: _annotated_class(ix, ix.module_at(path), annotation, held)
            source = _local_sources(func).get(owner.id)
            if source is not None and not held and depth < _HOPS:
                return self._typed(mod, source, scope, depth=depth + 1)  # ``pts = stats.prompt_token_stats``
            walked = loop_types.loop_sources(func).get(owner.id)
            if walked is not None and not held and depth < _HOPS and not isinstance_asked(func, owner.id):
                # ``for elem in item.values()``; not where the function narrows the element by isinstance
                # (``if isinstance(e, MyElem): e.key``: a fork subclass's field, not the container's class's)
                return self._element_of(mod, walked, scope, depth + 1)
        if isinstance(owner, ast.Subscript) and not held and depth < _HOPS and not isinstance(owner.slice, ast.Slice):
            return self._subscripted(mod, owner.value, scope)  # ``self.requests[req_id].eos_token_id``
        if isinstance(owner, ast.Attribute) and not held and depth < _HOPS:
            # ``stats.prompt_token_stats.recomputed_tokens`` with ``stats: IterationStats``: the class
            # ``IterationStats`` gives ``self.prompt_token_stats`` (``= PromptTokenStats()``); only when
            # that names a class of the tree, else the attribute is resolved as a member, as it was
            outer = self._typed(mod, owner.value, scope, depth=depth + 1)
            if outer is not None:
                attr = owner.attr
                typed = functools.partial(self._held_attribute, outer=outer, attr=attr)
                if typed(self.before) is not None or typed(self.after) is not None:
                    return typed
        return None

    def _method_result(
        self, mod: ModuleInfo, func: ast.expr, scope: _Scope, depth: int
    ) -> Callable[[Index], px.ClassInfo | None] | None:
        """The class a method called on a typed receiver returns, by its return annotation: #37572 removed
        ``PoolingCursor.index``, and ``meta.get_pooling_cursor().index`` (``meta: PoolingMetadata``, the method
        ``-> PoolingCursor``) reads it off the returned cursor.  None for a receiver not typed."""
        if depth >= _HOPS:
            return None
        if scope.cls and isinstance(func, ast.Attribute) and _own_super(func.value, scope.cls):
            # ``md = super().build(...)`` in a builder subclass: the base's ``build -> Mamba2AttentionMetadata``
            # (#28133 removed its ``seq_lens``; ``md.seq_lens`` after it read a field that is gone)
            path, qualname, attr = mod.path, scope.cls, func.attr
            return lambda ix: _super_method_class(ix, path, qualname, attr)
        called = self._typed(mod, func, scope, depth=depth + 1)
        if called is not None:  # ``pooler(hidden, meta).outputs``: an instance called runs its forward
            return functools.partial(_called_class, owner=called)
        if not isinstance(func, ast.Attribute):
            return None
        owner = self._typed(mod, func.value, scope, depth=depth + 1)
        return None if owner is None else functools.partial(_method_class, owner=owner, attr=func.attr)

    def _element_of(
        self, mod: ModuleInfo, iterable: ast.expr, scope: _Scope, depth: int
    ) -> Callable[[Index], px.ClassInfo | None] | None:
        """The class of what a loop over ``iterable`` binds (drift/loop_types.py): the element its container
        annotation names (``reqs: list[Request]``, ``d: dict[str, Foo]`` walked by ``.values()``), or the one
        a typed receiver's class names in its container base (``class Item(UserDict[str, Elem])``)."""
        mapping = loop_types.values_of(iterable)
        walked = iterable if mapping is None else mapping
        func = scope.functions[-1]
        annotation = self._local_types[id(func)].get(walked.id) if isinstance(walked, ast.Name) else None
        if annotation is None and isinstance(walked, ast.Name):
            # ``for ranges in by_mod.values(): for rng in ranges:`` with ``by_mod: dict[str, list[Range]]``:
            # the outer loop's variable holds the container its iterable's annotation nests (#15712's read)
            annotation = loop_types.walked_container(func, walked.id, self._local_types[id(func)])
        named = loop_types.element(annotation, mapping is not None)
        if named is not None:
            path = mod.path
            return lambda ix: _annotated_class(ix, ix.module_at(path), named)
        values = mapping is not None
        own = None
        if scope.cls and scope.me and isinstance(walked, ast.Attribute) and _is_name(walked.value, scope.me):
            # ``for req_state in self.requests.values()`` in a runner subclass, the base's ``__init__``
            # declaring ``self.requests: dict[str, CachedRequestState]`` (#26214 removed its ``mm_inputs``)
            own = functools.partial(
                self._attribute_loop_element, path=mod.path, qualname=scope.cls, attr=walked.attr, values=values
            )
        elif isinstance(walked, ast.Attribute) and depth < _HOPS:
            # ``for block in pool.blocks`` with ``pool: BlockPool``, whose ``__init__`` declares ``self.blocks:
            # list[KVCacheBlock]``: the element the typed receiver's class annotates the attribute with
            outer = self._typed(mod, walked.value, scope, depth=depth + 1)
            if outer is not None:
                own = functools.partial(self._outer_loop_element, outer=outer, attr=walked.attr, values=values)
        typed = self._typed(mod, walked, scope, depth=depth)
        held = None if typed is None else functools.partial(_container_element, typed=typed, values=values)
        returned = self._returned_element(mod, walked, scope, depth) if isinstance(walked, ast.Call) else None
        found = [f for f in (own, returned, held) if f is not None]
        if len(found) < 2:
            return found[0] if found else None
        return lambda ix: next((c for c in (f(ix) for f in found) if c is not None), None)

    def _returned_element(
        self, mod: ModuleInfo, call: ast.Call, scope: _Scope, depth: int
    ) -> Callable[[Index], px.ClassInfo | None] | None:
        """The class of what a loop over a method's result binds: ``for out in llm.generate(prompts)`` with
        ``llm: LLM`` walks the ``RequestOutput``s its ``-> list[RequestOutput]`` names (#34944 removed
        ``RequestOutput.multi_modal_placeholders``: the fork's read in the loop raises)."""
        if not isinstance(call.func, ast.Attribute):
            return None
        owner = self._typed(mod, call.func.value, scope, depth=depth)
        return None if owner is None else functools.partial(_returned_class, owner=owner, attr=call.func.attr)

    def _subscripted(
        self, mod: ModuleInfo, container: ast.expr, scope: _Scope
    ) -> Callable[[Index], px.ClassInfo | None] | None:
        """The class of one element of a container a fork's line indexes (#36470: ``self.requests[req_id]``
        in a ``Scheduler`` subclass, the base declaring ``self.requests: dict[str, Request]``; or a local
        annotated so): the element its annotation names, a mapping's value or a sequence's item."""
        if scope.cls and scope.me and isinstance(container, ast.Attribute) and _is_name(container.value, scope.me):
            path, qual, attr = mod.path, scope.cls, container.attr
            return lambda ix: self._attribute_element(ix, path, qual, attr)
        if not isinstance(container, ast.Name) or not scope.functions:
            return None
        func = scope.functions[-1]
        if id(func) not in self._local_types:
            self._local_types[id(func)] = _local_annotations(func)
        named = _element_named(self._local_types[id(func)].get(container.id))
        path = mod.path
        return None if named is None else (lambda ix: _annotated_class(ix, ix.module_at(path), named))

    def _attribute_element(self, ix: Index, path: str, qualname: str, attr: str) -> px.ClassInfo | None:
        """The element class ``self.attr``'s container annotation names in the class (or a base)."""
        annotated = self._attribute_annotation(ix, path, qualname, attr)
        named = _element_named(annotated[1]) if annotated else None
        return _annotated_class(ix, annotated[0], named) if annotated and named is not None else None

    def _attribute_loop_element(
        self, ix: Index, path: str, qualname: str, attr: str, values: bool
    ) -> px.ClassInfo | None:
        """The class a loop over ``self.attr`` (``.values()`` with ``values``) binds, by ``attr``'s container
        annotation in the class (or a base): a list's item, a mapping's value; never a mapping's key."""
        annotated = self._attribute_annotation(ix, path, qualname, attr)
        named = loop_types.element(annotated[1], values) if annotated else None
        return _annotated_class(ix, annotated[0], named) if annotated and named is not None else None

    def _outer_loop_element(
        self, ix: Index, outer: Callable[[Index], px.ClassInfo | None], attr: str, values: bool
    ) -> px.ClassInfo | None:
        """``_attribute_loop_element`` for ``x.attr`` with ``x`` an instance of ``outer``'s class."""
        cls = outer(ix)
        return self._attribute_loop_element(ix, cls.module.path, cls.qualname, attr, values) if cls else None

    def _held_attribute(
        self, ix: Index, outer: Callable[[Index], px.ClassInfo | None], attr: str
    ) -> px.ClassInfo | None:
        """The class of ``x.attr`` for ``x`` an instance of ``outer``'s class: ``attr``'s annotation or
        constructor in the class (or a base), as for ``self.attr`` inside it."""
        cls = outer(ix)
        return self._attribute_class(ix, cls.module.path, cls.qualname, attr) if cls is not None else None

    def _of_an_outside_type(self, mod: ModuleInfo, func: ast.expr, scope: _Scope) -> bool:
        """``opt.step()`` with ``opt: torch.optim.Optimizer`` or ``opt = AdamW(...)``: the receiver's
        annotation or constructor names only what the file imports from outside the tree (or a builtin
        type), so the method is that library's, not a def of the tree's of the same name."""
        if not isinstance(func, ast.Attribute):
            return False
        receiver, annotation = func.value, None
        if isinstance(receiver, ast.Name) and scope.functions:
            function = scope.functions[-1]
            if id(function) not in self._local_types:
                self._local_types[id(function)] = _local_annotations(function)
            annotation = self._local_types[id(function)].get(receiver.id)
        elif (
            scope.cls
            and isinstance(receiver, ast.Attribute)
            and isinstance(receiver.value, ast.Name)
            and receiver.value.id == scope.me
            and (cls := self.after.class_info(mod, scope.cls)) is not None
        ):  # ``self.tokenizer.encode(...)`` with ``self.tokenizer = AutoTokenizer.from_pretrained(...)``
            if id(cls.node) not in self._attribute_types:
                self._attribute_types[id(cls.node)] = (cls.node, _attribute_annotations(cls.node))
            annotation = self._attribute_types[id(cls.node)][1].get(receiver.attr)
        if annotation is None:
            return False
        roots = [n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)]
        if not roots or any(name in {"Any", "object"} for name in roots):
            return False  # a string annotation, or one that says nothing of the type
        for name in roots:
            binding = mod.names.get(name)
            if binding is None:
                if name not in px.BUILTINS:
                    return False
            elif binding.kind != "import" or binding.target is None or self.after.in_tree(binding.target[0]):
                return False
        return True

    def _attribute_class(
        self, ix: Index, path: str, qualname: str, attr: str, held: bool = False
    ) -> px.ClassInfo | None:
        """The annotated class of ``self.attr``: a class-level annotation or one in a method (or its parameter's),
        or what the class's own method builds it with (``self.model = self._init_model(...)``)."""
        annotated = self._attribute_annotation(ix, path, qualname, attr)
        if annotated is None:
            return None
        method = _own_factory(annotated[1])
        if method is not None:
            return None if held else _own_method_class(ix, path, qualname, method)
        argument = _generic_argument(ix, path, qualname, annotated[0], annotated[1])
        return _annotated_class(ix, *(argument or annotated), held)

    def _attribute_annotation(
        self, ix: Index, path: str, qualname: str, attr: str, declared: bool = False
    ) -> tuple[px.ModuleInfo, ast.expr] | None:
        """The first annotation of ``self.attr`` along the class's bases, with the module it is written in;
        ``declared``: past a class that binds it without one (a subclass storing a factory's answer in the
        attribute a base declared: #31326's ``self._adapter_manager``), for a warning's receiver."""
        mod = ix.module_at(path)
        cls = ix.class_info(mod, qualname) if mod else None
        for item in ix.mro(cls) if cls else []:
            if isinstance(item, px.External):
                continue
            if id(item.node) not in self._attribute_types:
                self._attribute_types[id(item.node)] = (item.node, _attribute_annotations(item.node))
            annotation = self._attribute_types[id(item.node)][1].get(attr)
            if annotation is not None:
                return item.module, annotation
            if id(item.node) not in self._bound_attributes:
                self._bound_attributes[id(item.node)] = _bound_attributes(item.node)
            if attr in self._bound_attributes[id(item.node)] and not declared:
                return None  # the nearest class binding it decides: a subclass's own list, a property, a class value
        return None

    def _member_of(self, path: str, qualname: str, attr: str, include_self: bool, dynamic: bool = True) -> Resolver:
        def resolve(ix: Index) -> Sym:
            mod = ix.module_at(path)
            cls = ix.class_info(mod, qualname) if mod else None
            return ix.member(ix.mro(cls, include_self), attr, dynamic) if cls else px.UNKNOWN

        return resolve

    def _local_import(self, mod: ModuleInfo, name: str, scope: _Scope) -> tuple[Resolver | None, str]:
        """A name the enclosing functions bind only by one import (``import pkg.mod`` or ``from pkg import
        mod`` inside the function, a lazy import to dodge a cycle): resolved as the module-level import would
        be (#40732: ``import pkg.drafting.eagle`` in a function, then ``pkg.drafting.eagle.<kernel> =
        mine``, a patch of a name the module no longer imports); any other binding of it (a parameter, an
        assignment, an import under ``try``) leaves it a local nothing resolves."""
        targets = {
            self._local_imports(mod, func).get(name, _UNBOUND)
            for func in scope.functions
            if name in self._locals.get(id(func), frozenset())
        }
        if len(targets) != 1 or _UNBOUND in targets:
            return None, ""
        base, attr = next(iter(targets))
        if attr is None:
            return (lambda ix: _module(ix, base) if ix.in_tree(base) else px.UNKNOWN), "class"
        return (lambda ix: _imported(ix, base, attr)), "plain"

    def _local_imports(self, mod: ModuleInfo, func: ast.AST) -> dict[str, tuple[str, str | None]]:
        """name -> (module, name or None) of each name a function binds by imports alone, one target; a name
        bound any other way too (or by two imports, or under ``try``) maps to _UNBOUND."""
        found = self._imports_in.get(id(func))
        if found is None:
            found = self._imports_in[id(func)] = _imports_bound(mod, func)
        return found

    def _picked(self, func: ast.expr, scope: _Scope) -> ast.expr:
        """The callee a call of a local names: the table pick the innermost function binds it to once and
        nowhere else (``fixup = FIXUPS.get(arch)`` then ``fixup(cfg)``, killers164's table of #31131's moved
        fix-ups), or the callee itself."""
        inner = scope.functions[-1] if scope.functions else None
        if not isinstance(func, ast.Name) or not isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
            return func
        if func.id in parameter_names(inner.args):
            return func
        held = self._bound.get(id(inner))
        if held is None:
            held = self._bound[id(inner)] = names_bound_once(inner)
        value = held.get(func.id)
        return value if isinstance(value, ast.Subscript | ast.Call) else func

    def _local_names(self, scope: _Scope) -> frozenset[str]:
        """The names the enclosing functions bind, made once per nest of functions: a name is looked up
        for every reference, and a union made afresh each time was references x locals (a function of
        30,000 assignments each reading one: 9 x 10^8 set insertions, 40 s of a merge)."""
        nest = tuple(id(func) for func in scope.functions)
        names = self._nests.get(nest)
        if names is None:
            for func in scope.functions:
                if id(func) not in self._locals:
                    self._locals[id(func)] = _bound_in(func)
            names = self._nests[nest] = frozenset().union(*(self._locals[id(func)] for func in scope.functions))
        return names

    # -- classes ---------------------------------------------------------------------------------
    def _misordered(self, mod: ModuleInfo, qual: str, owned: set[int]) -> Iterator[Finding]:
        """A fork dataclass's field without a default, on a line it owns, that the merge puts behind a
        defaulted field upstream gave a dataclass base, where the fork's side ordered them soundly: #48949
        gave the empty ``MxFp4LinearLayerConfig`` ``activation_quant_key: QuantKey | None = None``, and a fork
        config deriving it with ``aeon_tile_n: int`` raises TypeError when its module is imported."""
        after = self._init_fields_of(self.after, mod.path, qual)
        pair = misordered_field(after) if after else None
        if pair is None or after is None:
            return
        late, early = after[pair[0]], after[pair[1]]
        if (late.owner.module.path, late.owner.qualname) != (mod.path, qual) or late.line not in owned:
            return
        if not self._upstream(early.owner.module.path):
            return
        before = self._init_fields_of(self.before, mod.path, qual)
        if before is None or misordered_field(before) is not None:
            return  # the fork's side cannot tell, or was already so
        owner = early.owner.qualname
        commit = self._commit(early.owner.module.path, owner)
        yield _error(
            mod,
            late.line,
            f"{qual.rsplit('.', 1)[-1]}.{pair[0]}, a field without a default, now follows {owner}.{pair[1]}, a "
            f"defaulted field upstream gave the dataclass base ({early.owner.module.path}{'; ' + commit if commit else ''}): "
            "the generated __init__ takes the base's fields first, so the class statement raises TypeError "
            f"(non-default argument '{pair[0]}' follows default argument); give {pair[0]} a default, or declare it "
            "field(kw_only=True)",
        )

    def _init_fields_of(self, ix: Index, path: str, qual: str) -> dict[str, _InitField] | None:
        """The generated ``__init__``'s fields of the dataclass ``qual`` of ``path`` in ``ix``; None when it is
        not a dataclass, or a base outside the tree may declare fields of its own."""
        found = ix.module_at(path)
        cls = ix.class_info(found, qual) if found else None
        if cls is None or not _is_dataclass(cls, ix):
            return None
        mro = ix.mro(cls)
        if _fields_outside(mro):  # a base outside the tree (a broken or opaque one too) may hold anything
            return None
        return _init_fields(mro, ix)

    def _class_members(self, mod: ModuleInfo, node: ast.ClassDef, qual: str, owned: set[int]) -> Iterator[Finding]:
        for stmt in px.flat_statements(node.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from self._stores_closed(mod, stmt, qual, owned)
            if stmt.lineno not in owned or isinstance(stmt, (ast.Import, ast.ImportFrom, ast.ClassDef)):
                continue
            for name in px.member_names(stmt):
                if name in _DEFAULTS_ONLY and isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    resolver = self._member_of(mod.path, qual, name, False)
                    before, after = resolver(self.before), resolver(self.after)
                    if isinstance(before, DefSym) and isinstance(after, DefSym):
                        yield from self._kept_defaults(mod, stmt, f"{qual.rsplit('.', 1)[-1]}.{name}", before, after)
                if name == lockstep.INIT and isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield from self._init_left_behind(mod, stmt, qual)
                if name in _SKIP_OVERRIDES or (name.startswith("__") and name.endswith("__")):
                    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        yield from self._dunder_keys_refused(mod, stmt, qual, name)
                        if name == "__post_init__":
                            yield from self._post_init_drift(mod, stmt, qual)
                        if name == lockstep.INIT:
                            resolver = self._member_of(mod.path, qual, name, False)
                            yield from self._handed_members(mod, stmt, resolver(self.before), resolver(self.after))
                    continue
                yield from self._override(mod, stmt, qual, name)

    def _stores_closed(
        self, mod: ModuleInfo, func: ast.FunctionDef | ast.AsyncFunctionDef, qual: str, owned: set[int]
    ) -> Iterator[Finding]:
        """A fork class's ``self.name = ...`` where no class on its way had ``name`` before and upstream added
        it to a base as a property with no setter (drift/read_only.py's shape, reached through the class's
        bases): #50297's ``KVConnectorBase_V1.requires_kv_delivery`` turns a fork connector's own instance
        attribute into ``AttributeError: property ... has no setter`` when the connector is built."""
        for line, name in read_only.self_stores(func, owned):
            if name in self._class_level(mod, qual):
                continue  # the fork's class declares it itself: its own attribute takes the write
            resolver = self._member_of(mod.path, qual, name, False)
            before, after = resolver(self.before), resolver(self.after)
            if before is not MISSING or not isinstance(after, DefSym) or after.owner is None:
                continue
            home = self.after.module_at(after.path)
            owner = home.classes.get(after.owner) if home is not None and self._upstream(after.path) else None
            if owner is not None and name in read_only.read_only_names(owner):
                yield self._closed_store(mod, line, qual, after)
            elif owner is not None:
                value = new_hooks.stored_value(func, line, name)
                shadow = self._shadowed_hook(mod, line, qual, after, value, "instance attribute")
                if shadow is not None:
                    yield shadow

    def _shadowed_hook(
        self, mod: ModuleInfo, line: int, qual: str, after: DefSym, value: ast.expr | None, kind: str
    ) -> Finding | None:
        """A fork class's attribute (a class-level value, or ``self.name = ...``) of the name of a method
        upstream added to a base and calls on receivers it types as that base (``_typed_hook_calls``): the
        calls find the fork's value.  An error when the value cannot be called (a literal, a module value or
        an instance of a class of the tree without ``__call__``); a warning when it may be a callable.
        #44260 added ``input_quant_key()`` to the linear-kernel bases and calls it from their
        ``apply_weights``: a fork kernel's ``input_quant_key = kFp8StaticTensorSym`` raises TypeError."""
        node = after.node
        if (
            after.owner is None
            or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            or is_property(node)
            or value is None
        ):
            return None
        if not self._upstream(after.path) or not isinstance(self.inp.upstream_lines, AddedLines):
            return None
        calls = self._hook_calls_on(after, mod, qual)
        if not calls:
            return None
        said = (
            f"fork-owned {kind} {qual.rsplit('.', 1)[-1]}.{after.name} is a value, but upstream added "
            f"{after.label}, a method, to a base ({_where(after, self._commit(after.path, after.name))}) and calls "
            f"it: {ast.unparse(calls[0][0])}"
        )
        if self._uncallable(mod, value):
            return _error(
                mod, line, f"{said}: the call finds the fork's value and raises TypeError (not callable); rename it"
            )
        return _warning(
            mod, line, f"{said}: the call runs the fork's value; check that it is a callable doing what upstream's does"
        )

    def _collided_field(
        self, mod: ModuleInfo, stmt: ast.Assign | ast.AnnAssign, qual: str, after: DefSym
    ) -> Finding | None:
        """A fork class's own annotated field (``name: T = v``) of the name of a field upstream added to a base
        (an annotated class-level name of a file upstream changed): upstream's reads of it on the fork's class get
        the fork's value, which the fork chose before upstream gave the name a meaning.  #28672 added
        ``PassConfig.sp_min_token_num: int | None = None`` (a token count); a fork subclass's ``sp_min_token_num:
        float = 0.25`` (a fraction) now feeds upstream's sequence-parallel threshold.  A warning: the fork may
        mean what upstream does."""
        node = after.node
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(node, ast.AnnAssign)) or after.owner is None:
            return None
        if not self._upstream(after.path) or "ClassVar" in ast.unparse(node.annotation):
            return None
        said = (
            f"{qual.rsplit('.', 1)[-1]}.{after.name}, the fork's own field, now overrides {after.label}, a field "
            f"upstream added ({_where(after, self._commit(after.path, after.name))}; upstream's: "
            f"{ast.unparse(node.annotation)}, the fork's: {ast.unparse(stmt.annotation)})"
        )
        return _warning(
            mod,
            stmt.lineno,
            f"{said}: upstream's reads of {after.name} on the fork's class get the fork's value; check that it "
            "means what upstream's does, or rename it",
        )

    def _uncallable(self, mod: ModuleInfo, value: ast.expr) -> bool:
        """``value`` is nothing a call can be made of: a literal (``new_hooks.plain_value``), a module-level
        name bound to one, or an instance built from a class of the tree none of whose classes defines
        ``__call__`` (``kFp8StaticTensorSym = QuantKey(...)``, a frozen dataclass's)."""
        if new_hooks.plain_value(value):
            return True
        merged = self.after.module_at(mod.path)
        if merged is None:
            return False
        if isinstance(value, ast.Call):
            return self._built_uncallable(merged, value)
        sym = self.after.resolve_expr(merged, value) if isinstance(value, (ast.Name, ast.Attribute)) else UNKNOWN
        stmt = sym.node if isinstance(sym, DefSym) and sym.owner is None else None
        home = self.after.module_at(sym.path) if isinstance(sym, DefSym) else None
        if not isinstance(stmt, (ast.Assign, ast.AnnAssign)) or stmt.value is None or home is None:
            return False
        built = isinstance(stmt.value, ast.Call) and self._built_uncallable(home, stmt.value)
        return new_hooks.plain_value(stmt.value) or built

    def _built_uncallable(self, mod: ModuleInfo, call: ast.Call) -> bool:
        """``call`` builds an instance of a class of the tree whose order, wholly in the tree, has no ``__call__``."""
        cls = self.after.class_of(self.after.resolve_expr(mod, call.func))
        if cls is None:
            return False
        mro = self.after.mro(cls)
        if _fields_outside(mro):  # a base outside the tree (a broken or opaque one too) may hold anything
            return False
        return not any(isinstance(i, px.ClassInfo) and "__call__" in i.members for i in mro)

    def _closed_store(self, mod: ModuleInfo, line: int, qual: str, after: DefSym) -> Finding:
        """``_stores_closed``'s finding: a warning when a class on the fork class's way defines ``__setattr__``
        (one writing ``self.__dict__`` raises nothing, and the value is read past; one handing on to
        ``object.__setattr__`` raises: the text cannot tell which it reaches)."""
        said = (
            f"fork-owned line assigns self.{after.name}, but upstream added {after.label}, a read-only property, "
            f"to a base of {qual.rsplit('.', 1)[-1]} ({_where(after, self._commit(after.path, after.name))})"
        )
        routed = self._member_of(mod.path, qual, "__setattr__", True)(self.after)
        if isinstance(routed, DefSym):
            return _warning(
                mod,
                line,
                f"{said}: {routed.label} routes the write, so it either raises AttributeError (the property has no "
                "setter) or lands where reads, which get the property, never look; override the property, or rename "
                "the fork's attribute",
            )
        return _error(
            mod,
            line,
            f"{said}: the assignment raises AttributeError (the property has no setter); override the property, or "
            "rename the fork's attribute",
        )

    def _class_level(self, mod: ModuleInfo, qual: str) -> set[str]:
        """The names a fork class's body binds itself (methods, class attributes, the names of its
        ``__slots__``, whose descriptors take the write before a base's property; not ``self.x`` writes)."""
        node = mod.classes.get(qual)
        if node is None:
            return set()
        return {
            n for stmt in px.flat_statements(node.body) for n in (*px.member_names(stmt), *read_only.slot_names(stmt))
        }

    def _post_init_drift(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, qual: str
    ) -> Iterator[Finding]:
        """A fork ``__post_init__`` overriding a base's whose init-only parameters upstream changed: unlike a
        constructor's, its parameters are not the subclass's to choose -- the dataclass's ``__init__`` hands it
        every ``InitVar`` by position (#22980 gave ``ModelConfig.__post_init__`` a ``video_pruning_rate``: an
        override of the old nine raises TypeError on every build)."""
        resolver = self._member_of(mod.path, qual, "__post_init__", False)
        before, after = resolver(self.before), resolver(self.after)
        if not isinstance(before, DefSym) or not isinstance(after, DefSym):
            return
        problem = self._override_drift(stmt, before, after)
        if problem is None:
            return
        short = qual.rsplit(".", 1)[-1]
        what = f"whose init-only parameters changed: {problem}; the dataclass's __init__ passes them all by position"
        note = _UNCERTAIN if isinstance(problem, Uncertain) else "signature"
        yield self._finding(mod, stmt.lineno, f"{short}.__post_init__ overrides {after.label}, {what}", after, note)

    def _dunder_keys_refused(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, qual: str, name: str
    ) -> Iterator[Finding]:
        """``_keys_refused`` for an ``__init__`` or ``__call__`` (the override checks skip them: a constructor's
        parameters are the subclass's own to choose, but not which keywords its base's callers pass)."""
        refused_keys = self._keys_refused(mod, stmt, qual, name)
        after = self._member_of(mod.path, qual, name, False)(self.after) if refused_keys else None
        if refused_keys and isinstance(after, DefSym):
            yield _error(mod, stmt.lineno, f"{qual.rsplit('.', 1)[-1]}.{name} overrides {after.label}, {refused_keys}")

    def _init_left_behind(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, qual: str
    ) -> Iterator[Finding]:
        """A fork ``__init__`` that matched its base's, when upstream gave the base's a parameter and changed
        its own subclasses' ``__init__`` alike: upstream constructs the hierarchy with it (drift/lockstep.py)."""
        resolver = self._member_of(mod.path, qual, lockstep.INIT, False)
        before, after = resolver(self.before), resolver(self.after)
        if not isinstance(before, DefSym) or not isinstance(after, DefSym) or not self._upstream(after.path):
            return
        if (before.path, before.owner) != (after.path, after.owner) or not isinstance(
            self.inp.upstream_lines, AddedLines
        ):
            return
        mine, old, new = signature(stmt, True), signature(before.node, True), signature(after.node, True)
        if mine is None or old is None or new is None or mine.varargs or override_problem(mine, old) is not None:
            return
        gained = [p for p in new.positional if p not in old.positional and p not in {*mine.positional, *mine.kwonly}]
        merged = self.after.module_at(mod.path)
        cls = self.after.class_info(merged, qual) if merged is not None else None
        if not gained or cls is None:
            return
        roots = [
            (b.module.path, b.qualname)
            for b in self.after.mro(cls, include_self=False)
            if isinstance(b, px.ClassInfo) and lockstep.INIT in b.members and _takes_all(b, gained)
        ]
        alike = lockstep.changed_alike(
            self.base_ix, self.theirs_ix, self.inp.upstream_lines, roots, gained, lambda p: not _not_served(p)
        )
        if len(alike) < lockstep.FEWEST:
            return
        short, shown = qual.rsplit(".", 1)[-1], ", ".join(alike[:3]) + (", ..." if len(alike) > 3 else "")
        node, tree_at = mod.classes.get(qual), lambda p: m.tree if (m := self.after.module_at(p)) is not None else None
        if (
            node is not None
            and not node.decorator_list
            and lockstep.constructed_only(short, self.inp.fork_lines, tree_at)
        ):
            return  # the fork builds the class itself, with its own arguments: upstream's construction never does
        said = (
            f"{short}.__init__ overrides {after.label}, which upstream gave {', '.join(gained)} "
            f"({_where(after, self._commit(after.path, lockstep.INIT))}), changing {len(alike)} of its own "
            f"subclasses' __init__ alike ({shown}): upstream now constructs these classes with it, and the "
            f"override takes {mine.show()}"
        )
        served = lambda p: not _not_served(p)  # noqa: E731
        if mine.varkw and lockstep.passed_by_keyword(self.inp.upstream_lines, gained, served):
            # ``**kwargs`` takes the new parameter when upstream's construction passes it by keyword
            # (#51446's ``convertor_cls(hf_config, hf_text_config, revision=...)``), not by position
            # (#38029's ``tool_parser_cls(tokenizer, request.tools)``: no added line passes ``tools=``)
            yield _warning(
                mod,
                stmt.lineno,
                f"{said}: its **kwargs takes {', '.join(gained)} only when passed by keyword (by position: "
                "TypeError on the fork's class); check how upstream constructs them, or name it",
            )
            return
        yield _error(
            mod,
            stmt.lineno,
            f"{said}: TypeError on the fork's class; take {', '.join(gained)} and hand it to super().__init__",
        )

    def _patched(self, mod: ModuleInfo, stmt: ast.Assign, scope: _Scope) -> Iterator[Finding]:
        """A member the fork patches onto a class (``m.Cls.attr = ...``) that building an instance now assigns
        on ``self`` in upstream's code (drift/shadows.py, ``patched``)."""
        target = stmt.targets[0] if len(stmt.targets) == 1 else None
        if not isinstance(target, ast.Attribute) or (
            isinstance(target.value, ast.Name) and target.value.id == scope.me
        ):
            return
        resolver, _ = self._resolver(mod, target.value, scope)
        if resolver is None or (cls := self.after.class_of(resolver(self.after))) is None:
            return
        # review79: a fork class's property given a setter, patched on by name, takes the store; a patch under a
        # probe of the class (``isinstance(getattr(m.Cls, "x", None), property)``) follows what the class has
        if settable_read(mod.tree, stmt.value) or shape_probed(stmt, ast.unparse(target.value), self._parents(mod)):
            return
        old = self.before.class_of(resolver(self.before))
        shadow = patched((self.before, old), self.after, cls, target.attr, stmt.value, self._upstream)
        if shadow is None:
            return
        commit = self._line_commit(shadow.path, f"self.{shadow.attr} =")
        where = f"{shadow.path}:{shadow.at}{'; ' + commit if commit else ''}"
        effect = (
            "a property with no setter refuses the store: building one raises AttributeError"
            if shadow.read_only
            else "the instance attribute hides what the fork patched on, and the carry no longer takes effect"
        )
        yield Finding(
            SHADOWED_ATTRIBUTE,
            "merge",
            Severity.ERROR,
            mod.path,
            stmt.lineno,
            f"the fork patches {shadow.attr} onto {cls.qualname}, and upstream's {shadow.owner}.{shadow.method}() "
            f"now assigns self.{shadow.attr} while building every instance ({where}): {effect}; patch what "
            "upstream assigns instead, or give the property a setter",
        )

    def _shadowed(self, mod: ModuleInfo, qual: str, owned: set[int]) -> Iterator[Finding]:
        """A value the fork class sets (a class attribute, or ``self.x`` before ``super().__init__()``)
        that upstream's base now assigns on the instance while building it: the carry no longer
        takes effect (drift/shadows.py)."""
        short = qual.rsplit(".", 1)[-1]
        for shadow in shadowed(self.before, self.after, mod, qual, owned, self._upstream):
            commit = self._line_commit(shadow.path, f"self.{shadow.attr} =")
            where = f"{shadow.path}:{shadow.at}{'; ' + commit if commit else ''}"
            base = f"{shadow.owner}.{shadow.method}()"
            if shadow.member:
                what = _shadowed_member(short, shadow, base, where)
            elif shadow.early:
                what = (
                    f"{short}.__init__ sets self.{shadow.attr} before calling the base's __init__, and upstream's "
                    f"{base} now assigns self.{shadow.attr} ({where}): the base overwrites the fork's value, and "
                    "the carry no longer takes effect; set it after the super call"
                )
            else:
                what = (
                    f"{short}.{shadow.attr} is a class attribute overriding its base, and upstream's {base} now "
                    f"assigns self.{shadow.attr} on every instance ({where}): the instance attribute hides the "
                    f"fork's value, and the carry no longer takes effect; set it in {short}.__init__ after the "
                    "super call, or pass it to the base"
                )
            yield Finding(SHADOWED_ATTRIBUTE, "merge", Severity.ERROR, mod.path, shadow.line, what)

    def _namesakes(self, mod: ModuleInfo, qual: str, owned: set[int]) -> Iterator[Finding]:
        """A value the fork class keeps under a name upstream's base now assigns too, and reads or assigns
        again after building the instance (drift/shadows.py, ``namesakes``): the base runs on the fork's
        value, or the fork's is replaced."""
        short = qual.rsplit(".", 1)[-1]
        for same in namesakes(self.before, self.after, mod, qual, owned, self._upstream):
            commit = self._line_commit(same.path, f"self.{same.attr} =")
            where = f"{same.path}:{same.at}{'; ' + commit if commit else ''}"
            effects = [
                *(["the base's methods now read the fork's value"] if same.read else []),
                *(
                    ["the base assigns it again after the instance is built, replacing the fork's"]
                    if same.later
                    else []
                ),
            ]
            what = (
                f"{short} sets self.{same.attr} of its own, and upstream's {same.owner}.{same.method}() now assigns "
                f"self.{same.attr} too ({where}): one slot for two values; {'; '.join(effects)}; rename the fork's "
                f"attribute (e.g. self._fork_{same.attr})"
            )
            if not same.sure:
                what += (
                    "; both start it on the same empty value, so this may be a backport of upstream's attribute "
                    "(a warning): check that the fork's code stores what the base's reads"
                )
            severity = Severity.ERROR if same.sure else Severity.WARNING
            yield Finding(SHADOWED_ATTRIBUTE, "merge", severity, mod.path, same.line, what)

    def _inherited(self, mod: ModuleInfo, node: ast.ClassDef, qual: str) -> Iterator[Finding]:
        """A class attribute the fork's class inherits whose literal value upstream changed in the base
        (drift/inherited.py): the fork's class silently takes the new value; a warning, since the fork
        may want it.  The finding says when upstream's diff set the old value on classes of its own."""
        short = qual.rsplit(".", 1)[-1]
        for change in inherited_changes(self.before, self.after, mod, qual, self._upstream):
            commit = self._line_commit(change.path, change.attr)
            where = f"{change.path}:{change.line}{'; ' + commit if commit else ''}"
            pinned = sorted(
                path
                for path, lines in self.inp.upstream_lines.items()
                if path != change.path and pinned_elsewhere(lines, change.attr, change.old)
            )
            kept = (
                f"; upstream's own diff set {change.attr} = {change.old} on its classes in {', '.join(pinned[:3])}"
                + (f" and {len(pinned) - 3} more" if len(pinned) > 3 else "")
                if pinned
                else ""
            )
            yield Finding(
                DEFAULT_DRIFT,
                "merge",
                Severity.WARNING,
                mod.path,
                node.lineno,
                f"{short} inherits {change.attr} from {change.owner}, whose value upstream changed from "
                f"{change.old} to {change.new} ({where}){kept}: the fork's class now gets {change.new}; set "
                f"{change.attr} = {change.old} on {short} to keep the old behaviour, or confirm the new one",
            )

    def _unimplemented(self, mod: ModuleInfo, node: ast.ClassDef, qual: str) -> Iterator[Finding]:
        """A fork class that lacks a method upstream made abstract in one of its bases: instantiating
        it now raises TypeError, on the fork's path only (upstream's tests never build the fork's
        class).  A method upstream added that only raises NotImplementedError is not reported: in a
        large codebase those are mostly optional hooks that only some callers use.  A module that sets
        ``__abstractmethods__`` itself decides what Python refuses: quiet."""
        after = self._required(self.after, mod.path, qual)
        if not after or self._required(self.before, mod.path, qual) or stored_anywhere(mod.tree, "__abstractmethods__"):
            return  # nothing required now, or it could not be built before either: an abstract class of the fork's
        short = qual.rsplit(".", 1)[-1]
        lacking = [(n, t, how) for n, t in sorted(after.items()) if (how := self._made_required(mod.path, qual, t))]
        if not lacking:
            return
        named, note = self._unimplemented_named(mod, qual, short, [n for n, _, _ in lacking])
        report = _error if named else _warning
        for name, target, how in lacking:
            yield report(
                mod,
                node.lineno,
                f"{short} does not implement {name}(), which {target.owner} now requires: {how}; instantiating "
                f"{short} raises TypeError; implement it" + note,
            )
        for call in _built_here(mod.tree, short) if named and "." not in qual else []:
            # the line that raises: the class line names the cause, the build the place
            names = ", ".join(n for n, _, _ in lacking)
            yield _error(mod, call.lineno, f"builds {short}, which lacks {names} (see its class): TypeError")

    def _unimplemented_named(self, mod: ModuleInfo, qual: str, short: str, lacking: list[str]) -> tuple[bool, str]:
        """Whether something the merged tree runs names the class lacking ``lacking`` (``_named_anywhere``), and
        the note of a warning when nothing does.  In its own module, a subclass implementing them all is no use
        (a fork intermediate base, built only through its subclasses: killers98's review), nor a name inside a
        function that binds the name itself (another thing of that name)."""
        if not isinstance(self.inp.theirs, WordSearchable):
            return True, ""
        fillers = self._fillers(mod, qual, lacking)
        skip = _shadowed_nodes(mod.tree, short) | {id(b) for f in fillers for b in f.node.bases}
        if _names_class(mod.tree, short, skip) or self._still_used(mod.path, short, skip=mod.path):
            return True, ""
        if fillers:
            return (
                False,
                f" ({short} is a base of {fillers[0].qualname}, which implements them: quiet if built only through it)",
            )
        return False, _UNNAMED

    def _fillers(self, mod: ModuleInfo, qual: str, lacking: list[str]) -> list[px.ClassInfo]:
        """The module's classes deriving from ``qual`` that implement every member of ``lacking`` before it."""
        found = self.after.module_at(mod.path)
        cls = self.after.class_info(found, qual) if found is not None else None
        filled: list[px.ClassInfo] = []
        for sub in (self.after.class_info(found, q) for q in found.classes) if found and cls else ():
            order = self.after.linearized(sub) if sub is not None and sub is not cls else []
            at = next((i for i, c in enumerate(order) if c is cls), None)
            first = _first_definers(order[:at]) if at is not None else {}
            if sub and at and all(n in first and not is_abstract(first[n].members[n]) for n in lacking):
                filled.append(sub)
        return filled

    def _made_required(self, path: str, qual: str, target: DefSym) -> str | None:
        """How upstream made ``target`` required of the fork's class: made abstract in a file it changed, or
        brought in by one of upstream's classes it rebased on a base declaring it abstract (#39684,
        drift/rebased.py); None when neither (the fork's own doing)."""
        if self._upstream(target.path):
            commit = self._commit(target.path, target.name)
            return (
                f"upstream made it abstract ({target.path}; {commit})"
                if commit
                else (f"upstream made it abstract ({target.path})")
            )
        found = self.after.module_at(path)
        cls = self.after.class_info(found, qual) if found else None
        order = self.after.mro(cls, True) if cls else []
        if not any(_class_name(i) == "ABC" or (isinstance(i, px.ClassInfo) and _abstract_meta(i.node)) for i in order):
            return None  # no ABC meta: Python never refuses to build it
        moved = rebased_between(order, target.owner, self.base_ix, self._upstream)
        if moved is None:
            return None
        commit = self._commit(moved.module.path, moved.qualname)
        where = f"{moved.module.path}; {commit}" if commit else moved.module.path
        return f"upstream rebased {moved.qualname} on a base declaring it abstract ({where})"

    def _named_anywhere(self, path: str, name: str) -> bool:
        """Something the merged tree runs names the fork's class (builds it, derives from it, or spells its
        dotted path for a registry or an entry point), beside its own ``class`` line and imports; so too
        when the tree cannot be searched.  A class nothing names may be dead code (symbol_precision window
        0: a carry's EngineCoreClient subclass once #11659 made ``shutdown`` abstract) or be built from
        outside the tree: the engine cannot tell, so it warns."""
        if not isinstance(self.inp.theirs, WordSearchable):
            return True
        return self._still_used(path, name)

    def _opted_out(self, mod: ModuleInfo, node: ast.ClassDef, qual: str) -> Iterator[Finding]:
        """A fork class that inherits a hook upstream added to a base declining and, in the same change,
        defined in at least three of its own classes: a capability added refusing (``return False``; #48011:
        ``AttentionBackend.supports_sliding_window()``, True in seven backends, now checked by the selector),
        or a required hook added raising ``NotImplementedError`` that upstream now calls (#51633:
        ``Platform.check_runner_kv_caches_multi_layer()``, ``pass`` on each of upstream's platforms,
        drift/raising_hooks.py).  Every class was let through before: the fork's class, never opted in, is
        now refused where upstream asks, silently (another backend is picked, or none), or raises there.

        Looked up in Python's own order (C3): in a diamond (``Mine(ForkBase, ForkHooks)``, both of the base)
        the fork's mixin filling the hook comes before the base.  A class still abstract through a method the fork
        declared abstract is a base by the fork's intent, never built, so never asked."""
        found = self.after.module_at(mod.path)
        cls = self.after.class_info(found, qual) if found else None
        if cls is None or self._upstream_class(cls):
            return  # upstream's own class, left refusing in the same change: upstream's decision (#15417's HPU)
        order = self.after.linearized(cls)
        first = _first_definers(order)
        nearest = next((i for i in order[1:] if isinstance(i, px.ClassInfo) and self._upstream_class(i)), None)
        if any(is_abstract(o.members[n]) and not self._upstream_class(o) for n, o in first.items()):
            return  # the fork's own abstract base (an attention backend missing upstream's is still used as a class)
        short = qual.rsplit(".", 1)[-1]
        for name, owner in sorted(first.items()):
            # deriving from one of upstream's classes that upstream left declining: upstream's decision for it
            if owner is nearest and self._upstream(owner.module.path):
                yield from self._declined(mod, node.lineno, short, owner, name, order)

    def _declined(
        self,
        mod: ModuleInfo,
        line: int,
        short: str,
        owner: px.ClassInfo,
        name: str,
        order: list[px.ClassInfo | px.External],
    ) -> Iterator[Finding]:
        """The finding for a fork class ``short`` inheriting ``owner``'s ``name``, when upstream added it
        declining (refusing, or raising where upstream now calls it) and filled it in its own classes."""
        hook = owner.members[name]
        raising = raises_only(hook)
        if not (raising or _refuses(hook)):
            return
        opted = self._opted_in(owner, name)
        if len(opted) < _OPTED_IN or (not raising and refused.refuses_subject(mod.tree, name)):
            return  # the fork's module refuses the capability itself: upstream's refusal is its own
        if not raising and self._gates_unfilled(owner, name, order):
            return  # the flag only gates a hook the class lacks: False is its answer
        called = self._hook_called(name, order) if raising else None
        if raising and called is None:
            return  # nothing upstream added calls it unguarded (on this class): an optional hook
        commit = self._commit(owner.module.path, name)
        shown = ", ".join(opted[:3]) + (f" and {len(opted) - 3} more" if len(opted) > 3 else "")
        added = f"({owner.module.path}{f'; {commit}' if commit else ''}) and overrode in {len(opted)} of its own"
        report: Callable[[ModuleInfo, int, str], Finding] = _error
        why = ""
        if raising:
            report, why = self._raising_severity(mod, short, owner, name, order)
        finding = report(
            mod,
            line,
            f"{short} inherits {owner.qualname}.{name}(), which upstream added raising NotImplementedError "
            f"{added} classes ({shown}), and now calls ({called}): {short} raises there; define {name}() on {short}"
            if raising
            else f"{short} inherits {owner.qualname}.{name}(), which upstream added returning False {added} "
            f"classes ({shown}): every class was let through before, and {short} is now refused where upstream "
            f"asks; define {name}() on {short} (True if it handles it)",
        )
        yield replace(finding, message=finding.message + why)

    def _raising_severity(
        self, mod: ModuleInfo, short: str, owner: px.ClassInfo, name: str, order: list[px.ClassInfo | px.External]
    ) -> tuple[Callable[[ModuleInfo, int, str], Finding], str]:
        """An error, but a warning for a class nothing in the merged tree names (dead, or built from outside
        the tree, as ``_unimplemented`` says) and for a base of the fork's own classes in its module that fill
        the hook (a base the fork builds only through them cannot be told from one it builds itself)."""
        if not self._named_anywhere(mod.path, short):
            return _warning, _UNNAMED
        found = self.after.module_at(mod.path)
        for qual in found.classes if found is not None else ():
            sub = self.after.class_info(found, qual) if found is not None else None
            sub_order = self.after.linearized(sub) if sub is not None and sub is not order[0] else []
            if any(c is order[0] for c in sub_order) and _first_definers(sub_order).get(name) is not owner:
                return _warning, f" ({short} is a base of {qual}, which fills it: quiet if built only through it)"
        return _error, ""

    def _hook_called(self, name: str, order: list[px.ClassInfo | px.External]) -> str | None:
        """``path:line`` of a call ``x.name(...)`` upstream added outside its tests where nothing catches what
        a raising hook raises and that reaches the class of ``order``, or None: ``self.name()`` in a base's
        method reaches it only when the class inherits that method (a fork override of ``verify()`` is never
        asked by upstream's ``Platform.verify()``), and none in an unrelated class.  A call behind a flag
        asked of the same object reaches the class only when its flag may answer as the branch needs (#24254's
        ``finalize_async()`` behind ``supports_async()``: a class keeping the base's False is never asked)."""
        for path, call in self._raising_calls(name):
            if call.flag is not None and self._flag_declines(call, order):
                continue
            if call.owner is None or call.method is None:
                return f"{path}:{call.line}"
            holder = self.after.member(order, call.method, dynamic=False)
            if isinstance(holder, DefSym) and holder.path == path and holder.owner == call.owner:
                return f"{path}:{call.line}"
        return None

    def _flag_declines(self, call: HookCall, order: list[px.ClassInfo | px.External]) -> bool:
        """The class's flag (its first definer's, along ``order``) answers a constant other than the one the
        call's branch needs: the call never runs for it."""
        answer = self._flag_answer(call.flag or "", order)
        return answer is not None and answer is not call.when

    def _flag_answer(self, flag: str, order: list[px.ClassInfo | px.External]) -> bool | None:
        """The constant the first definer of ``flag`` along ``order`` answers; one handing it on to
        ``super().flag()`` answers as the next definer does (review86: a fork override keeping the base's False)."""
        holder = self.after.member(order, flag, dynamic=False)
        if not isinstance(holder, DefSym):
            return None
        if not hands_up(holder.node, flag):
            return flag_answer(holder.node)
        at = next((i for i, c in enumerate(order) if _is_owner(c, holder)), None)
        return self._flag_answer(flag, order[at + 1 :]) if at is not None else None

    def _gates_unfilled(self, owner: px.ClassInfo, flag: str, order: list[px.ClassInfo | px.External]) -> bool:
        """``flag`` (added refusing) is what upstream asks before calling a raising hook of ``owner`` that the
        class inherits unfilled, the call running only on a True answer: the base's False is the class's right
        answer, not a refusal (#23273: ``supports_async()`` False in the base, ``prepare_async()`` raising and
        called in the ``else`` of ``if (not pf.supports_async() or ...)``; a synchronous fork class keeps the
        synchronous path it always ran, review86)."""
        for hook, node in owner.members.items():
            if hook == flag or not raises_only(node):
                continue
            holder = self.after.member(order, hook, dynamic=False)
            if not (isinstance(holder, DefSym) and _is_owner(owner, holder)):
                continue  # the class fills the hook: its False may be a refusal indeed
            if any(c.flag == flag and c.when for _, c in self._raising_calls(hook)):
                return True
        return False

    def _raising_calls(self, name: str) -> list[tuple[str, HookCall]]:
        """The unguarded calls ``x.name(...)`` upstream added outside its tests, each file's in order."""
        lines = self.inp.upstream_lines
        if not isinstance(lines, AddedLines):
            return []
        if name not in self._hook_call_memo:
            pattern = re.compile(rf"[^\n]*\.{re.escape(name)}\s*\(")
            calls = self._hook_call_memo[name] = []
            for path in sorted({p for p, _ in lines.added_matches(pattern) if p.endswith(".py")}):
                found = self.theirs_ix.module_at(path)
                if found is not None and path.split("/", 1)[0] not in TEST_FOLDERS:
                    calls.extend((path, c) for c in uncaught_calls(found.tree, found.lines, name, lines[path]))
        return self._hook_call_memo[name]

    def _upstream_class(self, item: px.ClassInfo) -> bool:
        """A class upstream's tree defines (at that path, of that name): not one of the fork's own."""
        mod = self.theirs_ix.module_at(item.module.path)
        return mod is not None and self.theirs_ix.class_info(mod, item.qualname) is not None

    def _opted_in(self, owner: px.ClassInfo, name: str) -> list[str]:
        """Upstream's classes that defined ``name`` newly in the change, not refusing, deriving from ``owner``;
        empty when ``owner`` had the hook at the merge base already (not a new capability)."""
        lines = self.inp.upstream_lines
        old_mod = self.base_ix.module_at(owner.module.path)
        old_cls = self.base_ix.class_info(old_mod, owner.qualname) if old_mod else None
        if not isinstance(lines, AddedLines) or old_cls is None or name in old_cls.members:
            return []
        key = (owner.module.path, owner.qualname, name)
        if key in self._opted:
            return self._opted[key]
        opted = self._opted[key] = []
        for path in sorted({p for p, _ in lines.added_matches(re.compile(rf"def {re.escape(name)}\s*\("))}):
            new_mod, was = self.theirs_ix.module_at(path), self.base_ix.module_at(path)
            if new_mod is None or not path.endswith(".py"):
                continue
            for qual in new_mod.classes:
                cls = self.theirs_ix.class_info(new_mod, qual)
                if cls is None or name not in cls.members or _declines(cls.members[name]):
                    continue
                before = self.base_ix.class_info(was, qual) if was is not None else None
                if before is not None and name in before.members:
                    continue
                mro = self.theirs_ix.mro(cls, False)
                if any(
                    isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == (owner.module.path, owner.qualname)
                    for i in mro
                ):
                    opted.append(qual)
        return opted

    def _required(self, ix: Index, path: str, qual: str) -> dict[str, DefSym]:
        """Members the class must define itself: abstract where its MRO first defines them.  None for
        a class that is abstract itself or whose bases do not resolve."""
        found = ix.module_at(path)
        cls = ix.class_info(found, qual) if found else None
        if cls is None:
            return {}
        mro = ix.mro(cls, True)
        if any(isinstance(i, px.External) and i.broken for i in mro):
            return {}  # a base that is gone is the finding
        first: dict[str, DefSym] = {}
        for item in mro:
            if isinstance(item, px.ClassInfo):
                for name, member in item.members.items():
                    first.setdefault(name, DefSym(item.module.path, name, member, item.qualname))
        if any(is_abstract(m) for m in cls.members.values()):
            return {}  # an abstract class of the fork's own: its subclasses implement
        return {
            name: sym
            for name, sym in first.items()
            if sym.owner != cls.qualname or sym.path != path
            if is_abstract(sym.node)
        }

    def _override(self, mod: ModuleInfo, stmt: ast.stmt, qual: str, name: str) -> Iterator[Finding]:
        yield from self._asserted_value(mod, stmt, qual, name)
        refused = list(self._refused(mod, stmt, qual, name))
        if refused:
            yield from refused
            return
        resolver = self._member_of(mod.path, qual, name, False)
        before, after = resolver(self.before), resolver(self.after)
        host = qual
        if before is MISSING and after is MISSING:
            host, resolver = self._mixed_into(mod.path, qual, name) or (qual, resolver)
            before, after = resolver(self.before), resolver(self.after)
        short = qual.rsplit(".", 1)[-1]
        if (
            after is UNKNOWN
            and isinstance(before, DefSym)
            and isinstance(before.node, ast.FunctionDef | ast.AsyncFunctionDef)
        ):
            # a base's ``__getattr__`` may serve any name to a caller, but upstream's callers of a method
            # a base's body defined call it by the name its body defines now: the override is left behind
            after = self._member_of(mod.path, qual, name, False, dynamic=False)(self.after)
        if before is UNKNOWN and isinstance(after, DefSym):
            # the same for the other side: a base's ``__getattr__`` (``Platform``'s, which serves any name off
            # the device module) made the fork's own name look served before the merge, but the fork's def
            # always won there; what matters is that a base now defines it (#35356: ``is_integrated_gpu``)
            before = self._member_of(mod.path, qual, name, False, dynamic=False)(self.before)
        if isinstance(before, DefSym) and after is MISSING and (shim := self._string_looked_up(mod, host, name)):
            yield _warning(
                mod,
                stmt.lineno,
                f"{short}.{name} overrides {before.label}, which upstream removed, but upstream's {shim} still "
                f"looks {name} up on the instance by name (a shim for the old spelling): the override runs for now; "
                "port it to the new name before the shim goes",
            )
            return
        if (
            isinstance(before, DefSym)
            and after is MISSING
            and not self._self_called(mod, host, name)
            and not _aliases_member(stmt, name, self._parents(mod).get(id(stmt)))
        ):
            method = isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
            consequence = (
                "nothing calls the fork's method any more" if method else "nothing reads the fork's value any more"
            )
            found = self._finding(mod, stmt.lineno, f"{short}.{name} overrides {before.label}", before, consequence)
            setters = [] if method else self._retired(before)
            dropped = len(setters)
            kept = _converged(setters, stmt)
            if kept is not None:
                yield _error(
                    mod,
                    stmt.lineno,
                    f"{found.message}; upstream dropped it from its own {dropped} class(es) that set it too, "
                    f"{kept}: upstream kept that path for every class, so the fork's value, the other one, is no "
                    "longer honoured; port what the class relied on it for",
                )
            elif dropped and (swapped := self._replaced(before, mod, qual, stmt)):
                yield _error(
                    mod,
                    stmt.lineno,
                    f"{found.message}; upstream replaced it: {before.owner} and its own {dropped} class(es) that "
                    f"set it now set {', '.join(swapped)} instead, and {short} inherits {before.owner}'s, the choice "
                    f"its {name} opted out of: the fork's value is no longer honoured; set {swapped[0]} on {short}",
                )
            elif dropped:
                yield _warning(
                    mod,
                    stmt.lineno,
                    f"{found.message}; upstream dropped it from its own {dropped} class(es) that set it too, with "
                    "nothing in its stead: the fork's value is dead; drop it",
                )
            elif not method and self._restated_unread(before, mod, host, stmt):
                yield _warning(
                    mod,
                    stmt.lineno,
                    f"{found.message}; the fork's value restates the one its class inherited, and nothing reads "
                    f"{name} any more: the override did nothing and does nothing; drop it",
                )
            else:
                yield found
        elif before is MISSING and after is MISSING:
            yield from self._fallback_dropped(mod, stmt, qual, name)
        elif (
            before is MISSING
            and isinstance(after, DefSym)
            and isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
            and isinstance((hooked := self._hook_def(after)).node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and self._upstream(after.path)
        ):
            after = hooked  # (mend81) a hook bound by assignment, read as the def it binds
            # a method of the fork's own that no base had: upstream added one of that name to a base
            said = (
                f"{short}.{name}, the fork's own method, now overrides {after.label}, which upstream added "
                f"({_where(after, self._commit(after.path, after.name))})"
            )
            misfit = self._hook_misfit(mod, qual, stmt, after)
            if misfit is not None:
                yield _error(mod, stmt.lineno, f"{said}; {misfit}; rename the fork's method, or make it fit the hook")
            else:
                yield _warning(
                    mod,
                    stmt.lineno,
                    f"{said}: upstream's calls of {name}() on the fork's class run the fork's method instead; check "
                    "that it does what upstream's does, or rename it",
                )
        elif (
            before is MISSING
            and isinstance(after, DefSym)
            and isinstance(stmt, (ast.Assign, ast.AnnAssign))
            and not _method_alias(mod.classes.get(qual), stmt.value)
        ):
            shadow = self._shadowed_hook(mod, stmt.lineno, qual, after, stmt.value, "class attribute")
            if shadow is None:
                shadow = self._collided_field(mod, stmt, qual, after)
            if shadow is not None:
                yield shadow
        elif (
            isinstance(before, DefSym)
            and isinstance(after, DefSym)
            and isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
        ):
            kind = self._override_kind(stmt, before, after) or self._validated_now(mod, qual, before, after)
            kind = kind or self._returned_now(mod, stmt, before, after)
            fork = mod.classes.get(qual)
            problem = (
                None if kind or self._rewrapped(mod, stmt) else self._override_drift(stmt, before, after, host, fork)
            )
            refused_keys = None if kind or problem or host != qual else self._keys_refused(mod, stmt, qual, name)
            refused_keys = refused_keys or (
                None if kind or problem else self._keys_handed(stmt, before, after, fork, self._fork_chain(mod, qual))
            )
            if kind or problem:
                what = f"which upstream changed: {kind}" if kind else f"whose parameters changed: {problem}"
                note = _UNCERTAIN if isinstance(kind or problem, Uncertain) else "signature"
                yield self._finding(mod, stmt.lineno, f"{short}.{name} overrides {after.label}, {what}", after, note)
            elif refused_keys:
                yield _error(mod, stmt.lineno, f"{short}.{name} overrides {after.label}, {refused_keys}")
            else:
                yield from self._interposed(mod, stmt, f"{short}.{name}", before, after)
                yield from self._old_kind_returned(mod, stmt, f"{short}.{name}", before, after)
                yield from self._iterated_now(mod, stmt, f"{short}.{name}", before, after)
                yield from self._decorator_drift(mod, stmt, f"{short}.{name}", before, after)
                yield from self._kept_defaults(mod, stmt, f"{short}.{name}", before, after)
                yield from self._deleted_by_base(mod, stmt, f"{short}.{name}", before, after)
                yield from self._adapter_dropped(mod, stmt, f"{short}.{name}", after)
                yield from self._called_by_keyword(mod, stmt, host, after)
                yield from self._positions_handed(mod, stmt, host, after)
                yield from self._absent_keys(mod, stmt, host, after)
                moved = (before.path, before.owner) != (after.path, after.owner)  # the hook moved up: rare
                if moved:
                    yield from self._left_for_a_sibling_hook(mod, stmt, qual, before, after)
                if host == qual:  # a mixin's override: its hook's readers are the host classes', not the mixin's
                    unconsulted = self._unconsulted if moved else self._unconsulted_in_place
                    yield from unconsulted(mod, stmt, qual, name, before)
                    yield from self._switched(mod, stmt, qual, name, before)
        elif isinstance(before, DefSym) and isinstance(after, DefSym) and self._upstream(after.path):
            yield from self._stale_copy(mod, stmt, short, name, before, after)

    def _interposed(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, label: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """A fork override that now hides upstream's new def on a class between it and the one it replaced
        (``drift/interposed.py``; #44120)."""
        order = self._merged_order(mod, stmt) if self._upstream(after.path) else None
        hidden = hidden_work(stmt, before, after, order) if order is not None else None
        if hidden is not None:
            make = _error if hidden.certain else _warning
            yield make(mod, stmt.lineno, f"{label} overrides {after.label}, {hidden.message}")

    def _merged_order(self, mod: ModuleInfo, stmt: ast.stmt) -> list[Along] | None:
        """The class ``stmt`` is in, then the classes along its merged order (what ``hidden_work`` resolves
        the fork class's other methods through); None when ``stmt`` is in no class the index knows."""
        qual = next((q for q, node in mod.classes.items() if stmt in node.body), None)
        cls = self.after.class_info(mod, qual) if qual is not None else None
        if cls is None:
            return None
        up = [i for i in self.after.mro(cls, False) if isinstance(i, px.ClassInfo)]
        return [Along(i.module.path, i.qualname, i.node) for i in [cls, *up]]

    def _left_for_a_sibling_hook(
        self, mod: ModuleInfo, stmt: ast.stmt, qual: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """An override of a method upstream dropped from the class the override derives from, so a base's
        stub answers the name now, where that class gained a method the same base declares beside it: the
        class's work moved to the sibling hook, which upstream's callers run whatever the fork's override does
        (#31131: each per-model fix-up moved from ``verify_and_update_config`` into the new
        ``verify_and_update_model_config``, which ``ModelConfig`` calls; a fork subclass's override of the old
        name that replaced its parent's fix-up no longer replaces it).  An override handing on to the dropped
        method (``super()``, the class by name) is the call's finding; a fork class defining the sibling is
        quiet."""
        if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) or _calls_own_name(stmt, before.owner or ""):
            return
        if not isinstance(after.node, ast.FunctionDef | ast.AsyncFunctionDef) or hollow_body(after.node) is None:
            return
        if not isinstance(before.node, ast.FunctionDef | ast.AsyncFunctionDef) or not self._upstream(before.path):
            return
        sibling = self._sibling_hook(before, after)
        merged = self.after.module_at(mod.path)
        own = self.after.class_info(merged, qual) if merged is not None else None
        if (
            sibling is None
            or (own is not None and self._answered_before(own, sibling, before))
            or not self._used_by_name(sibling, in_code(called_off_any))
        ):
            return
        short = qual.rsplit(".", 1)[-1]
        commit = self._commit(before.path, before.name)
        finding = _error(
            mod,
            stmt.lineno,
            f"{short}.{before.name} overrides {before.label}, which upstream removed ({_where(before, commit)}): "
            f"{before.owner}'s work moved to {before.owner}.{sibling}, a hook {after.owner} declares beside "
            f"{before.name}, and {after.label}, a stub, is what the fork's method overrides now: upstream's callers "
            f"of {sibling} run {before.owner}'s code whatever the override does; override {sibling} instead",
        )
        if qual == short and not _handed_anywhere(mod.tree, short):
            # the class is only called through (``Helper.verify_and_update_config(cfg)``), never registered nor
            # handed on in its file: upstream's callers may never reach it, and the fork's own calls still run its
            # override (review80's twin of #31131); another file may register it, so a warning
            finding = replace(
                finding, severity=Severity.WARNING, message=f"{finding.message} (if upstream's callers reach {short})"
            )
        yield finding

    def _handed_to_a_sibling(
        self, mod: ModuleInfo, call: ast.Call, scope: _Scope, before: DefSym, after: DefSym
    ) -> str | None:
        """The sibling hook an override's ``super().name(...)`` hand-on lost its parent's work to, where the fork
        class inherits that hook and is registered (used as itself in its file): upstream's callers of the hook
        run the parent's work for it (#31131, review80's twin: a registered reranker override handing on and
        adding its own).  None when the class is only called through, or defines the hook itself."""
        inner = scope.functions[-1] if scope.functions else None
        if not (isinstance(call.func, ast.Attribute) and is_super(call.func.value)) or scope.cls is None:
            return None
        if not isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef) or inner.name != call.func.attr:
            return None
        if "." in scope.cls or not _handed_anywhere(mod.tree, scope.cls):
            return None
        sibling = self._sibling_hook(before, after)
        merged = self.after.module_at(mod.path)
        own = self.after.class_info(merged, scope.cls) if merged is not None else None
        if sibling is None or own is None or sibling in own.members:
            return None
        return sibling if self._used_by_name(sibling, in_code(called_off_any)) else None

    def _answered_before(self, cls: px.ClassInfo, name: str, before: DefSym) -> bool:
        """A class along ``cls``'s merged order ahead of ``before``'s (the fork's own, or a fork base between:
        mend56) defines ``name``: the sibling hook upstream's callers run is the fork's."""
        for item in self.after.mro(cls):
            if not isinstance(item, px.ClassInfo) or (item.module.path, item.qualname) == (before.path, before.owner):
                return False
            if name in item.members:
                return True
        return False

    def _sibling_hook(self, before: DefSym, after: DefSym) -> str | None:
        """A method ``before``'s class gained upstream that ``after``'s class (the base whose stub answers now)
        defines too: where the class's work went."""
        was, now, base = (
            ix.module_at(p)
            for ix, p in ((self.before, before.path), (self.after, before.path), (self.after, after.path))
        )
        old = was.classes.get(before.owner or "") if was is not None else None
        new = now.classes.get(before.owner or "") if now is not None else None
        hooks = base.classes.get(after.owner or "") if base is not None else None
        if old is None or new is None or hooks is None:
            return None
        gained = _method_names(new) - _method_names(old)
        return next(iter(sorted(gained & _method_names(hooks))), None)

    def _mixed_into(self, path: str, qual: str, name: str) -> tuple[str, Resolver] | None:
        """A mixin's method (its class has no base that defines ``name``) overrides what a class of the same
        module that mixes it in finds next along its order: ``class Host(Mixin, Base)`` runs the mixin's
        ``name`` for the base's.  The first such host whose base defined ``name`` at the merge base, and
        the lookup past the mixin along the host's order (#20630: ``get_max_tokens_per_item``, renamed on
        ``BaseProcessingInfo``, defined in a fork mixin its info class mixes in: nothing calls it)."""
        for other in self._mixed_by(path).get(qual, ()):
            resolver = self._past_mixin(path, other, qual, name)
            if isinstance(resolver(self.before), DefSym):
                return other, resolver
        return None

    def _mixed_by(self, path: str) -> dict[str, list[str]]:
        """Each class of the module another class of it derives from beside a second base, made once a module."""
        if path not in self._hosts:
            found: dict[str, list[str]] = {}
            mod = self.before.module_at(path)
            hosts = [] if mod is None else [q for q, node in mod.classes.items() if len(node.bases) > 1]
            for qual in hosts:
                cls = self.before.class_info(mod, qual) if mod is not None else None
                for item in self.before.mro(cls, False) if cls is not None else ():
                    if isinstance(item, px.ClassInfo) and item.module.path == path:
                        found.setdefault(item.qualname, []).append(qual)
            self._hosts[path] = found
        return self._hosts[path]

    def _past_mixin(self, path: str, host: str, mixin: str, name: str) -> Resolver:
        def resolve(ix: Index) -> Sym:
            mod = ix.module_at(path)
            cls = ix.class_info(mod, host) if mod else None
            order = ix.mro(cls, True) if cls else []
            at = [
                i
                for i, c in enumerate(order)
                if isinstance(c, px.ClassInfo) and (c.module.path, c.qualname) == (path, mixin)
            ]
            return ix.member(order[at[0] + 1 :], name) if at else MISSING

        return resolve

    def _stale_copy(
        self, mod: ModuleInfo, stmt: ast.stmt, short: str, name: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """A fork class attribute that copies every entry of the base's old value (and adds its own), where
        upstream changed the base's value: the fork's copy pins the old one and drops upstream's change
        (#48563: Gemma4's checkpoint-name mapper gained an experts-parent regex; a fork subclass re-declaring
        the mapper from the old copy plus its own prefix loads its MoE experts under the old names)."""
        mine = refused.member_value(stmt)
        old, new = refused.member_value_of(before.node), refused.member_value_of(after.node)
        lost = refused.stale_copy(mine, old, new) if mine is not None and old is not None and new is not None else None
        if not lost:
            return
        yield _error(
            mod,
            stmt.lineno,
            f"{short}.{name} copies every entry of {before.label}'s old value, which upstream changed "
            f"({_where(after, self._commit(after.path, after.name))}): the fork's copy lacks {', '.join(lost[:3])}; "
            f"build it onto {after.label} (``... | Base.{name}``, ``{{**Base.{name}, ...}}``) or port upstream's change",
        )

    def _asserted_value(self, mod: ModuleInfo, stmt: ast.stmt, qual: str, name: str) -> Iterator[Finding]:
        """The fork class's literal ``name = v`` that an ``assert self.name ...`` upstream added to a method of a
        base that the class reaches now fails (drift/asserted_values.py, #26541)."""
        value = _set_value(stmt)
        added = self._added_asserts(name) if value is not NOT_LITERAL else {}
        merged = self.after.module_at(mod.path) if added else None
        cls = self.after.class_info(merged, qual) if merged else None
        if merged is None or cls is None or not isinstance(stmt, ast.Assign | ast.AnnAssign) or stmt.value is None:
            return
        mro = self.after.mro(cls, True)
        resolve = functools.partial(self._class_value, mro, name, (merged, stmt.value))
        for item, method, func in self._reached_methods(mro, set(added)):
            numbers = {
                i for i, line in enumerate(item.module.text.splitlines(), 1) if line.strip() in added[item.module.path]
            }
            if asserted_values.assigns_self(func, name):
                continue
            sides = (resolve, functools.partial(self._value_identity, item.module))
            for node in asserted_values.failing_asserts(func, name, value, numbers, sides):
                if self._assigned_first(mro, item, asserted_values.self_calls_before(func, node), name):
                    continue
                commit = self._line_commit(item.module.path, f"assert self.{name}")
                yield _error(
                    mod,
                    stmt.lineno,
                    f"{qual.rsplit('.', 1)[-1]}.{name} = {value!r} fails the assertion upstream added to "
                    f"{item.qualname}.{method}() ({item.module.path}:{node.lineno}{'; ' + commit if commit else ''}): "
                    f"`{ast.unparse(node.test)}`; the fork's class raises AssertionError when {method}() runs: set "
                    "what the assertion allows, or port the class to what upstream's check expects",
                )
                return

    def _assigned_first(
        self, mro: list[px.ClassInfo | px.External], item: px.ClassInfo, calls: list[str], name: str
    ) -> bool:
        """One of the ``self.<m>(...)`` the asserting method of ``item`` makes first (or those make in turn)
        reaches, on the fork class, a method a class nearer than ``item`` defines (the fork's own override,
        an intermediate base's) that assigns ``self.name``: the instance's value may not be the class body's.
        ``item``'s own helpers and its bases' are the flow upstream wrote the assertion after: they count not
        (#26541's ``_init_reorder_batch_threshold`` stores the class value the assertion then checks)."""
        at = next(i for i, c in enumerate(mro) if c is item)
        nearer = {(c.module.path, c.qualname) for c in mro[:at] if isinstance(c, px.ClassInfo)}
        seen: set[str] = set()
        while calls and len(seen) < 50:
            method = calls.pop()
            found = self.after.member(mro, method, dynamic=False) if method not in seen else None
            seen.add(method)
            func = found.node if isinstance(found, DefSym) and isinstance(found.node, _FUNCS) else None
            if isinstance(found, DefSym) and isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                if (found.path, found.owner) in nearer and asserted_values.assigns_self(func, name):
                    return True
                calls += asserted_values.self_calls_before(func)
        return False

    def _reached_methods(
        self, mro: list[px.ClassInfo | px.External], paths: set[str]
    ) -> Iterator[tuple[px.ClassInfo, str, ast.FunctionDef | ast.AsyncFunctionDef]]:
        """(class, name, def) of each method of a base along ``mro`` in one of ``paths`` that lookup on the
        class reaches (no nearer method of its name hides it)."""
        for item in (i for i in mro[1:] if isinstance(i, px.ClassInfo) and i.module.path in paths):
            for method, func in item.members.items():
                reached = self.after.member(mro, method, dynamic=False) if isinstance(func, _FUNCS) else None
                if isinstance(reached, DefSym) and (reached.path, reached.owner) == (item.module.path, item.qualname):
                    assert isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
                    yield item, method, func

    def _class_value(
        self, mro: list[px.ClassInfo | px.External], name: str, mine: tuple[ModuleInfo, ast.expr], attr: str
    ) -> tuple[object, ...] | None:
        """What the value a class body along ``mro`` gives ``attr`` is (the fork's own ``mine`` for ``name``),
        as ``_value_identity`` tells it; None when no class body gives one."""
        if attr == name:
            return self._value_identity(*mine)
        found = self.after.member(mro, attr, dynamic=False)
        node = found.node if isinstance(found, DefSym) else None
        where = self.after.module_at(found.path) if isinstance(found, DefSym) else None
        if where is None or not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
            return None
        return self._value_identity(where, node.value)

    def _value_identity(self, mod: ModuleInfo, expr: ast.expr, depth: int = 0) -> tuple[object, ...] | None:
        """What ``expr`` of ``mod``'s top-level scope is, whatever its spelling: a literal's value, the definition
        a dotted name resolves to through the tree's imports (a module-level alias followed to what it names),
        or the dotted path an import from outside the tree gives; None when it is none of these (a call, a name
        nothing binds, a re-export of something outside the tree)."""
        value = literal_value(expr)
        if value is not NOT_LITERAL:
            return ("literal", repr(value))
        if not isinstance(expr, ast.Name | ast.Attribute) or depth > 8:
            return None
        sym = self.after.resolve_expr(mod, expr)
        if isinstance(sym, DefSym):
            alias = _alias_of(sym)
            where = self.after.module_at(sym.path) if alias is not None else None
            if alias is not None and where is not None:
                return self._value_identity(where, alias, depth + 1)
            return ("defined", sym.path, sym.owner, sym.name)
        path = _imported_path(mod, expr) if sym is UNKNOWN else None
        return ("imported", ".".join(path)) if path and not self.after.in_tree(path[0]) else None

    def _added_asserts(self, name: str) -> dict[str, set[str]]:
        """path -> the lines upstream added there (outside tests) asserting on ``self.name``, stripped; once a name."""
        if name not in self._assert_lines:
            added: dict[str, set[str]] = {}
            lines = self.inp.upstream_lines
            pattern = re.compile(rf"assert\s+self\.{re.escape(name)}\b.*")
            for path, match in lines.added_matches(pattern) if isinstance(lines, AddedLines) else ():
                if path.endswith(".py") and not TEST_PATH.search(path):
                    added.setdefault(path, set()).add(match.group(0).lstrip("+").strip())
            self._assert_lines[name] = added
        return self._assert_lines[name]

    def _retired(self, before: DefSym) -> list[ast.AST]:
        """The statements of upstream's own classes (besides the base) that set the class attribute upstream
        removed from the base, and dropped it in the same change: upstream retired it everywhere, nothing
        reads it (#13166: SupportsLoRA.supported_lora_modules, gone from every model, the modules found from
        the model now).  Empty when one of them still sets it, or when the name was renamed or moved."""
        return [old.members[before.name] for old, _ in self._retired_classes(before)]

    def _replaced(self, before: DefSym, mod: ModuleInfo, qual: str, stmt: ast.stmt) -> list[str]:
        """What upstream set in the stead of the knob the fork class sets to a value other than the one it
        inherited (drift/replaced_knobs.py): the members the knob's base and every class of upstream's that set
        it gained, less those the fork class sets itself (ported).  Empty for a knob retired, not replaced, and
        for one something still reads (drift/replaced_knobs.py)."""
        if not replaced_knobs.opted_out(stmt, before.node) or before.owner is None:
            return []
        old_mod, new_mod = self.base_ix.module_at(before.path), self.theirs_ix.module_at(before.path)
        old = self.base_ix.class_info(old_mod, before.owner) if old_mod else None
        new = self.theirs_ix.class_info(new_mod, before.owner) if new_mod else None
        if old is None or new is None:
            return []
        pairs = [(old.members, new.members)]
        pairs += [(then.members, now.members if now else {}) for then, now in self._retired_classes(before)]
        merged = self.after.module_at(mod.path)
        mine = self.after.class_info(merged, qual) if merged else None
        if mine is None or self._knob_read(mine, before.name):
            return []  # the fork's value is still read somewhere: honoured there
        return [n for n in replaced_knobs.replacement(pairs) if n not in mine.members]

    def _knob_read(self, cls: px.ClassInfo, name: str) -> bool:
        """``name`` still read in the merged tree: off another object, on ``self`` in a method ``cls`` reaches
        (its own included), or by string (``getattr(self, "name", True)``)."""
        return (
            self._read_by_name(name)
            or self._used_by_name(name, replaced_knobs.named_as_string)
            or bool(reached_callers(self.after, cls, name, True))
        )

    def _restated_unread(self, before: DefSym, mod: ModuleInfo, qual: str, stmt: ast.stmt) -> bool:
        """The fork class sets the removed attribute to the literal it inherited at the merge base, and nothing
        in the merged tree reads the name (off another object, or on ``self`` along the class's bases): the
        override changed nothing before the merge and reaches nothing after (#21367: ``full_cudagraph_supported
        = True`` under FlashMLA's builder, the runner's read gone, one ROCm backend still setting it)."""
        if not replaced_knobs.restated(stmt, before.node) or self._read_by_name(before.name):
            return False
        merged = self.after.module_at(mod.path)
        cls = self.after.class_info(merged, qual) if merged else None
        return cls is not None and not reached_callers(self.after, cls, before.name, True)

    def _retired_classes(self, before: DefSym) -> list[tuple[px.ClassInfo, px.ClassInfo | None]]:
        """``_retired``'s classes, as (the class at the merge base, the class upstream) pairs."""
        base = self.inp.base
        if not isinstance(base, WordSearchable) or self._renamed_to(before) or self._moved_to(before):
            return []
        setters: list[tuple[px.ClassInfo, px.ClassInfo | None]] = []
        for path in sorted({p for p, _ in base.word_lines(before.name) if p.endswith(".py") and not _not_served(p)}):
            old, new = self.base_ix.module_at(path), self.theirs_ix.module_at(path)
            if old is None:
                continue
            for qual in old.classes:
                cls = self.base_ix.class_info(old, qual)
                if cls is None or before.name not in cls.members or (path, qual) == (before.path, before.owner):
                    continue
                now = self.theirs_ix.class_info(new, qual) if new is not None else None
                if now is not None and before.name in now.members:
                    return []  # upstream's own class still sets it: something may read it
                setters.append((cls, now))
        return setters

    def _hook_def(self, after: DefSym) -> DefSym:
        """(mend81) A hook a class binds by assignment read as the def it binds: ``name = _f`` / ``name =
        staticmethod(_f)`` / ``name = classmethod(_f)``, ``_f`` a def of the class's body or of its module (a copy
        named ``name``, decorated as the wrapper says); any other member as it is."""
        node = after.node
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        wrapper = None
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and len(value.args) == 1:
            wrapper, value = (value.func.id, value.args[0]) if value.func.id in _METHOD_WRAPPERS else (None, None)
        mod = self.theirs_ix.module_at(after.path) if isinstance(value, ast.Name) and after.owner else None
        cls = mod.classes.get(after.owner) if mod is not None and after.owner else None
        if mod is None or cls is None or not isinstance(value, ast.Name):
            return after
        defs = [d for d in (*cls.body, *mod.tree.body) if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)]
        found = [d for d in defs if d.name == value.id]
        if not found or (wrapper is None and found[0] not in cls.body):
            return after  # a module function bound bare takes the instance first: read only through a wrapper
        made = copy.copy(found[0])
        made.name = after.name
        made.decorator_list = [ast.Name(id=wrapper, ctx=ast.Load())] if wrapper else list(found[0].decorator_list)
        self._made_hooks[id(made)] = made
        return replace(after, node=made)

    def _hook_misfit(
        self, mod: ModuleInfo, qual: str, stmt: ast.FunctionDef | ast.AsyncFunctionDef, after: DefSym
    ) -> str | None:
        """Why the fork's own method cannot serve upstream's calls of the base hook of its name upstream
        added (drift/new_hooks.py, #39027): the calls on lines upstream added, outside tests, in files that
        name the hook's class, whose receiver upstream types as that class or a subclass (a same-named method
        of another class is called too: ``tool_parser.adjust_request(request=request)``)."""
        if not isinstance(self.inp.upstream_lines, AddedLines) or after.owner is None:
            return None
        assert isinstance(after.node, ast.FunctionDef | ast.AsyncFunctionDef)
        calls = self._hook_calls_on(after, mod, qual)
        modes = {id(call): self._call_modes.get(id(call), "kept") for call, _ in calls}
        hooked = self.theirs_ix.module_at(after.path)
        classes = {q: c for q, c in hooked.classes.items() if "." not in q} if hooked is not None else {}
        misfit = new_hooks.unfit(stmt, after.node, calls, self._read_added(after.name), modes, classes)
        if misfit is not None and calls and all(self._never_handed(call, qual) for call, _ in calls):
            return None  # review138: the fork never hands its class's instances to upstream's calls
        return misfit

    def _never_handed(self, call: ast.Call, qual: str) -> bool:
        """Upstream's ``call`` (off a field of its method's instance, ``self.F.hook()`` or a loop over
        ``self.F``) never gets an instance of the fork's class ``qual``: the fork names the class only to build it,
        and each build sits in a class of the fork's deriving the call's class that replaces the call's method
        without ``super()`` (review138, #37728: a fork ``BlockTable`` subclass of another ``clear_row`` arity,
        built only by a fork ``MultiGroupBlockTable`` subclass whose own ``clear_row`` replaces upstream's loop).
        False where the fork names the class nowhere else to see (it may build it through a factory)."""
        holder = self._hook_holders.get(id(call))
        name = qual.rsplit(".", 1)[-1]
        paths = [p for p, lines in self.inp.fork_lines.items() if p.endswith(".py") and any(name in t for t in lines)]
        builds = 0
        for path in paths if holder is not None else ():
            merged = self.after.module_at(path)
            if merged is None:
                return False
            parents = parent_map(merged.tree)
            for node in ast.walk(merged.tree):
                if not isinstance(node, ast.Name) or node.id != name:
                    continue
                built = parents.get(id(node))
                host = new_hooks.enclosing_class(node, parents)
                info = self.after.class_info(merged, host.name) if host is not None else None
                if not isinstance(built, ast.Call) or built.func is not node or host is None or info is None:
                    return False
                assert holder is not None
                lineage = {i.qualname.rsplit(".", 1)[-1] for i in self.after.mro(info) if isinstance(i, px.ClassInfo)}
                if holder[0] not in lineage or not new_hooks.replaces(host, holder[1]):
                    return False
                builds += 1
        return builds > 0

    def _hook_calls_on(self, after: DefSym, mod: ModuleInfo, qual: str) -> list[tuple[ast.Call, bool]]:
        """``_typed_hook_calls`` that may reach the fork class ``qual``'s instance: those whose receiver is typed
        as a class on its merged order.  A call typed as a sibling deriving the hook's class never gets it
        (revCK: #44260's ``self.input_quant_key()`` in ``FP8ScaledMMLinearKernel.apply_weights`` never runs on a
        fork int8 kernel, though both derive ``ScaledMMLinearKernel``, the hook's class)."""
        key = (after.path, after.owner or "", after.name)
        if key not in self._hook_calls:
            self._hook_calls[key] = self._typed_hook_calls(after)
        merged = self.after.module_at(mod.path)
        cls = self.after.class_info(merged, qual) if merged is not None else None
        if cls is None:
            return [(call, used) for call, used, _ in self._hook_calls[key]]
        on_way = {(i.module.path, i.qualname) for i in self.after.mro(cls) if isinstance(i, px.ClassInfo)}
        return [(call, used) for call, used, typed in self._hook_calls[key] if typed & on_way]

    def _read_added(self, name: str) -> bool:
        """A line upstream added (outside tests) reads ``x.name`` as a value: neither calls it nor assigns it."""
        if name not in self._hook_reads:
            lines = self.inp.upstream_lines
            assert isinstance(lines, AddedLines)
            pattern = re.compile(rf".*\.{re.escape(name)}\b(?!\s*\()(?!\s*(?::[^=\n]*)?=(?!=))")
            self._hook_reads[name] = any(
                p.endswith(".py") and not TEST_PATH.search(p) for p, _ in lines.added_matches(pattern)
            )
        return self._hook_reads[name]

    def _typed_hook_calls(self, after: DefSym) -> list[tuple[ast.Call, bool, frozenset[tuple[str, str]]]]:
        """Upstream's added calls of the hook's name whose receiver it types as the hook's class, a subclass,
        or a base of it that has the name too (a base's ``self.name()`` runs a subclass's: #44260 calls
        ``self.input_quant_key()`` in ``FP8ScaledMMLinearKernel.apply_weights``, under the cutlass kernel)."""
        family = self._hook_family(after)
        owners = {qual.rsplit(".", 1)[-1] for _, qual in family}
        calls: list[tuple[ast.Call, bool, frozenset[tuple[str, str]]]] = []
        for path, texts in sorted(self._added_calls(after.name).items()):
            found = self.theirs_ix.module_at(path)
            if found is None:
                continue
            # a file not naming the class types a receiver as it only through a name declared elsewhere
            named = any(owner in found.text for owner in owners)
            numbers = {i for i, line in enumerate(found.lines, 1) if line.strip() in texts}
            parents = parent_map(found.tree)
            for call, used in new_hooks.used_calls(found.tree, after.name, numbers):
                typed = (
                    self._typed_to(found, new_hooks.receiver_types(call, parents), after, family)
                    if named
                    else frozenset()
                )
                typed = typed or self._global_typed(found, call, parents, after, family)
                typed = typed or self._chain_typed(found, call, parents, after, family)
                typed = typed or (frozenset() if self._through_class(found, call) else self._sole_hook(after))
                if typed:
                    calls.append((call, used, typed))
                    self._call_modes[id(call)] = new_hooks.call_mode(call, parents)
                    holder = new_hooks.field_holder(call, parents)
                    if holder is not None:
                        self._hook_holders[id(call)] = holder
        return calls

    def _sole_hook(self, hook: DefSym) -> frozenset[tuple[str, str]]:
        """The hook's class, where every def of the hook's name in upstream's tree (outside tests) is a method of
        the hook's class or of a class deriving from it: any call of the name reaches the hook or an override
        of it, whatever its receiver is typed as (killers225: #42662 added
        ``SupportsMultiModal.get_mm_lora_token_counts`` and calls it off ``self.model: SupportsLoRAModel``, a
        protocol not deriving ``SupportsMultiModal``, and off a ``model: Any``); empty where another def of the
        name exists, a site is not read, or the tree cannot say where the name is defined -- or (mend81) where a
        class outside the family binds the name otherwise (``name = staticmethod(f)``, ``name = f``, a lambda: no
        ``def name(`` line to find) or a ``setattr(..., "name", ...)`` installs it: a call may reach that one."""
        key = (hook.path, hook.owner or "", hook.name)
        if key not in self._sole_hooks:
            tree = self.inp.theirs
            sites = tree.definition_sites([hook.name]).get(hook.name, []) if isinstance(tree, Searchable) else []
            sites = [(p, n) for p, n in sites if not TEST_PATH.search(p)]
            # (mend81) a hook bound by assignment has no ``def name(`` line of its own
            held = bool(sites) or self._made_hooks.get(id(hook.node)) is hook.node
            sole = held and hook.owner is not None and all(self._derives_hook(p, n, hook) for p, n in sites)
            sole = sole and self._bound_only_in_family(hook)
            self._sole_hooks[key] = frozenset({(hook.path, hook.owner or "")}) if sole else frozenset()
        return self._sole_hooks[key]

    def _bound_only_in_family(self, hook: DefSym) -> bool:
        """(mend81) Every served class of upstream's tree with a member of the hook's name (a def, an assignment)
        derives the hook's class, and no served line installs the name by ``setattr`` with its literal."""
        tree = self.inp.theirs
        if not isinstance(tree, WordSearchable):
            return True
        quoted = (f'"{hook.name}"', f"'{hook.name}'")
        lines = [(p, text) for p, text in tree.word_lines(hook.name) if p.endswith(".py") and not _not_served(p)]
        if any("setattr(" in text and any(q in text for q in quoted) for _, text in lines):
            return False
        return all(
            self._derives_hook_class(path, qual, hook)
            for path, qual in _defining_classes(self.theirs_ix, tree, hook.name)
        )

    def _derives_hook_class(self, path: str, qual: str, hook: DefSym) -> bool:
        """The class ``qual`` of ``path`` is the hook's class or derives it."""
        mod = self.theirs_ix.module_at(path)
        cls = self.theirs_ix.class_info(mod, qual) if mod is not None else None
        order = self.theirs_ix.mro(cls) if cls is not None else []
        return any(
            isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == (hook.path, hook.owner) for i in order
        )

    def _through_class(self, mod: ModuleInfo, call: ast.Call) -> bool:
        """``Cls.name(...)`` off a class upstream's module defines or imports: the call names that class's
        attribute, never a subclass's override (#39366: the engine core calls ``ParallelConfig.sync_dp_state(...)``;
        a fork subclass's own ``sync_dp_state`` is not reached), so ``_sole_hook`` does not decide it."""
        func = call.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
            return False
        if func.value.id in mod.classes:
            return True
        origin = px.imported_origin(func.value, px.file_imports(mod.tree, mod.path))
        sym = self.theirs_ix.resolve(*origin) if origin is not None else None
        return isinstance(sym, DefSym) and isinstance(sym.node, ast.ClassDef)

    def _derives_hook(self, path: str, line: int, hook: DefSym) -> bool:
        """The def of ``hook.name`` at ``path``:``line`` is a method of the hook's class or of a class deriving it."""
        mod = self.theirs_ix.module_at(path)
        if mod is None:
            return False
        for qual, node in mod.classes.items():
            if not any(isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef) and d.lineno == line for d in node.body):
                continue
            cls = self.theirs_ix.class_info(mod, qual)
            order = self.theirs_ix.mro(cls) if cls is not None else []
            return any(
                isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == (hook.path, hook.owner) for i in order
            )
        return False

    def _global_typed(
        self, mod: ModuleInfo, call: ast.Call, parents: dict[int, ast.AST], hook: DefSym, family: set[tuple[str, str]]
    ) -> frozenset[tuple[str, str]]:
        """``_typed_to`` for a receiver that is a module-level name, typed by its declaration in the module that
        defines it (#35356: mem_utils' ``current_platform.is_integrated_gpu(device.index)``, ``current_platform``
        imported from the package that declares ``current_platform: Platform``), or a name the enclosing
        function imports late from the module declaring it (killers209: #34760, #15417, #38468); empty for a
        local or an undeclared name."""
        name = new_hooks.global_receiver(call, parents)
        late = None if name else new_hooks.imported_receiver(call, parents)
        if late is not None:
            sym: Sym | None = self.theirs_ix.resolve(*late)
        else:
            sym = self.theirs_ix.resolve_expr(mod, ast.Name(id=name, ctx=ast.Load())) if name else None
        if not isinstance(sym, DefSym) or sym.owner is not None:
            return frozenset()
        home = self.theirs_ix.module_at(sym.path)
        classes = new_hooks.declared_classes(sym.node)
        return self._typed_to(home, classes, hook, family) if home is not None and classes else frozenset()

    def _chain_typed(
        self, mod: ModuleInfo, call: ast.Call, parents: dict[int, ast.AST], hook: DefSym, family: set[tuple[str, str]]
    ) -> frozenset[tuple[str, str]]:
        """``_typed_to`` for a receiver built by calling a class-level field of a ``self`` field: ``parser =
        self.holder.parser_cls(tok)``, ``self.holder`` typed by its annotation or by the return annotation of
        the call that stores it, the field declared ``parser_cls: type[C] | None`` in the holder's class
        (killers212: #33513's Responses serving calls ``reasoning_parser.count_reasoning_tokens(accumulated)`` on
        ``self.parser.reasoning_parser_cls(tokenizer)``, ``self.parser = ParserManager.get_parser(...)``, which
        returns ``type[Parser] | None``, and ``Parser.reasoning_parser_cls: type[ReasoningParser] | None``)."""
        cls = enclosing_class(call, parents)
        typed: set[tuple[str, str]] = set()
        for expr in new_hooks.receiver_types(call, parents) if cls is not None else []:
            field = expr.value if isinstance(expr, ast.Attribute) else None
            if not is_self_attribute(field):
                continue
            assert isinstance(expr, ast.Attribute) and cls is not None
            for holder in self._field_classes(mod, cls, field.attr):
                member = self.theirs_ix.member(self.theirs_ix.mro(holder), expr.attr)
                node = member.node if isinstance(member, DefSym) else None
                home = self.theirs_ix.module_at(member.path) if isinstance(member, DefSym) else None
                if isinstance(node, ast.AnnAssign) and home is not None:
                    classes = new_hooks.annotated_classes(node.annotation)
                    typed |= self._typed_to(home, classes, hook, family, False)
        return frozenset(typed)

    def _field_classes(self, mod: ModuleInfo, cls: ast.ClassDef, field: str) -> list[px.ClassInfo]:
        """The classes upstream types ``self.field`` of ``cls`` as: an annotation of it, or the return annotation
        of a call stored in it (``self.parser = ParserManager.get_parser(...)``, ``-> type[Parser] | None``)."""
        found: list[px.ClassInfo] = []
        for node in ast.walk(cls):
            stored = assigned_targets(node) if isinstance(node, ast.Assign | ast.AnnAssign) else []
            if not any(is_self_attribute(t) and t.attr == field for t in stored):
                continue
            home: ModuleInfo | None = mod
            classes = new_hooks.annotated_classes(node.annotation) if isinstance(node, ast.AnnAssign) else []
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            if not classes and isinstance(value, ast.Call):
                callee = self.theirs_ix.resolve_expr(mod, value.func)
                func = callee.node if isinstance(callee, DefSym) else None
                if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef) and func.returns is not None:
                    home = self.theirs_ix.module_at(callee.path) if isinstance(callee, DefSym) else None
                    classes = new_hooks.annotated_classes(func.returns)
            for expr in classes if home is not None else []:
                assert home is not None
                info = self.theirs_ix.class_of(self.theirs_ix.resolve_expr(home, expr))
                found += [info] if info is not None else []
        return found

    def _hook_family(self, hook: DefSym) -> set[tuple[str, str]]:
        """(path, qualname) of the hook's class and of each base of it, in upstream's tree, that has the hook's
        name itself or by inheritance: a receiver typed as any of them may be the fork's instance."""
        found = self.theirs_ix.module_at(hook.path)
        cls = self.theirs_ix.class_info(found, hook.owner or "") if found else None
        family = {(hook.path, hook.owner or "")}
        mro = self.theirs_ix.mro(cls) if cls is not None else []
        for at, seen in enumerate(mro):
            rest = [i for i in mro[at:] if isinstance(i, px.ClassInfo)]
            if isinstance(seen, px.ClassInfo) and any(hook.name in i.members for i in rest):
                family.add((seen.module.path, seen.qualname))
        return family

    def _added_calls(self, name: str) -> dict[str, set[str]]:
        """path -> the lines upstream added there (outside tests) that call ``.name(``, stripped; once a name:
        every fork method of the name asked it, and each scan read all of upstream's diffs."""
        if name not in self._hook_lines:
            added: dict[str, set[str]] = {}
            lines = self.inp.upstream_lines
            assert isinstance(lines, AddedLines)
            for path, match in lines.added_matches(re.compile(rf".*\.{re.escape(name)}\s*\(.*")):
                if path.endswith(".py") and not TEST_PATH.search(path):
                    added.setdefault(path, set()).add(match.group(0).lstrip("+").strip())
            self._hook_lines[name] = added
        return self._hook_lines[name]

    def _typed_to(
        self,
        mod: ModuleInfo,
        types: list[ast.expr],
        hook: DefSym,
        family: set[tuple[str, str]],
        factories: bool = True,
    ) -> frozenset[tuple[str, str]]:
        """(path, qualname) of each of ``types`` that resolves, in upstream's ``mod``, to the hook's class or a
        class deriving from it, or to a base of the ``family`` itself (a sibling deriving that base is never the
        fork's instance); empty when none does."""
        typed: set[tuple[str, str]] = set()
        for expr in types:
            sym = self.theirs_ix.resolve_expr(mod, expr)
            cls = self.theirs_ix.class_of(sym)
            if cls is None:
                typed |= self._factory_typed(sym, hook, family) if factories else frozenset()
                continue
            here = (cls.module.path, cls.qualname)
            if here in family or any(
                isinstance(seen, px.ClassInfo) and (seen.module.path, seen.qualname) == (hook.path, hook.owner)
                for seen in self.theirs_ix.mro(cls)
            ):
                typed.add(here)
        return frozenset(typed)

    def _factory_typed(self, sym: Sym, hook: DefSym, family: set[tuple[str, str]]) -> frozenset[tuple[str, str]]:
        """``_typed_to`` for a receiver built by a module-level function: the classes its return annotation
        names, resolved where it is defined (killers193: #28037's API server types ``engine =
        engine_client(raw_request)`` only through ``def engine_client(request) -> EngineClient``, then calls
        ``engine.pause_generation(wait_for_inflight_requests=..., clear_cache=...)``).  Empty for a class, a
        method, or a function without a return annotation."""
        node = sym.node if isinstance(sym, DefSym) and sym.owner is None else None
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.returns is None:
            return frozenset()
        home = self.theirs_ix.module_at(sym.path) if isinstance(sym, DefSym) else None
        classes = new_hooks.annotated_classes(node.returns)
        return self._typed_to(home, classes, hook, family, False) if home is not None and classes else frozenset()

    def _string_looked_up(self, mod: ModuleInfo, qual: str, name: str) -> str | None:
        """The upstream class along the fork class's bases in the merged tree whose code looks ``name`` up on
        the instance by a string (``getattr(self, "name", None)``): a shim that still reaches the fork's override
        of a method upstream renamed (#13964's ``_get_prompt_replacements``; drift/shimmed_hooks.py)."""
        new_mod = self.after.module_at(mod.path)
        cls = self.after.class_info(new_mod, qual) if new_mod else None
        if cls is None:
            return None
        order = [c for c in self.after.mro(cls) if isinstance(c, px.ClassInfo)]
        nodes = [c.node for c in order]
        # the shim's method must still run: #27583's models each define the ``embed_multimodal`` that hosts it
        return next((c.qualname for i, c in enumerate(order) if i and shim_reached(nodes, i, name)), None)

    def _self_called(self, mod: ModuleInfo, qual: str, name: str) -> bool:
        """A method the fork class reaches (its own, or a base's) calls ``name`` on ``self``/``cls`` in the
        merged tree: the override of a method upstream removed is still consulted, by the fork's own code
        (its override of upstream's new name handing on to it)."""
        new_mod = self.after.module_at(mod.path)
        cls = self.after.class_info(new_mod, qual) if new_mod else None
        return cls is not None and bool(reached_callers(self.after, cls, name))

    def _unconsulted(self, mod: ModuleInfo, stmt: ast.stmt, qual: str, name: str, before: DefSym) -> Iterator[Finding]:
        """The fork's override of a hook upstream moved up its class's hierarchy that no method along the
        fork class's bases calls (reads, for a property) any more, where one did before the merge
        (drift/unconsulted.py).  Still called by name elsewhere, the override is consulted there, unless
        upstream dropped every override of its own classes too (#51704: ``real_page_size_bytes``, which
        ``unpadded_page_size_bytes`` stopped reading, overridden by 5 upstream specs before, by none
        after): the base computes without it while those readers get the fork's value."""
        old_mod, new_mod = self.before.module_at(mod.path), self.after.module_at(mod.path)
        old_cls = self.before.class_info(old_mod, qual) if old_mod else None
        new_cls = self.after.class_info(new_mod, qual) if new_mod else None
        if old_cls is None or new_cls is None:
            return
        prop = is_property(stmt) and is_property(before.node)
        then = reached_callers(self.before, old_cls, name, prop)
        if not then or reached_callers(self.after, new_cls, name, prop):
            return
        caller, method = then[0]
        now = self.after.member(self.after.mro(new_cls, True), method, dynamic=False)
        if not isinstance(now, DefSym):
            return
        same = (now.path, now.owner) == (caller.module.path, caller.qualname)  # the caller itself dropped it
        consulted = self._read_by_name(name) if prop else self._called_by_name(name)
        retired = self._overrides_retired(name) if consulted and same else 0
        if consulted and not retired:
            return
        verb = "read" if prop else "called"
        answer = (
            f"upstream's {now.label} no longer {'reads' if prop else 'calls'} it"
            if same
            else f"upstream's {now.label}() now answers in its place without calling it"
        )
        tail = (
            f"; upstream dropped its own {retired} override(s) of {name} with it: readers of {name} by name get "
            f"the fork's value while {method} computes without it"
            if retired
            else ""
        )
        yield _error(
            mod,
            stmt.lineno,
            f"{qual.rsplit('.', 1)[-1]}.{name} overrides {before.label}, which upstream removed; "
            f"{caller.qualname}.{method}() {verb} {name}{'' if prop else '()'} for the fork's class, but {answer} "
            f"({_where(now, self._commit(now.path, now.name) or self._commit(before.path, before.name))}){tail}: "
            "the override is never consulted "
            f"there; port it to {method}()",
        )

    def _unconsulted_in_place(
        self, mod: ModuleInfo, stmt: ast.stmt, qual: str, name: str, before: DefSym
    ) -> Iterator[Finding]:
        """The fork's override of a property upstream kept where it was, that a method along the fork
        class's bases read on ``self`` before the merge and none does after (#32975: the detokenizer's
        ``update`` counts output tokens through the new ``num_output_tokens()``, no longer through the
        ``output_token_ids`` property a fork overrides to leave its control token out of ``min_tokens``).
        Only where upstream's diff removed a ``self.<name>`` line in a file of the class's bases (cheap
        first), and while something else still reads it by name (the output processor reads
        ``output_token_ids``): a warning.  Read nowhere, or a method hook upstream stopped calling, is
        dead-knob drift's finding already."""
        if not (is_property(stmt) and is_property(before.node)):
            return
        old_mod, new_mod = self.before.module_at(mod.path), self.after.module_at(mod.path)
        old_cls = self.before.class_info(old_mod, qual) if old_mod else None
        new_cls = self.after.class_info(new_mod, qual) if new_mod else None
        if old_cls is None or new_cls is None or not self._self_use_removed(new_cls, name):
            return
        then = reached_callers(self.before, old_cls, name, True)
        if not then or reached_callers(self.after, new_cls, name, True):
            return
        caller, method = then[0]
        now = self.after.member(self.after.mro(new_cls, True), method, dynamic=False)
        if not isinstance(now, DefSym) or not self._upstream(now.path) or not self._read_by_name(name):
            return  # read nowhere else, the override is dead: dead-knob drift's finding
        yield _warning(
            mod,
            stmt.lineno,
            f"{qual.rsplit('.', 1)[-1]}.{name} overrides {before.label}, which upstream's {now.label}() no longer "
            f"reads ({_where(now, self._commit(now.path, now.name))}); {caller.qualname}.{method}() read it for "
            f"the fork's class before the merge: {method}() computes without the override now; port it to what "
            f"{method}() uses",
        )

    def _switched(self, mod: ModuleInfo, stmt: ast.stmt, qual: str, name: str, before: DefSym) -> Iterator[Finding]:
        """The fork's override of a method upstream's caller no longer asks: the call switched to a sibling the
        fork's class inherits from a base that never asks the override (drift/switched_hooks.py, #30056)."""
        new_mod = self.after.module_at(mod.path)
        cls = self.after.class_info(new_mod, qual) if new_mod else None
        if cls is None or is_property(stmt) or not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return
        order = self.after.mro(cls, True)
        for path, other, receiver in self._switches(name):
            found = self.after.module_at(path)
            target = self.after.member(order, other, dynamic=False)
            if found is None or other in cls.members or not isinstance(target, DefSym):
                continue
            tied = self._receiver_tied(found, receiver, order, name)
            if tied is None or not self._upstream(target.path):
                continue
            if switched_hooks.asks(target.node, name, self._reach(order), above=_above(order)):
                continue
            if self._member_of(mod.path, qual, other, True, dynamic=False)(self.before) is not MISSING:
                continue  # a sibling the class had already: the caller chose another hook, not a new one (molmo)
            message = (
                f"{qual.rsplit('.', 1)[-1]}.{name} overrides {before.label}, but upstream's {path} now calls "
                f"{receiver}.{other}() where it called {receiver}.{name}() "
                f"({_where(target, self._commit(target.path, target.name))}), and the fork's class inherits "
                f"{target.label}, which never asks {name}: the override is bypassed there; override {other} too"
            )
            untyped = "; the receiver's class is not spelled there, so whether it is the fork's is the run's"
            yield _error(mod, stmt.lineno, message) if tied else _warning(mod, stmt.lineno, message + untyped)
            return

    def _receiver_tied(
        self, found: ModuleInfo, receiver: str, order: list[px.ClassInfo | px.External], name: str
    ) -> bool | None:
        """True where the caller's text types the switched call's receiver as the fork's class or one of its
        bases; None where it types it as another class (a detokenizer with hooks of the same names) or the
        file never names the class that roots ``name``; False where it says nothing of the receiver's class."""
        classes = {i.qualname.rsplit(".", 1)[-1] for i in order if isinstance(i, px.ClassInfo)}
        classes |= {i.name.rsplit(".", 1)[-1] for i in order if isinstance(i, px.External)}
        typed = switched_hooks.receiver_classes(found.tree, receiver)
        if typed:
            return True if typed & classes else None
        roots = [i.qualname.rsplit(".", 1)[-1] for i in order if isinstance(i, px.ClassInfo) and name in i.members]
        return False if roots and roots[-1] in found.text else None

    def _reach(self, order: list[px.ClassInfo | px.External]) -> Callable[[str], ast.AST | None]:
        def reach(method: str) -> ast.AST | None:
            found = self.after.member(order, method, dynamic=False)
            return found.node if isinstance(found, DefSym) else None

        return reach

    def _switches(self, name: str) -> list[tuple[str, str, str]]:
        """(path, other, receiver) of each block of upstream's diff (outside tests) that replaced calls of
        ``R.name(`` with calls of ``R.other(``; once a name."""
        if name not in self._switch_cache:
            lines = self.inp.upstream_lines
            changes = lines.changes if isinstance(lines, AddedLines) else Changes("")
            found: list[tuple[str, str, str]] = []
            for path in sorted(changes):
                if not path.endswith(".py") or TEST_PATH.search(path) or not self._upstream(path):
                    continue
                raw = changes.raw(path)
                if f".{name}(" in raw:
                    found += [(path, o, r) for o, r in switched_hooks.switched_to(raw, name).items()]
            self._switch_cache[name] = found
        return self._switch_cache[name]

    def _self_use_removed(self, cls: px.ClassInfo, name: str) -> bool:
        """A line upstream's diff removed in a file of ``cls``'s bases uses ``self.<name>``."""
        lines = self.inp.upstream_lines
        if not isinstance(lines, AddedLines):
            return False
        use = re.compile(rf"\bself\.{re.escape(name)}\b")
        paths = {i.module.path for i in self.after.mro(cls, True) if isinstance(i, px.ClassInfo)}
        for path in sorted(p for p in paths if self._upstream(p) and p in lines.changes):
            if path not in self._removed_text:
                raw = lines.changes.raw(path).splitlines()
                self._removed_text[path] = "\n".join(line for line in raw if line.startswith("-"))
            if use.search(self._removed_text[path]):
                return True
        return False

    def _fallback_dropped(self, mod: ModuleInfo, stmt: ast.stmt, qual: str, name: str) -> Iterator[Finding]:
        """The fork's own method (or class attribute) that no base defines, but that a base's method the
        fork class reaches called on ``self`` before the merge and no such method calls after it: a
        fallback upstream dropped (#30458: ``SupportsMultiModal.embed_multimodal`` called a model's
        ``get_multimodal_embeddings`` under ``hasattr`` until the rename's grace period ended; a fork model
        defining only the old name is asked for nothing, its images never reach the language model).
        Still called by name on another object anywhere, it may be consulted there: quiet."""
        old_mod, new_mod = self.before.module_at(mod.path), self.after.module_at(mod.path)
        old_cls = self.before.class_info(old_mod, qual) if old_mod else None
        new_cls = self.after.class_info(new_mod, qual) if new_mod else None
        if old_cls is None or new_cls is None:
            return
        order = self.before.mro(old_cls, True)
        if not any(
            isinstance(c, px.ClassInfo) and c.module.path != mod.path and f".{name}" in c.module.text for c in order
        ):
            return  # no base's module spells the name: nothing of upstream's called it (cheap, before a walk)
        then = [(c, m) for c, m in reached_callers(self.before, old_cls, name) if c.module.path != mod.path]
        if not then or reached_callers(self.after, new_cls, name) or self._consulted_elsewhere(stmt, name):
            return
        caller, method = then[0]
        now = self.after.member(self.after.mro(new_cls, True), method, dynamic=False)
        if not isinstance(now, DefSym) or not self._upstream(now.path):
            return
        yield _error(
            mod,
            stmt.lineno,
            f"{qual.rsplit('.', 1)[-1]}.{name}, the fork's own, was called by upstream's {caller.qualname}.{method}() "
            f"for the fork's class (no base defines {name}: a fallback), but upstream's {now.label} no longer calls it "
            f"({_where(now, self._commit(now.path, now.name))}): nothing consults the fork's {name} any more; "
            f"port it to {method}()",
        )

    def _refused(self, mod: ModuleInfo, stmt: ast.stmt, qual: str, name: str) -> Iterator[Finding]:
        """A member of a fork class that a module of one of the class's upstream bases now refuses by
        name: a new guard there raises for a class carrying it (drift/refused.py; #30181:
        ``supports_multimodal()`` raises for a model that still sets ``multimodal_cpu_fields``)."""
        value = refused.member_value(stmt)
        new_mod = self.after.module_at(mod.path)
        new_cls = self.after.class_info(new_mod, qual) if new_mod and value is not None else None
        if new_cls is None or value is None:
            return
        seen: set[str] = set()
        for item in self.after.mro(new_cls, False):
            if not isinstance(item, px.ClassInfo):
                continue
            path = item.module.path
            if path in seen or not self._upstream(path) or not _quoted(name, item.module.text):
                continue
            seen.add(path)
            now = [g for g in refused.refusing_guards(item.module.tree, name) if refused.refuses(g, value)]
            old_mod = self.before.module_at(path)
            then = (
                [g for g in refused.refusing_guards(old_mod.tree, name) if refused.refuses(g, value)] if old_mod else []
            )
            if len(now) <= len(then):
                continue
            line = now[0].line
            note = self._line_commit(path, mod_line(item.module, line))
            yield _error(
                mod,
                stmt.lineno,
                f"{qual.rsplit('.', 1)[-1]}.{name}: upstream's {path}:{line} now raises for a class that carries "
                f"{name}{f' ({note})' if note else ''}: the fork's class is refused where it is loaded; "
                f"drop {name} and port it to what upstream's message there names",
            )
            return

    def _consulted_elsewhere(self, stmt: ast.stmt, name: str) -> bool:
        """A call by name elsewhere that may reach the fork's ``stmt``: for a method, only a call whose
        arguments it could take (#30469: HF's ``model.get_input_embeddings()`` is no caller of a fork's
        ``get_input_embeddings(self, input_ids)``); for a class attribute, any call."""
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return self._called_by_name(name)
        return self._used_by_name(name, in_code(lambda line, called: could_bind(line, called, stmt)))

    def _overrides_retired(self, name: str) -> int:
        """How many of upstream's own classes defined ``name`` below the class that still defines it after
        the change, where after it none does: upstream retired the hook as a place to override.  0 when
        any of upstream's classes but that one still defines it."""
        base, theirs = self.inp.base, self.inp.theirs
        if not isinstance(base, WordSearchable) or not isinstance(theirs, WordSearchable):
            return 0
        after = _defining_classes(self.theirs_ix, theirs, name)
        if len(after) != 1:
            return 0
        return len(_defining_classes(self.base_ix, base, name) - after)

    def _read_by_name(self, name: str) -> bool:
        """``x.name`` read off another object than ``self``/``cls`` in what the merged tree runs."""
        return self._used_by_name(name, in_code(read_by_name))

    def _called_by_name(self, name: str) -> bool:
        """``x.name(...)`` on another object than ``self``/``cls`` in what the merged tree runs: a caller
        that may reach the fork's override whatever the hierarchy says."""
        return self._used_by_name(name, in_code(called_by_name))

    def _used_by_name(self, name: str, used: Callable[[str, str], bool]) -> bool:
        """A line of upstream's tree outside the fork's files, or of a fork file as merged, for which
        ``used(line, name)`` holds; true when upstream's tree cannot be searched by word."""
        theirs = self.inp.theirs
        if not isinstance(theirs, WordSearchable):
            return True
        for where, line in theirs.word_lines(name):
            if where not in self.inp.fork_lines and not _not_served(where) and used(line, name):
                return True
        for where in self.inp.fork_lines:
            text = self.inp.merged.text(where) if not _not_served(where) else None
            if text and name in text and any(used(line, name) for line in text.splitlines()):
                return True
        return False

    def _kept_defaults(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, mine: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """The override repeats a default of the base method that upstream changed (``skip_attn=True``
        in the override, the base's ``True`` now ``False``): a caller that leaves the argument out gets
        the new value from upstream's classes and the old one from the fork's, silently (the override
        passes it on to ``super()``, or acts on it).  A default of the fork's own choosing (not the
        base's old one) is left alone.  A warning: keeping the old value may be the fork's intent."""
        if not self._upstream(after.path) or not isinstance(after.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return
        old, new, kept = _default_texts(before.node), _default_texts(after.node), _default_texts(stmt)
        where: tuple[list[ast.AST], list[ast.AST]] = ([before.node], [after.node])
        for name, text in new.items():
            if kept.get(name) != old.get(name) or not _flipped(old.get(name), text, name, where):
                continue
            commit = self._commit(after.path, after.name)
            yield Finding(
                DEFAULT_DRIFT,
                "merge",
                Severity.WARNING,
                mod.path,
                stmt.lineno,
                f"{mine} overrides {after.label} with {name}={kept[name]}, the base's old default, which upstream "
                f"changed to {text} ({after.path}{'; ' + commit if commit else ''}): a caller that leaves {name} out "
                f"gets {text} from upstream's classes and {kept[name]} from the fork's; take {name}={text}, or say "
                "why the fork keeps the old value",
            )

    def _rewrapped(self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """The override is wrapped by a decorator the tree defines whose wrapper changes the arguments on
        their way (pops a keyword the base takes, or takes other parameters): callers reach the wrapper,
        so the def's own signature says nothing about what it accepts.  A wrapper that forwards
        ``*args, **kwargs`` untouched is transparent: the def's signature still counts."""
        for dec in (d.func if isinstance(d, ast.Call) else d for d in stmt.decorator_list):
            found = self.after.resolve(mod.dotted, dec.id) if isinstance(dec, ast.Name) else None
            if isinstance(found, DefSym) and _changes_arguments(found.node):
                return True
        return False

    def _decorator_drift(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, mine: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """Upstream decorated the method the fork overrides (``@torch.compile``, ``@torch.inference_mode()``,
        a cache): the fork's override shadows the decorated method and runs without it.  Every answer
        stays right and the speed (or the memory) goes: a warning, to add the decorator or say why not."""
        if not isinstance(before.node, ast.FunctionDef | ast.AsyncFunctionDef) or not self._upstream(after.path):
            return
        if not isinstance(after.node, ast.FunctionDef | ast.AsyncFunctionDef):
            return
        had, kept = decorator_names(before.node), decorator_names(stmt) | _MARKER_DECORATORS
        added = [d for d in after.node.decorator_list if not (names_of([d]) & (had | kept))]
        if not added:
            return
        shown = ", ".join(f"@{_show(d)}" for d in added)
        commit = self._commit(after.path, after.name) or self._line_commit(after.path, f"@{_show(added[0])}")
        speed = bool(names_of(added) & _SPEED_DECORATORS)
        yield Finding(
            DECORATOR_DRIFT,
            "merge",
            Severity.ERROR if speed else Severity.WARNING,
            mod.path,
            stmt.lineno,
            f"{mine} overrides {after.label}, which upstream decorated with {shown} ({after.path}"
            f"{'; ' + commit if commit else ''}): the override shadows it and runs without"
            + (
                " (compiled, cached or gradient-free no more: every answer stays right, the speed goes)"
                if speed
                else ""
            )
            + "; add it, or say why not",
        )

    # -- comparing -------------------------------------------------------------------------------
    def _compare(self, resolver: Resolver) -> tuple[DefSym | ModuleSym] | None:
        """The symbol a use pointed at before the merge, when it points at nothing after it."""
        before = resolver(self.before)
        if isinstance(before, (DefSym, ModuleSym)) and resolver(self.after) is MISSING:
            return (before,)
        if before is px.UNKNOWN and resolver(self.after) is MISSING:
            # another package's name a tree module imported and so handed on, the import dropped upstream
            # (#18763: torch's is_nccl_available off the distributed utils module): gone all the same
            with self.before.name_outside_imports():
                before = resolver(self.before)
            return (before,) if isinstance(before, DefSym) and _is_import(before.node) else None
        return None

    def _upstream_edited(self, mod: ModuleInfo, call: ast.Call, owned: set[int]) -> bool:
        """Upstream added a line inside the call (an argument for a parameter it inserted): the call is
        upstream's, kept in step with the new signature, whatever line of it the fork also touched."""
        added = self.inp.upstream_lines.get(mod.path)
        if not added or (call.end_lineno or call.lineno) == call.lineno:
            return False
        lines = mod.lines
        span = range(call.lineno, min(call.end_lineno or call.lineno, len(lines)) + 1)
        return any(i not in owned and lines[i - 1].strip() in added for i in span)

    def _fork_texts(self) -> Iterator[str]:
        for path in sorted(p for p in self.inp.fork_lines if p.endswith(".py")):
            yield self.inp.merged.text(path) or ""

    def _call_drift(
        self,
        call: ast.Call,
        before: DefSym,
        after: DefSym,
        via: str,
        owned: set[int] | None = None,
        untyped: bool = False,
    ) -> str | None:
        """The problem of ``call``, which fit ``before``, against ``after``; ``untyped``: the callee was matched
        by the method's name alone (``chained_calls``)."""
        handed = self._forwarded_drift(call, before, after, via)
        if handed is not None:
            return handed
        bodies: tuple[_Body, _Body] = (
            (before.node, before.path, None),
            (after.node, after.path, _owner_class(self.after, after)),
        )
        if isinstance(after.node, ast.ClassDef):
            (old, was), (new, changed) = _constructor(self.before, before), _constructor(self.after, after)
            if old is None and new is None:
                return self._model_field_dropped(call, before, after)
            if new is None and was & self.inp.upstream_files:
                # #6353: the class's own __init__ removed
                return lost_init(call, self.after, after, old, self._walking, self._fork_texts())
            if not changed & self.inp.upstream_files:
                return None
            if old is None and new is not None and _inherited_init(self.before, before):
                return _first_init(call, after, new)
            bodies = (_init_node(self.before, before), _init_node(self.after, after))
        elif not self._upstream(after.path) and not self._rebound_name(before, after):
            return None
        else:
            old, new = _bound_sig(before, via), _bound_sig(after, via)
        if old is None or new is None or call_problem(call, old) is not None:
            return None  # unknown, or it did not fit before either: not drift
        problem = self._unread_key(call, new, bodies) if old == new else call_problem(call, new)
        problem = problem or (partial_left_short(call, old, new, self._walking) if old != new else None)
        if old != new and (problem is None or given_twice(call, new)):  # given twice since an argument moved: say which
            problem = (
                _swallowed(call, old, new, after.node)
                or _rebound(call, old, new, owned)
                or self._unread_key(call, new, bodies)
                or problem
            )
        if problem is None:
            home = self.after.module_at(bodies[1][1]) if bodies[1][1] else None
            problem = self._unread_parameter(call, new, bodies) or (
                None  # a test that the call is refused now (``pytest.raises(TypeError)``) expects the failure
                if expects_misfit(call, self._walking_parents())
                else _display_of_another_kind(
                    call, old, new, bodies, functools.partial(self._names_type, after.path), untyped, home
                )
            )
        if problem is None and old != new and (computed := handed_in(call, old, new, bodies[0][0], bodies[1][0])):
            problem = Uncertain(computed)  # drift/handed_in.py: a value the body computed, now left to a default
        if problem is None:
            return None
        label = f"{after.path}'s {after.label}" if self._rebound_name(before, after) else after.label
        said = f"is now {label}{new.show()}: the call {problem}"
        if label != after.label:
            said += f" (upstream rebound the name in {before.path})"
            probe = self._probed_new_name(before.path)
            if probe is not None:  # ``try: import NEW as old / except ImportError: import old``, a hasattr test
                return Uncertain(f"{said}, unless the fork's own use of {probe} (a name upstream added there) picks it")
        if not isinstance(problem, Uncertain) and self._reshaped(bodies[1]):
            return Uncertain(f"{said}, unless the decorator's wrapper (which takes *args or **kwargs) mends it")
        return Uncertain(said) if isinstance(problem, Uncertain) else said

    def _reshaped(self, body: _Body) -> bool:
        """The def a call runs is wrapped by a decorator of the tree whose wrapper takes ``*args`` or
        ``**kwargs`` and changes them on their way (a compat shim keeping old positional calls working:
        ``def wrapper(self, model, *args, **kwargs)`` moving ``args`` into ``kwargs``): callers reach the
        wrapper, and whether it mends their call is not read here."""
        node, path, _ = body
        mod = self.after.module_at(path) if path else None
        if mod is None or not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return False
        for dec in (d.func if isinstance(d, ast.Call) else d for d in node.decorator_list):
            found = self.after.resolve_expr(mod, dec)
            if isinstance(found, DefSym) and _reshapes(found.node):
                return True
        return False

    def _forwarded_drift(self, call: ast.Call, before: DefSym, after: DefSym, via: str) -> str | None:
        """A keyword the callee no longer takes by name or reads, which its ``**kwargs`` hands on to callables
        that take it neither by name nor in a ``**kwargs`` of their own, where it bound before the merge
        (drift/forwarded.py: #29402's ``LLM(override_pooler_config=...)`` reaching ``EngineArgs``): TypeError."""
        keys = [k.arg for k in call.keywords if k.arg is not None]
        old = self._forward_side(self.before, before, via) if keys else None
        new = self._forward_side(self.after, after, via) if old is not None else None
        if old is None or new is None:
            return None
        for key in keys:
            if forwarded.fits(*new, key) is False and forwarded.fits(*old, key) is True:
                return self._handed_to(after, new[1], key)
        return None

    def _forward_side(self, ix: Index, sym: DefSym, via: str) -> tuple[Sig, ast.AST | None, forwarded.Target] | None:
        """What a call of ``sym`` binds in the tree ``ix``: its signature, the body that runs (a class's
        ``__init__``) and how that body's hand-on calls resolve (in the body's module)."""
        chain: tuple[list[px.ClassInfo | px.External], px.ClassInfo] | None = None
        if isinstance(sym.node, ast.ClassDef):
            sig, (body, path, owner) = _constructor(ix, sym)[0], _init_node(ix, sym)
            chain = _instance_order(ix, sym, owner)
        else:
            sig, body, path = _bound_sig(sym, via), sym.node, sym.path
        mod = ix.module_at(path) if path is not None else None
        if sig is None or mod is None:
            return None
        decorators = body.decorator_list if isinstance(body, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
        if not all(self._hands_on_untouched(mod, d) for d in decorators):
            return None  # a decorator may pop or rename the key on its way (``@deprecate_kwargs``)
        return sig, body, functools.partial(_handed_sig, ix, mod, chain=chain)

    def _handed_to(self, after: DefSym, body: ast.AST | None, key: str) -> str | None:
        """The problem said, when upstream changed the callee or a callable its ``**kwargs`` reach."""
        home = _init_node(self.after, after)[1] if isinstance(after.node, ast.ClassDef) else after.path
        mod = self.after.module_at(home) if home is not None else None
        calls = forwarded.handed_on(body) or []
        targets = [self.after.resolve_expr(mod, c.func) for c in calls] if mod is not None else []
        paths = {home, *(t.path for t in targets if isinstance(t, DefSym))}
        if not any(p is not None and self._upstream(p) for p in paths):
            return None
        shown = ", ".join(sorted({_show(c.func) for c in calls}))
        return (
            f"hands its **kwargs on to {shown}, which takes {key}= neither by name nor in a **kwargs any more: "
            f"the call passes {key}=, a TypeError (it bound before the merge)"
        )

    def _as_upstream_ships(self, mod: ModuleInfo, call: ast.Call, problem: str | None) -> str | None:
        """An ignored keyword in a call that upstream's own copy of the file spells the same way: upstream
        stopped reading the value and left its own call passing it (symbol_precision window 4: mllama's
        ``self_attn(hidden_state, attention_mask=...)`` once the vision attention went through
        MultiHeadAttention), so the fork's call loses nothing upstream's does not: a warning, not an error."""
        if problem is None or isinstance(problem, Uncertain) or _IGNORED not in problem:
            return problem
        spelt = _call_text(mod.text, call)
        theirs = self.inp.theirs.text(mod.path) if spelt else None
        if not spelt or not theirs or spelt not in "".join(theirs.split()):
            return problem
        return Uncertain(f"{problem}, as upstream's own copy of this call does")

    def _parents(self, mod: ModuleInfo) -> dict[int, ast.AST]:
        if mod.path not in self._parent_maps:
            self._parent_maps[mod.path] = parent_map(mod.tree)
        return self._parent_maps[mod.path]

    def _guarded(self, mod: ModuleInfo, call: ast.Call, problem: str | None) -> str | None:
        """A call's problem, a warning when the call runs in a ``try`` catching what it raises or under a test
        of its callee's signature (drift/fallbacks.py ``call_guarded``): the fork wrote a fallback, which
        may or may not be the new spelling.  None in a test written to see the call refused (``with
        pytest.raises(TypeError):``, ``self.assertRaises``): the fork expects the misfit (mend82, review60's
        #36483 twin: a held partial's later call leaving out the keyword upstream made required)."""
        if problem is None:
            return problem
        parents = self._parents(mod)
        # a spelled-out call is guarded as the written one is (its try), or as itself (a test of its callee's
        # signature, which names the partial's function, not the name the file calls it by)
        written = self._spelled.get(id(call))
        calls = [call, written[1]] if written is not None and written[0] is call else [call]
        if any(expects_misfit(c, parents) for c in calls):
            return None
        if isinstance(problem, Uncertain):
            return problem
        if not any(call_guarded(c, parents) for c in calls):
            return problem
        return Uncertain(f"{problem} (the call sits in a try, or under a test of the signature: check the fallback)")

    def _names_type(self, path: str, name: ast.expr) -> bool:
        """``name``, read in the upstream file at ``path``, is a builtin, a class or outside the tree -- not an
        alias the tree assigns (``MaybeStr = str | None``), which may still take a None."""
        mod = self.after.module_at(path)
        if mod is None or not isinstance(name, ast.Name) or name.id not in mod.names:
            return True
        found = self.after.resolve(mod.dotted, name.id)
        return not isinstance(found, DefSym) or isinstance(found.node, ast.ClassDef)

    def _unread_parameter(self, call: ast.Call, new: Sig, bodies: tuple[_Body, _Body]) -> str | None:
        """A keyword naming a parameter the function still takes, which its body read and no longer
        reads: the old name kept so that callers do not break, and ignored (#21739: the engine factory's
        ``disable_log_requests=False`` once ``enable_log_requests`` decided).  The call fits; the fork's
        value is dropped.  An error when every decorator of the def hands the keywords on untouched (or
        is a builtin one), a warning when a decorator could still read the value on its way."""
        (old_body, _, _), (new_body, path, _) = bodies
        if not isinstance(old_body, ast.FunctionDef | ast.AsyncFunctionDef):
            return None
        if not isinstance(new_body, ast.FunctionDef | ast.AsyncFunctionDef) or path is None or _abstract_body(new_body):
            return None
        named = set(new.positional[new.posonly :]) | set(new.kwonly)
        unread = [
            k.arg
            for k in call.keywords
            if k.arg in named and _reads_name(old_body, k.arg) and not _reads_name(new_body, k.arg)
        ]
        if not unread or _reads_frame(new_body):
            return None
        keys = ", ".join(f"{k}=" for k in unread)
        said = f"passes {keys}, which it still takes and no longer reads{_IGNORED}"
        mod = self.after.module_at(path)
        if mod is None or not all(self._hands_on_untouched(mod, d) for d in new_body.decorator_list):
            return Uncertain(f"{said}, unless a decorator reads it on its way")
        return said

    def _hands_on_untouched(self, mod: ModuleInfo, decorator: ast.expr) -> bool:
        """A decorator that passes a call's keywords on as they came: a builtin one (``classmethod``), or a
        def of the tree whose call wrappers (``def inner(*args, **kwargs)``) never change their kwargs."""
        expr = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(expr, ast.Name) and expr.id in _PLAIN_DECORATORS:
            return True
        found = self.after.resolve_expr(mod, expr)
        if not isinstance(found, DefSym) or not isinstance(found.node, ast.FunctionDef | ast.AsyncFunctionDef):
            return False
        wrappers = [
            n
            for n in ast.walk(found.node)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.args.vararg and n.args.kwarg
        ]
        return bool(wrappers) and not any(
            _changed_object(node) == w.args.kwarg.arg for w in wrappers if w.args.kwarg for node in ast.walk(w)
        )

    def _model_field_dropped(self, call: ast.Call, before: DefSym, after: DefSym) -> str | None:
        """A keyword naming a field of a pydantic model that upstream's model no longer declares: pydantic
        takes an unknown keyword as an extra (ignored by default, kept unread with ``extra="allow"``),
        so the call still runs and the value the field carried is lost (#33402: ``DeltaMessage(
        reasoning_content=...)`` once the deprecated field was dropped).  Not when the model's own code
        still spells the key (a validator reading it from the raw data)."""
        old, new = _model_fields(self.before, before), _model_fields(self.after, after)
        if old is None or new is None or not new[1] & self.inp.upstream_files:
            return None
        lost = [k.arg for k in call.keywords if k.arg in old[0] and k.arg not in new[0]]
        spelled = {n.value for path in new[1] for n in _model_strings(self.after, after, path)}
        lost = [k for k in lost if k not in spelled]
        if lost and self._walking is not None:
            classes = _model_classes(self.after, after) or []
            back = read_back(call, self._walking_parents(), allows_extras([c.node for c in classes]))
            lost = [k for k in lost if k not in back]  # the fork reads the extra back itself
        if not lost:
            return None
        keys = ", ".join(f"{k}=" for k in lost)
        return (
            f"no longer declares {', '.join(lost)}: the call passes {keys}, which the pydantic model takes as "
            "an unknown extra, not the field it set: the value is lost"
        )

    def _unread_key(self, call: ast.Call, new: Sig, bodies: tuple[_Body, _Body]) -> str | None:
        """``_unread_key`` with the upstream commit that last touched the key's line in the body's file."""
        (old_body, _, _), (new_body, path, owner) = bodies
        found = _unread_key(call, new, old_body, new_body)
        if found is None:
            return None
        problem, key = found
        if isinstance(problem, Uncertain) and owner is not None and _reaches_base(self.after, owner, new_body, key):
            return None  # handed on to the base's method, which takes the key: the value still arrives
        commit = self._line_commit(path, key) if path is not None else ""
        said = f"{problem} (upstream: {commit})" if commit else problem
        return Uncertain(said) if isinstance(problem, Uncertain) else said

    def _override_kind(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, before: DefSym, after: DefSym) -> str | None:
        """An override of the kind the base had (a plain method, a coroutine function, a property) that
        the base no longer is: upstream's callers now await it, call it, or read it as a value."""
        mine, now = _kind(stmt), _member_kind(after)
        if not self._upstream(after.path):
            return None
        if mine == _FUNCTION and (rebound := self._rebound(stmt, before, after)) is not None:
            return rebound
        if mine != _kind(before.node) or now in (None, mine):
            return None
        if now == _VALUE:
            return (
                f"it is now {_KIND_SAYS[_VALUE]}, the override is still {_KIND_SAYS[str(mine)]}: upstream's "
                "reads of it get the bound method (always true), or a value set on the instance hides it"
            )
        return f"it is now {_KIND_SAYS[str(now)]}, the override is still {_KIND_SAYS[str(mine)]}"

    def _deleted_by_base(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, label: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """An override that calls ``super().hook(layer)`` and then reads ``layer.x``, where upstream's hook
        now deletes ``x`` from its argument (#26789: CompressedTensorsW4A4MoeMethod's
        process_weights_after_loading ``delattr(layer, "w13_weight_packed")`` once moved into w13_weight):
        an ``AttributeError`` at load.  An attribute the override sets again before the read is its own."""
        if not self._upstream(after.path) or not isinstance(before.node, ast.FunctionDef | ast.AsyncFunctionDef):
            return
        deleted = _deleted_attributes(after.node) - _deleted_attributes(before.node)
        called = _super_call_line(stmt)
        if not deleted or called is None:
            return
        params = _positional(stmt)[1:]
        for node in ast.walk(stmt):
            read = _attribute_read(node)
            line = getattr(node, "lineno", 0)
            if read is None or line <= called or read[0] not in params:
                continue
            slot = (params.index(read[0]), read[1])
            if slot in deleted and not _set_between(stmt, read, called, line):
                commit = self._line_commit(after.path, read[1]) or self._commit(after.path, after.name)
                yield _error(
                    mod,
                    line,
                    f"{label} reads {read[0]}.{read[1]} after super().{stmt.name}(), whose {after.label} now "
                    f"deletes it from its argument ({after.path}{f', upstream: {commit}' if commit else ''}): "
                    "an AttributeError; read what the hook keeps instead, or read it before the call",
                )
                return

    def _rebound(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, before: DefSym, after: DefSym) -> str | None:
        """A plain method the base made a ``@staticmethod`` or ``@classmethod``, still overridden by a plain
        method, where upstream now calls it off the class (#28870: CompressedTensorsConfig's scheme
        predicates, called as ``cls._is_fp8_w8a8(weight_quant, input_quant)`` from classmethods): the
        fork's method is called unbound, its first argument taken as ``self``, one argument short.  Calls
        off ``self`` still bind it: no call off the class, nothing said.  Nor a call off the base's own name
        (#44589's ``QuantizationConfig.get_cache_scale_mapper()`` in the subclasses' modules), which runs the
        base's body and never an override; nor an override taking only ``*args``, which a call off the class
        fits as well as one off an instance.  Within the base's own class body, though, a call off its own name
        (#50981: ``self.get_round_robin_lora_request(...)`` became ``BenchmarkDataset.get_round_robin_lora_request
        (...)`` in the base's ``sample``) is the base no longer dispatching to any override: the fork's is
        bypassed."""
        mine, was, now = _binding(stmt), _binding(before.node), _binding(after.node)
        if mine != "instance" or was != "instance" or now == "instance" or _any_first(stmt):
            return None
        mod = self.theirs_ix.module_at(after.path)
        owner = (after.owner or "").rsplit(".", 1)[-1]
        line = _called_off_class(mod.tree, after.name, {"cls"}) if mod is not None else None
        own = [n for n in mod.tree.body if isinstance(n, ast.ClassDef) and n.name == owner] if mod and owner else []
        if line is None and len(own) == 1 and (bypass := _called_off_class(own[0], after.name, {owner})) is not None:
            return (
                f"it is now a @{now}method, and upstream's {owner} calls it off its own name ({after.path}:"
                f"{bypass}), which runs {owner}'s body and never the fork's override: the base no longer "
                f"dispatches to it; override the method that makes that call, or make yours a @{now}method "
                f"the fork calls itself"
            )
        where = f"{after.path}:{line}" if line is not None else None
        if where is None and owner:
            where = self._upstream_call(
                after.name, lambda tree, name: _called_off_class(tree, name, _classes_of(tree, owner))
            )
        if where is None:
            return None
        return (
            f"it is now a @{now}method, the override still a plain method taking self: upstream calls it off "
            f"the class ({where}), so the fork's method gets its first argument as self and misses "
            f"its last; make the override a @{now}method too"
        )

    def _validated_now(self, mod: ModuleInfo, qual: str, before: DefSym, after: DefSym) -> str | None:
        """The base's plain method, called by name off ``self`` in its class (``__post_init__``'s
        ``self._verify_args()``), that upstream made a pydantic validator and stopped calling (#19941 made the
        three configs' ``_verify_args`` a ``@model_validator(mode='after')``): a pydantic dataclass binds its
        validators' functions when its class is built, so an instance of a plain subclass runs the base's own
        body, never the subclass's override -- the fork's check is silently dead.  Quiet where the fork's class
        is decorated itself (a dataclass rebuilt: pydantic binds the validator by name again, the override
        runs; so is one carrying a decorator of the base's, which may make it one), where the base is a pydantic
        model (its metaclass rebuilds every subclass alike), and where the base's class still calls the method by
        name.  Another decorator of the fork's class (``@final``, a registry's) rebuilds nothing: still an error.
        The fork's class calling its override by name itself (review85): quiet from its ``__post_init__`` or
        ``__init__`` (the override runs on every build still), a warning from another of its methods (it runs
        where the fork calls that, no longer on every build)."""
        if not (isinstance(before.node, _FUNCS) and isinstance(after.node, _FUNCS)) or not self._upstream(after.path):
            return None
        made = names_of(after.node.decorator_list) & _VALIDATOR_DECORATORS
        mine = mod.classes.get(qual)
        if not made or names_of(before.node.decorator_list) & _VALIDATOR_DECORATORS or mine is None:
            return None
        new_cls, old_cls = _class_at(self.theirs_ix, after), _class_at(self.base_ix, before)
        if new_cls is None or old_cls is None or "dataclass" not in names_of(new_cls.node.decorator_list):
            return None
        if names_of(mine.decorator_list) & (names_of(new_cls.node.decorator_list) | {"dataclass"}):
            return None  # the fork's class made a dataclass again (or marked as upstream's): it may be rebuilt
        name = after.name
        if _self_dispatched(new_cls.node, name) or not _self_dispatched(old_cls.node, before.name):
            return None
        callers = {d.name for d in mine.body if isinstance(d, _FUNCS) and d.name != name and calls_self(d, name)}
        if callers & _BUILD_HOOKS:
            return None  # the fork's own __post_init__ calls its override by name: it runs on every build (review85)
        owner = new_cls.node.name
        said = (
            f"it is now a @{sorted(made)[0]} and {owner} no longer calls it off self "
            f"({_where(after, self._commit(after.path, after.name))}): the pydantic dataclass runs the function "
            f"bound when {owner} was built, {owner}'s own, never this override (the fork's class is no dataclass of "
            "its own, so nothing binds it again)"
        )
        if callers:  # the fork's own method calls it by name: it runs there, no longer on every build
            return Uncertain(
                f"{said}; it runs only where the fork calls {', '.join(sorted(callers))}, no longer on every build"
            )
        return f"{said}; decorate the fork's class as upstream's is, or move the check into a validator of its own"

    def _returned_now(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, before: DefSym, after: DefSym
    ) -> str | None:
        """The base's method returned None and now returns a value; the override still returns none
        (#35503: ``compile_or_warm_up_model() -> float``, of which the executor takes ``max()`` over the
        workers): an error where a call upstream wrote in a file it changed uses the value (and does not
        test it against None), a warning where none is found, or where the override is a test's fake (a
        file the service never imports: upstream's callers never get it)."""
        now = value_returned_now(before.node, after.node) if self._upstream(after.path) else None
        if now is None or not returns_nothing(stmt):
            return None
        said = f"it returned None and now returns {now}, the override returns nothing"
        used = self._value_used(after.name)
        if used is None or _not_served(mod.path):
            return Uncertain(f"{said}: a caller that uses the value gets None from the fork's class")
        return f"{said}: upstream's call at {used} uses the value and gets None from the fork's class"

    def _iterated_now(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, short: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """The base's parameter went from a sequence to an iterable (#33593: ``delta_ids: Sequence[int]`` became
        ``Iterable[int]``, handed an ``itertools.islice``), and the override indexes or sizes it
        (drift/iterated_params.py): an error when a call upstream added hands the slot an iterator, else a
        warning."""
        old, new = before.node, after.node
        if (
            not isinstance(old, ast.FunctionDef | ast.AsyncFunctionDef)
            or not isinstance(new, ast.FunctionDef | ast.AsyncFunctionDef)
            or not self._upstream(after.path)
        ):
            return
        for param in iterated_params(old, new):
            lines = sequence_uses(stmt, param)
            if not lines:
                continue
            handed = self._iterator_handed(after, param) if isinstance(self.inp.upstream_lines, AddedLines) else None
            said = (
                f"{short} overrides {after.label}, whose {param} upstream now types as "
                f"{annotation_of(new, param)} (was {annotation_of(old, param)}) "
                f"({_where(after, self._commit(after.path, after.name))})"
            )
            for line in lines:
                if handed is not None:
                    yield _error(
                        mod,
                        line,
                        f"{said}, and upstream hands it {handed}, a one-pass iterator: this line indexes or sizes "
                        f"{param}, which an iterator has no [] or len() for: TypeError; iterate it, or make a list "
                        "of it first",
                    )
                else:
                    yield _warning(
                        mod,
                        line,
                        f"{said}: this line indexes or sizes {param}, which an iterator has no [] or len() for; "
                        "no call upstream added hands it one yet, but the annotation lets callers; make a list of it "
                        "first",
                    )

    def _iterator_handed(self, after: DefSym, param: str) -> str | None:
        """The first argument a call of ``after``'s name hands the parameter's slot that is a one-pass iterator,
        as written, where the call spans a line upstream added (outside tests) making one (#33593 changed only
        the argument line of ``if self.reasoner.is_reasoning_end_streaming(``); None when none does."""
        assert isinstance(after.node, ast.FunctionDef | ast.AsyncFunctionDef)
        slot, lines = iterated_slot(after.node, param), self.inp.upstream_lines
        assert isinstance(lines, AddedLines)
        added: dict[str, set[str]] = {}
        for path, match in lines.added_matches(ITERATOR_LINE, "("):
            if path.endswith(".py") and not TEST_PATH.search(path):
                added.setdefault(path, set()).add(match.group(0).lstrip("+").strip())
        for path, texts in sorted(added.items()):
            found = self.theirs_ix.module_at(path)
            if found is None or f".{after.name}(" not in found.text:
                continue
            numbers = {i for i, line in enumerate(found.lines, 1) if line.strip() in texts}
            for call in spanning_calls(found.tree, after.name, numbers):
                handed = iterator_handed(call, slot, param)
                if handed is not None:
                    return ast.unparse(handed)
        return None

    def _old_kind_returned(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, short: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """The base's number became a record (#39240: ``compile_or_warm_up_model() -> float`` became ``->
        CompilationTimes``); a return of the override still hands back a number, and a call upstream wrote
        uses the value (the executor reads ``.language_model`` off each worker's): an error on that return."""
        if not self._upstream(after.path):
            return
        home = self.after.module_at(after.path)
        lines = old_kind_returns(before.node, after.node, stmt, self._record(home))
        used = self._value_used(after.name) if lines else None
        for line in lines if used is not None else ():
            yield _error(
                mod,
                line,
                f"{short} overrides {after.label}, which returned {returned(before.node)} and now returns "
                f"{returned(after.node)}, a record ({_where(after, self._commit(after.path, after.name))}): "
                f"this return still hands back a number, and upstream's call at {used} uses the value as the record; "
                "return the record",
            )
        answers = bool_returns(before.node, after.node, stmt, self._enum(home))
        used = self._value_used(after.name) if answers else None
        for line in answers if used is not None else ():
            yield _error(
                mod,
                line,
                f"{short} overrides {after.label}, which returned {returned(before.node)} and now returns "
                f"{returned(after.node)}, an enum ({_where(after, self._commit(after.path, after.name))}): this "
                f"return still hands back a bool or None, which no member equals, and upstream's call at {used} "
                "uses the value as a member; return the member",
            )
        yield from self._answer_returned(mod, stmt, short, before, after)
        listed = unlisted_returns(before.node, after.node, stmt) if self._upstream(after.path) else []
        used = self._value_used(after.name) if listed else None
        for line in listed if used is not None else ():
            yield _error(
                mod,
                line,
                f"{short} overrides {after.label}, which returned {returned(before.node)} and now returns "
                f"{returned(after.node)}, one of them ({_where(after, self._commit(after.path, after.name))}): this "
                f"return still hands back a list, and upstream's call at {used} uses the value as one; return one",
            )

    def _answer_returned(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, short: str, before: DefSym, after: DefSym
    ) -> Iterator[Finding]:
        """The base's ``-> bool`` became ``-> str | None`` (#21833's ``validate_language``); a return of the
        override still answers True/False where a call upstream added takes the value (drift/answer_values.py)."""
        lines = answer_returns(before.node, after.node, stmt) if self._upstream(after.path) else []
        used = self._value_taken(after.name) if lines else None
        for line in lines if used is not None else ():
            yield _error(
                mod,
                line,
                f"{short} overrides {after.label}, which returned {returned(before.node)} and now returns "
                f"{returned(after.node)} ({_where(after, self._commit(after.path, after.name))}): this return "
                f"still answers True or False, and upstream's call at {used} takes the value as the string; "
                "return the value",
            )

    def _value_taken(self, name: str) -> str | None:
        """``path:line`` of a call of method ``name`` that takes its value, in a file whose upstream diff adds a
        line naming it."""
        return self._upstream_call(name, value_taken)

    def _value_used(self, name: str) -> str | None:
        """``path:line`` of a call of method ``name`` (or one naming it as a string) that uses its value, in
        a file whose upstream diff adds a line naming it."""
        return self._upstream_call(name, value_use)

    def _upstream_call(self, name: str, found: Callable[[ast.Module, str], int | None]) -> str | None:
        """``path:line`` of the first call ``found`` answers for, in the files whose upstream diff adds a line
        naming ``name`` (in path order)."""
        lines = self.inp.upstream_lines
        if not isinstance(lines, AddedLines):
            return None
        pattern = re.compile(rf".*(?<![\w]){re.escape(name)}(?![\w])")
        for path in sorted({p for p, _ in lines.added_matches(pattern) if p.endswith(".py")}):
            mod = self.theirs_ix.module_at(path)
            line = found(mod.tree, name) if mod is not None else None
            if line is not None:
                return f"{path}:{line}"
        return None

    def _keys_refused(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, qual: str, name: str
    ) -> str | None:
        """A key the base method's body (or a base it hands its ``**kwargs`` on to through ``super()``) now
        reads off its ``**kwargs``, where the fork's override takes neither that keyword nor ``**kwargs``.
        The signature is unchanged, so no signature check sees it, but upstream reads the key because a
        caller of its own now passes it, and that call raises TypeError on the fork's class (#37848: the
        render path builds the reasoning parser with ``model_config=``; ``ReasoningParser.__init__(self,
        tokenizer, *args, **kwargs)`` reads ``kwargs.get("model_config")``; a fork parser's
        ``__init__(self, tokenizer)`` refuses it)."""
        mine = signature(stmt, True)
        if mine is None or mine.varkw:
            return None
        gained = self._kwargs_keys(self.after, mod.path, qual, name) - self._kwargs_keys(
            self.before, mod.path, qual, name
        )
        taken = {*mine.positional[mine.posonly :], *mine.kwonly}
        missing = sorted(
            (key, path) for key, path in gained if key not in taken and self._upstream(path) and self._passes_key(key)
        )
        if not missing:
            return None
        keys = ", ".join(f"{key}=" for key, _ in missing)
        key, path = missing[0]
        commit = self._line_commit(path, key)
        where = f"{path}{'; ' + commit if commit else ''}"
        return (
            f"whose body (or a base's it hands its **kwargs to) upstream now reads {keys} off its **kwargs "
            f"({where}): a caller upstream passes it; the override takes {mine.show()}, neither {keys} nor "
            "**kwargs: that call raises TypeError on the fork's class; take **kwargs and hand them on"
        )

    def _keys_handed(
        self,
        stmt: ast.FunctionDef | ast.AsyncFunctionDef,
        before: DefSym,
        after: DefSym,
        fork: ast.ClassDef | None,
        chain: tuple[px.ClassInfo, ...] = (),
    ) -> str | None:
        """A keyword upstream's own call of the method now passes, which the base (its signature unchanged)
        takes in ``**kwargs`` and the override does not take (drift/handed_keys.py)."""
        mine, base = signature(stmt, True), signature(after.node, True)
        lines = self.inp.upstream_lines
        if mine is None or base is None or mine.varkw or not isinstance(lines, AddedLines):
            return None
        if signature(before.node, True) != base:
            return None  # the base's own change is override drift's
        calls = self._handed_calls(after.name)
        # a name many classes define: only the base class's own ``self.name(...)`` surely reaches the override
        if not self._one_family(after):
            calls = [
                c
                for c in calls
                if self._own_self_call(after, *c[:2])
                or self._typed_receiver(after, *c[:2])
                or self._local_receiver(after, *c[:2])
            ]
        for path, call, new in [c for c in calls if self._self_call_reaches(after, fork, c[0], c[1], chain)]:
            keys = handed_keys.refused(call, new, mine, base)
            if keys:
                said = ", ".join(f"{key}=" for key in keys)
                # a key handed through a built dict is spelt ``"key": v`` or ``name["key"] = v`` on its line
                spellings = (f"{keys[0]}=", f'"{keys[0]}"', f"'{keys[0]}'")
                commit = next((c for t in spellings if (c := self._line_commit(path, t))), "")
                where = f"{path}:{call.lineno}{'; ' + commit if commit else ''}"
                return (
                    f"whose caller upstream now hands it {said} ({where}), which the base takes and the override, "
                    f"{mine.show()}, does not: that call raises TypeError on the fork's class; take the keyword "
                    "or **kwargs"
                )
        return None

    def _fork_chain(self, mod: ModuleInfo, qual: str) -> tuple[px.ClassInfo, ...]:
        """The fork class's merged order past itself, project classes only: a class between it and upstream's
        may override the method a new keyword call sits in (its body then never runs on the fork's class)."""
        cls = self.after.class_info(mod, qual)
        return tuple(i for i in self.after.mro(cls, False) if isinstance(i, px.ClassInfo)) if cls is not None else ()

    def _own_self_call(self, after: DefSym, path: str, call: ast.Call) -> bool:
        """``self.name(...)`` in a method of ``after``'s own class (#42694: ``EngineCore._reset_caches`` now
        calls ``self.reset_prefix_cache(..., reset_connector=...)``, a name the scheduler, the clients and
        the KV cache manager define too)."""
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        module = self.theirs_ix.module_at(path) if path == after.path and after.owner else None
        cls = self.theirs_ix.class_info(module, after.owner) if module is not None and after.owner else None
        if cls is None or not (isinstance(receiver, ast.Name) and receiver.id == "self"):
            return False
        return cls.node.lineno <= call.lineno <= (cls.node.end_lineno or cls.node.lineno)

    def _typed_receiver(self, after: DefSym, path: str, call: ast.Call) -> bool:
        """``self.attr.name(...)`` in a method of upstream's class, ``attr`` annotated (or built) as ``after``'s
        class or one of its bases: a fork subclass's instance may sit there (killers189, #26135:
        ``FusedMoE``'s ``self.quant_method``, annotated ``QuantizeMethodBase``, handed ``create_weights`` a new
        key; the name is every quant method's, so no own ``self.`` call reaches it)."""
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        module = self.theirs_ix.module_at(path)
        if not (isinstance(receiver, ast.Attribute) and _is_name(receiver.value, "self")) or module is None:
            return False
        home = handed_keys.attribute_call_home(module.classes, call)
        held = self._attribute_class(self.theirs_ix, path, home, receiver.attr) if home is not None else None
        return self._in_family(after, held)

    def _local_receiver(self, after: DefSym, path: str, call: ast.Call) -> bool:
        """``x.name(...)`` in a function of upstream's file, ``x`` a parameter annotated, a local annotated, or a
        local bound once to a call of a factory annotated to return, ``after``'s class or one of its bases
        (killers196, #29872: ``get_config``'s ``config_parser = get_config_parser(config_format)``, ``->
        ConfigParserBase``, now hands ``config_parser.parse(...)`` ``hf_overrides=``; ``parse`` is many classes'
        name, and a fork parser registered for its own format sits there)."""
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        module = self.theirs_ix.module_at(path)
        if not isinstance(receiver, ast.Name) or receiver.id in ("self", "cls") or module is None:
            return False
        typed = handed_keys.local_type(module.tree, call, receiver.id)
        return typed is not None and self._in_family(after, _annotated_class(self.theirs_ix, module, typed))

    def _in_family(self, after: DefSym, held: px.ClassInfo | None) -> bool:
        """``held`` is ``after``'s class or one of its bases: a fork subclass's instance may be what it holds."""
        mod = self.theirs_ix.module_at(after.path) if held is not None and after.owner else None
        cls = self.theirs_ix.class_info(mod, after.owner) if mod is not None and after.owner else None
        chain = self.theirs_ix.mro(cls) if cls is not None else []
        home_key = (held.module.path, held.qualname) if held is not None else None
        return any(isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == home_key for i in chain)

    def _self_call_reaches(
        self,
        after: DefSym,
        fork: ast.ClassDef | None,
        path: str,
        call: ast.Call,
        order: tuple[px.ClassInfo, ...] = (),
    ) -> bool:
        """A ``self.name(...)`` call reaches the fork's override only from a method of ``after``'s class or
        one of its bases (never a sibling subclass's), and only if neither the fork class nor a class between
        it and the calling method's class (``order``, the fork's merged order) overrides that method without
        handing on to ``super()``: upstream's body of it then never runs there."""
        module = self.theirs_ix.module_at(path)
        home = handed_keys.self_call_home(module.classes, call) if module is not None else None
        if home is None:
            return True
        between = [c.node for c in itertools.takewhile(lambda c: (c.module.path, c.qualname) != (path, home[0]), order)]
        if any(handed_keys.overridden_whole(c, home[1]) for c in ([fork] if fork is not None else []) + between):
            return False
        mod = self.theirs_ix.module_at(after.path) if after.owner else None
        cls = self.theirs_ix.class_info(mod, after.owner) if mod is not None and after.owner else None
        chain = self.theirs_ix.mro(cls) if cls is not None else []
        homes = {(i.module.path, i.qualname) for i in chain if isinstance(i, px.ClassInfo)}
        return cls is None or (path, home[0]) in homes

    def _one_family(self, after: DefSym) -> bool:
        """Every served class of upstream's tree that defines ``after.name`` is ``after``'s class or derives
        from it, so a call ``.name(...)`` found by its spelling reaches that hierarchy (a hook's name only it
        spells, never a ``forward`` every layer defines)."""
        theirs = self.inp.theirs
        if not isinstance(theirs, WordSearchable) or after.owner is None:
            return False
        home = (after.path, after.owner)
        for path, qual in _defining_classes(self.theirs_ix, theirs, after.name):
            module = self.theirs_ix.module_at(path)
            cls = self.theirs_ix.class_info(module, qual) if module is not None else None
            chain = self.theirs_ix.mro(cls, False) if cls is not None else []
            if (path, qual) != home and not any(
                isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == home for i in chain
            ):
                return False
        return True

    def _handed_calls(self, name: str) -> list[tuple[str, ast.Call, list[str]]]:
        """(file, call, new keys) of each call of ``.name(...)`` in a served upstream file that existed at the
        merge base, passing keys no call in that file passed there, on lines upstream added."""
        if name not in self._handed:
            lines = self.inp.upstream_lines
            found: list[tuple[str, ast.Call, list[str]]] = []
            for path in sorted(lines if isinstance(lines, AddedLines) else ()):
                served = path.endswith(".py") and not _not_served(path)
                text = self.inp.theirs.text(path) if served else None  # read before parsing: most files never call it
                after = self.theirs_ix.module_at(path) if text is not None and f".{name}(" in text else None
                before = self.base_ix.module_at(path) if after is not None else None
                if after is not None and before is not None:
                    handed = handed_keys.handed(before.tree, after.tree, name, lines[path])
                    found += [(path, call, new) for call, new in handed]
            self._handed[name] = found
        return self._handed[name]

    def _passes_key(self, key: str) -> bool:
        """A line upstream added passes ``key=`` to a call other than a ``super()`` hand-on: a key read off
        ``**kwargs`` that only upstream's own subclass hands its base reaches no fork class.  (A keyword is
        written ``key=``, an assignment ``key = ``.)  Without upstream's added lines, assumed."""
        lines = self.inp.upstream_lines
        if not isinstance(lines, AddedLines):
            return True
        if key not in self._key_passers:
            word = re.compile(rf"(?:^|[(,]\s*){re.escape(key)}=(?!=)")
            self._key_passers[key] = any(
                word.search(line) and "super()" not in line
                for path in lines
                if path.endswith(".py") and not _not_served(path)
                for line in lines[path]
            )
        return self._key_passers[key]

    def _kwargs_keys(self, ix: Index, path: str, qual: str, name: str) -> set[tuple[str, str]]:
        """(key, file) of each string key the bases' ``name`` reads off its ``**kwargs``, along the MRO while
        each hands its ``**kwargs`` on (``super().__init__(tokenizer, *args, **kwargs)``)."""
        found = ix.module_at(path)
        cls = ix.class_info(found, qual) if found else None
        keys: set[tuple[str, str]] = set()
        for item in ix.mro(cls, False) if cls else ():
            if not isinstance(item, px.ClassInfo):
                break
            node = item.members.get(name)
            if node is None:
                continue
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.args.kwarg is None:
                break
            kwarg = node.args.kwarg.arg
            keys |= {
                (key, item.module.path) for key in _key_reads_in([node], kwarg)[0]
            }  # reads only: a store is no caller's key
            if not _hands_kwargs_on(node, kwarg):
                break
        return keys

    def _override_drift(
        self,
        stmt: ast.FunctionDef | ast.AsyncFunctionDef,
        before: DefSym,
        after: DefSym,
        host: str = "",
        fork: ast.ClassDef | None = None,
    ) -> str | None:
        if not self._upstream(after.path):
            return None
        mine = signature(stmt, True)
        old, new = signature(before.node, True), signature(after.node, True)
        if mine is None or old is None or new is None or old == new:
            return None
        by_keyword = override_problem(mine, old) is not None
        if by_keyword and _named_alike(mine, old):
            # killers218: ``def _build_decode(self, *, block_table_tensor, ...)`` took the base's parameters
            # keyword-only, which every caller passing them by name (upstream's own) matched
            named = {*mine.positional[mine.posonly :], *mine.kwonly}
            missing = [p for p in (*new.positional, *new.kwonly) if new.required(p) and p not in named]
            if not missing:
                return None
            said = (
                f"the base now takes {new.show()}, the override {mine.show()}: the base now requires "
                f"{', '.join(missing)}, which the override, taking the base's parameters by name only, does not take"
            )
            callers = self._self_callers(after)
            if fork is not None and callers and callers <= _replaced_methods(fork):
                # review124: the fork replaces every method of upstream's class calling the hook (its own
                # ``build`` calling its own ``_build_decode``, never ``super().build``): upstream's new call does
                # not reach the override from there
                return Uncertain(
                    f"{said}; the fork class overrides {', '.join(sorted(callers))}, every caller in the base"
                )
            return said
        if by_keyword and not _matched_by_keyword(mine, old):
            return None  # the override never matched: a deliberate difference, not drift
        problem = (
            # killers178: ``propose(self, a, b, c, **kwargs)`` matched the base for keyword callers only; a
            # parameter #20788 added past its named ones lands in its **kwargs as the rest always did
            (None if by_keyword and _matched_by_keyword(mine, new) else override_problem(mine, new))
            or _dropped_in_kwargs(stmt, mine, old, new)
            or self._omitted(after, newly_optional(mine, old, new), new)
            or self._keywords_into_varargs(after, mine, old, new)
        )
        if problem is None or self._kwargs_take(after, mine, old, new):
            return None
        said = f"the base now takes {new.show()}, the override {mine.show()}: {problem}"
        probe = self._probed(old, new, mine)
        if probe is not None:
            return Uncertain(f"{said}; {probe}")
        renamed = renamed_only(mine, old, new)
        if (
            renamed
            and same_annotations(before.node, after.node, renamed)
            and not self._passes(after, renamed, (), fork)
        ):
            # only renamed: every call upstream wrote passes them by position, which the override still takes
            return Uncertain(f"{said}; no call upstream passes {', '.join(renamed)} by keyword")
        if self._kinds_only_widened(after, mine, old, new):
            # each caller before the merge named them; only a call upstream wrote can fill their slots (#34144)
            return Uncertain(f"{said}; no call upstream passes {', '.join(made_positional(old, new))} by position")
        keyword_only = self._gained_keyword_only(after, mine, old, new)
        if keyword_only:
            # the override takes them by name; only a call filling their slots by position would miss them
            return Uncertain(f"{said}; no call upstream passes {', '.join(keyword_only)} by position")
        gained = _gained_optional(mine, old, new)
        kept = _without_gained_var(mine, old, new)
        if (
            (gained or kept != new)
            and override_problem(mine, _without(kept, gained)) is None
            and not (
                gained
                and self._passed_anywhere(after, gained, new, lambda held: self._reaches(host, after, held), fork)
            )
            and not (kept != new and self._passes_more(after, mine, new))
        ):
            # only an optional parameter, or a *args/**kwargs, upstream added is missing, and no call upstream
            # wrote passes it (its own subclasses hand it to the base through super()): a caller may yet,
            # not one does (the callers' ``**kwargs`` reached the override before the merge as they do now)
            gone = [*gained, *(["*args"] if kept.varargs != new.varargs else [])]
            gone += ["**kwargs"] if kept.varkw != new.varkw else []
            return Uncertain(f"{said}; no call upstream passes {', '.join(gone)} but through super()")
        return said

    def _keywords_into_varargs(self, after: DefSym, mine: Sig, old: Sig, new: Sig) -> str | None:
        """An override taking the base's parameters through ``*args`` with no ``**kwargs``, when the base
        gained an optional parameter the override does not name and a call upstream wrote passes it by
        keyword (killers223, #41282: the coordinator now calls ``manager.get_num_blocks_to_allocate(...,
        apply_admission_cap=...)``; ``def get_num_blocks_to_allocate(self, *args)`` raises TypeError): a
        keyword never lands in ``*args``.  Passed only by position, or only through ``super()``, it fits."""
        if not mine.varargs or mine.varkw:
            return None
        gained = _gained_optional(mine, old, new)
        slots = tuple(new.positional.index(p) for p in gained if p in new.positional)
        if not gained or not self._passed_by_keyword(after, gained, slots):
            return None
        return (
            f"the base gained {', '.join(gained)}, which a call upstream passes by keyword; the override takes "
            "*args but no **kwargs, where no keyword lands"
        )

    def _passed_by_keyword(self, after: DefSym, gained: list[str], slots: tuple[int, ...]) -> bool:
        """A call of ``.<after.name>(...)`` (not through ``super()``, not off a receiver typed as an unrelated
        class: the scheduler's ``self.kv_cache_manager.remove_skipped_blocks(..., num_prompt_tokens=...)`` is the
        manager's, not a single-type manager's) in a module outside tests whose added lines name one of
        ``gained`` by keyword, passing one of them by keyword -- and none of the name filling their ``slots`` by
        position: where one does (#46564's coordinator hands ``num_prompt_tokens`` to each manager by position,
        the engine's manager to its coordinator by keyword), the keyword call is likely another class's."""
        lines = self.inp.upstream_lines
        if not isinstance(lines, AddedLines):
            return False
        named = re.compile(rf".*(?<![\w.])(?:{'|'.join(map(re.escape, gained))})\s*=(?!=)")
        paths = {p for p, _ in lines.added_matches(named) if p.endswith(".py") and not TEST_PATH.search(p)}
        by_keyword = False
        for path in sorted(paths):
            mod = self.theirs_ix.module_at(path)
            parents: dict[int, ast.AST] = {}
            if mod is None or f".{after.name}(" not in mod.text:
                continue
            for node in ast.walk(mod.tree):
                if (
                    not isinstance(node, ast.Call)
                    or not isinstance(node.func, ast.Attribute)
                    or node.func.attr != after.name
                    or _is_super_call(node)
                ):
                    continue
                if any(len(node.args) > slot for slot in slots) or any(isinstance(a, ast.Starred) for a in node.args):
                    return False
                if any(k.arg in gained for k in node.keywords) and not self._typed_away(mod, node, parents, after):
                    by_keyword = True
        return by_keyword

    def _adapter_dropped(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, mine: str, after: DefSym
    ) -> Iterator[Finding]:
        """An override that kept a signature the base had left, which upstream's callers adapted to (a
        compat wrapper probing the override for its old parameter: ``supports_kw(f, "prompt")``), when
        upstream removed that adapter and now calls the method directly (#36470: the input processor's
        wrapper for ``Platform.validate_request(cls, prompt, params, processed_inputs)`` removed, the call
        ``current_platform.validate_request(processed_inputs, params)`` raises TypeError on the fork's
        platform).  Evidence in the file of the new call: a removed line quotes a parameter only the
        override has, and another removed line names the method."""
        sig, base = signature(stmt, True), signature(after.node, True)
        lines = self.inp.upstream_lines
        if sig is None or base is None or not isinstance(lines, AddedLines):
            return
        if self.theirs_ix.module_at(after.path) is None or override_problem(sig, base) is None:
            return
        own = [p for p in (*sig.positional, *sig.kwonly) if p not in {*base.positional, *base.kwonly}]
        if not own:
            return
        called = re.compile(rf".*(?<![\w]){re.escape(after.name)}\s*\(")
        for path in sorted({p for p, _ in lines.added_matches(called) if p.endswith(".py")}):
            removed = [line[1:] for line in lines.changes.raw(path).splitlines() if line.startswith("-")]
            probed = [p for p in own if any(f'"{p}"' in line or f"'{p}'" in line for line in removed)]
            if not probed or not any(after.name in line for line in removed):
                continue
            call = self._direct_call(path, after.name, base, sig)
            if call is not None:
                yield _error(
                    mod,
                    stmt.lineno,
                    f"{mine} overrides {after.label} with the signature {sig.show()}, which upstream's callers "
                    f"adapted (a removed line of {path} probed for {probed[0]!r}); upstream removed that adapter "
                    f"({_where(after, self._commit(path, after.name))}) and {path}:{call} now calls "
                    f"{after.name}{base.show()} directly: TypeError on the fork's class; take the base's signature",
                )
                return

    def _called_by_keyword(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, host: str, after: DefSym
    ) -> Iterator[Finding]:
        """An override naming a positional parameter otherwise, without ``**kwargs``, where a call of the hook
        upstream added in the base's own file now passes that parameter by keyword (``keyword_calls.py``): an
        error where that call runs on the fork's class, a warning where the audit cannot tell whose it is."""
        changes = self.inp.upstream_lines
        if not isinstance(changes, AddedLines) or after.path not in changes.changes:
            return
        mine, base = signature(stmt, True), signature(after.node, True)
        new_mod, old_mod = self.theirs_ix.module_at(after.path), self.base_ix.module_at(after.path)
        if mine is None or base is None or new_mod is None or old_mod is None:
            return
        for site in hook_sites(new_mod.tree, after.name, set(changes.changes[after.path].added)):
            word = refused_keyword(mine, base, site.call)
            runs = None if word is None else self._runs_on(mod.path, host, after.path, site)
            if word is None or runs is False or passed_by_keyword(old_mod.tree, after.name, word):
                continue
            said = (
                f"{host.rsplit('.', 1)[-1]}.{stmt.name}{mine.show()} overrides {after.label}, naming {word!r} "
                f"otherwise and taking no **kwargs; upstream's {after.path}:{site.call.lineno} now passes {word}= "
                f"by keyword ({_where(after, self._commit(after.path, after.name))})"
            )
            if runs:
                yield _error(mod, stmt.lineno, f"{said}: TypeError on the fork's class; {_TAKE_KEYWORD.format(word)}")
            else:
                yield _warning(mod, stmt.lineno, f"{said}, {_UNSURE_RECEIVER}; {_TAKE_KEYWORD.format(word)}")
            return

    def _positions_handed(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, host: str, after: DefSym
    ) -> Iterator[Finding]:
        """A method the fork's class inherits now hands the hook an argument the override refuses, or takes and
        never reads, where that method's calls of it at the merge base did not hand it (drift/handed_positions.py,
        #28972: ``self.apply(input_parallel, bias_)``)."""
        mine, base = signature(stmt, True), signature(after.node, True)
        if mine is None or base is None:
            return
        short = f"{host.rsplit('.', 1)[-1]}.{stmt.name}{mine.show()}"
        for path, site, before in self._added_sites(after.name):
            if not site.on_self:
                continue
            why = handed_positions.refused(mine, base, site.call, before)
            lost = [] if why else handed_positions.dropped(stmt, mine, site.call, before)
            if (why or lost) and self._runs_on(mod.path, host, path, site) is True:
                commit = self._line_commit(path, f".{after.name}(")
                said = (
                    f"{short} overrides {after.label}; upstream's {site.owner}.{site.method} ({path}:{site.call.lineno}"
                    f"{'; ' + commit if commit else ''}), which the fork's class inherits, now calls it so"
                )
                if why:
                    yield _error(mod, stmt.lineno, f"{said}: the call {why}: TypeError on the fork's class; take it")
                elif self._applied_before(path, site, before):
                    yield _error(
                        mod,
                        stmt.lineno,
                        f"{said} it hands {', '.join(lost)}, which it did not hand at the "
                        "merge base; the override takes it and never reads it: the value is dropped on the "
                        "fork's class (the caller no longer applies it itself); apply it or hand it on",
                    )
                else:
                    yield _warning(
                        mod,
                        stmt.lineno,
                        f"{said} it hands {', '.join(lost)}, which it did not hand at the merge base; the "
                        "override takes it and never reads it, a value new to the caller (it applied none of it "
                        "itself at the merge base), which the override may leave to its defaults; read it or say why",
                    )
                return

    def _applied_before(self, path: str, site: Site, before: list[ast.Call]) -> bool:
        """The call's new arguments carry a value its method read itself at the merge base (review118: #25631's
        new ``mm_options`` is new to ``get_dummy_processor_inputs``; #28972's ``bias_`` is the bias ``forward``
        added itself): ``handed_positions.applied_before``."""
        old, new = self.base_ix.module_at(path), self.theirs_ix.module_at(path)
        if old is None or new is None:
            return True
        known = max(len(c.args) for c in before)
        return handed_positions.applied_before(old.tree, new.tree, site, known)

    def _handed_members(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, before: Sym, after: Sym
    ) -> Iterator[Finding]:
        """The base's ``__init__`` now reads a name off what the fork's ``super().__init__(...)`` hands it, an
        object of a fork class of the file naming it nowhere (drift/handed_members.py, #25487's
        ``self.base_layer.tp_size``)."""
        if not isinstance(before, DefSym) or not isinstance(after, DefSym) or not self._upstream(after.path):
            return
        call = handed_members.super_init(stmt)
        base = signature(after.node, True) if call is not None else None
        old, new = before.node, after.node
        if call is None or base is None or not isinstance(old, ast.FunctionDef | ast.AsyncFunctionDef):
            return
        if not isinstance(new, ast.FunctionDef | ast.AsyncFunctionDef):
            return
        for slot, name in handed_members.handed_classes(stmt, call, base.positional).items():
            cls = mod.classes.get(name)
            if cls is None or self._tree_based(mod, name):
                continue
            gained = handed_members.top_reads(new, slot) - handed_members.top_reads(old, slot)
            lacking = sorted(n for n in gained if not handed_members.names(cls, n))
            if lacking:
                yield _warning(
                    mod,
                    call.lineno,
                    f"{after.label} now reads {', '.join(lacking)} off its {slot} "
                    f"({_where(after, self._commit(after.path, after.name))}), which this super().__init__ hands "
                    f"an object of {name}, a class of this file naming {lacking[0]} nowhere: AttributeError on "
                    "construction unless an outside base brings it; give the class the attribute",
                )
                return

    def _tree_based(self, mod: ModuleInfo, name: str) -> bool:
        """The file's class derives from a class of the merged tree (which may bring any name)."""
        merged = self.after.module_at(mod.path)
        info = self.after.class_info(merged, name) if merged is not None else None
        return info is None or any(isinstance(i, px.ClassInfo) for i in self.after.mro(info, False))

    def _added_sites(self, name: str) -> list[tuple[str, Site, list[ast.Call]]]:
        """(file, site, the merge base's calls in that function) of each ``x.name(...)`` call starting on a line
        upstream added, in a served file that existed at the merge base."""
        if name not in self._new_sites:
            changes = self.inp.upstream_lines
            found: list[tuple[str, Site, list[ast.Call]]] = []
            for path in sorted(changes.changes if isinstance(changes, AddedLines) else ()):
                served = path.endswith(".py") and not _not_served(path)
                text = self.inp.theirs.text(path) if served else None
                after = self.theirs_ix.module_at(path) if text is not None and f".{name}(" in text else None
                before = self.base_ix.module_at(path) if after is not None else None
                if after is None or before is None or not isinstance(changes, AddedLines):
                    continue
                for site in hook_sites(after.tree, name, set(changes.changes[path].added)):
                    found.append((path, site, handed_positions.old_calls(before.tree, name, site.owner, site.method)))
            self._new_sites[name] = found
        return self._new_sites[name]

    def _absent_keys(
        self, mod: ModuleInfo, stmt: ast.FunctionDef | ast.AsyncFunctionDef, host: str, after: DefSym
    ) -> Iterator[Finding]:
        """A call of the hook (or of a method of its class that calls it on ``self``) upstream added where the
        function never called it, reaching an override that looks its key up unguarded (drift/absent_keys.py,
        #31326's ``remove_adapter(lora.id)`` on every load)."""
        lookups = absent_keys.unguarded_lookups(stmt)
        home = self.theirs_ix.module_at(after.path) if lookups and after.owner else None
        cls = home.classes.get(after.owner) if home is not None and after.owner else None
        if cls is None:
            return
        for name in (after.name, *absent_keys.self_callers(cls, after.name)):
            for path, site, before in self._added_sites(name):
                if before or not self._may_hold(mod, host, after, path, site):
                    continue
                commit = self._line_commit(path, f".{name}(")
                via = "" if name == after.name else f", whose body hands the key on to {after.name}()"
                yield _warning(
                    mod,
                    lookups[0].lineno,
                    f"{host.rsplit('.', 1)[-1]}.{stmt.name} overrides {after.label}; upstream's {site.owner or ''}"
                    f"{'.' if site.owner else ''}{site.method or '<module>'} ({path}:{site.call.lineno}"
                    f"{'; ' + commit if commit else ''}) now calls {name}(...), which it never called at the merge "
                    f"base{via}: the override's `{ast.unparse(lookups[0])}` looks the key up in the fork's own table "
                    "without a guard, a KeyError wherever the new call hands a key the table never got; guard it "
                    "(``.pop(key, None)``, ``if key in ...``)",
                )
                return

    def _may_hold(self, mod: ModuleInfo, host: str, after: DefSym, path: str, site: Site) -> bool:
        """The site's receiver may be the fork's class: ``self`` in a method the class inherits, or a ``self.``
        attribute or a local typed as ``after``'s class or a base."""
        if site.on_self:
            return self._runs_on(mod.path, host, path, site) is True
        receiver = site.call.func.value if isinstance(site.call.func, ast.Attribute) else None
        module = self.theirs_ix.module_at(path)
        home = handed_keys.attribute_call_home(module.classes, site.call) if module is not None else None
        if isinstance(receiver, ast.Attribute) and _is_name(receiver.value, "self") and home is not None:
            annotated = self._attribute_annotation(self.theirs_ix, path, home, receiver.attr, declared=True)
            return self._in_family(after, _annotated_class(self.theirs_ix, *annotated) if annotated else None)
        return self._local_receiver(after, path, site.call)

    def _runs_on(self, path: str, host: str, upstream: str, site: Site) -> bool | None:
        """Whether upstream's call at ``site`` runs on the fork's class: it calls the hook on ``self`` in a
        method the class inherits from the call's class (False where the class, or one between it and the
        base, overrides that method, #34236's caller, or never inherits it: another class's method of the
        same name); None where the receiver is not ``self`` or the lookup leaves the tree."""
        if not site.on_self or not site.owner or not site.method:
            return None
        runs = self._member_of(path, host, site.method, True)(self.after)
        if isinstance(runs, DefSym):
            return (runs.path, runs.owner) == (upstream, site.owner)
        return False if runs is px.MISSING else None

    def _direct_call(self, path: str, name: str, base: Sig, mine: Sig) -> int | None:
        """The line of a call of ``.name(...)`` in upstream's ``path``, on a line upstream added, that binds
        to the base's signature and not to the override's."""
        lines = self.inp.upstream_lines
        mod = self.theirs_ix.module_at(path)
        if mod is None or not isinstance(lines, AddedLines):
            return None
        added = {line[1:].strip() for line in lines.changes.raw(path).splitlines() if line.startswith("+")}
        text = mod.text.splitlines()
        for node in ast.walk(mod.tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr != name:
                continue
            if _is_super_call(node) or text[node.lineno - 1].strip() not in added:
                continue
            if call_problem(node, base) is None and call_problem(node, mine) is not None:
                return node.lineno
        return None

    def _kwargs_take(self, after: DefSym, mine: Sig, old: Sig, new: Sig) -> bool:
        """The override's ``**kwargs`` takes every parameter upstream added to the base that it does not name,
        required ones too, because every call of the method in upstream's tree passes them by keyword
        (#16680: ``validate_request(cls, prompt, params, **kwargs)``, the new ``processed_inputs`` passed
        as ``processed_inputs=``).  A call that fills one by position, spreads ``*``/``**``, or no call
        found at all keeps the finding."""
        gained = [p for p in (*new.positional, *new.kwonly) if p not in {*old.positional, *old.kwonly}]
        gained = [p for p in gained if p not in {*mine.positional, *mine.kwonly}]
        theirs = self.inp.theirs
        if not mine.varkw or not gained or override_problem(mine, _without(new, gained)) is not None:
            return False
        if not isinstance(theirs, WordSearchable):
            return False
        slots = [new.positional.index(p) for p in gained if p in new.positional]
        first = min(slots) if slots else len(new.positional)
        seen = False
        for path in sorted({p for p, _ in theirs.word_lines(after.name) if p.endswith(".py") and not _not_served(p)}):
            mod = self.theirs_ix.module_at(path)
            for node in ast.walk(mod.tree) if mod is not None else ():
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                    continue
                if node.func.attr != after.name or _is_super_call(node):
                    continue
                spread = any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords)
                if spread or len(node.args) > first:
                    return False
                seen = True
        return seen

    def _probed(self, old: Sig, new: Sig, mine: Sig) -> str | None:
        """A parameter the base dropped that the override keeps, where a line upstream added asks a signature
        for it by name (#28112: ``if "use_v1" in sig.parameters:`` and the old call for an override that has
        it): upstream still calls the old way, deprecated; a warning, not an error."""
        lines = self.inp.upstream_lines
        kept = [p for p in (*old.positional, *old.kwonly) if p not in (*new.positional, *new.kwonly)]
        kept = [p for p in kept if p in (*mine.positional, *mine.kwonly)]
        if not kept or not isinstance(lines, AddedLines):
            return None
        names = "|".join(re.escape(p) for p in kept)
        probe = re.compile(rf""".*["']({names})["']\s+(?:not\s+)?in\s+[\w.()\[\]]*\.parameters\b""")
        for path, match in lines.added_matches(probe):
            return f"upstream's {path} asks the override's signature for {match.group(1)!r} and still passes it: deprecated"
        return None

    def _passes_more(self, after: DefSym, mine: Sig, new: Sig) -> bool:
        """Whether a call of the method on a line upstream added (one that fits its ``new`` signature) passes
        more than the override takes: a ``**`` or ``*`` argument, a keyword it does not name, or more
        positional arguments than it has."""
        lines = self.inp.upstream_lines
        if not isinstance(lines, AddedLines):
            return True  # nothing to search: the finding stays an error
        called = re.compile(rf".*(?<![\w]){re.escape(after.name)}\s*\(")
        names = {*mine.positional, *mine.kwonly}
        for path in sorted({p for p, _ in lines.added_matches(called) if p.endswith(".py")}):
            mod = self.theirs_ix.module_at(path)
            added = {line[1:].strip() for line in lines.changes.raw(path).splitlines() if line.startswith("+")}
            added = {line for line in added if any(c.isalnum() for c in line)}  # not a lone ``)``
            text = mod.text.splitlines() if mod is not None else []
            for node in ast.walk(mod.tree) if mod is not None else ():
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or _is_super_call(node):
                    continue
                span = text[node.lineno - 1 : node.end_lineno or node.lineno]
                if not any(line.strip() in added for line in span):
                    continue  # a call upstream left alone reached the override before the merge as it does now
                if node.func.attr != after.name or call_problem(node, new) is not None:
                    continue  # another method of the name (``executor.execute_model(req)``): it does not fit this one
                if any(k.arg is None or k.arg not in names for k in node.keywords) and not mine.varkw:
                    return True
                if any(isinstance(a, ast.Starred) for a in node.args) or len(node.args) > len(mine.positional):
                    return not mine.varargs
        return False

    def _passed_anywhere(
        self,
        after: DefSym,
        gained: list[str],
        new: Sig,
        reached: Callable[[frozenset[tuple[str, str, str]]], bool],
        fork: ast.ClassDef | None = None,
    ) -> bool:
        """Whether a call of the method upstream added or changed (a line of it upstream's) passes one of
        ``gained``, the parameters it added, by keyword or by position; a ``super()`` call hands them to
        the base itself.  Every such call is new in the range: the parameters are.  A module's call through a
        holder (``self.mlp(x, kw=...)``) counts where ``reached`` says the override's class can be what the
        holder holds."""
        slots = tuple(new.positional.index(p) for p in gained if p in new.positional)
        key = (after.path, after.owner or "", after.name, tuple(gained), slots)
        if key not in self._passed:
            self._passed[key] = self._passing(after, gained, slots)
        direct, held = self._passed[key]
        return direct or (bool(held) and reached(held)) or self._dispatch_reaches(after, gained, slots, fork)

    def _reaches(self, host: str, after: DefSym, held: frozenset[tuple[str, str, str]]) -> bool:
        """A fork line puts the override's class ``host`` where upstream's module call finds it: installed over
        the base's name (``deepseek_v2.DeepseekV2MoE = AeonMoE``, ``setattr(mod, "DeepseekV2MoE", AeonMoE)``),
        built into one of the ``held`` holders (``self.mlp = AeonMoE(...)``) or swapped in (``m.__class__ =
        AeonMoE``).  A subclass only the fork's own code builds elsewhere is never what the holder holds:
        upstream's layer builds the base (#46635's decoder layer calls ``self.mlp``, a ``DeepseekV2MoE``)."""
        mine, base = re.escape(host.rsplit(".", 1)[-1]), re.escape((after.owner or "").rsplit(".", 1)[-1])
        if not mine or not base:
            return True
        lines = [line for path, lines in self.inp.fork_lines.items() if path.endswith(".py") for line in lines]
        for holder, caller, method in held:
            put = re.compile(
                rf"(?:\b{base}[ \t]*=[ \t]*{mine}\b|\bsetattr\([^,\n]*,[ \t]*[\"']{base}[\"'][ \t]*,[ \t]*{mine}\b"
                rf"|\.{re.escape(holder)}[ \t]*(?::[^=\n]*)?=[ \t]*{mine}\(|\b__class__[ \t]*=[ \t]*{mine}\b)"
            )
            if any(put.search(line) for line in lines) and not self._bypassed(caller, method, lines):
                return True
        return False

    def _bypassed(self, caller: str, method: str, lines: list[str]) -> bool:
        """The fork installs over upstream's calling class ``caller`` (``deepseek_v2.DeepseekV2DecoderLayer =
        AeonDecoderLayer``) a class of its own whose ``method`` never hands on to ``super()``: upstream's call in
        that method no longer runs."""
        if not caller or not method:
            return False
        over = re.compile(rf"\b{re.escape(caller)}[ \t]*=[ \t]*([A-Za-z_]\w*)\b")
        installed = {m.group(1) for line in lines if caller in line for m in over.finditer(line)} - {caller}
        for path in self.inp.fork_lines if installed else ():
            mod = self.after.module_at(path) if path.endswith(".py") else None
            for node in mod.tree.body if mod is not None else ():
                if isinstance(node, ast.ClassDef) and node.name in installed:
                    own = next((d for d in node.body if isinstance(d, ast.FunctionDef) and d.name == method), None)
                    if own is not None and not any(_is_super_call(c) for c in ast.walk(own) if isinstance(c, ast.Call)):
                        return True
        return False

    def _gained_keyword_only(self, after: DefSym, mine: Sig, old: Sig, new: Sig) -> list[str]:
        """The parameters upstream added to the base in a positional slot that the override takes by keyword
        only (``def forward(self, x, *, already_sequence_parallel=False)`` over #46635's ``forward(self, x,
        already_sequence_parallel=False)``), when that is the override's only misfit and no call upstream wrote
        fills their slots by position: every caller that passes them names them, which the override takes."""
        had = set(old.positional) | set(old.kwonly)
        named = [p for p in new.positional if p not in had and p in mine.kwonly]
        if not named or override_problem(mine, keyword_only_again(new, named)) is not None:
            return []
        return [] if self._passes(after, [], (first_slot(new, named),)) else named

    def _kinds_only_widened(self, after: DefSym, mine: Sig, old: Sig, new: Sig) -> bool:
        """The override misses only keyword-only parameters of the base it still takes by keyword, which the
        base now takes by position too, and no call upstream wrote fills their slots (drift/widened_kinds.py)."""
        widened = made_positional(old, new)
        if not widened or override_problem(mine, new) is None:
            return False
        if override_problem(mine, keyword_only_again(new, widened)) is not None:
            return False
        return not self._passes(after, [], (first_slot(new, widened),))

    def _self_callers(self, after: DefSym) -> set[str]:
        """Names of the methods of upstream's class of ``after`` that call ``self.<name>(...)``."""
        mod = self.theirs_ix.module_at(after.path)
        cls = self.theirs_ix.class_info(mod, after.owner) if mod is not None and after.owner else None
        return {
            m.name
            for m in (cls.node.body if cls is not None else [])
            if isinstance(m, _FUNCS)
            and any(
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and n.func.attr == after.name
                and isinstance(n.func.value, ast.Name)
                and n.func.value.id == "self"
                for n in ast.walk(m)
            )
        }

    def _passes(
        self, after: DefSym, gained: list[str], slots: tuple[int, ...], fork: ast.ClassDef | None = None
    ) -> bool:
        direct, held = self._passing(after, gained, slots)
        return direct or bool(held) or self._dispatch_reaches(after, gained, slots, fork)

    def _passing(
        self, after: DefSym, gained: list[str], slots: tuple[int, ...]
    ) -> tuple[bool, frozenset[tuple[str, str, str]]]:
        """Whether a call upstream wrote passes one of ``gained`` (or fills one of ``slots``), and apart, the
        holders (``mlp`` of ``self.mlp(...)``) whose module call passes one to ``forward``."""
        lines = self.inp.upstream_lines
        if not isinstance(lines, AddedLines):
            return True, frozenset()  # nothing to search: the finding stays an error
        named = re.compile(rf".*(?<![\w.])(?:{'|'.join(map(re.escape, gained))})\s*=(?!=)")
        called = re.compile(rf".*(?<![\w]){re.escape(after.name)}\s*\(")
        # no parameter gained (widened_kinds.py): a reference upstream hands on may be called by position anywhere
        named_at_all = re.compile(rf".*(?<![\w]){re.escape(after.name)}(?!\w)")
        patterns = (named, called) if gained else (named_at_all,)
        paths = {p for pattern in patterns for p, _ in lines.added_matches(pattern) if p.endswith(".py")}
        held: set[tuple[str, str, str]] = set()
        for path in sorted(paths):
            mod = self.theirs_ix.module_at(path)
            if mod is None:
                continue
            if not gained and _handed_on(mod.tree, after.name, set(lines.changes[path].added)):
                return True, frozenset()
            parents: dict[int, ast.AST] = {}  # made on the first call of the name: most files have none
            for node in ast.walk(mod.tree):
                # a method is called through an attribute: a bare name of the same spelling is a function
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or _is_super_call(node):
                    continue
                if node.func.attr != after.name and not (
                    after.name == _FORWARD and self._calls_held_module(mod, node, parents, after)
                ):
                    continue
                if node.func.attr == after.name and self._typed_away(mod, node, parents, after):
                    continue
                # an unbound call (Base.method(self, ...)) counts one more: it then reads as passing (an error stays)
                if any(k.arg in gained or k.arg is None for k in node.keywords) or (
                    any(isinstance(a, ast.Starred) for a in node.args) or any(len(node.args) > slot for slot in slots)
                ):
                    if node.func.attr == after.name:
                        return True, frozenset(held)
                    held.add((node.func.attr, *_enclosing_method(parents, node)))
        return bool(gained) and self._spread_gains(after, gained), frozenset(held)

    def _dispatcher(self, after: DefSym) -> str | None:
        """``forward`` for ``forward_cuda``: the method named by ``after``'s name less its last ``_`` part, found
        along ``after``'s class's order, when it takes only ``*args, **kwargs`` and returns a call handing them
        all on (``CustomOp.forward``: ``return self._forward_method(*args, **kwargs)``, the platform's
        ``forward_cuda``/``forward_cpu``/``forward_native`` picked at build).  A call of it hands its arguments
        to ``after``'s name as a call of that name would (killers189, #12583: ``apply`` now calls
        ``self.forward(..., global_num_experts=..., expert_map=...)``, reaching a fork's ``forward_cuda``)."""
        stem = after.name.rsplit("_", 1)[0] if "_" in after.name.strip("_") else ""
        mod = self.theirs_ix.module_at(after.path) if stem and after.owner else None
        cls = self.theirs_ix.class_info(mod, after.owner) if mod is not None and after.owner else None
        order = self.theirs_ix.mro(cls) if cls is not None else []
        member = self.theirs_ix.member(order, stem) if cls is not None else None
        node = member.node if isinstance(member, DefSym) else None
        if not (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _forwards_all(node)):
            return None
        return stem if self._hands_to_own(order, node) else None

    def _hands_to_own(self, order: list[px.ClassInfo | px.External], node: ast.AST) -> bool:
        """Each call the dispatcher returns goes through ``self`` to a method along the class's order, or to an
        attribute a method of it stores from ``self`` (``self._forward_method = self.dispatch_forward()``, ``=
        self.forward_native``).  A wrapper handing everything to another object (``return self.module(*args,
        **kwargs)``, ``return self._impl.forward(*args, **kwargs)``) reaches none of its own class's
        ``forward_xxx`` (mend69)."""
        chain = [i.node for i in order if isinstance(i, px.ClassInfo)]
        for call in (r.value for r in ast.walk(node) if isinstance(r, ast.Return)):
            target = call.func if isinstance(call, ast.Call) else None
            if not (isinstance(target, ast.Attribute) and _is_name(target.value, "self")):
                return False
            member = self.theirs_ix.member(order, target.attr, dynamic=False)
            own = isinstance(member, DefSym) and isinstance(member.node, (ast.FunctionDef, ast.AsyncFunctionDef))
            if not own and all(next(_self_stores(c, target.attr), None) is None for c in chain):
                return False
        return True

    def _dispatch_reaches(
        self, after: DefSym, gained: list[str], slots: tuple[int, ...], fork: ast.ClassDef | None
    ) -> bool:
        """A call of ``after``'s dispatcher (``_dispatcher``) in a method of its own class passes one of
        ``gained`` (or fills one of ``slots``), and the fork's class overrides neither the dispatcher nor that
        method whole: a fork ``apply`` calling its own ``forward_cuda``, or a fork ``forward`` taking the
        call itself, leaves upstream's call never reaching the override (review97's twins of #12583)."""
        dispatch = self._dispatcher(after) if gained else None
        if dispatch is None or (fork is not None and handed_keys.overridden_whole(fork, dispatch)):
            return False
        if fork is not None and self._picked_elsewhere(after, dispatch, fork):
            return False
        key = (after.path, after.owner or "", after.name, tuple(gained), slots)
        if key not in self._dispatching:
            self._dispatching[key] = self._dispatched(after, dispatch, gained, slots)
        return any(fork is None or not handed_keys.overridden_whole(fork, m) for m in self._dispatching[key])

    def _picked_elsewhere(self, after: DefSym, dispatch: str, fork: ast.ClassDef) -> bool:
        """The dispatcher calls ``self.<attr>``, which a method of the base's class order stores as
        ``self.<attr> = self.<picker>(...)`` (``CustomOp.__init__``: ``self._forward_method =
        self.dispatch_forward()``), and the fork's class overrides that picker whole without naming ``after``'s
        method: the dispatcher never reaches the override (review97, #12583: a fork ``dispatch_forward``
        returning its own ``aeon_forward``)."""
        mod = self.theirs_ix.module_at(after.path) if after.owner else None
        cls = self.theirs_ix.class_info(mod, after.owner) if mod is not None and after.owner else None
        order = self.theirs_ix.mro(cls) if cls is not None else []
        chain = [i for i in order if isinstance(i, px.ClassInfo)]
        member = self.theirs_ix.member(order, dispatch) if chain else None
        node = member.node if isinstance(member, DefSym) else None
        returned = [r.value for r in ast.walk(node) if isinstance(r, ast.Return)] if node is not None else []
        target = returned[0].func if returned and isinstance(returned[0], ast.Call) else None
        if not (isinstance(target, ast.Attribute) and _is_name(target.value, "self")):
            return False
        pickers = {picker for i in chain for picker in _self_pickers(i.node, target.attr)}
        return any(
            handed_keys.overridden_whole(fork, picker)
            and not any(isinstance(n, ast.Attribute) and n.attr == after.name for n in ast.walk(own))
            for picker in pickers
            for own in handed_keys.own_defs(fork, picker)
        )

    def _dispatched(self, after: DefSym, dispatch: str, gained: list[str], slots: tuple[int, ...]) -> list[str]:
        """The methods of ``after``'s own class holding a ``self.<dispatch>(...)`` call that passes one of
        ``gained`` by keyword (or fills one of ``slots``) on upstream's side."""
        mod = self.theirs_ix.module_at(after.path)
        if mod is None:
            return []
        found = []
        for node in ast.walk(mod.tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == dispatch):
                continue
            home = (
                handed_keys.self_call_home(mod.classes, node) if self._own_self_call(after, after.path, node) else None
            )
            if home and (any(k.arg in gained for k in node.keywords) or any(len(node.args) > s for s in slots)):
                found.append(home[1])
        return found

    def _calls_held_module(self, mod: ModuleInfo, call: ast.Call, parents: dict[int, ast.AST], after: DefSym) -> bool:
        """``self.mlp(hidden_states, already_sequence_parallel=True)`` in upstream's decoder layer (#46635), where
        the layer's class builds ``self.mlp`` as the class whose ``forward`` the fork overrides (or a subclass
        of it) and calling that instance runs ``forward`` (an outside ``Module`` base, no ``__call__`` of the
        tree's): the call hands its arguments to ``forward`` as a call of ``.forward(...)`` would.  Only a
        holder of the method's own ``self`` whose class binds it; a receiver of any other kind is not known."""
        if after.owner is None or not isinstance(call.func, ast.Attribute) or not isinstance(call.func.value, ast.Name):
            return False
        parents.update(parents or parent_map(mod.tree))
        method = parents.get(id(call))
        while method is not None and not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            method = parents.get(id(method))
        owner = parents.get(id(method)) if method is not None else None
        if method is None or not isinstance(owner, ast.ClassDef) or not method.args.args:
            return False
        if method.args.args[0].arg != call.func.value.id:
            return False
        cls = self.theirs_ix.class_info(mod, owner.name)
        for item in self.theirs_ix.mro(cls) if cls is not None else ():
            if isinstance(item, px.ClassInfo) and call.func.attr in _bound_attributes(item.node):
                return any(
                    self._runs_forward_of(item.module, value, after)
                    for value in _self_values(item.node, call.func.attr)
                )
        return False

    def _runs_forward_of(self, home: ModuleInfo, value: ast.expr, after: DefSym) -> bool:
        """``value`` builds a class whose order holds ``after``'s class and whose instances' call runs ``forward``."""
        if not isinstance(value, ast.Call) or not isinstance(value.func, (ast.Name, ast.Attribute)):
            return False
        built = self.theirs_ix.class_of(self.theirs_ix.resolve_expr(home, value.func))
        order = self.theirs_ix.mro(built) if built is not None else []
        if not _module_dispatch(order) or self.theirs_ix.member(order, "__call__") is not px.UNKNOWN:
            return False
        return any(
            isinstance(item, px.ClassInfo) and (item.module.path, item.qualname) == (after.path, after.owner)
            for item in order
        )

    def _typed_away(self, mod: ModuleInfo, call: ast.Call, parents: dict[int, ast.AST], after: DefSym) -> bool:
        """The call's receiver is typed as a class unrelated to the method's (drift/typed_away.py)."""
        parents.update(parents or parent_map(mod.tree))
        return after.owner is not None and typed_away(self.theirs_ix, mod, call, parents, (after.path, after.owner))

    def _spread_gains(self, after: DefSym, gained: list[str]) -> bool:
        """A call of the method anywhere in upstream's tree spreads a record's fields into it
        (``**config._asdict()``, ``**asdict(config)``) and a class body upstream changed gained a field of
        a ``gained`` name: the call, a line upstream left alone, now passes it (#48011: AttentionSelectorConfig
        gained ``has_sliding_window``, spread into every backend's ``validate_configuration``)."""
        lines, theirs = self.inp.upstream_lines, self.inp.theirs
        if not isinstance(lines, AddedLines) or not isinstance(theirs, WordSearchable):
            return False
        field = re.compile(rf"(?:{'|'.join(map(re.escape, gained))})\s*:")
        if not any(self._gained_field(path, gained) for path in sorted({p for p, _ in lines.added_matches(field)})):
            return False
        for path in sorted({p for p, _ in theirs.word_lines(after.name) if p.endswith(".py") and not _not_served(p)}):
            mod = self.theirs_ix.module_at(path)
            for node in ast.walk(mod.tree) if mod is not None else ():
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == after.name:
                    if any(k.arg is None and _record_spread(k.value) for k in node.keywords):
                        return True
        return False

    def _gained_field(self, path: str, gained: list[str]) -> bool:
        """A class body of upstream's ``path`` declares a field of a ``gained`` name on a line upstream added."""
        lines = self.inp.upstream_lines
        mod = self.theirs_ix.module_at(path) if path.endswith(".py") else None
        if mod is None or not isinstance(lines, AddedLines):
            return False
        added = {line[1:].strip() for line in lines.changes.raw(path).splitlines() if line.startswith("+")}
        text = mod.text.splitlines()
        for node in ast.walk(mod.tree):
            for stmt in node.body if isinstance(node, ast.ClassDef) else ():
                if (
                    isinstance(stmt, ast.AnnAssign)
                    and isinstance(stmt.target, ast.Name)
                    and stmt.target.id in gained
                    and text[stmt.lineno - 1].strip() in added
                ):
                    return True
        return False

    def _omitted(self, after: DefSym, optional: list[str], new: Sig) -> str | None:
        """A parameter upstream made optional in the base that the override still requires, when a
        call upstream added or changed leaves it out: that call raises TypeError on the fork's class
        only.  A call upstream changed: one of its lines is a line upstream added, or upstream deleted
        lines inside it (an argument's line of a multi-line call).  Only the files whose diff adds a
        call of the name, or that name it and delete a line, are parsed."""
        lines = self.inp.upstream_lines
        if not optional or not isinstance(lines, AddedLines):
            return None
        pattern = re.compile(rf".*(?<![\w]){re.escape(after.name)}\s*\(")  # added_matches anchors at the line
        paths = {p for p, _ in lines.added_matches(pattern) if p.endswith(".py")}
        if isinstance(self.inp.theirs, WordSearchable):
            changes = lines.changes
            paths |= {
                p
                for p, _ in self.inp.theirs.word_lines(after.name)
                if p in changes
                and p.endswith(".py")
                and any(minus and not plus for *_, plus, minus, _ in changes[p].hunks)
            }
        for path in sorted(paths):
            mod = self.theirs_ix.module_at(path)
            for node in ast.walk(mod.tree) if mod is not None else ():
                if not isinstance(node, ast.Call) or last_name(node.func) != after.name or _is_super_call(node):
                    continue
                passed = _passed(node, new)
                left = [p for p in optional if passed is not None and p not in passed]
                if left and mod is not None and _changed_call(mod, node, lines, path):
                    return (
                        f"upstream gave {', '.join(left)} a default in the base, the override still requires it, "
                        f"and upstream's call at {path}:{node.lineno} leaves it out: TypeError on the fork's class"
                    )
        return None

    def _unchanged_module(self, dotted: str) -> bool:
        path = self.before.module_path(dotted)
        return (
            path is not None
            and path not in self.inp.upstream_files
            and path not in self.inp.fork_lines
            and path == self.after.module_path(dotted)
        )

    def _starred(self, dotted: str, name: str) -> bool:
        """``name`` reaches the package only through a star import (``from .parallel_state import *``): the
        package's text stays the same while the module it stars stops defining the name, and the import of
        the package still works, so the name is gone without a line of the package changing (#15960 dropped
        ``get_kv_transfer_group`` from the module a package's ``__init__`` stars)."""
        mod = self.before.module(dotted)
        return mod is not None and bool(mod.stars) and name not in mod.names

    def _probed_imports(self, mod: ModuleInfo, stmt: ast.If) -> tuple[list[ast.stmt], set[int]]:
        """``if hasattr(dist, "name"): from pkg.dist import name``: the branch that runs only where the module
        ``dist`` names still has ``name``, and its lines that import the name from that very module or read
        what the import binds.  Written for the module with and without the name, as a read of ``dist.name``
        under the same test is; a package whose star import stopped handing the name on answers the probe
        False too, so the import never runs there."""
        block, asked = hasattr_branch(stmt)
        lines = self._imported_lines(mod, block, asked) if asked else set()
        return (block, lines) if lines else ([], set())

    def _imported_lines(self, mod: ModuleInfo, block: list[ast.stmt], asked: set[tuple[str, str]]) -> set[int]:
        """The lines of ``block`` that import a probed name from the module probed, or read what it binds."""
        probed = {(self._module_named(mod, obj), name) for obj, name in asked}
        lines: set[int] = set()
        bound: set[str] = set()
        for node in (n for s in block for n in ast.walk(s)):
            if isinstance(node, ast.ImportFrom):
                base = px.import_base(node, mod.dotted, mod.path)
                for alias in node.names:
                    if (base, alias.name) in probed:
                        lines.add(alias.lineno)
                        bound.add(alias.asname or alias.name)
        lines |= {n.lineno for s in block for n in ast.walk(s) if isinstance(n, ast.Name) and n.id in bound}
        return lines

    @staticmethod
    def _module_named(mod: ModuleInfo, text: str) -> str:
        """The dotted module a probe's object names: an alias the module's imports bind (``import a.b as m``,
        ``from a import b``), else the text itself (``import a.b`` then ``hasattr(a.b, ...)``)."""
        binding = mod.names.get(text)
        if binding is None or binding.kind != "import" or binding.target is None:
            return text
        module, name = binding.target
        return module if name is None else f"{module}.{name}"

    def _upstream(self, path: str) -> bool:
        return path in self.inp.upstream_files or path in self.inp.op_sources

    def _probed_new_name(self, path: str) -> str | None:
        """A def ``path`` gained upstream (the renamed function: ``apply_all_penalties``) that a line the fork
        added names:
        a fork that probes for it (a try-import under the old name, a hasattr test, a compat module) calls the
        renamed def where it exists, so the old call is right there."""
        old, new = self.before.module_at(path), self.after.module_at(path)
        if old is None or new is None:
            return None
        gained = sorted(n for n, b in new.names.items() if n not in old.names and b.kind == "def")
        added = [line for p in self._near_walking() for line in self.inp.fork_lines.get(p, ())] if gained else []
        words = [re.compile(rf"(?<![\w]){re.escape(n)}(?![\w])") for n in gained]
        return next((n for n, w in zip(gained, words) if any(w.search(line) for line in added)), None)

    def _near_walking(self) -> list[str]:
        """The file being walked and the fork's files it imports from (a compat module of the fork's)."""
        tree = self._walking
        if tree is None:
            return []
        wanted: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                wanted.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):  # ``from .compat import f``, ``from . import compat`` too
                base = px.import_base(node, px.dotted_name(self._walking_path), self._walking_path)
                wanted.add(base)
                wanted.update(f"{base}.{a.name}" if base else a.name for a in node.names)
        return [self._walking_path, *(p for p in self.inp.fork_lines if px.dotted_name(p) in wanted)]

    def _rebound_name(self, before: DefSym, after: DefSym) -> bool:
        """The name the fork calls now reaches a def of another file, untouched upstream, because upstream
        changed the file that defined it: #11538 renamed ``ops.penalties.apply_penalties`` and imported the
        layer helper of another signature under the old name there."""
        return before.path != after.path and self._upstream(before.path) and not before.owner and not after.owner

    # -- explaining ------------------------------------------------------------------------------
    def _finding(self, mod: ModuleInfo, line: int, what: str, target: DefSym | ModuleSym, note: str | None) -> Finding:
        if note in ("signature", _UNCERTAIN):
            assert isinstance(target, DefSym)
            commit = self._commit(target.path, target.name)
            message = f"{what} (upstream: {commit})" if commit else what
            return _warning(mod, line, message) if note == _UNCERTAIN else _error(mod, line, message)
        change = self._explain(target)
        tail = f": {note}" if note else ""
        if not note and change.startswith("upstream removed"):
            # what a person does about it (the finding ended at the commit: newuser17 read it twice)
            tail = ": drop the use, or move it to what replaced it (the commit says)"
        gone = _as(_Gone, _error(mod, line, f"{what}, which {change}{tail}"))
        if not isinstance(target, DefSym) or not change.startswith("upstream renamed"):
            return gone
        renamed = self._renamed_to(target)
        return _Gone(**{**vars(gone), "rename": (target.owner or "", target.name, renamed)}) if renamed else gone

    def _explain(self, target: DefSym | ModuleSym) -> str:
        """How the name went (``upstream removed ...``, ``renamed``, ``moved``: what ``_gone`` reads)."""
        if isinstance(target, DefSym) and _is_import(target.node):
            home = _imported_from(target.node, target.name)
            gone = self.after.module_at(target.path) is None
            how = f"upstream removed {target.path}" if gone else f"upstream's {target.path} no longer imports"
            return f"{how} (it only handed on {home}): import it from {home.rpartition('.')[0] or home}"
        if isinstance(target, ModuleSym):
            path = self.before.module_path(target.dotted) or target.dotted
            moved = self.inp.history.moved_file(path) if self.inp.history else None
            if moved:
                return f"upstream moved (module {target.dotted} is now {px.dotted_name(moved)}, {moved})"
            return f"upstream removed (module {target.dotted}, {path})"
        renamed = self._renamed_to(target)
        commit = self._in(target.path, target.name)
        if renamed:
            return f"upstream renamed {target.label} to {_owner_prefix(target)}{renamed} ({target.path}){commit}"
        moved = self._moved_to(target)
        if moved:
            return f"upstream moved {target.label} to {moved} (it is gone from {target.path}){commit}"
        new_scope = self._scope(self.theirs_ix, target) if target.owner is None else None
        if new_scope is not None and target.name in new_scope:
            # the def stayed; the module the fork names stopped handing it on (#31285: the utils package's
            # __getattr__ shim for get_open_port dropped, the function still in its network_utils module)
            home = px.dotted_name(target.path, self.theirs_ix.roots)
            return (
                f"upstream no longer hands on (a re-export or __getattr__ shim dropped); {target.label} is "
                f"still defined in {target.path}: import it from {home}"
            )
        return f"upstream removed {target.label} ({target.path}){commit}"

    def _in(self, path: str, name: str) -> str:
        commit = self._commit(path, name)
        return f" in {commit}" if commit else ""

    def _line_commit(self, path: str, text: str) -> str:
        """The upstream commit that added a line holding ``text`` (a history that can say; else "")."""
        find = getattr(self.inp.history, "line_change", None)
        change = find(path, text) if find is not None else None
        return commit_note(change.sha, change.subject, self.inp.pr_pattern) if isinstance(change, Change) else ""

    def _commit(self, path: str, name: str) -> str:
        if path.endswith(SCHEMA_SOURCES):  # a custom op's schema string: ``name(`` opens it
            return self._line_commit(path, f"{name}(")
        change = self.inp.history.definition_change(path, name) if self.inp.history else None
        if change is None:
            return ""
        return commit_note(change.sha, change.subject, self.inp.pr_pattern)

    def _renamed_to(self, target: DefSym) -> str | None:
        """A new name in the same scope upstream: same body or value, else the one name that contains the old."""
        old_scope, new_scope = self._scope(self.base_ix, target), self._scope(self.theirs_ix, target)
        if old_scope is None or new_scope is None or target.name not in old_scope or target.name in new_scope:
            return None
        added = [n for n in new_scope if n not in old_scope]
        shape = _shape(old_scope[target.name])
        same = [n for n in added if _shape(new_scope[n]) == shape]
        if not same:
            # the same shape but for names renamed with it (#8673: PromptInputs = Union[SingletonPromptInputs, ...]
            # -> PromptType = Union[SingletonPrompt, ...]): the names gone and the names added match any
            shape = _shape(old_scope[target.name], frozenset(n for n in old_scope if n not in new_scope))
            same = [n for n in added if _shape(new_scope[n], frozenset(added)) == shape]
        if len(same) == 1:
            return same[0]
        near = [n for n in added if target.name in n or (len(n) > 3 and n in target.name)]
        return near[0] if len(near) == 1 else None

    def _scope(self, ix: Index, target: DefSym) -> dict[str, ast.AST] | None:
        mod = ix.module_at(target.path)
        if mod is None:
            return None
        if target.owner is None:
            return {k: b.node for k, b in mod.names.items() if b.kind != "import"}
        cls = ix.class_info(mod, target.owner)
        if cls is None:
            return None
        scope: dict[str, ast.AST] = dict(cls.members)
        for name in cls.instance:
            scope.setdefault(name, cls.node)
        return scope

    def _moved_to(self, target: DefSym) -> str | None:
        """A module-level definition of the same name (or, for a member, its public name) that upstream has elsewhere."""
        names = [target.name] if target.owner is None else list(dict.fromkeys([target.name, target.name.lstrip("_")]))
        for name in names:
            pattern = re.compile(
                rf"^(?:async\s+def|def|class)\s+{re.escape(name)}\b|^{re.escape(name)}\s*(?::[^=\n]*)?=[^=]",
                re.MULTILINE,
            )
            for path in sorted(self.inp.upstream_files):
                if (path == target.path and target.owner is None) or not path.endswith(".py"):
                    continue
                text = self.inp.theirs.text(path)
                if text and name in text and pattern.search(text):
                    return f"{px.dotted_name(path)}.{name}"
        return None

    @functools.cached_property
    def defined_upstream(self) -> dict[str, set[str]]:
        """Function name -> the Python files where upstream's diff adds a ``def`` of it (one pass)."""
        header = re.compile(r"^(?:async\s+)?def\s+(\w+)\s*\(")
        names: dict[str, set[str]] = {}
        lines = self.inp.upstream_lines
        if isinstance(lines, AddedLines):  # a whole release: searched in the diff's text, nothing parsed
            for path, found in lines.added_matches(header):
                if path.endswith(".py"):
                    names.setdefault(found.group(1), set()).add(path)
            return names
        for path, added in lines.items():
            if path.endswith(".py"):
                for line in added:
                    match = header.match(line)
                    if match:
                        names.setdefault(match.group(1), set()).add(path)
        return names

    @property
    def base_ix(self) -> Index:
        if self._base is None:
            self._base = Index(self.inp.base, parsed=self.inp.parsed)
        return self._base

    @property
    def theirs_ix(self) -> Index:
        if self._theirs is None:
            self._theirs = Index(self.inp.theirs, parsed=self.inp.parsed)
        return self._theirs


# -- helpers ---------------------------------------------------------------------------------------
@runtime_checkable
class FileSearchable(Protocol):
    """A tree that can say which of some files hold one of some words without reading them (a git revision)."""

    def files_containing(self, words: Sequence[str], paths: Sequence[str]) -> frozenset[str]: ...


@runtime_checkable
class WordSearchable(Protocol):
    """A tree that can list the lines naming a word without reading every file (a git revision)."""

    def word_lines(self, word: str) -> list[tuple[str, str]]: ...


_METHOD_WRAPPERS = frozenset({"staticmethod", "classmethod"})


def _defining_classes(ix: Index, tree: WordSearchable, name: str) -> set[tuple[str, str]]:
    """(path, class) of every served class of ``tree`` that defines ``name`` as a member."""
    found: set[tuple[str, str]] = set()
    for path in sorted({p for p, _ in tree.word_lines(name) if p.endswith(".py") and not _not_served(p)}):
        module = ix.module_at(path)
        if module is None:
            continue
        for qual in module.classes:
            cls = ix.class_info(module, qual)
            if cls is not None and name in cls.members:
                found.add((path, qual))
    return found


# a dotted path to a module and a name in it: ``a.b.c`` or ``a.b:c`` (three parts or more, or a colon)
_QUALNAME = lazy_pattern(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+?)(?:\.|(:))([A-Za-z_]\w*)")


# what a read by a string does when the name is gone
_STRING_READS = {"getattr": "takes its default", "hasattr": "is always False"}


def _not_served(path: str) -> bool:
    """A file of a top-level folder the service never imports: tests, benchmarks, examples, docs."""
    return not_served(path)


_UNCERTAIN = "signature, uncertain"
_TAKE_KEYWORD = "name the parameter {!r} or take **kwargs"
# a call ``x.hook(...)`` off another receiver may be another class's method of the hook's name (a warning)
_UNSURE_RECEIVER = "on a receiver the audit cannot tie to the fork's class: TypeError if it is one"


def call_severity(problem: str, doubt: bool = False) -> Severity:
    """The one judgement of a call's signature problem, whatever path the call was resolved by (a function,
    a method, a custom op by name): a warning when its effect cannot be proved (an ``Uncertain`` problem:
    a keyword ``**kwargs`` takes and may hand on) or the callee itself is in doubt, else an error."""
    return Severity.WARNING if doubt or isinstance(problem, Uncertain) else Severity.ERROR


def _signature(problem: str) -> str:
    """The note of a call's signature finding: a warning when the problem's effect is not certain."""
    return _UNCERTAIN if call_severity(problem) is Severity.WARNING else "signature"


def _keyword_line(call: ast.Call, made: ast.Call, problem: str) -> int:
    """The line of the first keyword the problem names (``passes context_lens=``) when the call spreads
    over lines: where the fix goes; else the call's first line."""
    end = call.end_lineno or call.lineno
    for keyword in made.keywords:
        line = getattr(keyword, "lineno", None)
        if keyword.arg and line and call.lineno < line <= end and re.search(rf"\b{keyword.arg}=", problem):
            return int(line)
    return call.lineno


def _aliases_member(stmt: ast.stmt, name: str, cls: ast.AST | None) -> bool:
    """A class body's ``old = Base.new`` (``Base`` one of its bases) or ``old = new`` (a def of its own body):
    the fork's shim of the gone name onto the method that replaced it, for its own callers by the old name;
    upstream's code calls the new member itself, so nothing is left behind."""
    value = stmt.value if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
    if not isinstance(cls, ast.ClassDef) or value is None:
        return False
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.attr != name:
        return value.value.id in {last_name(b) for b in cls.bases}
    defs = {s.name for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}
    return isinstance(value, ast.Name) and value.id != name and value.id in defs


def _unprobed(findings: Iterable[Finding], read: ast.AST, probed: set[int], sure: set[int]) -> Iterator[Finding]:
    """The findings of a read, less its name's being gone where a ``hasattr`` of it guards the read (``probed``)
    or a shim or a test of its value does (``sure``: these hold even where a ``__getattr__`` answers it)."""
    return (f for f in findings if not _gone(f) or (id(read) not in sure and (id(read) not in probed or _answered(f))))


@dataclass(frozen=True)
class _Gone(Finding):
    """A finding that the name is gone (``_explain``'s removed, renamed, moved, no longer imported or handed
    on), not that its use changed: what a guard (``hasattr``, ``try``/``except ImportError``) excuses.  Its
    type says so, not its words: a new wording of ``_explain`` cannot fall out of the guards (killers76's
    "no longer imports" did)."""

    # a rename's (class, old name, new name): the old read where a test of the new one failed is guarded
    rename: tuple[str, str, str] | None = None


@dataclass
class _Shims:
    """The module attributes (module, name) the fork's own lines set -> only where the module lacks it; and
    those of them its own lines read."""

    stored: dict[tuple[str, str], bool]
    read: set[tuple[str, str]]
    early: set[int]  # ids of the reads run on import before their file's own store: they see upstream's name


_CHOSEN = " (the patch is picked by a test of upstream's method: check the branch that runs now)"
_SHIM_OR_PATCH = (
    "the fork's own reads see its value, but upstream's code no longer reads it: if it patched upstream's, "
    "the patch does nothing now"
)


def _deferred_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside a def or lambda (run when called, not when the module is imported; a
    decorator or a default counted with them: a read there is taken as seeing the shim, never as an error)."""
    later: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and id(node) not in later:
            later |= {id(inner) for inner in ast.walk(node) if inner is not node}
    return later


def _function_patch(module: ast.Module, call: ast.Call) -> bool:
    """``setattr(fp8_utils, "f", aeon_f)``: an owner rooted in a name the module's top-level imports bind (not a
    class's), and a lambda or a function the module defines at its top -- the shape drift/knobs.py reports as a
    patched module function (one finding a line).  Left to it: where upstream only renamed a function nothing
    called, neither reports (the store spelt ``fp8_utils.f = aeon_f`` is symbol drift's)."""
    holder, value = call.args[0], call.args[2]
    while isinstance(holder, ast.Attribute):
        holder = holder.value
    functions = {f.name for f in module.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)}
    if not (isinstance(value, ast.Lambda) or (isinstance(value, ast.Name) and value.id in functions)):
        return False
    imported = {
        (a.asname or a.name).split(".")[0]
        for s in module.body
        if isinstance(s, ast.Import | ast.ImportFrom)
        for a in s.names
        if a.name != "*"
    }
    # a CapWords holder is a class: a method's patch, which symbol drift's own override and store checks judge
    capwords = isinstance(holder, ast.Name) and holder.id[:1].isupper() and not holder.id.isupper()
    return isinstance(holder, ast.Name) and holder.id in imported and not capwords


def _set_where_missing(call: ast.Call, name: str, parents: dict[int, ast.AST]) -> bool:
    """``setattr(m, "name", v)`` in the body of an ``if not hasattr(m, "name"):`` (``_filled_if_missing``'s
    test): the fork fills a gap."""
    owner: str = ast.unparse(call.args[0])
    node: ast.AST = call
    while (parent := parents.get(id(node))) is not None:
        test = parent.test if isinstance(parent, ast.If) and node in parent.body else None
        asked = test.operand if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) else None
        if (
            isinstance(asked, ast.Call)
            and ast.unparse(asked.func) == "hasattr"
            and len(asked.args) == 2
            and (ast.unparse(asked.args[0]), str_value(asked.args[1])) == (owner, name)
        ):
            return True
        node = parent
    return False


def _filled_if_missing(tree: ast.AST) -> set[int]:
    """The ids of the stores of ``m.name`` in the block that runs only where ``hasattr(m, "name")`` is
    False (``if not hasattr(m, "name"): m.name = ...``): the fork fills a gap, not patches."""
    found: set[int] = set()
    for stmt in (n for n in ast.walk(tree) if isinstance(n, ast.If)):
        negated = isinstance(stmt.test, ast.UnaryOp) and isinstance(stmt.test.op, ast.Not)
        test = stmt.test.operand if isinstance(stmt.test, ast.UnaryOp) and negated else None
        if not (isinstance(test, ast.Call) and ast.unparse(test.func) == "hasattr" and len(test.args) == 2):
            continue
        asked = (ast.unparse(test.args[0]), str_value(test.args[1]))
        stores = (n for s in stmt.body for n in ast.walk(s) if isinstance(n, ast.Attribute))
        found |= {id(n) for n in stores if isinstance(n.ctx, ast.Store) and (ast.unparse(n.value), n.attr) == asked}
    return found


def _gone(finding: Finding) -> bool:
    """The finding says the name is gone, not that its use changed."""
    return isinstance(finding, _Gone)


@dataclass(frozen=True)
class _Answered(_Gone):
    """A gone member an instance's ``__getattr__`` answers for, never raising (``Platform.__getattr__``
    returns None): ``hasattr`` is True and no AttributeError comes, so neither guard excuses its use; a shim
    the fork sets, a test of the value (``getattr(x, "name", None) is not None``) and a version gate still do."""


def _renamed_out(finding: Finding, absent: list[Absent]) -> bool:
    """A rename's old name read where a presence test of its new name failed (drift/renamed_probes.py)."""
    rename = finding.rename if isinstance(finding, _Gone) else None
    return rename is not None and any(old_name_read(rename, finding.line, a) for a in absent)


def _answered(finding: Finding) -> bool:
    """The gone name's use reaches a ``__getattr__`` that answers every name (``_Answered``)."""
    return isinstance(finding, _Answered)


def _as(kind: type[Finding], finding: Finding) -> Finding:
    """The finding made again as a plain ``Finding`` or a ``_Gone``."""
    values: dict[str, Any] = {f.name: getattr(finding, f.name) for f in field_list(Finding)}
    return kind(**values)


_SELF_SET = lazy_pattern(r"^self\.(\w+)\s*(?::[^=]*)?=(?!=)")  # ``self.x = ...`` / ``self.x: T = ...``


def _error(mod: ModuleInfo, line: int, message: str) -> Finding:
    """Symbol drift's finding: an error on a line of the merged module."""
    return Finding(RULE, "merge", Severity.ERROR, mod.path, line, message)


def _quotes_name(text: str, name: str) -> bool:
    """The text spells ``name`` as a string: ``"name"``, ``'name'``, ``::name"`` (a schema's namespace)."""
    return any(q in text for q in (f'"{name}"', f"'{name}'", f'::{name}"', f"::{name}'"))


def _record_spread(value: ast.expr) -> bool:
    """``x._asdict()`` (a NamedTuple's fields) or ``asdict(x)`` / ``dataclasses.asdict(x)``."""
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr == "_asdict" and not value.args:
        return True
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    return name == "asdict" and len(value.args) == 1


_OPTED_IN = 3  # upstream's own classes opted in: one or two are exceptions, three a capability made explicit


def _declines(stmt: ast.stmt) -> bool:
    """A method that refuses (``return False``) or only raises ``NotImplementedError``: no opt-in."""
    return _refuses(stmt) or raises_only(stmt)


def _refuses(stmt: ast.stmt) -> bool:
    """A method whose body (past a docstring) is ``return False``."""
    if not isinstance(stmt, ast.FunctionDef):
        return False
    body = stmt.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return (
        len(body) == 1
        and isinstance(body[0], ast.Return)
        and isinstance(body[0].value, ast.Constant)
        and body[0].value.value is False
    )


def _alias_of(sym: DefSym) -> ast.expr | None:
    """The dotted name a module-level ``NAME = other.name`` gives ``sym`` the value of, else None."""
    node = sym.node if sym.owner is None else None
    if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Name | ast.Attribute):
        return node.value
    return None


def _imported_path(mod: ModuleInfo, expr: ast.expr) -> list[str] | None:
    """The dotted path a dotted ``expr`` names through ``mod``'s top-level import of its first name, the
    imported module first (``torch.float16`` under ``import torch``, ``F.gelu`` under ``from torch.nn import
    functional as F``)."""
    parts: list[str] = []
    while isinstance(expr, ast.Attribute):
        parts.insert(0, expr.attr)
        expr = expr.value
    binding = mod.names.get(expr.id) if isinstance(expr, ast.Name) else None
    if binding is None or binding.kind != "import" or binding.target is None:
        return None
    target, attr = binding.target
    return [target, *([attr] if attr else []), *parts]


def _set_value(stmt: ast.AST) -> object:
    """The literal a class body's ``name = v`` / ``name: T = v`` sets, else NOT_LITERAL."""
    if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
        return literal_value(stmt.value)
    return NOT_LITERAL


def _converged(setters: list[ast.AST], stmt: ast.stmt) -> str | None:
    """Upstream retired a class attribute its classes set (a knob choosing a code path) and kept one
    path: the value at least three of its setters, and all but a quarter of them, held (#39125:
    ``accept_output_buffer``, True in 15 backends, False in one, gone; every backend is handed an output
    buffer now).  The fork's literal, the other value, opted its class out of the path that is now the
    only one: how the commit ends, said, when it does; None when the fork's value is that one, is no
    literal, or upstream's setters did not agree."""
    mine = _set_value(stmt)
    values = [_set_value(s) for s in setters]
    if not values or mine is NOT_LITERAL or not isinstance(mine, bool | int | str) or NOT_LITERAL in values:
        return None
    counts: dict[object, int] = {}
    for value in values:
        counts[repr(value)] = counts.get(repr(value), 0) + 1
    shown, most = max(counts.items(), key=lambda item: item[1])
    if most < 3 or most * 4 < len(values) * 3 or shown == repr(mine):
        return None
    return f"{most} of them with {shown}"


def _above(order: list[px.ClassInfo | px.External]) -> Callable[[ast.AST, str], ast.AST | None]:
    """What ``super().<attr>`` in ``method`` reaches along ``order`` (an MRO): the next class past the one
    whose members hold ``method`` that defines ``attr``; None where ``method`` is no member of a class of
    ``order``, or an external base comes first (unreadable)."""

    def above(method: ast.AST, attr: str) -> ast.AST | None:
        at = next(
            (i for i, c in enumerate(order) if isinstance(c, px.ClassInfo) and method in c.members.values()), None
        )
        for item in order[at + 1 :] if at is not None else ():
            if not isinstance(item, px.ClassInfo):
                return None
            if attr in item.members:
                return item.members[attr]
        return None

    return above


def _gained_optional(mine: Sig, old: Sig, new: Sig) -> list[str]:
    """Parameters upstream added to the base with a default that the override does not take."""
    had = set(old.positional) | set(old.kwonly)
    takes = set(mine.positional) | set(mine.kwonly)
    return [p for p in (*new.positional, *new.kwonly) if p not in had and p not in takes and not new.required(p)]


def _without_gained_var(mine: Sig, old: Sig, new: Sig) -> Sig:
    """``new`` without the ``*args``/``**kwargs`` upstream added to the base that the override does not take."""
    return replace(
        new,
        varargs=new.varargs and (old.varargs or mine.varargs),
        varkw=new.varkw and (old.varkw or mine.varkw),
    )


def _replaced_methods(cls: ast.ClassDef) -> set[str]:
    """Names of the methods ``cls`` defines that never call ``super().<their name>(...)`` (the base's stays
    unreached through them)."""
    return {
        m.name
        for m in cls.body
        if isinstance(m, _FUNCS)
        and not any(
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == m.name
            and is_super(n.func.value)
            for n in ast.walk(m)
        )
    }


def _named_alike(override: Sig, base: Sig) -> bool:
    """An override that takes the base's parameters past its leading ones keyword-only
    (``def build(self, *, table, lens)`` for ``build(self, table, lens)``), with no ``*args``/``**kwargs``: it
    matched the base for callers that pass them by name."""
    lead = len(override.positional)
    rest = base.positional[lead:]
    return (
        not override.varargs
        and not override.varkw
        and bool(rest)
        and override.positional == base.positional[:lead]
        and set(rest) | set(base.kwonly) <= set(override.kwonly)
        and override.kwonly_required <= set(base.positional) | set(base.kwonly)
    )


def _matched_by_keyword(override: Sig, base: Sig) -> bool:
    """An override that names the base's leading parameters and takes the rest in ``**kwargs``
    (``def apply(self, layer, x, top_k, **kwargs)``): it matched the base for callers that pass the rest
    by keyword, as upstream's did."""
    rest = list(base.positional[len(override.positional) :])
    return override.varkw and bool(rest) and override_problem(override, _without(base, rest)) is None


# a handler of one of these catches the TypeError a key read of a class that cannot be subscripted raises
_SUBSCRIPT_ERRORS = frozenset({"TypeError", "Exception", "BaseException"})


def _typed_dict_keys(ix: Index, cls: px.ClassInfo) -> set[str] | None:
    """The keys a TypedDict class declares with its bases; None for a class that is no TypedDict or
    derives from a base out of sight (which may declare any key)."""
    keys: set[str] = set()
    typed_dict = False
    for item in ix.mro(cls, True):
        if isinstance(item, px.External):
            if item.name.rsplit(".", 1)[-1] != "TypedDict":
                return None
            typed_dict = True
            continue
        for stmt in item.node.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                keys.add(stmt.target.id)
    return keys if typed_dict else None


def _handed_on(tree: ast.Module, name: str, added: set[int]) -> bool:
    """A line upstream added takes ``.name`` without calling it (``validate = self.name``,
    ``functools.partial(self.name, x)``) or reads it by string (``getattr(self, "name")``): whoever calls the
    reference may pass any parameter by position, which a keyword-only override refuses."""
    nodes = list(ast.walk(tree))
    callees = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
    return any(getattr(n, "lineno", 0) in added and _refers(n, name, callees) for n in nodes)


def _refers(node: ast.AST, name: str, callees: set[int]) -> bool:
    if isinstance(node, ast.Call) and last_name(node.func) == "getattr" and len(node.args) > 1:
        return str_value(node.args[1]) == name
    return (
        isinstance(node, ast.Attribute)
        and node.attr == name
        and isinstance(node.ctx, ast.Load)
        and id(node) not in callees
    )


_READ = lazy_pattern(r"reads \.(\w+) of it")  # result_kinds' use of a member read off the result


def _without(sig: Sig, names: list[str]) -> Sig:
    """``sig`` without the parameters ``names`` (trailing defaults shrink with the optional ones)."""
    positional = tuple(p for p in sig.positional if p not in names)
    optional = sig.positional[len(sig.positional) - sig.defaults :] if sig.defaults else ()
    return replace(
        sig,
        positional=positional,
        posonly=sum(1 for p in sig.positional[: sig.posonly] if p not in names),
        defaults=sum(1 for p in optional if p not in names),
        kwonly=tuple(k for k in sig.kwonly if k not in names),
        kwonly_required=frozenset(k for k in sig.kwonly_required if k not in names),
    )


def _takes_all(cls: px.ClassInfo, names: list[str]) -> bool:
    sig = signature(cls.members[lockstep.INIT], True)
    return sig is not None and all(n in {*sig.positional, *sig.kwonly} for n in names)


def _warning(mod: ModuleInfo, line: int, message: str) -> Finding:
    """Symbol drift's finding when the tie is not certain: a warning on a line of the merged module."""
    return Finding(RULE, "merge", Severity.WARNING, mod.path, line, message)


def _same_body(old: ast.FunctionDef | ast.AsyncFunctionDef, new: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The two functions' statements are one code (positions and docstrings aside: #46099 dropped Cohere's
    ``prepare_structured_tag``, ``return original_tag`` under comments, for the base's ``return original_tag``
    under a docstring)."""

    def code(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
        return [ast.dump(stmt) for stmt in func.body if not is_docstring(stmt)]

    return code(old) == code(new)


def _where(target: DefSym, commit: str) -> str:
    """``path`` or ``path; commit``: where upstream's definition is, and the commit that changed it."""
    return f"{target.path}{'; ' + commit if commit else ''}"


def _body_owned(lines: list[int], node: ast.stmt, after: int | None = None) -> list[int]:
    """The lines of the sorted ``lines`` inside ``node`` below its first line (or below ``after``),
    bisected: a module's every def against every fork line is quadratic."""
    first = node.lineno if after is None else after
    end = node.end_lineno or first
    return lines[bisect.bisect_right(lines, first) : bisect.bisect_right(lines, end)]


def _lines_holding(text: str, word: str) -> Iterator[str]:
    """Each line of ``text`` that contains ``word`` (once per line), found by substring search."""
    at = text.find(word)
    while at != -1:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = len(text) if end == -1 else end
        yield text[start:end]
        at = text.find(word, end)


def _first_definers(order: list[px.ClassInfo | px.External]) -> dict[str, px.ClassInfo]:
    """Each member name's first definer along a class's order, up to the first class outside the tree (ABC,
    a library's: it may define any name past it)."""
    first: dict[str, px.ClassInfo] = {}
    for item in order:
        if isinstance(item, px.External):
            break
        for name in item.members:
            first.setdefault(name, item)
    return first


def distinct_name(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A name a text search can follow: not a dunder, at least 8 characters, and no decorator (a
    decorator may register the function, to be called by a name no search sees)."""
    name = node.name
    return len(name) >= 8 and not (name.startswith("__") and name.endswith("__")) and not node.decorator_list


def _references(text: str, name: str) -> int:
    """Uses of ``name`` in a text, its definitions (``def``, ``class``) and imports (a parenthesised
    ``from m import (`` list too) not counted.  A large text asked about twice is indexed once: a module
    of 1,200 patched functions asked for each one's name was a scan a name (33 s; ``_word_counts``)."""
    if name not in text:
        return 0
    if len(text) >= _INDEXED and _WORD.fullmatch(name) and _asked_before(text):
        return _word_counts(text)[name]
    return _scanned(text, name)


def _scanned(text: str, name: str) -> int:
    pattern = re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])")
    definition = re.compile(rf"^\s*(?:(?:async\s+)?def|class)\s+{re.escape(name)}\b")
    count, importing = 0, False
    for line in code_lines(text):
        if importing or _IMPORT.match(line):
            importing = (importing or "(" in line) and ")" not in line  # inside ``from m import (`` .. ``)``
        elif not definition.match(line):
            count += len(pattern.findall(line))
    return count


_INDEXED = 4096  # a text shorter than this (a diff's line, a small file) is scanned: an index costs two scans
_WORD = lazy_pattern(r"\w+")
_DEFINING = lazy_pattern(r"^\s*(?:(?:async\s+)?def|class)\s+(\w+)")
_ASKED: dict[int, None] = {}  # the hashes of the large texts asked about once (the first is scanned)


def _asked_before(text: str) -> bool:
    """True from a text's second question on: a text asked about once costs one scan, not an index."""
    key = hash(text)  # a str caches its hash: a later question costs a lookup
    if key in _ASKED:
        return True
    if len(_ASKED) >= 4096:
        _ASKED.clear()
    _ASKED[key] = None
    return False


@functools.lru_cache(maxsize=32)
def _word_counts(text: str) -> Counter[str]:
    """``_scanned``'s answer for every word of a text at once: a use of ``name`` is a whole word (no
    word character either side), so it is a maximal run of them; an import line counts none, a
    ``def``/``class`` line none of the name it defines."""
    counts: Counter[str] = Counter()
    importing = False
    for line in _split(text):
        if importing or _IMPORT.match(line):
            importing = (importing or "(" in line) and ")" not in line  # as ``_scanned`` reads the lists
            continue
        words = _WORD.findall(line)
        defining = _DEFINING.match(line)
        counts.update(w for w in words if w != defining[1]) if defining else counts.update(words)
    return counts


def _aliases(text: str, name: str) -> list[str]:
    """The names ``name`` is imported as (``from m import name as alias``)."""
    return re.findall(rf"(?<![\w.]){re.escape(name)}\s+as\s+(\w+)", text) if " as " in text else []


def _used_in(text: str, name: str) -> int:
    """Uses of ``name`` in a text, or of a name it is imported as (symbol_precision window 7: #33139 dropped
    api_server's ``attach_router`` imports; serve/__init__.py still imports server_info's ``attach_router
    as attach_server_info_router`` and calls ``attach_server_info_router(app)``)."""
    return _references(text, name) or sum(_references(text, alias) for alias in _aliases(text, name))


_IMPORT = lazy_pattern(r"^\s*(?:from\s+\S+\s+)?import\s")
_BARE = lazy_pattern(r"^\s*\w+(?:\s+as\s+\w+)?\s*,?\s*\)?\s*$")  # ``    name,``: an import list entry, or an argument


@functools.lru_cache(maxsize=16)
def _split(text: str) -> tuple[str, ...]:
    """``code_lines``, once a text: a module's every function's lines (``_body_lines``, ``_not_in_base``)
    each splitting the whole module was quadratic."""
    return tuple(code_lines(text))


def _body_lines(text: str, node: ast.AST) -> list[str]:
    lines = _split(text)[getattr(node, "lineno", 1) : getattr(node, "end_lineno", 0)]
    return [t.strip() for t in lines if t.strip() and not t.strip().startswith("#")]


def _similar(old: list[str], new: list[str], share: float = 0.6) -> bool:
    if len(old) < 3:
        return False  # a two-line function looks like many others
    present = set(new)
    return sum(line in present for line in old) >= share * len(old)


def _has_nested(node: ast.AST, lines: list[int]) -> bool:
    """The owned lines sit in a function nested inside this one: that one is checked instead."""
    return any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        and n is not node
        and all(n.lineno <= i <= (n.end_lineno or n.lineno) for i in lines)
        for n in ast.walk(node)
    )


def _first_line(stmt: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(stmt, "decorator_list", None) or []
    return min([stmt.lineno, *[d.lineno for d in decorators]])


def _holds_owned(stmt: ast.stmt, owned: set[int]) -> bool:
    """A line of ``stmt`` (its decorators included) is one of ``owned``."""
    return any(line in owned for line in range(_first_line(stmt), (stmt.end_lineno or stmt.lineno) + 1))


def _held_after(body: list[ast.stmt], owned: set[int]) -> list[bool]:
    """For each statement of ``body``, whether a statement after it holds one of ``owned``: only those are walked."""
    after, seen = [False] * len(body), False
    for at in range(len(body) - 1, -1, -1):
        after[at] = seen
        seen = seen or _holds_owned(body[at], owned)
    return after


def _owned_lines(text: str, added: frozenset[str], tree: ast.Module | None = None) -> set[int]:
    """The numbers of the lines of ``text`` the fork added; with ``tree``, only those up to its last statement's
    end: a line below it (a carry's marker comment appended to the module) lies in no node, and a set of only
    such lines walked a 340 KB module's definitions twice for nothing (perf26)."""
    lines = code_lines(text)
    last = len(lines) if tree is None or not tree.body else tree.body[-1].end_lineno or len(lines)
    return {i for i, line in enumerate(lines[:last], 1) if line.strip() and line.strip() in added}


def _is_import(node: ast.AST) -> bool:
    return isinstance(node, ast.Import | ast.ImportFrom)


def _imported_from(node: ast.AST, name: str) -> str:
    """The dotted name an import statement binds ``name`` to (``torch.distributed.distributed_c10d.is_nccl_available``)."""
    for alias in node.names if isinstance(node, ast.Import | ast.ImportFrom) else ():
        if (alias.asname or alias.name.split(".")[0]) == name:
            module = node.module if isinstance(node, ast.ImportFrom) else None
            return f"{module}.{alias.name}" if module else alias.name
    return name


def _imported(ix: Index, module: str, name: str) -> Sym:
    return ix.resolve(module, name) if ix.in_tree(module) else px.UNKNOWN


def _module(ix: Index, dotted: str) -> Sym:
    if ix.module_path(dotted):
        return ModuleSym(dotted)
    return MISSING if ix.in_tree(dotted) else px.UNKNOWN


def _attribute(ix: Index, owner: Sym, attr: str, instance: bool = True) -> Sym:
    if isinstance(owner, ModuleSym):
        return ix.resolve(owner.dotted, attr)
    held = ix.class_of(owner)
    if held is not None:  # a read off the class object: its metaclass may answer (#24794)
        return class_member(ix, held, attr, instance)
    chosen = ix.chosen_classes(owner)
    if chosen:
        return _chosen_member(ix, chosen, attr)
    cls = _value_class(ix, owner)
    if cls is not None:
        return ix.member(ix.mro(cls), attr)
    return px.UNKNOWN


def _chosen_member(ix: Index, chosen: list[px.ClassInfo], attr: str) -> Sym:
    """``attr`` read off a module-level ``Name = A if cond else B`` of two classes (``CudaPlatform``): the
    member both answer with (one a shared base defines), MISSING when neither has it, else UNKNOWN (which
    one the condition picks is known at run time only).  #26982 removed ``is_kv_cache_dtype_supported``
    from the base both CUDA platforms derive from; the fork's ``CudaPlatform.is_kv_cache_dtype_supported(...)``
    raises AttributeError whichever is picked."""
    found = [class_member(ix, cls, attr) for cls in chosen]
    return found[0] if all(sym == found[0] for sym in found[1:]) else px.UNKNOWN


def _value_class(ix: Index, owner: Sym) -> px.ClassInfo | None:
    """The class of a module-level instance: ``current_platform: Platform``, ``runner = Runner()``; or of
    a class's annotated field (``scheduler_config: SchedulerConfig = Field(...)``: ``cfg.scheduler_config.x``
    reads a member of ``SchedulerConfig``)."""
    if not isinstance(owner, DefSym):
        return None
    node = owner.node
    annotation = node.annotation if isinstance(node, ast.AnnAssign) else None
    if owner.owner is not None and annotation is None:
        return None  # a class attribute bound without an annotation: a value of any kind
    if annotation is None and isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
        annotation = node.value.func
    return _annotated_class(ix, ix.module_at(owner.path), annotation) if annotation is not None else None


def _reshapes(decorator: ast.AST) -> bool:
    """A wrapper inside ``decorator`` (a nested def) reads its ``*args`` other than handing them on whole
    (``if args: kwargs["tokenizer"] = args[0]``) or changes its ``**kwargs``: it moves arguments between the
    caller and the def.  A wrapper that only looks at its kwargs and hands both on (``@deprecate_kwargs``)
    keeps the def's signature."""
    for wrapper in (n for n in ast.walk(decorator) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        rest, kwargs = wrapper.args.vararg, wrapper.args.kwarg
        if wrapper is decorator or (rest is None and kwargs is None):
            continue
        whole = {id(n.value) for n in ast.walk(wrapper) if isinstance(n, ast.Starred)}
        reads = [n for n in ast.walk(wrapper) if isinstance(n, ast.Name) and rest is not None and n.id == rest.arg]
        if any(id(n) not in whole for n in reads) and not (rest is not None and kept_in_place(wrapper, rest.arg)):
            return True
        if kwargs is not None and any(_changed_object(node) == kwargs.arg for node in ast.walk(wrapper)):
            return True
    return False


def _changes_arguments(decorator: ast.AST) -> bool:
    """A decorator whose wrapper (a def inside it) is not ``(*args, **kwargs)``, or touches its kwargs
    (``kwargs.pop("decorate")``, ``del kwargs[...]``, ``kwargs[...] = ...``) before passing them on."""
    wrappers = [
        n for n in ast.walk(decorator) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n is not decorator
    ]
    for wrapper in wrappers:
        args = wrapper.args
        if args.vararg is None or args.kwarg is None or args.args or args.kwonlyargs or args.posonlyargs:
            return True
        kwargs = args.kwarg.arg
        if any(_changed_object(node) == kwargs for node in ast.walk(wrapper)):
            return True
    return False


def _hands_kwargs_on(node: ast.AST, kwarg: str) -> bool:
    """Whether a function passes its ``**kwarg`` on to a ``super()`` call."""
    return any(
        isinstance(n, ast.Call)
        and _is_super_call(n)
        and any(k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwarg for k in n.keywords)
        for n in ast.walk(node)
    )


def _self_pickers(cls: ast.ClassDef, attr: str) -> set[str]:
    """``picker`` of each ``self.<attr> = self.<picker>(...)`` in a method of ``cls``."""
    return {
        v.func.attr for v in _self_stores(cls, attr) if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute)
    }


def _self_stores(cls: ast.ClassDef, attr: str) -> Iterator[ast.expr]:
    """The value of each ``self.<attr> = self.<name>`` or ``= self.<name>(...)`` in a method of ``cls``: a
    method of the instance picked, or what one of its methods picks."""
    for n in ast.walk(cls):
        if not (isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Attribute)):
            continue
        if n.targets[0].attr != attr or not _is_name(n.targets[0].value, "self"):
            continue
        picked = n.value.func if isinstance(n.value, ast.Call) else n.value
        if isinstance(picked, ast.Attribute) and _is_name(picked.value, "self"):
            yield n.value


def _forwards_all(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``def f(self, *args, **kwargs): return <call>(*args, **kwargs)``: a method that only hands everything on,
    not to ``super()``."""
    args, star, kw = node.args, node.args.vararg, node.args.kwarg
    if star is None or kw is None or len(args.args) != 1 or args.kwonlyargs or args.posonlyargs:
        return False
    returns = [n for n in ast.walk(node) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Call)
        and not _is_super_call(r.value)
        and [ast.dump(a) for a in r.value.args] == [ast.dump(ast.Starred(ast.Name(star.arg, ast.Load()), ast.Load()))]
        and [(k.arg, ast.dump(k.value)) for k in r.value.keywords] == [(None, ast.dump(ast.Name(kw.arg, ast.Load())))]
        for r in returns
    )


def _dropped_in_kwargs(stmt: ast.FunctionDef | ast.AsyncFunctionDef, mine: Sig, old: Sig, new: Sig) -> str | None:
    """A parameter the base gained that the override takes only in ``**kwargs`` and never passes on."""
    if not mine.varkw or stmt.args.kwarg is None:
        return None
    named = set(mine.positional) | set(mine.kwonly)
    gained = [p for p in (*new.positional, *new.kwonly) if p not in (*old.positional, *old.kwonly) and p not in named]
    kwargs = stmt.args.kwarg.arg
    rest = {kwargs} | ({stmt.args.vararg.arg} if stmt.args.vararg else set())
    used = any(isinstance(n, ast.Name) and n.id in rest for n in ast.walk(stmt))
    dropped = [p for p in (*old.positional, *old.kwonly) if p not in named and p not in (*new.positional, *new.kwonly)]
    if dropped and not used:
        return None  # #30212 folded them into the one it gained: the override ignored them before as it does now
    if gained and not used:
        return f"the base gained {', '.join(gained)}; the override takes it in **{kwargs} and drops it"
    return None


def _reads_self_attribute(mod: ModuleInfo, qual: str, name: str) -> bool:
    node = mod.classes.get(qual)
    return node is not None and any(
        isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and n.attr == name for n in ast.walk(node)
    )


_IGNORED = ": the value is ignored"
_UNNAMED = " (nothing in the merged tree names it: built from outside the tree, or not at all?)"


def _call_text(text: str, call: ast.Call) -> str:
    """A call's source, without its whitespace (the same call wrapped otherwise reads the same); empty
    when it cannot be told apart from others (a bare ``f()``)."""
    segment = ast.get_source_segment(text, call) or ""
    return "".join(segment.split()) if call.args or call.keywords else ""


def _note_of(problem: str | None) -> str:
    """The ``_finding`` note for a problem: a warning when ``_guarded`` made it uncertain."""
    return _UNCERTAIN if isinstance(problem, Uncertain) else "signature"


def _rebound_within(name: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """``name`` is bound by a lambda or a comprehension around it, inside its function: a name of its own,
    not the enclosing function's parameter."""
    up = parents.get(id(name))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
        if isinstance(up, ast.Lambda) and name.id in {a.arg for a in ast.walk(up.args) if isinstance(a, ast.arg)}:
            return True
        if isinstance(up, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            bound = {n.id for g in up.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
            if name.id in bound:
                return True
        up = parents.get(id(up))
    return False


class Uncertain(str):
    """A problem whose effect the engine cannot prove (a warning): a keyword ``**kwargs`` takes and hands on."""


def _swallowed(call: ast.Call, old: Sig, new: Sig, node: ast.AST) -> str | None:
    """A keyword the function used to name that now disappears into its ``**kwargs``: silently ignored.

    Not reported when the function reads the key from its kwargs by name (``kwargs.get("scale")``:
    the value is still honoured); a warning (``Uncertain``) when it hands its kwargs on or otherwise uses
    them (another callee may read the key), or when its body cannot be seen or is abstract (an override
    may read it); an error only when the body never touches its kwargs."""
    named_before = set(old.positional[old.posonly :]) | set(old.kwonly)
    named_now = set(new.positional[new.posonly :]) | set(new.kwonly)
    lost = [k.arg for k in call.keywords if k.arg in named_before and k.arg not in named_now]
    if not lost or not new.varkw:
        return None
    use = _kwargs_use(node, lost)
    if use == "reads":
        return None
    keys = ", ".join(f"{k}=" for k in lost)
    if use in ("ignores", _LOGS_ONLY):
        unused = "unused" if use == "ignores" else "and the body only logs it (#42434)"
        return f"passes {keys}, which it no longer names: **kwargs swallows it, {unused}"
    return Uncertain(
        f"passes {keys}, which it no longer names: **kwargs takes it and {use}: check that the value still"
        " reaches what used it"
    )


_Body = tuple[ast.AST | None, str | None, px.ClassInfo | None]  # the def a call runs, its file and class


def _unread_key(call: ast.Call, new: Sig, old_body: ast.AST | None, new_body: ast.AST | None) -> tuple[str, str] | None:
    """A keyword the function never named, which its body read from its ``**kwargs`` by name and no
    longer does: ``PPMissingLayer(return_tuple=True)`` once read as ``kwargs.get("return_tuple", False)``
    (#21931 removed the read).  The call still fits; the fork's value is silently ignored.  An error when
    the body no longer touches its kwargs, or only reads other keys from them by name (a key upstream
    renamed: the finding names the new one); a warning (``Uncertain``) when it hands them on (a callee
    may read the key now)."""
    named = set(new.positional[new.posonly :]) | set(new.kwonly)
    keys = [k.arg for k in call.keywords if k.arg is not None and k.arg not in named]
    if not keys or not new.varkw or old_body is None or new_body is None:
        return None
    lost = [k for k in keys if _kwargs_use(old_body, [k], True) == "reads" and _kwargs_use(new_body, [k]) != "reads"]
    if not lost:
        return None
    said = ", ".join(f"{k}=" for k in lost)
    use = _kwargs_use(new_body, lost)
    now, then = _keys_read(new_body), _keys_read(old_body)
    if use in ("ignores", _LOGS_ONLY) or now is not None:
        added = sorted((now or set()) - (then or set()))
        hint = f" (it reads {', '.join(added)} now, which upstream added)" if added else ""
        problem = (
            f"passes {said}, which its body no longer reads from its **kwargs{hint}: the value is silently ignored"
        )
        return problem, lost[0]
    said = f"passes {said}, which its body no longer reads from its **kwargs (it {use}): check that the value still reaches what used it"
    return Uncertain(said), lost[0]


_KEY_READS = frozenset({"get", "pop", "setdefault", "__getitem__", "__contains__"})


def _keys_read(node: ast.AST | None) -> set[str] | None:
    """The keys a function reads from its ``**kwargs`` when that is all it does with them
    (``kwargs.get("k")``, ``kwargs.pop("k", d)``, ``kwargs["k"]``, ``"k" in kwargs``), else None."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.args.kwarg is None:
        return None
    keys, uses, reads = _key_reads(node, node.args.kwarg.arg)
    return keys if uses == reads else None


def _key_reads(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> tuple[set[str], int, int]:
    """The keys the function's body reads by name from its parameter ``name`` (a subscript, ``get``,
    ``pop``, ``setdefault``, ``in``), how many times it names the parameter, and how many of those are
    such reads."""
    return _key_reads_in(node.body, name)


def _key_reads_in(nodes: Sequence[ast.AST], name: str) -> tuple[set[str], int, int]:
    """``_key_reads`` over the given nodes (a body's statements, one statement, a test)."""
    keys: set[str] = set()
    uses = reads = 0
    for n in (n for stmt in nodes for n in ast.walk(stmt)):
        uses += isinstance(n, ast.Name) and n.id == name
        key: ast.expr | None = None
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _KEY_READS and n.args:
            key, holder = n.args[0], n.func.value
        elif isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load):
            key, holder = n.slice, n.value
        elif isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], (ast.In, ast.NotIn)):
            key, holder = n.left, n.comparators[0]
        if key is not None and isinstance(holder, ast.Name) and holder.id == name and isinstance(key, ast.Constant):
            keys.add(str(key.value))
            reads += 1
    return keys, uses, reads


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _callee_bodies(ix: Index, sym: DefSym) -> _Body:
    """The body a call of ``sym`` runs: a class's ``__init__`` in the tree, else the def itself."""
    return _init_node(ix, sym) if isinstance(sym.node, ast.ClassDef) else (sym.node, sym.path, None)


def _init_node(ix: Index, sym: DefSym) -> _Body:
    """The ``__init__`` that ``Class(...)`` runs, found along the class's bases inside the tree, its file
    and class."""
    cls = ix.class_of(sym)
    for item in ix.mro(cls) if cls is not None else []:
        if isinstance(item, px.External):
            break
        if "__init__" in item.members:
            return item.members["__init__"], item.module.path, item
    return None, None, None


def _init_sym(ix: Index, sym: DefSym) -> DefSym | None:
    """The ``__init__`` that ``Class(...)`` runs as a member of the class that defines it (see ``_init_node``);
    None for a dataclass's generated one or one outside the tree.  A dataclass of the order before the class
    whose ``__init__`` was found generates its own, and that one runs (the fork's ``@dataclass`` subclass of an
    upstream class: its fields are the call's slots, not the base's constructor's)."""
    node, path, owner = _init_node(ix, sym)
    if node is None or path is None or owner is None:
        return None
    cls = ix.class_of(sym)
    for item in ix.mro(cls) if cls is not None else []:
        if isinstance(item, px.External) or (item.qualname, item.module.path) == (owner.qualname, owner.module.path):
            break
        if _is_dataclass(item, ix) and not _init_refused(item.node):
            return None
    return DefSym(path, "__init__", node, owner.qualname)


def _init_refused(cls: ast.ClassDef) -> bool:
    """``@dataclass(init=False)``: the decorator writes no ``__init__``."""
    return any(
        isinstance(d, ast.Call)
        and any(k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False for k in d.keywords)
        for d in cls.decorator_list
    )


def _patching_def(
    mod: ModuleInfo, value: ast.expr, scope: _Scope, local: frozenset[str]
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function a monkeypatch puts on a class, when the fork defines it right here: a ``lambda``
    (read as the ``def`` it spells), a ``def`` of the enclosing function's own body bound by it alone, or a
    module-level ``def`` bound once and not shadowed by a local.  Anything else (a class, a number, a name
    imported from upstream) is no function of the fork's whose signature the module shows."""
    if isinstance(value, ast.Lambda):
        made = ast.FunctionDef(name="<lambda>", args=value.args, body=[ast.Return(value.body)], decorator_list=[])
        return ast.copy_location(made, value)
    if not isinstance(value, ast.Name):
        return None
    if value.id in local:
        body = getattr(scope.functions[-1], "body", []) if scope.functions else []
        bound = [s for s in px.flat_statements(body) if value.id in px.member_names(s)]
        only = bound[0] if len(bound) == 1 else None
        return only if isinstance(only, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
    binding = mod.names.get(value.id)
    node = binding.node if binding is not None and binding.kind == "def" and value.id in mod.bound_once else None
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _bound_alike(func: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.FunctionDef | ast.AsyncFunctionDef:
    """A function put on one instance (``config.hook = _hook``) read as the method it stands in for: Python
    binds no ``self`` to an instance's own attribute, so every parameter it declares is one of the call's, as
    those after ``self`` are of a method's."""
    bound = copy.copy(func.args)
    if bound.posonlyargs:
        bound.posonlyargs = [ast.arg(arg="self"), *bound.posonlyargs]
    else:
        bound.args = [ast.arg(arg="self"), *bound.args]
    made = copy.copy(func)
    made.args = bound
    return made


def _chosen_by_method(target: ast.Attribute, at: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The patch of ``Cls.m`` sits in a branch of an ``if`` whose test reads ``Cls.m`` itself (its signature,
    its presence by ``hasattr(Cls, "m")``): the fork picks among patches by what upstream's method is."""
    text, node = ast.unparse(target), parents.get(id(at))
    while node is not None and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        if isinstance(node, ast.If | ast.IfExp):
            for part in ast.walk(node.test):
                if isinstance(part, ast.Attribute) and ast.unparse(part) == text:
                    return True
                if isinstance(part, ast.Call) and last_name(part.func) == "hasattr" and len(part.args) == 2:
                    if str_value(part.args[1]) == target.attr and ast.unparse(part.args[0]) == ast.unparse(
                        target.value
                    ):
                        return True
        node = parents.get(id(node))
    return False


@functools.lru_cache(maxsize=4)
def _patched_inits(tree: ast.Module) -> frozenset[str]:
    """The names of the classes a module puts a constructor of its own on (``CompilerManager.__init__ =
    _aeon_init``, ``setattr(CompilerManager, "__init__", _aeon_init)``): a shim the fork patches in, which is
    what a call of the class runs."""
    names: set[str] = set()
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else []
        names.update(
            last_name(t.value) for t in targets if isinstance(t, ast.Attribute) and t.attr in ("__init__", "__new__")
        )
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and len(node.args) == 3
            and str_value(node.args[1]) in ("__init__", "__new__")
        ):
            names.add(last_name(node.args[0]))
    return frozenset(names - {""})


def _instance_order(
    ix: Index, sym: DefSym, owner: px.ClassInfo | None
) -> tuple[list[px.ClassInfo | px.External], px.ClassInfo] | None:
    """The class's C3 order and the class whose ``__init__`` ``Class(...)`` runs first, when the C3 order
    linearizes and finds the same ``__init__`` as the member lookup (else None: ``super()`` is not followed)."""
    cls = ix.class_of(sym)
    order = ix.c3(cls) if cls is not None and owner is not None else None
    first = next((i for i in order or [] if isinstance(i, px.External) or "__init__" in i.members), None)
    return (order, owner) if order is not None and owner is not None and first is owner else None


def _owner_class(ix: Index, sym: DefSym) -> px.ClassInfo | None:
    """The class a method belongs to (None for a module-level function)."""
    mod = ix.module_at(sym.path) if sym.owner is not None else None
    return ix.class_info(mod, sym.owner) if mod is not None and sym.owner is not None else None


def _reaches_base(ix: Index, cls: px.ClassInfo, node: ast.AST | None, key: str) -> bool:
    """The body hands its kwargs on to the same method of a base (``super().__init__(..., **kwargs)``,
    ``Base.__init__(self, *args, **kwargs)``), and the next such method along the bases takes ``key`` as
    a parameter or reads it by name: the value still arrives (#47327 moved a sparse MLA impl's read of
    ``kv_lora_rank`` into its base's ``__init__``)."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.args.kwarg is None:
        return False
    kwargs, name = node.args.kwarg.arg, node.name
    if not any(_hands_on(n, name, kwargs) for n in ast.walk(node)):
        return False
    for item in ix.mro(cls)[1:]:
        if isinstance(item, px.External):
            return False
        base = item.members.get(name)
        if isinstance(base, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = base.args
            named = {a.arg for a in [*args.posonlyargs[1:], *args.args, *args.kwonlyargs]}
            return key in named or _kwargs_use(base, [key]) == "reads"
    return False


def _hands_on(node: ast.AST, name: str, kwargs: str) -> bool:
    """``super().name(..., **kwargs)`` or ``Base.name(self, ..., **kwargs)``."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name):
        return False
    owner = node.func.value
    to_base = (isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super") or (
        isinstance(owner, ast.Name) and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == "self"
    )
    return bool(to_base) and any(
        k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwargs for k in node.keywords
    )


# calls that ask whether a module can be imported, without importing it (a gone module answers None)
_IMPORT_PROBES = frozenset({"find_spec", "find_loader"})
_LOGS_ONLY = "only logs it"  # a body whose kwargs are tested and logged, never used (``logged_kwargs``)


def _kwargs_use(node: ast.AST, keys: list[str], strict: bool = False) -> str:
    """What a function (a class: its own ``__init__``) does with the keys in its ``**kwargs``: "reads"
    (a key spelled as a string in its body; ``strict``: and the body names its kwargs), "ignores" (the
    kwargs never named), or how it may use them."""
    if isinstance(node, ast.ClassDef):
        node = next((d for d in node.body if isinstance(d, ast.FunctionDef) and d.name == "__init__"), node)
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.args.kwarg is None:
        return "hands it on (the body is not read here)"
    body = [n for stmt in node.body for n in ast.walk(stmt)]
    kwargs = node.args.kwarg.arg
    if any(isinstance(n, ast.Constant) and n.value in keys for n in body) and (
        not strict or any(isinstance(n, ast.Name) and n.id == kwargs for n in body)
    ):
        return "reads"
    if any(isinstance(n, ast.Name) and n.id == kwargs for n in body):
        return _LOGS_ONLY if only_logged(node, kwargs) else "hands it on"
    if _abstract_body(node):
        return "an override may read it (this body is a stub)"
    return "ignores"


def _abstract_body(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A body of a docstring, ``pass``, ``...`` or ``raise NotImplementedError``: a method to override."""
    for stmt in node.body:
        if isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
            continue
        if isinstance(stmt, ast.Raise) and "NotImplementedError" in ast.unparse(stmt):
            continue
        return False
    return True


def _spelled_out(call: ast.Call, dicts: dict[str, ast.expr]) -> ast.Call:
    """The call with its keywords spelled out: ``**{"k": v}``, ``**dict(k=v)`` and ``**OPTS`` (a name its
    scope binds once to such a display and never changes) become ``k=v``; ``partial(f, a, k=v)`` becomes
    the call of ``f`` it prepares.  Anything else is the call itself."""
    keywords: list[ast.keyword] = []
    args = _spelled_args(call.args, dicts)
    for kw in call.keywords:
        value = dicts.get(kw.value.id, kw.value) if kw.arg is None and isinstance(kw.value, ast.Name) else kw.value
        spelled = _dict_keywords(value) if kw.arg is None else None
        keywords.extend(spelled if spelled is not None else [kw])
    func, kind = call.func, ast.Call
    if last_name(call.func) == "partial" and args and not isinstance(args[0], ast.Starred):
        func, args, kind = args[0], args[1:], PartialCall
    elif (key := held_key(call.func)) is not None and (bound := _partial_of(dicts.get(key))) is not None:
        # ``rope = partial(apply_rope, q)`` ... ``rope(k, pos)``: the call of ``apply_rope(q, k, pos)`` it makes
        mine = {kw.arg for kw in keywords}
        func, args = bound.args[0], [*bound.args[1:], *args]
        keywords = [*(kw for kw in bound.keywords if kw.arg is not None and kw.arg not in mine), *keywords]
    if kind is ast.Call and keywords == call.keywords and func is call.func and args == call.args:
        return call
    return ast.copy_location(kind(func=func, args=args, keywords=keywords), call)


_NO_LONGER_ACCEPTED = lazy_pattern(r"passes ((?:\w+=, )*\w+=), which it no longer accepts")


def _at_dict_keys(found: list[Finding], call: ast.Call, made: ast.Call, owned: set[int]) -> Iterator[Finding]:
    """A keyword the callee no longer accepts that a dict display handed on with ``**`` spells on another
    fork line (``OPTS = {"force_fp8_e4m3fnuz": True}`` ... ``Fp8LinearOp(**OPTS)``, #23725): the error at
    the key's line too, where the fork wrote the name."""
    for finding in found:
        match = _NO_LONGER_ACCEPTED.search(finding.message) if finding.line == call.lineno else None
        gone = {name.rstrip("=") for name in match.group(1).split(", ")} if match else set()
        for kw in made.keywords:
            line = getattr(kw, "lineno", None)
            if kw.arg in gone and line is not None and line != call.lineno and line in owned:
                said = f"holds {kw.arg} for the ** call at line {call.lineno}, which "
                yield replace(finding, line=line, message=said + finding.message)


def _spelled_args(args: list[ast.expr], bound: dict[str, ast.expr]) -> list[ast.expr]:
    """The positional arguments with ``*(a, b)`` and ``*ARGS`` (a name its scope binds once to a tuple
    display and never rebinds: a tuple cannot change) spelled out as ``a, b``; anything else as it is."""
    spelled: list[ast.expr] = []
    for arg in args:
        value = arg.value if isinstance(arg, ast.Starred) else None
        if isinstance(value, ast.Name):
            value = bound.get(value.id, value)
        if value is not None and _tuple(value):
            spelled.extend(value.elts)  # type: ignore[attr-defined]
        else:
            spelled.append(arg)
    return spelled


def _partial_called(mod: ModuleInfo, partial: ast.Call) -> bool:
    """Whether the module calls a name (or attribute) it binds the partial on this line to: those calls are
    checked with what they pass.  A partial bound and never called here, returned or handed on, is made
    for callers out of sight, which may leave a default as the partial does."""
    names = {
        target.id if isinstance(target, ast.Name) else target.attr
        for stmt in ast.walk(mod.tree)
        if isinstance(stmt, ast.Assign) and stmt.lineno == partial.lineno
        for target in stmt.targets
        if isinstance(target, (ast.Name, ast.Attribute))
    }
    return any(re.search(rf"\b{re.escape(name)}\s*\(", mod.text) for name in names)


def _partial_of(value: ast.expr | None) -> ast.Call | None:
    """``functools.partial(f, ...)`` with its arguments spelled out plainly (no ``*args``/``**kw``), or None."""
    if not (isinstance(value, ast.Call) and last_name(value.func) == "partial" and value.args):
        return None
    if any(isinstance(a, ast.Starred) for a in value.args) or any(kw.arg is None for kw in value.keywords):
        return None
    return value


def _dict_keywords(value: ast.expr) -> list[ast.keyword] | None:
    """``{"k": v}`` or ``dict(k=v)`` as keywords (each at its key's line); None if unknowable."""
    if isinstance(value, ast.Dict):
        keys = [k.value if isinstance(k, ast.Constant) else None for k in value.keys]
        if all(isinstance(k, str) and k.isidentifier() for k in keys):
            return [
                ast.copy_location(ast.keyword(arg=str(k), value=v), node)
                if node is not None
                else ast.keyword(str(k), v)
                for k, v, node in zip(keys, value.values, value.keys)
            ]
        return None
    if isinstance(value, ast.Call) and last_name(value.func) == "dict" and not value.args:
        return list(value.keywords) if all(k.arg is not None for k in value.keywords) else None
    return None


_MUTATORS = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"})


def _unchanged_dicts(where: ast.AST) -> tuple[dict[str, ast.expr], set[str]]:
    """Names bound exactly once in ``where``'s own statements (nested functions and classes are their own
    scopes) to a dict display, ``dict(...)``, ``partial(f, ...)`` or a tuple display, never a parameter, an
    item target or a mutator's object; and every name bound or changed there."""
    bound: dict[str, list[ast.expr | None]] = {}
    changed: set[str] = set()
    stack: list[ast.AST] = list(ast.iter_child_nodes(where))
    if isinstance(where, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        changed.update(a.arg for a in ast.walk(where.args) if isinstance(a, ast.arg))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bound.setdefault(node.targets[0].id, []).append(node.value)
            stack.append(node.value)  # not the target: it is this binding
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.setdefault(node.id, []).append(None)  # a for/with/tuple/augmented/walrus target
        elif (name := _changed_object(node)) is not None:
            changed.add(name)
        stack.extend(ast.iter_child_nodes(node))
    once = {
        name: values[0]
        for name, values in bound.items()
        if len(values) == 1
        and values[0] is not None
        and name not in changed
        and (_dict_keywords(values[0]) is not None or _partial_of(values[0]) is not None or _tuple(values[0]))
    }
    if once and isinstance(where, ast.Module):  # a module's dict some function changes, or rebinds as ``global``
        elsewhere: set[str] = set()
        for node in ast.walk(where):
            if isinstance(node, ast.Global):
                elsewhere.update(node.names)
            elif (n := _changed_object(node)) is not None:
                elsewhere.add(n)
        once = {n: v for n, v in once.items() if n not in elsewhere}
    return once, set(bound) | changed


def _tuple(value: ast.expr) -> bool:
    """A tuple display of plain elements: what ``*name`` of it passes is known."""
    return isinstance(value, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in value.elts)


def _changed_object(node: ast.AST) -> str | None:
    """The name whose object ``node`` changes in place: an item written or deleted (``d[k] = v``,
    ``del d[k]``) or a mutator called (``d.update(...)``, ``d.pop(k)``); else None."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
        return last_name(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
        return last_name(node.func.value)
    return None


class _Launch(ast.Call):
    """A kernel launch ``kernel[grid](args, num_warps=4)`` as the call of ``kernel`` it makes: the keywords
    the kernel does not name (the launcher's options) left out."""


def _table_entries(mod: ModuleInfo, func: ast.expr, local: frozenset[str]) -> list[ast.expr] | None:
    """The callables of a table a call picks from (``EXPERTS[name](...)``, ``EXPERTS.get(name)(...)``):
    a module-level name of the file bound to a dict, list or tuple display, whose entries that are
    names or attributes each get the call's arguments; None for any other callee."""
    if isinstance(func, ast.Subscript):
        holder, key = func.value, func.slice
    elif isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "get" and func.args:
        holder, key = func.func.value, func.args[0]
    else:
        return None
    if not isinstance(holder, ast.Name) or holder.id in local:
        return None
    binding = mod.names.get(holder.id)
    node = binding.node if binding is not None and binding.kind == "value" else None
    value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
    if isinstance(value, ast.Dict):
        items: list[ast.expr] = value.values
    elif isinstance(value, (ast.List, ast.Tuple)):
        items = value.elts
    else:
        return None
    if (index := int_value(key)) is not None:
        key = ast.Constant(index)  # EXPERTS[-1]
    if isinstance(key, ast.Constant):  # ``EXPERTS["triton"](...)``, ``EXPERTS[0](...)``: the one entry it names
        items = _entry_named(value, key.value)
    return [item for item in items if isinstance(item, (ast.Name, ast.Attribute))]


def _entry_named(display: ast.Dict | ast.List | ast.Tuple, key: object) -> list[ast.expr]:
    """The entry of a display a constant key or index picks; none when the display does not show it
    (a ``**`` spread, a computed key, a starred element, an index past its end)."""
    if isinstance(display, ast.Dict):
        picked = [v for k, v in zip(display.keys, display.values) if isinstance(k, ast.Constant) and k.value == key]
        return picked[-1:]  # the last of a repeated key wins, as at run time
    if not isinstance(key, int) or isinstance(key, bool) or any(isinstance(e, ast.Starred) for e in display.elts):
        return []
    return [display.elts[key]] if -len(display.elts) <= key < len(display.elts) else []


def _launched(call: ast.Call, before: DefSym, after: DefSym) -> _Launch | None:
    """A launch of a decorated function (a plain one cannot be subscripted); None for anything else.
    A keyword either version of the kernel names is an argument (one upstream's new parameter takes
    too); the rest are the launcher's options."""
    node = before.node
    if not isinstance(call.func, ast.Subscript) or not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if not node.decorator_list or isinstance(node, ast.AsyncFunctionDef):
        return None
    named = {
        a.arg for n in (node, after.node) if isinstance(n, ast.FunctionDef) for a in (*n.args.args, *n.args.kwonlyargs)
    }
    keywords = [k for k in call.keywords if k.arg is None or k.arg in named]
    launch = _Launch(func=call.func.value, args=call.args, keywords=keywords)
    return ast.copy_location(launch, call)


def _is_value(sym: Sym) -> bool:
    """An attribute or variable (``self.sampler``, ``x: Foo = ...``): no def and no class of its own name."""
    if not isinstance(sym, DefSym) or isinstance(sym.node, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    return not (isinstance(sym.node, ast.ClassDef) and sym.node.name == sym.name)


def _kind(node: ast.AST) -> str | None:
    """How callers use a definition: call it, await its call, or read it (None: not a function)."""
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if _is_property(node):
        return _PROPERTY
    return _COROUTINE if isinstance(node, ast.AsyncFunctionDef) else _FUNCTION


_PROPERTY, _COROUTINE, _FUNCTION, _VALUE = "property", "coroutine", "function", "value"


def _replaces(mod: ModuleInfo, func: ast.expr) -> bool:
    """``dataclasses.replace`` (or ``replace`` imported from ``dataclasses``, under any alias)."""
    if isinstance(func, ast.Attribute) and func.attr == "replace":
        return isinstance(func.value, ast.Name) and func.value.id == "dataclasses"
    return isinstance(func, ast.Name) and func.id in _replace_names(mod.tree)


@functools.lru_cache(maxsize=64)
def _replace_names(tree: ast.Module) -> frozenset[str]:
    """The names a module imports ``dataclasses.replace`` as, read once a module: a module's every call
    against its every statement was quadratic (a module of 1,600 calls: 2.6 million tests)."""
    return frozenset(
        a.asname or a.name
        for stmt in tree.body
        if isinstance(stmt, ast.ImportFrom) and stmt.module == "dataclasses"
        for a in stmt.names
        if a.name == "replace"
    )


def _named_ops(mod: ModuleInfo, owned: set[int]) -> list[tuple[ModuleInfo, ast.Constant, str]]:
    """The strings naming an op (``"ns::name"``, ``"ns.name"``) that a list, tuple or set display holds
    on a fork line.  A display holding one spans that line, so only what spans the fork's lines is walked
    (the whole of a 340 KB module was 29 ms for its two fork lines, perf18)."""
    found = []
    for node in walk_spanning(mod.tree, owned):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            for elt in node.elts:
                if (
                    isinstance(elt, ast.Constant)
                    and isinstance(elt.value, str)
                    and elt.lineno in owned
                    and (name := named_op(elt.value)) is not None
                ):
                    found.append((mod, elt, name))
    return found


def _positional(func: ast.AST) -> list[str]:
    if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return []
    return [a.arg for a in (*func.args.posonlyargs, *func.args.args)]


def _deleted_attributes(func: ast.AST) -> set[tuple[int, str]]:
    """(the parameter's place after ``self``, the attribute) for each ``delattr(param, "x")`` / ``del
    param.x`` of a method's body."""
    params = _positional(func)[1:]
    found: set[tuple[int, str]] = set()
    for node in ast.walk(func):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "delattr"
            and len(node.args) == 2
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id in params
            and (attr := str_value(node.args[1])) is not None
        ):
            found.add((params.index(node.args[0].id), attr))
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id in params
                ):
                    found.add((params.index(target.value.id), target.attr))
    return found


def _is_owner(item: px.ClassInfo | px.External, holder: DefSym) -> bool:
    """``item`` is the class ``holder`` (a member) was found on."""
    return isinstance(item, px.ClassInfo) and (item.module.path, item.qualname) == (holder.path, holder.owner)


def _super_call_line(func: ast.FunctionDef | ast.AsyncFunctionDef) -> int | None:
    """The line of the method's ``super().<its name>(...)`` call, if it makes one."""
    for node in ast.walk(func):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == func.name
            and isinstance(node.func.value, ast.Call)
            and isinstance(node.func.value.func, ast.Name)
            and node.func.value.func.id == "super"
        ):
            return node.lineno
    return None


def _attribute_read(node: ast.AST) -> tuple[str, str] | None:
    """(name, attribute) of ``name.attr`` loaded, or of ``getattr(name, "attr")`` with no fallback."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name):
        return node.value.id, node.attr
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) == 2
        and isinstance(node.args[0], ast.Name)
        and (attr := str_value(node.args[1])) is not None
    ):
        return node.args[0].id, attr
    return None


def _set_between(func: ast.AST, read: tuple[str, str], start: int, end: int) -> bool:
    """The body sets ``name.attr`` (or ``setattr``/``register_parameter`` of it) between two lines."""
    for node in ast.walk(func):
        if not start < getattr(node, "lineno", 0) < end:
            continue
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and (node.value.id, node.attr) == read
        ):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Name, ast.Attribute))
            and last_name(node.func) in ("setattr", "register_parameter", "register_buffer")
            and any(str_value(a) == read[1] for a in node.args)
        ):
            return True
    return False


def _binding(node: ast.AST) -> str:
    """What a method's first parameter binds to: ``static`` (nothing), ``class``, or ``instance``."""
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return ""
    names = decorator_names(node)
    return "static" if "staticmethod" in names else "class" if "classmethod" in names else "instance"


def _called_off_class(tree: ast.AST, name: str, receivers: set[str]) -> int | None:
    """The first line calling ``<receiver>.name(...)`` for a receiver among ``receivers`` (``cls``, a name bound
    to a subclass): a call that binds no instance."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == name
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in receivers
        ):
            return node.lineno
    return None


def _classes_of(tree: ast.Module, owner: str) -> set[str]:
    """The names ``tree`` binds to a class of ``owner``'s hierarchy, in another module than the class's: a loop's
    target over ``owner.__subclasses__()`` (#19948's bench parser, ``for cmd_cls in
    BenchmarkSubcommandBase.__subclasses__(): cmd_cls.add_cli_args(parser)``), a name annotated ``type[owner]``.
    Not ``cls``: in another module it is another class's.  Not ``owner`` itself: a call off the base's own name
    runs the base's body, never a subclass's override."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.For | ast.comprehension) and isinstance(node.target, ast.Name):
            walked = node.iter
            if (
                isinstance(walked, ast.Call)
                and isinstance(walked.func, ast.Attribute)
                and walked.func.attr == "__subclasses__"
                and last_name(walked.func.value) == owner
            ):
                found.add(node.target.id)
        elif isinstance(node, ast.arg | ast.AnnAssign):
            note = node.annotation
            name = node.arg if isinstance(node, ast.arg) else getattr(node.target, "id", None)
            if name and _names_type_of(note, owner):
                found.add(name)
    return found


_NAME_ERROR = frozenset({"NameError"})


def _any_first(stmt: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``def m(*args)``: no positional parameter for a call off the class to fill with its first argument; the
    arguments land in ``args`` whether the call binds an instance or not."""
    params = stmt.args
    return not params.posonlyargs and not params.args and params.vararg is not None


def _names_type_of(note: ast.expr | None, owner: str) -> bool:
    """``type[owner]`` or ``"type[owner]"`` (an Optional's ``| None`` around it too)."""
    if isinstance(note, ast.Constant) and isinstance(note.value, str):
        text = note.value.replace(" ", "").removesuffix("|None")
        return text.startswith("type[") and text.endswith("]") and text[5:-1].rsplit(".", 1)[-1] == owner
    if isinstance(note, ast.BinOp) and isinstance(note.op, ast.BitOr):
        return _names_type_of(note.left, owner) or _names_type_of(note.right, owner)
    return (
        isinstance(note, ast.Subscript) and last_name(note.value) in ("type", "Type") and last_name(note.slice) == owner
    )


# Calls that take a coroutine and run it (``asyncio.run(f())``, ``loop.run_until_complete(f())``,
# ``asyncio.gather(f(), g())``): their coroutine arguments are awaited as surely as ``await f()``.
_LOOP_RUNNERS = frozenset(
    {"run", "run_until_complete", "ensure_future", "create_task", "gather", "wait_for", "shield"}
    | {"run_coroutine_threadsafe"}
)
_AWAITABLE_WORDS = lazy_pattern(r"\b(?:Awaitable|Coroutine|Future|Task|Any|object)\b")


def _handed_to_the_loop(node: ast.AST, mod: ModuleInfo, local: frozenset[str]) -> list[ast.expr]:
    """The call arguments an event-loop runner awaits: ``asyncio.run(f())``'s ``f()``; a runner met by
    its last name only when its owner says ``asyncio`` or ``loop`` (``self.run(...)`` is not one), or
    when the module imported it from asyncio (``from asyncio import run``; ``import asyncio as aio``)
    and no enclosing function binds that name (``local``: a parameter ``run`` is the caller's callable)."""
    if not isinstance(node, ast.Call):
        return []
    runner = _loop_runner(node.func, mod, local)
    if runner is None:
        return []
    args = node.args if runner == "gather" else node.args[:1]
    return [a for a in args if isinstance(a, ast.Call)]


def _loop_runner(func: ast.expr, mod: ModuleInfo, local: frozenset[str]) -> str | None:
    """asyncio's runner that ``func`` names (``run``, ``gather``...): said so by its owner, or imported."""
    if isinstance(func, ast.Name):
        return None if func.id in local else _from_asyncio(mod, func.id)
    if not isinstance(func, ast.Attribute) or func.attr not in _LOOP_RUNNERS:
        return None
    said = ast.unparse(func.value).lower()
    if "asyncio" in said or "loop" in said:
        return func.attr
    owner = func.value.id if isinstance(func.value, ast.Name) and func.value.id not in local else ""
    return func.attr if owner and _from_asyncio(mod, owner) == "" else None


def _from_asyncio(mod: ModuleInfo, name: str) -> str | None:
    """What a module-level import ``name`` is of asyncio: a runner's name, "" for the module itself, or
    None (a bare ``run`` the module defines or imports from elsewhere is not the event loop's)."""
    binding = mod.names.get(name)
    if binding is None or binding.kind != "import" or binding.target is None:
        return None
    module, member = binding.target
    if member is None:
        return "" if module == "asyncio" else None
    return member if module.split(".")[0] == "asyncio" and member in _LOOP_RUNNERS else None


def _may_return_awaitable(node: ast.AST) -> bool:
    """A plain function whose result may still be awaited: annotated with an awaitable (``-> Future``,
    ``-> Awaitable[T]``, ``-> Any``), or unannotated with a ``return`` of a call (a coroutine it makes)."""
    if not isinstance(node, ast.FunctionDef):
        return True
    if node.returns is not None:
        return _AWAITABLE_WORDS.search(ast.unparse(node.returns)) is not None
    return any(isinstance(n, ast.Return) and isinstance(n.value, ast.Call) for n in ast.walk(node))


_KIND_SAYS = {
    _PROPERTY: "a property",
    _COROUTINE: "a coroutine function (async def)",
    _FUNCTION: "a plain method",
    _VALUE: "a plain attribute (read as a value, never called)",
}


def _member_kind(sym: DefSym) -> str | None:
    """``_kind``, and a class member that is data: a class-level annotation that is not a callable
    type, or an assignment of a literal (``x = f``, ``x = partialmethod(...)`` may still be callable)."""
    node = sym.node
    if isinstance(node, ast.AnnAssign):
        return None if "Callable" in ast.unparse(node.annotation) else _VALUE
    if isinstance(node, ast.Assign):
        return _VALUE if isinstance(node.value, _DATA) else None
    return _kind(node)


_DATA = (ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.JoinedStr, ast.Compare, ast.BoolOp)


# Decorators whose loss keeps every answer and costs the speed (or the memory): a compiled, cached or
# gradient-free method that the fork's override now runs plainly.  An error; any other decorator
# upstream added is a warning.
_SPEED_DECORATORS = frozenset(
    {"compile", "inference_mode", "no_grad", "cache", "lru_cache", "cached", "cache_on_self", "jit", "njit"}
)
# Decorators that say what a method is, not what running it does (kind and signature drift answer
# the ones that change how it is called: property, staticmethod, classmethod).
_MARKER_DECORATORS = frozenset(
    {
        "abstractmethod",
        "override",
        "final",
        "overload",
        "deprecated",
        "wraps",
        "property",
        "cached_property",
        "staticmethod",
        "classmethod",
        "setter",
        "getter",
        "deleter",
    }
)


def _is_property(node: ast.AST) -> bool:
    """A getter, or the ``@name.setter`` (``.deleter``) def: a class's member is the last def of its name."""
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    return bool(decorator_names(node) & {"property", "cached_property"}) or any(
        isinstance(d, ast.Attribute)
        and d.attr in ("setter", "deleter")
        and isinstance(d.value, ast.Name)
        and d.value.id == node.name
        for d in node.decorator_list
    )


def _rebound(call: ast.Call, old: Sig, new: Sig, owned: set[int] | None = None) -> str | None:
    """A positional argument that fills another parameter than it did, though the call still fits:
    upstream inserted a parameter before it, reordered them, or moved its parameter behind a
    ``*args``.  Its own parameter must still be there (elsewhere), or be gone with the slot taken by
    another parameter the function had before (upstream removed ``output`` from ``(x, output,
    scale=None)``: the fork's ``output`` now fills ``scale``, and the arity still fits).  A slot whose
    name is simply gone, to a parameter new as well, is a rename.  An argument after a ``*x`` sits at
    no knowable position.  Only an argument on a line the fork wrote is the fork's: in a call the
    fork patched on its first line, upstream's argument lines are upstream's, already moved.  A call one of
    whose moved arguments is named for its new parameter and not its old one (``force_use_trtllm_attention()``
    where #30241 inserted ``force_use_trtllm``) was written for the new signature: none of its arguments moved."""
    if _written_for_new(call, old, new):
        return None
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            return None
        was, now = _slot(old, i), _slot(new, i)
        if (
            was is None
            or now is None
            or now == was
            or _spelled_as(arg, now)
            or (owned is not None and arg.lineno not in owned)
        ):
            continue
        still = new.varargs if was == _VARARGS else was in new.positional or was in new.kwonly
        if still:
            return f"passes {_show(arg)} as argument {i + 1}, which filled {was} and now fills {now}"
        if was != _VARARGS and now in old.positional and not old.required(now):
            return (
                f"passes {_show(arg)} as argument {i + 1}, which filled {was}; upstream removed {was}, "
                f"so it now fills {now} (an optional parameter it left to its default before)"
            )
        moved = _renamed_behind(was, now, i, old, new)
        if moved is not None:
            return (
                f"passes {_show(arg)} as argument {i + 1}, which filled {was}; upstream inserted {now} before it "
                f"and renamed {was} {moved}, so it now fills {now}"
            )
    return None


def _written_for_new(call: ast.Call, old: Sig, new: Sig) -> bool:
    """A positional argument (before any ``*x``) that lands on another parameter of ``new`` than of ``old`` is
    named for the new one and not the old one: a variable, attribute or the call of a function so named
    (``force_use_trtllm_attention()`` for ``force_use_trtllm``)."""
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            return False
        was, now = _slot(old, i), _slot(new, i)
        if was and now and was != now and _named_for(arg, now) and not _named_for(arg, was):
            return True
    return False


def _named_for(arg: ast.expr, parameter: str) -> bool:
    """``_spelled_as``, or a call of a function whose name starts or ends with the parameter's (``get_`` aside)."""
    if _spelled_as(arg, parameter):
        return True
    if not isinstance(arg, ast.Call):
        return False
    func = arg.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    name, parameter = name.lstrip("_").lower().removeprefix("get_"), parameter.lstrip("_").lower()
    return bool(name) and (name == parameter or name.startswith(parameter + "_") or name.endswith("_" + parameter))


def _renamed_in_place(now: str, index: int, old: Sig, new: Sig) -> bool:
    """Field ``index`` (of the old fields) renamed ``now`` where it stands: the old name gone, the new one
    new, every field behind it where it was (fields appended at the end aside), and no new field behind
    it taking the old name's words (``uniform_decode`` became ``uniform`` in its slot).  What an index read
    there takes is still that field."""
    was, fields = old.positional[index], new.positional
    if index >= len(fields) or fields[index] != now or was in fields or now in old.positional:
        return False
    return fields[index + 1 : len(old.positional)] == old.positional[index + 1 :] and (
        _renamed_behind(was, now, index, old, new) is None
    )


def _renamed_behind(was: str, now: str, index: int, old: Sig, new: Sig) -> str | None:
    """The parameter further on that ``was`` became, when upstream inserted ``now`` in its slot and
    renamed it on the way (BatchDescriptor's ``(num_tokens, uniform_decode, ...)`` became ``(num_tokens,
    num_reqs, uniform, ...)``): a parameter new in a later slot that shares a word of ``was``'s name,
    where ``now`` shares none.  A slot whose parameter is simply renamed in place has no such one."""
    if was in (_VARARGS, now) or was in new.positional or was in new.kwonly or now in old.positional:
        return None
    words = set(was.strip("_").split("_"))
    if words & set(now.strip("_").split("_")):
        return None
    later = [p for p in new.positional[index + 1 :] if p not in old.positional and p not in old.kwonly]
    return next((p for p in later if words & set(p.strip("_").split("_"))), None)


_VARARGS = "*args"


def _shifted(call: ast.Call, old: Sig, new: Sig) -> str | None:
    """Why a call that binds to both signatures lands wrong on ``new``: two or more positional arguments
    spelled like the ``old`` parameter they filled (``query`` as query) land on another parameter of
    ``new`` that ``old`` has too (``key``): the same values, shifted by a parameter one op has and the
    other lacks (#9888: the V1 op's leading ``output``, which the V0 op of the old name has not).  None
    when fewer than two say so: one spelling may be a coincidence."""
    moved = []
    for i, arg in enumerate(call.args):
        was, now = _slot(old, i), _slot(new, i)
        if was and now and was != now and now in old.positional and _spelled_as(arg, was) and not _spelled_as(arg, now):
            moved.append(f"{ast.unparse(arg)} lands on {now}")
    if len(moved) < 2:
        return None
    return f"binds, but its arguments shift: {', '.join(moved[:3])}" + (
        f" and {len(moved) - 3} more" if len(moved) > 3 else ""
    )


def _spelled_as(arg: ast.expr, parameter: str) -> bool:
    """An argument spelled like the parameter: ``kv_caches``, ``self.kv_caches``, ``current_cache_config``
    for cache_config (one name a ``_``-suffix of the other)."""
    name = arg.id if isinstance(arg, ast.Name) else arg.attr if isinstance(arg, ast.Attribute) else ""
    name, parameter = name.lstrip("_").lower(), parameter.lstrip("_").lower()
    return bool(name) and (name == parameter or name.endswith("_" + parameter) or parameter.endswith("_" + name))


def _fetched_as(arg: ast.expr, parameter: str) -> bool:
    """An argument a getter named like the parameter fetches (drift/fetched_args.py): ``await
    client.get_model_config()`` or ``getattr(config, "model_config")`` for model_config."""
    name = fetched_args.fetched_name(arg)
    return name is not None and _spelled_as(ast.Name(id=name, ctx=ast.Load()), parameter)


def _part_of(arg: ast.expr, now: str) -> bool:
    """``model_config.model`` for ``model_config``: an attribute read off a value spelled like the new
    parameter (``self.model_config.model`` too), the attribute itself spelled otherwise."""
    return isinstance(arg, ast.Attribute) and _spelled_as(arg.value, now) and not _spelled_as(arg, now)


def _bound_as_new(tree: ast.Module, call: ast.Call, arg: ast.expr, now: str, kind: str) -> bool:
    """The argument is a local the call's function binds only to the parameter's new kind of value: read
    off something spelled like the new parameter (``preempted_req_ids = out.kv_connector_metadata``), built
    by a call of the new kind's class (``use_inductor = CompilationConfig(use_inductor=use_inductor)``), or
    annotated as the new kind (``preempted_req_ids: KVConnectorMetadata = ...``)."""
    if not isinstance(arg, ast.Name):
        return False
    funcs = [
        f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and call in ast.walk(f)
    ]
    binds = [
        (value, annotation)
        for target, value, annotation in map(_assignment, ast.walk(funcs[-1]) if funcs else ())
        if isinstance(target, ast.Name) and target.id == arg.id
    ]
    counters = _loop_counters(funcs[-1], arg.id) if funcs else []
    if counters and (kind != "int" or not all(counters)):
        return False  # a loop binds it to an item of something: its kind is not known here
    return bool(binds or counters) and all(
        (value is not None and _spelled_as(value, now))
        or (isinstance(value, ast.Call) and last_name(value.func) == kind)  # ``x = CompilationConfig(...)``
        or (annotation is not None and re.search(rf"\b{re.escape(kind)}\b", ast.unparse(annotation)) is not None)
        for value, annotation in binds
    )


def _loop_counters(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> list[bool]:
    """For each loop or comprehension of ``func`` binding ``name``: whether it binds an int the fork counts itself
    (``for tier in range(n)``, ``for tier, _ in enumerate(xs)``) -- a slot retyped as ``int`` takes it."""
    found = []
    for node in ast.walk(func):
        if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            target, source = node.target, node.iter
            called = last_name(source.func) if isinstance(source, ast.Call) else None
            if isinstance(target, ast.Name) and target.id == name:
                found.append(called == "range")
            elif any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(target)):
                first = target.elts[0] if isinstance(target, ast.Tuple) and target.elts else None
                found.append(called == "enumerate" and isinstance(first, ast.Name) and first.id == name)
    return found


# the bases a class may have outside the tree and still take no plain scalar (drift/union_slots.py)
_CONCRETE_BASES = frozenset({"object", "BaseModel"})
_ABSTRACT_BASES = frozenset({"Protocol", "ABC"})
_PLAIN_KINDS = frozenset(
    {"int", "float", "complex", "bool", "str", "bytes", "list", "dict", "set", "frozenset", "tuple"}
)
_WIDER = frozenset({("bool", "int"), ("bool", "float"), ("int", "float"), ("int", "complex"), ("float", "complex")})
_PROTOCOLS = frozenset(
    {"Sequence", "MutableSequence", "Iterable", "Iterator", "Collection", "Container", "Mapping", "MutableMapping"}
    | {"Set", "AbstractSet", "MutableSet", "Hashable", "Sized", "Reversible", "Callable", "Awaitable", "Buffer"}
)


def _plain_kinds(then: str, kind: str) -> bool:
    """Two kinds, a builtin on one side: an argument tied to the slot by its annotation alone is an error
    only for these (two classes of a tree may be a base and its subclass through bases the index does not
    see), and then only where the new kind no longer takes the old one's values (``_retyped_away``)."""
    return bool(then and kind) and bool({then, kind} & _PLAIN_KINDS)


def _takes(then: str, kind: str) -> bool:
    """Whether a parameter annotated ``kind`` may still take a value annotated ``then``: the same kind, a
    wider number, a protocol (``list`` -> ``Sequence``), an array-like alias or a covariant type variable.
    Both the typed-argument and the spelled-argument slot checks ask this one question."""
    return then == kind or (then, kind) in _WIDER or kind in _PROTOCOLS or kind.endswith(("Like", "_co"))


def _abstract_meta(node: ast.ClassDef) -> bool:
    """``class Base(metaclass=ABCMeta)``: an ABC by its metaclass, which may register any class."""
    return any(k.arg == "metaclass" and _show(k.value).endswith("ABCMeta") for k in node.keywords)


def _class_name(cls: px.ClassInfo | px.External) -> str:
    return (cls.qualname if isinstance(cls, px.ClassInfo) else cls.name).rsplit(".", 1)[-1]


def _annotated_as(tree: ast.Module, call: ast.Call, arg: ast.expr, kind: str) -> bool:
    """The argument is a parameter of the call's function that the fork annotates as ``kind`` (as
    ``parameter_kind`` reads an annotation), and neither the function nor a lambda around the call (``lambda
    out: f(reason, out)``) binds it again."""
    if not isinstance(arg, ast.Name):
        return False
    func = _def_reading(_call_scopes(tree).get(id(call), ()), arg.id)
    if func is None or parameter_kind(func, arg.id) != kind:
        return False
    return not any(isinstance(n, ast.Name) and n.id == arg.id and isinstance(n.ctx, ast.Store) for n in ast.walk(func))


def _turned_over(before: ast.AST, was: str, after: ast.AST, now: str) -> tuple[str, str] | None:
    """The defaults (old, new) of a flag upstream renamed in place and turned over (#35158:
    ``clear_metadata: bool = True`` -> ``defer_finalize: bool = False``): upstream keeps what its callers
    that pass nothing get by negating the default, so the flag's sense turned with its name; else None."""
    old, new = _default_texts(before).get(was), _default_texts(after).get(now)
    if {old, new} != {"True", "False"}:
        return None
    flags = {parameter_kind(before, was), parameter_kind(after, now)} <= {"bool", ""}
    return (old, new) if flags and old is not None and new is not None else None


def _bound_as_old(tree: ast.Module, call: ast.Call, arg: ast.expr, kind: str) -> bool:
    """The argument is a local the call's function binds only to evident values of ``kind`` (#24845:
    ``longest = int(counts.max())`` handed to the slot an ``int`` was and an array is now)."""
    if not isinstance(arg, ast.Name):
        return False
    func = _def_reading(_call_scopes(tree).get(id(call), ()), arg.id)
    return func is not None and held_kinds.bound_kind(func, arg.id) == kind


def _plain_hasattr_names(test: ast.expr) -> list[str]:
    """The member names a ``hasattr`` test asks for where it holds: the call itself, or and-ed; never
    under a ``not`` (the shared walk already unwraps an ``if not``'s test and swaps its branches)."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return [name for value in test.values for name in _plain_hasattr_names(value)]
    return _hasattr_names(test) if isinstance(test, ast.Call) else []


def _hasattr_names(test: ast.expr) -> list[str]:
    """The member names ``test`` asks for: ``hasattr(x, "name")``, or ``getattr(x, "name", None)`` tested
    for what it found."""
    return [
        name
        for n in ast.walk(test)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and ((n.func.id == "hasattr" and len(n.args) == 2) or (n.func.id == "getattr" and len(n.args) == 3))
        and (name := str_value(n.args[1]))
    ]


def _mapped_locally(tree: ast.Module, call: ast.Call, arg: ast.expr) -> bool:
    """The argument is a name the call's function binds to items it makes itself (``groups = [g.backend for g
    in groups]``): whatever the name was spelled after, the items are the fork's, not the old elements."""
    if not isinstance(arg, ast.Name):
        return False
    func = _def_reading(_call_scopes(tree).get(id(call), ()), arg.id)
    return func is not None and held_kinds.mapped_binding(func, arg.id)


def _holds_as(tree: ast.Module, call: ast.Call, arg: ast.expr, element: str) -> bool:
    """The argument is a parameter of the call's function that the fork annotates as a container of
    ``element`` (``groups: list[AttentionGroup]``), and the function does not bind it again."""
    if not isinstance(arg, ast.Name):
        return False
    func = _def_reading(_call_scopes(tree).get(id(call), ()), arg.id)
    if func is None or held_kinds.element_kind(func, arg.id) != element:
        return False
    return not any(isinstance(n, ast.Name) and n.id == arg.id and isinstance(n.ctx, ast.Store) for n in ast.walk(func))


def _def_reading(scopes: tuple[ast.AST, ...], name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost def around a call, None when a lambda between them takes ``name`` as a parameter."""
    for scope in reversed(scopes):
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return scope
        if isinstance(scope, ast.Lambda) and name in _arg_names(scope.args):
            return None
    return None


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


@functools.lru_cache(maxsize=4)
def _call_scopes(tree: ast.Module) -> dict[int, tuple[ast.AST, ...]]:
    """Each call of ``tree`` (by id) -> the defs and lambdas around it, outermost first: one walk a module,
    where finding a call's function by walking every function costs calls x nodes (1,200 calls: 220 s)."""
    found: dict[int, tuple[ast.AST, ...]] = {}
    stack: list[tuple[ast.AST, tuple[ast.AST, ...]]] = [(tree, ())]
    while stack:
        node, around = stack.pop()
        if isinstance(node, ast.Call):
            found[id(node)] = around
        inner = (*around, node) if isinstance(node, _SCOPES) else around
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))
    return found


def _arg_names(args: ast.arguments) -> set[str]:
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, *filter(None, (args.vararg, args.kwarg))]
    return {a.arg for a in every}


def _slot(sig: Sig, index: int) -> str | None:
    """The parameter a positional argument at ``index`` fills (``*args`` past the named ones)."""
    if index < len(sig.positional):
        return sig.positional[index]
    return _VARARGS if sig.varargs else None


def _member_through(owner: Resolver, attr: str) -> Resolver:
    """What ``owner.attr`` resolves to in a tree: a member of the class (or a name of the module) ``owner`` is."""

    def resolve(ix: Index) -> Sym:
        found = owner(ix)
        return _attribute(ix, found, attr) if isinstance(found, (DefSym, ModuleSym)) else px.UNKNOWN

    return resolve


def _instance_member(typed: Callable[[Index], px.ClassInfo | None], attr: str) -> Resolver:
    def resolve(ix: Index) -> Sym:
        cls = typed(ix)
        if cls is None:
            return px.UNKNOWN
        mro = ix.mro(cls)
        found = ix.member(mro, attr)
        if attr == "__call__" and found is px.UNKNOWN and _module_dispatch(mro):
            forward = ix.member(mro, _FORWARD)
            if isinstance(forward, DefSym) and _dispatcher(forward.node):
                native = ix.member(mro, _FORWARD_NATIVE)  # forward(*args, **kwargs) picks a backend's forward_*
                forward = native if isinstance(native, DefSym) and not _dispatcher(native.node) else forward
            return forward if isinstance(forward, DefSym) else found
        return found

    return resolve


_FORWARD, _FORWARD_NATIVE = "forward", "forward_native"
_OP_NAME_KEYWORD, _OP_DECORATOR = "op_name", "custom_op("


def _dispatcher(node: ast.AST) -> bool:
    """``def forward(self, *args, **kwargs)``: hands every argument on (to the backend's own forward_*)."""
    sig = signature(node, True)
    return sig is not None and not sig.positional and not sig.kwonly and sig.varargs and sig.varkw


def _module_dispatch(mro: list[px.ClassInfo | px.External]) -> bool:
    """Calling an instance runs its ``forward``: no class of the tree defines ``__call__`` and a base
    outside the tree is a ``Module`` (``nn.Module.__call__`` runs hooks, then ``self.forward``)."""
    return any(isinstance(i, px.External) and not i.broken and i.name.rsplit(".", 1)[-1] == "Module" for i in mro)


def _generic_argument(
    ix: Index, path: str, qualname: str, home: ModuleInfo, annotation: ast.expr
) -> tuple[ModuleInfo, ast.expr] | None:
    """What a subclass's subscripted base gives for the ``TypeVar`` an attribute is annotated with, and the module
    the argument is written in: ``BaseDummyInputsBuilder(Generic[_I])`` stores ``self.info = info`` from ``info:
    _I``, and ``MultiModalDummyInputsBuilder(BaseDummyInputsBuilder[MultiModalProcessingInfo])`` makes its
    ``self.info`` a ``MultiModalProcessingInfo`` (killers171: #51657 renamed its ``get_max_image_size``, and a fork
    builder's ``self.info.get_max_image_size()`` went unread).  The nearest class of ``qualname``'s order (itself
    first) whose base subscripts the generic class by its name decides; None when none does, or the annotation is
    no ``TypeVar`` of ``home``."""
    typevar = annotation.id if isinstance(annotation, ast.Name) else None
    mod = ix.module_at(path)
    cls = ix.class_info(mod, qualname) if mod and typevar and _binds_typevar(home, typevar) else None
    order = [c for c in ix.mro(cls) if isinstance(c, px.ClassInfo)] if cls else []
    generic = next((c for c in order if c.module.path == home.path and _typevar_index(c.node, typevar)), None)
    if generic is None or typevar is None:
        return None
    index = _typevar_index(generic.node, typevar) - 1
    for item in order[: order.index(generic)]:
        for base in item.node.bases:
            if isinstance(base, ast.Subscript) and _base_name(base.value) == generic.node.name:
                args = base.slice.elts if isinstance(base.slice, ast.Tuple) else [base.slice]
                return (item.module, args[index]) if index < len(args) else None
    return None


def _binds_typevar(mod: ModuleInfo, name: str) -> bool:
    """The module's top level binds ``name = TypeVar(...)``."""
    for stmt in mod.tree.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            return isinstance(stmt.value, ast.Call) and _base_name(stmt.value.func) == "TypeVar"
    return False


def _typevar_index(node: ast.ClassDef, typevar: str | None) -> int:
    """1 + the position of ``typevar`` among the parameters a ``Generic[...]``/``Protocol[...]`` base declares; 0
    when none declares it."""
    for base in node.bases:
        if isinstance(base, ast.Subscript) and _base_name(base.value) in {"Generic", "Protocol"}:
            params = base.slice.elts if isinstance(base.slice, ast.Tuple) else [base.slice]
            names = [p.id if isinstance(p, ast.Name) else "" for p in params]
            if typevar in names:
                return names.index(typevar) + 1
    return 0


def _base_name(node: ast.expr) -> str:
    """The last name of ``typing.Generic`` / ``Generic``; "" for anything else."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _annotated_class(
    ix: Index, mod: ModuleInfo | None, annotation: ast.expr, held: bool = False
) -> px.ClassInfo | None:
    """The class an annotation names; with ``held``, the class a ``type[Foo]`` annotation holds."""
    if mod is None:
        return None
    direct = _class_object(annotation) if held else None
    target = direct if direct is not None else _unwrap_annotation(annotation)
    if target is None:
        return None
    sym = ix.resolve_expr(mod, target)
    if isinstance(sym, DefSym) and isinstance(sym.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and sym.node.returns:
        # x = make_foo(...): the factory's return annotation, one level deep
        home = ix.module_at(sym.path)
        returns = _class_object(sym.node.returns) if held else _unwrap_annotation(sym.node.returns)
        return ix.class_of(_unaliased(ix, ix.resolve_expr(home, returns))) if home and returns is not None else None
    if isinstance(sym, DefSym) and isinstance(sym.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not held:
        return _constructed_class(ix, sym)
    return ix.class_of(_unaliased(ix, sym)) if direct is not None or not held else None


def _handed_sig(
    ix: Index,
    mod: ModuleInfo,
    call: ast.Call,
    chain: tuple[list[px.ClassInfo | px.External], px.ClassInfo] | None = None,
) -> Sig | None:
    """The signature of what a body's hand-on call runs: a class of the tree (its constructor), a
    module-level function, or ``super().__init__`` along the instance's class order ``chain`` (the order and
    the class whose ``__init__`` the body is); None for anything else (a method, a name not resolved)."""
    if chain is not None and forwarded.is_super_call(call, "__init__", chain[1].node.name):
        return forwarded.super_chain(*chain, "__init__")
    found = ix.resolve_expr(mod, call.func)
    if not isinstance(found, DefSym):
        return None
    if isinstance(found.node, ast.ClassDef):
        return _constructor(ix, found)[0]
    return signature(found.node, False) if found.owner is None else None


def _returned_class(ix: Index, owner: Callable[[Index], px.ClassInfo | None], attr: str) -> px.ClassInfo | None:
    """The element class a method's return annotation names (``-> list[Foo]``), the method found on the
    class ``owner`` gives (or a base), the annotation read in the method's own module."""
    cls = owner(ix)
    sym = ix.member(ix.mro(cls), attr) if cls is not None else None
    node = sym.node if isinstance(sym, DefSym) else None
    if not isinstance(sym, DefSym) or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    named = loop_types.element(node.returns, False)
    return _annotated_class(ix, ix.module_at(sym.path), named) if named is not None else None


def _method_class(
    ix: Index, owner: Callable[[Index], px.ClassInfo | None], attr: str, include_self: bool = True
) -> px.ClassInfo | None:
    """The class a method's return annotation names (``-> Foo``, ``-> Foo | None``), the method found on the
    class ``owner`` gives (or a base; only a base when not ``include_self``), the annotation read in the method's
    own module; None for a container."""
    cls = owner(ix)
    sym = ix.member(ix.mro(cls, include_self=include_self), attr) if cls is not None else None
    node = sym.node if isinstance(sym, DefSym) else None
    if not isinstance(sym, DefSym) or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not node.returns:
        return None
    return _annotated_class(ix, ix.module_at(sym.path), node.returns)


def _own_super(node: ast.expr, qualname: str) -> bool:
    """``super()``, or ``super(Owner, self)`` naming the enclosing class ``qualname``: the order after that class
    (``super(Other, self)`` starts after another class: not read here)."""
    if not isinstance(node, ast.Call) or not is_super(node):
        return False
    first = node.args[0] if node.args else None
    return first is None or (isinstance(first, ast.Name) and first.id == qualname.rsplit(".", 1)[-1])


def _super_method_class(ix: Index, path: str, qualname: str, attr: str) -> px.ClassInfo | None:
    """The class ``super().attr(...)`` returns in a method of the class ``qualname`` (of ``path``): the return
    annotation of the first ``attr`` along the class order after the class itself, read in its own module."""
    mod = ix.module_at(path)
    return _method_class(ix, lambda ix: ix.class_info(mod, qualname) if mod is not None else None, attr, False)


def _called_class(ix: Index, owner: Callable[[Index], px.ClassInfo | None]) -> px.ClassInfo | None:
    """The class calling an instance returns: its ``__call__``'s return annotation, or a module's ``forward``'s."""
    sym = _instance_member(owner, "__call__")(ix)
    node = sym.node if isinstance(sym, DefSym) else None
    if not isinstance(sym, DefSym) or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not node.returns:
        return None
    return _annotated_class(ix, ix.module_at(sym.path), node.returns)


def _element_named(annotation: ast.expr | None) -> ast.expr | None:
    """What one index of a container annotation gives: ``dict[str, Foo]`` -> ``Foo``, ``list[Foo]`` -> ``Foo``."""
    found = loop_types.element(annotation, True)
    return found if found is not None else loop_types.element(annotation, False)


def _container_element(ix: Index, typed: Callable[[Index], px.ClassInfo | None], values: bool) -> px.ClassInfo | None:
    """The element class a typed receiver's class (or a base) names in its subscripted container base."""
    cls = typed(ix)
    for item in ix.mro(cls) if cls is not None else []:
        named = loop_types.base_element(item.node, values) if isinstance(item, px.ClassInfo) else None
        if named is not None and isinstance(item, px.ClassInfo):
            return _annotated_class(ix, item.module, named)
    return None


def _constructed_class(ix: Index, factory: DefSym) -> px.ClassInfo | None:
    """The one class an unannotated factory builds and returns at every ``return`` of its own body
    (``return TokenizerGroup(...)``): what the factory's call makes, as an annotation would say."""
    home = ix.module_at(factory.path)
    if home is None or not isinstance(factory.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    made = [
        ix.class_of(ix.resolve_expr(home, value.func)) if isinstance(value, ast.Call) else None
        for value in own_returns(factory.node)
    ]
    classes = {id(c.node): c for c in made if c is not None}
    return next(iter(classes.values())) if made and all(made) and len(classes) == 1 else None


def _unaliased(ix: Index, sym: Sym) -> Sym:
    """A module-level alias of a class (``KVConnectorBaseType = KVConnectorBase_V1``), one level: the
    class it names; anything else as it is."""
    if not isinstance(sym, DefSym) or sym.owner is not None or not isinstance(sym.node, (ast.Assign, ast.AnnAssign)):
        return sym
    value = sym.node.value
    home = ix.module_at(sym.path) if isinstance(value, (ast.Name, ast.Attribute)) else None
    return ix.resolve_expr(home, value) if home is not None and value is not None else sym


def _function_alias(ix: Index, sym: Sym) -> Sym:
    """A module-level name bound to a function of the tree (``fused_moe_lora = _fused_moe_lora``, the
    fallback of a custom op's ``torch.ops`` handle), one level: that function, whose parameters a call
    of the name must fit (#27435 split the op's block sizes; the fork's keywords named the old ones);
    or to a class (``Loader = DefaultModelLoader``, ``Source = DefaultModelLoader.Source``: #36903 put
    ``subfolder`` before the nested dataclass's ``prefix``, and the fork's positional ``Source(path, rev,
    "mtp.")`` now fills the new field), whose constructor a call of the name must fit; anything else as it is."""
    target = _unaliased(ix, sym)
    if isinstance(target, DefSym) and isinstance(target.node, ast.FunctionDef | ast.AsyncFunctionDef):
        return target
    if isinstance(target, DefSym) and isinstance(target.node, ast.ClassDef) and target is not sym:
        return target
    return sym


def _class_object(annotation: ast.expr) -> ast.expr | None:
    """``type[Foo]``, ``Type[Foo]``, ``"type[Foo]"``, ``type[Foo] | None`` -> the ``Foo`` expression."""
    one = _one_type(annotation)
    if not isinstance(one, ast.Subscript) or not isinstance(one.value, (ast.Name, ast.Attribute)):
        return None
    return _unwrap_annotation(one.slice) if last_name(one.value) in ("type", "Type") else None


# outside bases that give an instance no members a fork reads (typing and abc machinery)
_PLAIN_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})


def _enclosing_method(parents: dict[int, ast.AST], node: ast.AST) -> tuple[str, str]:
    """(class, method) of the method ``node`` sits in; empty names where it sits in no method of a class."""
    method = parents.get(id(node))
    while method is not None and not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
        method = parents.get(id(method))
    owner = parents.get(id(method)) if method is not None else None
    if method is None or not isinstance(owner, ast.ClassDef):
        return "", ""
    return owner.name, method.name


def _served_by_tree(ix: Index, cls: px.ClassInfo) -> bool:
    """Every member of ``cls`` is the tree's to tell: no outside base in its order other than typing and abc
    machinery.  gpt-oss's router made a ``ReplicatedLinear`` (#35404) derives from ``nn.Module``, which serves
    ``parameters()``, ``to()`` and ``training`` the tree never defines: a member the tree lacks may be the
    base's, and only torch would tell."""
    return all(
        not isinstance(item, px.External) or item.name.rsplit(".", 1)[-1] in _PLAIN_BASES for item in ix.linearized(cls)
    )


def _isinstance_call(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "isinstance" and len(call.args) == 2


def _never_returns(ix: Index, sym: DefSym, wanted: str) -> tuple[str, bool] | None:
    """(the classes shown, whether every return says so) when the def ``sym`` surely returns no ``wanted``
    (``_built_name``'s name): each of its returns None or a build of a class the index names, none of them
    ``wanted`` or deriving from it (True); else its annotation (``X`` or ``X | None``) naming such a class
    (False); None when it may return one."""
    home = ix.module_at(sym.path)
    node = sym.node
    if home is None or not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    values = list(own_returns(node))  # a yield is None here: a generator's value is no return's
    built = [v for v in values if v is not None and not (isinstance(v, ast.Constant) and v.value is None)]
    classes = [_class_built(ix, home, v) for v in built]
    found = [c for c in classes if c is not None]
    if built and None not in values and len(found) == len(classes):
        return None if any(_may_be(ix, c, wanted) for c in found) else (_shown_classes(found), True)
    named = unquoted_expr(node.returns)
    named = unoptional(named) if named is not None else None
    cls = ix.class_of(ix.resolve_expr(home, named)) if isinstance(named, ast.Name | ast.Attribute) else None
    return (cls.qualname, False) if cls is not None and not _may_be(ix, cls, wanted) else None


# outside classes whose isinstance a class may pass without deriving from them: the standard library's ABCs
# (``collections.abc.Callable`` answers any class with ``__call__``), protocols, registered classes
_HOOKED = ("abc.", "collections.", "typing.", "typing_extensions.", "numbers.", "os.", "io.", "contextlib.")


def _hooked(ix: Index, wanted: str) -> bool:
    """``isinstance(x, wanted)`` may pass for a class not deriving from ``wanted``: a standard library ABC, or a
    class of the tree that is abstract or a protocol (``register``, ``__subclasshook__``), has a metaclass
    (``__instancecheck__``), or that the index cannot read."""
    if ":" not in wanted:
        return wanted.startswith(_HOOKED)
    path, qualname = wanted.split(":", 1)
    home = ix.module_at(path)
    cls = ix.class_info(home, qualname) if home is not None else None
    return cls is None or any(
        (isinstance(i, px.External) and i.name.rsplit(".", 1)[-1] in ("ABC", "ABCMeta", "Protocol"))
        or (
            isinstance(i, px.ClassInfo)
            and (i.node.keywords or {"__subclasshook__", "__instancecheck__"} & set(i.members))
        )
        for i in ix.mro(cls)
    )


def _class_built(ix: Index, home: ModuleInfo, value: ast.expr) -> px.ClassInfo | None:
    """The class of the index a returned ``Cls(...)`` builds; None for any other value."""
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name | ast.Attribute):
        return None
    return ix.class_of(ix.resolve_expr(home, value.func))


def _shown_classes(classes: list[px.ClassInfo]) -> str:
    return ", ".join(sorted({c.qualname for c in classes}))


def _may_be(ix: Index, cls: px.ClassInfo, wanted: str) -> bool:
    """An instance of ``cls`` may pass ``isinstance(x, wanted)``: ``wanted`` along its order, an outside base of
    its name, or a base the index cannot read."""
    short = wanted.rsplit(".", 1)[-1].rsplit(":", 1)[-1]
    for item in ix.mro(cls):
        if isinstance(item, px.External) and (item.broken or item.opaque or item.name.rsplit(".", 1)[-1] == short):
            return True
        if isinstance(item, px.ClassInfo) and f"{item.module.path}:{item.qualname}" == wanted:
            return True
    return False


def _built_name(ix: Index, home: ModuleInfo, func: ast.expr) -> str | None:
    """What a class expression names, the same whichever module spells it: ``path:Qualname`` for a class of
    the tree, the imported dotted name for an outside one (``torch.profiler.profile``); None when unknown."""
    cls = ix.class_of(ix.resolve_expr(home, func)) if isinstance(func, (ast.Name, ast.Attribute)) else None
    if cls is not None:
        return f"{cls.module.path}:{cls.qualname}"
    parts: list[str] = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name) or (binding := home.names.get(func.id)) is None:
        return None
    if binding.kind != "import" or binding.target is None or ix.in_tree(binding.target[0]):
        return None
    module, name = binding.target
    return ".".join([module, *([name] if name else []), *reversed(parts)])


def _self_values(node: ast.ClassDef, attr: str) -> list[ast.expr]:
    """The values a class's methods store in ``self.attr`` (``self.attr = value``), a None left out."""
    found: list[ast.expr] = []
    for stmt in node.body:
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) or not stmt.args.args:
            continue
        me = stmt.args.args[0].arg
        for sub in ast.walk(stmt):
            target, value, _ = _assignment(sub)
            if (
                isinstance(target, ast.Attribute)
                and target.attr == attr
                and isinstance(target.value, ast.Name)
                and target.value.id == me
                and value is not None
                and not (isinstance(value, ast.Constant) and value.value is None)
            ):
                found.append(value)
    return found


def _bound_attributes(node: ast.ClassDef) -> frozenset[str]:
    """The names a class binds itself: its defs and properties, its class-level assignments and the
    ``self.name = ...`` of its methods (annotated or not)."""
    found: set[str] = set()
    for stmt in node.body:
        if isinstance(stmt, ast.Assign):
            found.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.add(stmt.name)
            found.update(_own_stores(stmt))
    return frozenset(found)


def _body_names(node: ast.ClassDef) -> frozenset[str]:
    """Every name a class body binds outside its functions (an assignment, a def, a nested class, an import,
    a loop or ``with`` target, a walrus): a name of the body read later in it may be the body's own."""
    found: set[str] = set()
    pending: list[ast.AST] = list(node.body)
    while pending:
        item = pending.pop()
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(item.name)
            pending.extend(item.decorator_list)
            continue
        if isinstance(item, (ast.Import, ast.ImportFrom)):
            found.update((a.asname or a.name).split(".")[0] for a in item.names)
        elif isinstance(item, ast.Name) and not isinstance(item.ctx, ast.Load):
            found.add(item.id)
        pending.extend(ast.iter_child_nodes(item))
    return frozenset(found)


def _declared_fields(node: ast.ClassDef) -> frozenset[str]:
    """The names a class body annotates (``name: T`` or ``name: T = v``): a dataclass's fields, an instance
    attribute the class declares."""
    return frozenset(
        stmt.target.id for stmt in node.body if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
    )


def _own_stores(method: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[str]:
    """The ``self.name`` (its first parameter's) a method assigns."""
    me = method.args.args[0].arg if method.args.args else ""
    for sub in ast.walk(method):
        if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and _is_name(sub.value, me):
            yield sub.attr


def _attribute_annotations(node: ast.ClassDef) -> dict[str, ast.expr]:
    """attr -> the annotation (or constructor) of ``self.attr`` anywhere in a class; the class level wins."""
    found: dict[str, ast.expr] = {}
    for stmt in node.body:
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) or not stmt.args.args:
            continue
        me = stmt.args.args[0].arg
        params = {a.arg: a.annotation for a in (*stmt.args.args, *stmt.args.kwonlyargs) if a.annotation is not None}
        # ``quant_method: QuantizeMethodBase | None = None`` then ``self.quant_method = quant_method`` (#26135)
        params = _annotated_locals(stmt) | params  # a parameter's own annotation wins
        for sub in ast.walk(stmt):
            target, value, annotation = _assignment(sub)
            if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == me):
                continue
            if annotation is None and isinstance(value, ast.Name):
                annotation = params.get(value.id)
            if annotation is None and isinstance(value, ast.Call):
                annotation = _own_factory_call(value.func, me)
            if annotation is not None:
                found.setdefault(target.attr, annotation)
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            found[stmt.target.id] = stmt.annotation
    return found


def _annotated_locals(function: ast.AST) -> dict[str, ast.expr]:
    """name -> T of each ``name: T = ...`` (or a bare ``name: T``) in a function's own scope: the type a later
    ``self.x = name`` holds.  A nested def's or lambda's local is its own name, not the outer one (mend69)."""
    return {
        n.target.id: n.annotation
        for n in own_scope_nodes(function)
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }


_OWN_RECEIVER = "<own>"  # no identifier: marks a factory that is the instance's own method, whatever it is named


def _own_factory_call(func: ast.expr, me: str) -> ast.expr:
    """What builds ``self.attr = <func>(...)``: ``func`` itself, or, for a method called on the instance
    (``self._init_model``), that method marked as the instance's own: the class looks it up along its own
    order, a fork subclass's override first, not as a module-level name."""
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == me:
        return ast.copy_location(ast.Attribute(ast.copy_location(ast.Name(_OWN_RECEIVER), func), func.attr), func)
    return func


def _own_factory(annotation: ast.expr) -> str | None:
    """The method's name when ``annotation`` is a factory ``_own_factory_call`` marked as the instance's own."""
    if isinstance(annotation, ast.Attribute) and isinstance(annotation.value, ast.Name):
        return annotation.attr if annotation.value.id == _OWN_RECEIVER else None
    return None


def _own_method_class(ix: Index, path: str, qualname: str, method: str) -> px.ClassInfo | None:
    """The class an instance's own factory method returns, the method found along the class's order (a
    subclass's override first): its return annotation, or the one class every ``return`` of an unannotated
    body constructs (LlamaForCausalLM's ``_init_model`` returns ``LlamaModel(...)``: #13555 dropped two of
    that model's forward parameters, and a subclass's ``self.model(...)`` still passed them)."""
    mod = ix.module_at(path)
    cls = ix.class_info(mod, qualname) if mod else None
    sym = ix.member(ix.mro(cls), method) if cls is not None else None
    if not isinstance(sym, DefSym) or not isinstance(sym.node, _FUNCS):
        return None
    if sym.node.returns is not None:
        home = ix.module_at(sym.path)
        return _annotated_class(ix, home, sym.node.returns) if home is not None else None
    return _constructed_class(ix, sym)


def _local_annotations(func: ast.AST) -> dict[str, ast.expr]:
    """Parameters' annotations, and locals annotated or constructed once (``x: Foo = ...``, ``x = Foo(...)``)."""
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    seen: dict[str, list[ast.expr | None]] = {}
    for sub in ast.walk(func):
        target, value, annotation = _assignment(sub)
        if isinstance(target, ast.Name):
            seen.setdefault(target.id, []).append(
                annotation if annotation is not None else value.func if isinstance(value, ast.Call) else None
            )
    found = {name: kinds[0] for name, kinds in seen.items() if len(kinds) == 1 and kinds[0] is not None}
    for arg in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs):
        if arg.annotation is not None:
            found[arg.arg] = arg.annotation
        else:
            found.pop(arg.arg, None)
    return found


_HOPS = 3  # attributes followed from a typed name: ``a.b.c.d`` (and locals bound to them), no further


@functools.lru_cache(maxsize=4096)
def _local_sources(func: ast.AST) -> dict[str, ast.Attribute | ast.Subscript]:
    """Locals bound once, unannotated, to an attribute of something (``pts = stats.prompt_token_stats``) or
    one element of a container (``first = ranges[0]``, #15712's read of a range), and no parameter of the
    function: the class of the attribute (the container's element) is the local's."""
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    seen: dict[str, list[ast.expr | None]] = {}
    for sub in ast.walk(func):
        if isinstance(sub, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.NamedExpr, ast.AugAssign)):
            for name in _bound_names(sub):
                seen.setdefault(name, []).extend([None, None])  # rebound by a loop or a ``with``: no one type
        target, value, annotation = _assignment(sub)
        if isinstance(target, ast.Name):
            seen.setdefault(target.id, []).append(value if annotation is None else None)
        elif isinstance(sub, ast.Assign):
            for tgt in sub.targets:
                for name in (n.id for n in ast.walk(tgt) if isinstance(n, ast.Name)):
                    seen.setdefault(name, []).extend([None, None])
    params = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    return {
        name: values[0]
        for name, values in seen.items()
        if len(values) == 1 and isinstance(values[0], ast.Attribute | ast.Subscript) and _sourced(values[0])
        if name not in params
    }


def _sourced(value: ast.Attribute | ast.Subscript) -> bool:
    """An attribute, or one element (no slice) of a container: a value whose class a local takes."""
    return not (isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Slice))


def _bound_names(node: ast.AST) -> list[str]:
    targets: list[ast.AST] = []
    if isinstance(node, (ast.For, ast.AsyncFor, ast.AugAssign, ast.NamedExpr)):
        targets = [node.target]
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
    return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]


def _assignment(node: ast.AST) -> tuple[ast.expr | None, ast.expr | None, ast.expr | None]:
    if isinstance(node, ast.AnnAssign):
        return node.target, node.value, node.annotation
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        return node.targets[0], node.value, None
    return None, None, None


def _unwrap_annotation(annotation: ast.expr) -> ast.expr | None:
    """``Foo``, ``"Foo"``, ``Foo | None``, ``Optional[Foo]``, ``Foo[T]`` -> the ``Foo`` expression."""
    one = _one_type(annotation)
    if isinstance(one, ast.Subscript):
        return one.value if last_name(one.value) not in _CONTAINERS else None
    return one if isinstance(one, (ast.Name, ast.Attribute)) else None


def _one_type(annotation: ast.expr | None) -> ast.expr | None:
    """The one type an annotation names: a string annotation parsed (the string is the file's text too),
    ``X | None`` and ``Optional[X]`` taken as ``X``; None for a union of two types or text that is no
    expression."""
    while annotation is not None:
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            module = parse_python(annotation.value)
            if module is None or len(module.body) != 1 or not isinstance(module.body[0], ast.Expr):
                return None
            annotation = module.body[0].value
        elif isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
            sides = [
                s for s in (annotation.left, annotation.right) if not (isinstance(s, ast.Constant) and s.value is None)
            ]
            annotation = sides[0] if len(sides) == 1 else None
        elif (
            isinstance(annotation, ast.Subscript)
            and isinstance(annotation.value, (ast.Name, ast.Attribute))
            and last_name(annotation.value) == "Optional"
        ):
            annotation = annotation.slice
        else:
            return annotation
    return None


_CONTAINERS = frozenset(
    {
        "list",
        "dict",
        "set",
        "tuple",
        "List",
        "Dict",
        "Set",
        "Tuple",
        "Union",
        "Callable",
        "type",
        "Type",
        "Sequence",
        "Mapping",
        "Iterable",
        "Iterator",
        "ClassVar",
        "Final",
        "Annotated",
    }
)


def _constructor(ix: Index, sym: DefSym) -> tuple[Sig | None, set[str]]:
    """What ``Class(...)`` takes: its ``__init__`` inside the tree, or a dataclass's fields; and their files."""
    cls = ix.class_of(sym)
    if cls is None:
        return None, set()
    mro = ix.mro(cls)
    for item in mro:
        if isinstance(item, px.External) and _fields_make_init(item, mro):
            return _dataclass_sig(cls, mro, ix, fielded=True)
        if isinstance(item, px.External):
            return None, set()  # an __init__ outside the tree (nn.Module, pydantic): unknown
        if _is_dataclass(item, ix) and "__init__" not in item.members:
            return _dataclass_sig(item, ix.mro(item), ix)
        if "__init__" in item.members:
            return signature(item.members["__init__"], True), {item.module.path}
    return None, set()


_SEQUENCES = frozenset(
    {"Sequence", "MutableSequence", "list", "List", "Iterable", "Iterator", "Collection", "set", "Set", "frozenset"}
)


def _element_tuple(ix: Index, sym: DefSym) -> tuple[str, ...] | None:
    """The element types of a field annotated as a sequence of fixed tuples: ``Sequence[tuple[int, str]]``
    or a module alias of the tuple (``X = tuple[int, str]``; ``Sequence[X]``), as source texts."""
    node = sym.node
    if not isinstance(node, ast.AnnAssign):
        return None
    one = _one_type(node.annotation)
    if not isinstance(one, ast.Subscript) or last_name(one.value) not in _SEQUENCES:
        return None
    element = _one_type(one.slice)
    mod = ix.module_at(sym.path)
    if isinstance(element, ast.Name | ast.Attribute) and mod is not None:
        alias = ix.resolve_expr(mod, element)
        value = alias.node.value if isinstance(alias, DefSym) and isinstance(alias.node, ast.Assign) else None
        element = _one_type(value) if value is not None and isinstance(alias, DefSym) and alias.owner is None else None
    if not isinstance(element, ast.Subscript) or last_name(element.value) not in ("tuple", "Tuple"):
        return None
    parts = element.slice.elts if isinstance(element.slice, ast.Tuple) else [element.slice]
    if any(isinstance(p, ast.Constant) and p.value is Ellipsis for p in parts):
        return None
    return tuple(ast.unparse(p) for p in parts)


_BUILTIN_KINDS: dict[str, type] = {"list": list, "dict": dict, "set": set, "tuple": tuple}


def _assigned_kinds(ix: Index, cls: px.ClassInfo | None, attr: str) -> set[str | None]:
    """The container kind of each value ``self.attr`` is assigned in the class and its bases of the tree
    (None: not a container, or unknown)."""
    kinds: set[str | None] = set()
    for item in ix.mro(cls) if cls is not None else []:
        if isinstance(item, px.External):
            continue
        for node in ast.walk(item.node):
            target, value, annotation = _assignment(node)
            if not (isinstance(target, ast.Attribute) and target.attr == attr and _is_name(target.value, "self")):
                continue
            taken = _taken(annotation) if annotation is not None else set()
            kinds.add(next(iter(taken)) if len(taken) == 1 else _value_kind(ix, item.module, value))
    return kinds


def _value_kind(ix: Index, mod: ModuleInfo, value: ast.expr | None) -> str | None:
    """``{...}``, ``[...]``: their kind; ``make(...)`` of a def of the tree that returns only displays of
    one kind (or is annotated one): that kind."""
    if value is None:
        return None
    if type(value) in _DISPLAYS:
        return _DISPLAYS[type(value)]
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name | ast.Attribute):
        return None
    found = ix.resolve_expr(mod, value.func)
    node = found.node if isinstance(found, DefSym) else None
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if node.returns is not None:
        taken = _taken(node.returns)
        return next(iter(taken)) if len(taken) == 1 else None
    returned = {
        _DISPLAYS.get(type(r.value)) for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None
    }
    return next(iter(returned)) if len(returned) == 1 else None


_DISPLAYS: dict[type[ast.AST], str] = {
    ast.List: "list",
    ast.ListComp: "list",
    ast.Dict: "dict",
    ast.DictComp: "dict",
    ast.Set: "set",
    ast.SetComp: "set",
    ast.Tuple: "tuple",
}
_TAKES = {
    "list": {"list"},
    "List": {"list"},
    "Sequence": {"list", "tuple"},
    "MutableSequence": {"list"},
    "dict": {"dict"},
    "Dict": {"dict"},
    "Mapping": {"dict"},
    "MutableMapping": {"dict"},
    "set": {"set"},
    "Set": {"set"},
    "AbstractSet": {"set"},
    "frozenset": {"set"},
    "tuple": {"tuple"},
    "Tuple": {"tuple"},
}


def _display_of_another_kind(
    call: ast.Call,
    old: Sig,
    new: Sig,
    bodies: tuple[_Body, _Body],
    is_type: Callable[[ast.expr], bool],
    untyped: bool = False,
    home: ModuleInfo | None = None,
) -> str | None:
    """A list (dict, set, tuple) display passed for a parameter upstream re-annotated as another kind of
    container: ``SpecDecodingProm(cfg, names, [model, "0"])`` once ``labelvalues: list[str]`` became
    ``per_engine_labelvalues: dict[int, list[str]]`` (#24049).  The call fits; the body reads a dict
    (``.items()``, ``[engine_idx]``) of a list and fails, or silently reads the wrong thing."""
    (old_body, _, _), (new_body, _, _) = bodies
    if not isinstance(old_body, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if not isinstance(new_body, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    stars = [i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)]
    slots = min(len(old.positional), len(new.positional), stars[0] if stars else len(call.args))
    passed = [(old.positional[i], new.positional[i], call.args[i]) for i in range(slots)]
    passed += [(k.arg, k.arg, k.value) for k in call.keywords if k.arg is not None]
    for was, now, arg in passed:
        kind = _DISPLAYS.get(type(arg))
        before, after = _annotation_of(old_body, was), _annotation_of(new_body, now)
        if before is None and after is None and kind is None and was == now:
            unannotated = narrowed.fallback_dropped(arg, now, old_body, new_body)
            if unannotated is not None:
                return unannotated
        if before is None or after is None:
            continue
        if kind is None:
            problem = _scalar_for_container(arg, was, now, before, after)
            if problem is None and was == now:
                problem = narrowed.scalar_dropped(arg, now, before, after, old_body, new_body) or narrowed.none_dropped(
                    arg, now, before, after, old_body, new_body, is_type
                )
            if problem is not None:
                return problem
            continue
        took, takes = _taken(before), _taken(after)
        if took and takes and kind in took and kind not in takes:
            said = (
                f"passes a {kind} for {now}, which upstream annotates {ast.unparse(after)} "
                f"(it was {was}: {ast.unparse(before)})"
            )
            return Uncertain(said) if annotations_only(old_body, new_body) else said
        if kind != "dict" and (nested := _nesting(was, now, before, after, bodies, untyped, home)) is not None:
            return nested
    return None


def _nesting(
    was: str,
    now: str,
    before: ast.expr,
    after: ast.expr,
    bodies: tuple[_Body, _Body],
    untyped: bool,
    home: ModuleInfo | None = None,
) -> str | None:
    """drift/flattened.py: a display of the old depth; none when the new body tells the depths apart
    (itself, or a function of its module it hands the parameter to whole), a warning when upstream changed
    only annotations or the callee was matched by its name alone (an untyped receiver: a library object's
    method of the same name takes what the fork hands it)."""
    (old_body, _, _), (new_body, _, _) = bodies
    nested = nesting_drift(was, now, before, after)
    if nested is None or new_body is None or takes_either(new_body, now, home.tree if home else None):
        return None
    return Uncertain(nested) if untyped or (old_body is not None and annotations_only(old_body, new_body)) else nested


_SCALARS = {bool: ("bool",), int: ("int", "float"), float: ("float",), str: ("str",), bytes: ("bytes",)}
# capitalized names an annotation may use that still take a plain number or string (or any value)
_TAKES_SCALARS = frozenset(
    {"Any", "AnyStr", "Number", "Real", "Integral", "Complex", "Decimal", "Fraction", "Hashable", "Literal"}
    | {"Never", "NoReturn", "Self", "LiteralString", "Text", "SupportsInt", "SupportsFloat", "SupportsIndex"}
)


def _scalar_for_object(arg: ast.expr, was: str, now: str, then: str, after: ast.expr) -> str | None:
    """#31336: ``parse_output(ids, vocab, discard, True)`` once ``return_cu_num_tokens: bool`` became
    ``logprobs_tensors: LogprobsTensors | None`` in its slot: the flag now fills an object parameter, the call
    fits, and the body reads ``True`` as the tensors.  Only a parameter renamed in its slot (the new name is
    another parameter, not the old one re-annotated) whose one type is a class (capitalized, not a
    type variable or a protocol a number satisfies), and only for a flag: a number or a string may well be what
    the new class is (a NewType of int, a class of string constants)."""
    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, bool)):
        return None
    one = _one_type(after)
    name = last_name(one) if isinstance(one, ast.Name | ast.Attribute) else ""
    if was == now or len(name) < 3 or not name[0].isupper() or name in _TAKES_SCALARS or name.endswith("_co"):
        return None
    return (
        f"passes {ast.unparse(arg)} for {now}, which upstream annotates {ast.unparse(after)} "
        f"(it was {was}: {then}): a {then} where it reads a {name}"
    )


def _scalar_for_container(arg: ast.expr, was: str, now: str, before: ast.expr, after: ast.expr) -> str | None:
    """A number (a string) passed for a parameter upstream re-annotated from that scalar type to a container:
    ``MultiGroupBlockTable(..., 16)`` once ``block_size: int`` became ``block_sizes: list[int]`` (#18654).
    The call fits; the body iterates (indexes) an int and fails."""
    value = arg.operand if isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.USub) else arg
    if not isinstance(value, ast.Constant) or type(value.value) not in _SCALARS:
        return None
    one = _one_type(before)
    if not (isinstance(one, ast.Name) and one.id in _SCALARS[type(value.value)]):
        return None
    if not _taken(after):
        return _scalar_for_object(arg, was, now, one.id, after)
    return (
        f"passes {ast.unparse(arg)} for {now}, which upstream annotates {ast.unparse(after)} "
        f"(it was {was}: {ast.unparse(before)}): one {one.id} where a container is read"
    )


def _annotation_of(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    args = func.args
    return next((a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None)


def _taken(annotation: ast.expr) -> set[str]:
    """The kinds of display an annotation of one container type takes (empty: not a container, or unknown)."""
    one = _one_type(annotation)
    head = one.value if isinstance(one, ast.Subscript) else one
    return _TAKES.get(last_name(head), set()) if isinstance(head, ast.Name | ast.Attribute) else set()


_PLAIN_DECORATORS = frozenset({"classmethod", "staticmethod", "abstractmethod", "override"})


def _reads_name(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """The body loads ``name`` (a parameter's value used; ``del name`` is no use)."""
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        for stmt in func.body
        for n in ast.walk(stmt)
    )


def _reads_frame(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The body reaches its parameters without naming them: ``locals()``, ``vars()``, ``inspect``."""
    return any(
        isinstance(n, ast.Name) and n.id in ("locals", "vars", "inspect") for stmt in func.body for n in ast.walk(stmt)
    )


def _model_classes(ix: Index, sym: DefSym) -> list[px.ClassInfo] | None:
    """The tree's classes of a pydantic model (``BaseModel`` among its outside bases) that make its
    constructor from their fields: None for any other class, or one whose tree writes an ``__init__``."""
    cls = ix.class_of(sym)
    if cls is None:
        return None
    mro = ix.mro(cls)
    base = next((i for i in mro if isinstance(i, px.External) and i.name.rsplit(".", 1)[-1] == "BaseModel"), None)
    if base is None:
        return None
    mine = [i for i in mro[: mro.index(base)] if isinstance(i, px.ClassInfo)]
    return None if any("__init__" in i.members for i in mine) else mine


def _model_fields(ix: Index, sym: DefSym) -> tuple[frozenset[str], set[str]] | None:
    """A pydantic model's annotated fields (ClassVars aside), and the files that declare them."""
    classes = _model_classes(ix, sym)
    if classes is None:
        return None
    fields = {
        stmt.target.id
        for item in classes
        for stmt in item.node.body
        if isinstance(stmt, ast.AnnAssign)
        and isinstance(stmt.target, ast.Name)
        and last_name(_unwrap_subscript(stmt.annotation)) != "ClassVar"
    }
    return frozenset(fields), {item.module.path for item in classes}


def _model_strings(ix: Index, sym: DefSym, path: str) -> Iterator[ast.Constant]:
    """The string constants in the model's classes declared in ``path``, but a key a validator only tests on
    its way to a raise (drift/tested_keys.py)."""
    for item in _model_classes(ix, sym) or []:
        if item.module.path == path:
            yield from carried_strings(item.node)


def _is_dataclass(item: px.ClassInfo, ix: Index) -> bool:
    """``@dataclass``, or a decorator of the tree's own that declares it makes dataclasses
    (``@dataclass_transform`` on its ``def``, PEP 681: a config decorator wrapping a pydantic dataclass)."""
    for decorator in item.node.decorator_list:
        expr = decorator.func if isinstance(decorator, ast.Call) else decorator
        if last_name(expr) == "dataclass":
            return True
        if isinstance(expr, ast.Name) and _transforms(ix.resolve(item.module.dotted, expr.id)):
            return True
    return False


def _transforms(sym: Sym) -> bool:
    """A function declared with ``@dataclass_transform(...)``."""
    node = sym.node if isinstance(sym, DefSym) else None
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
        last_name(d.func if isinstance(d, ast.Call) else d) == "dataclass_transform" for d in node.decorator_list
    )


# Outside bases whose subclasses' annotated fields are the constructor's parameters, as a dataclass's
# are, and that refuse a keyword they do not declare: msgspec's ``Struct`` (``kw_only=True`` a class
# keyword), ``typing.NamedTuple``.  (pydantic's ``BaseModel`` ignores an unknown keyword by default.)
_FIELDED_BASES = frozenset({"Struct", "NamedTuple"})


def _tuple_fields(ix: Index, cls: px.ClassInfo) -> Sig | None:
    """A NamedTuple's constructor (its positional parameters are its fields in order, what its indexes
    read), or None for any other class."""
    mro = ix.mro(cls)
    tuple_base = next(
        (i for i in mro if isinstance(i, px.External) and i.name.rsplit(".", 1)[-1] == "NamedTuple"), None
    )
    if tuple_base is None or not _fields_make_init(tuple_base, mro):
        return None
    sig, _ = _dataclass_sig(cls, mro, ix, fielded=True)
    return sig


# a class deriving from one of these is called to look a member up (``Color(3)``), never to run its ``__init__``
_LOOKED_UP = ("Enum", "Flag")


def _inherited_init(ix: Index, sym: DefSym) -> bool:
    """The class took its constructor from outside the tree (``nn.Module``'s, which takes nothing): no class of
    the tree in its MRO defines ``__init__`` or ``__new__``, and no base makes a call a member lookup."""
    cls = ix.class_of(sym)
    if cls is None:
        return False
    mro = ix.mro(cls)
    return not any(
        {"__init__", "__new__"} & i.members.keys()
        if isinstance(i, px.ClassInfo)
        else i.broken or i.name.rsplit(".", 1)[-1].endswith(_LOOKED_UP)
        for i in mro
    )


def _first_init(call: ast.Call, after: DefSym, new: Sig) -> str | None:
    """#26060: upstream gave ``RejectionSampler(nn.Module)`` an ``__init__(self, sampler)``: ``RejectionSampler()``,
    which bound to the outside ``__init__`` before, now misses a required argument.  Only a call the new
    constructor cannot bind: the old one is unknown, so what the call passes is not compared with it."""
    problem = call_problem(call, new)
    if problem is None:
        return None
    return f"is now {after.label}{new.show()} (upstream gave it an __init__ of its own): the call {problem}"


def _fields_make_init(base: px.External, mro: list[px.ClassInfo | px.External]) -> bool:
    """``base`` generates the constructor from the fields: no class of the tree before it defines one."""
    before = mro[: mro.index(base)]
    return base.name.rsplit(".", 1)[-1] in _FIELDED_BASES and not any(
        isinstance(i, px.ClassInfo) and {"__init__", "__new__"} & i.members.keys() for i in before
    )


def _dataclass_sig(
    cls: px.ClassInfo, mro: list[px.ClassInfo | px.External], ix: Index, fielded: bool = False
) -> tuple[Sig | None, set[str]]:
    """The generated ``__init__``: annotated fields, base classes' first; ``kw_only`` and ``KW_ONLY`` honoured.
    ``fielded``: every class of the tree in ``mro`` declares fields (a ``Struct``'s subclasses), not only
    the dataclasses."""
    found = _init_fields(mro, ix, fielded)
    # every dataclass on the way, fields or not: a class whose only field upstream removed still made the change
    # (#39212's NCCLWeightTransferUpdateInfo; blind_replay_gpuworker's keyword build)
    files = {i.module.path for i in mro if isinstance(i, px.ClassInfo) and (fielded or _is_dataclass(i, ix))}
    fields = {name: (f.default, f.kw_only) for name, f in found.items()}  # name -> (has a default, keyword-only)
    positional = [n for n, (_, kw) in fields.items() if not kw]
    defaults = 0
    for name in reversed(positional):
        if not fields[name][0]:
            break
        defaults += 1
    kwonly = tuple(n for n, (_, kw) in fields.items() if kw)
    required = frozenset(n for n in kwonly if not fields[n][0])
    return Sig(tuple(positional), 0, defaults, kwonly, required, False, False), files


# outside bases that declare no dataclass fields: a class deriving only these has none but its own
_FIELDLESS = frozenset({"object", "ABC", "Generic", "Protocol"})


@dataclass(frozen=True)
class _InitField:
    """A field the generated ``__init__`` takes: whether it has a default, whether only by keyword, the class
    that declares it last (a redeclaring subclass keeps the base's place) and that declaration's line."""

    default: bool
    kw_only: bool
    owner: px.ClassInfo
    line: int


def _init_fields(mro: list[px.ClassInfo | px.External], ix: Index, fielded: bool = False) -> dict[str, _InitField]:
    """The fields of the generated ``__init__``, in its order: the dataclasses of ``mro`` (every class of the
    tree in it, ``fielded``), bases first; ``kw_only``, ``KW_ONLY``, ``ClassVar`` and ``init=False`` honoured."""
    fields: dict[str, _InitField] = {}
    for item in reversed([i for i in mro if isinstance(i, px.ClassInfo) and (fielded or _is_dataclass(i, ix))]):
        kw_only = _decorator_flag(item.node, "kw_only") or _class_flag(item.node, "kw_only")
        for stmt in item.node.body:
            if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
                continue
            if last_name(_unwrap_subscript(stmt.annotation)) == "KW_ONLY":
                kw_only = True
                continue
            if last_name(_unwrap_subscript(stmt.annotation)) == "ClassVar" or _field_flag(stmt.value, "init") is False:
                continue
            has_default = stmt.value is not None and not (
                isinstance(stmt.value, ast.Call)
                and last_name(stmt.value.func) == "field"
                and not {k.arg for k in stmt.value.keywords} & {"default", "default_factory"}
            )
            keyword = kw_only or bool(_field_flag(stmt.value, "kw_only"))
            fields[stmt.target.id] = _InitField(has_default, keyword, item, stmt.lineno)
    return fields


def misordered_field(fields: dict[str, _InitField]) -> tuple[str, str] | None:
    """(a positional field without a default, the defaulted positional field ahead of it), the first such
    pair in ``__init__``'s order: the class statement raises ``TypeError: non-default argument ... follows
    default argument``.  None when the order is sound."""
    ahead: str | None = None
    for name, found in fields.items():
        if found.kw_only:
            continue
        if found.default:
            ahead = ahead or name
        elif ahead is not None:
            return name, ahead
    return None


def _constructor_defaults(ix: Index, sym: DefSym) -> tuple[dict[str, str], list[ast.AST]]:
    """Parameter -> default text of what ``Class(...)`` takes (see ``_constructor``), and the code that
    sees the values first (the ``__init__``, or the dataclasses with their ``__post_init__``)."""
    cls = ix.class_of(sym)
    for item in ix.mro(cls) if cls is not None else []:
        if isinstance(item, px.External):
            return {}, []
        if _is_dataclass(item, ix) and "__init__" not in item.members:
            mro = ix.mro(item)
            return _field_defaults(mro, ix), [i.node for i in mro if isinstance(i, px.ClassInfo)]
        if "__init__" in item.members:
            return _default_texts(item.members["__init__"]), [item.members["__init__"]]
    return {}, []


def _field_defaults(mro: list[px.ClassInfo | px.External], ix: Index) -> dict[str, str]:
    """Field -> its default as source text, over a dataclass's bases (``x: int = 16``, ``field(default=16)``)."""
    texts: dict[str, str] = {}
    for item in reversed([i for i in mro if isinstance(i, px.ClassInfo) and _is_dataclass(i, ix)]):
        for stmt in item.node.body:
            if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name) or stmt.value is None:
                continue
            value: ast.expr | None = stmt.value
            if isinstance(value, ast.Call) and last_name(value.func) == "field":
                value = next((k.value for k in value.keywords if k.arg == "default"), None)
            if value is not None:
                texts[stmt.target.id] = ast.unparse(value)
    return texts


def _decorator_flag(node: ast.ClassDef, flag: str) -> bool:
    for dec in node.decorator_list:
        if isinstance(dec, ast.Call) and last_name(dec.func) == "dataclass":
            for kw in dec.keywords:
                if kw.arg == flag and isinstance(kw.value, ast.Constant):
                    return bool(kw.value.value)
    return False


def _class_flag(node: ast.ClassDef, flag: str) -> bool:
    """A class keyword set to a literal true (``class P(Struct, kw_only=True)``)."""
    return any(kw.arg == flag and isinstance(kw.value, ast.Constant) and kw.value.value is True for kw in node.keywords)


def _field_flag(value: ast.expr | None, flag: str) -> bool | None:
    if isinstance(value, ast.Call) and last_name(value.func) == "field":
        for kw in value.keywords:
            if kw.arg == flag and isinstance(kw.value, ast.Constant):
                return bool(kw.value.value)
    return None


def _init_field_kept(cls: px.ClassInfo | None, name: str) -> bool:
    """The class body still annotates ``name`` as an init field (no ClassVar, no ``init=False``): a property
    of the name beside it, with a setter, leaves ``replace(obj, name=...)`` working."""
    return _field_kept(cls, name, init=True)


def _field_kept(cls: px.ClassInfo | None, name: str, init: bool = False) -> bool:
    """The class body still annotates ``name`` as a field (no ClassVar): ``asdict`` keys it, ``init=False`` or not;
    with ``init``, only one ``replace`` takes (mend62 joined the two copies of this walk)."""
    return cls is not None and any(
        isinstance(stmt, ast.AnnAssign)
        and isinstance(stmt.target, ast.Name)
        and stmt.target.id == name
        and last_name(_unwrap_subscript(stmt.annotation)) != "ClassVar"
        and not (init and _field_flag(stmt.value, "init") is False)
        for stmt in cls.node.body
    )


def _unwrap_subscript(expr: ast.expr) -> ast.expr:
    return expr.value if isinstance(expr, ast.Subscript) else expr


def _bound_sig(sym: DefSym, via: str) -> Sig | None:
    if via == "instance":
        return signature(sym.node, True)
    if via == "class" and sym.owner is not None:
        return signature(sym.node, is_classmethod(sym.node))
    return signature(sym.node, False)


def _default_texts(node: ast.AST) -> dict[str, str]:
    """Parameter -> its default as source text, for the parameters that have one."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    texts = {a.arg: ast.unparse(d) for a, d in zip(positional[len(positional) - len(args.defaults) :], args.defaults)}
    texts |= {a.arg: ast.unparse(d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None}
    return texts


def _flipped(old: str | None, new: str, name: str, where: tuple[list[ast.AST], list[ast.AST]]) -> bool:
    """Two literal defaults with different values (``True`` -> ``False``, ``16`` -> ``32``), or a
    literal default made None (or None made a literal) where the None's code never picks the literal
    itself (``block_size=16`` -> ``None`` with no ``if block_size is None: block_size = 16``): the
    value the omitted argument takes changed.  A sentinel that resolves to the old value, or another
    spelling of the same thing (``Fmt.AUTO`` -> ``"auto"``), is a refactor: not reported.  ``where``:
    the code that sees the value, before and after."""
    if old is None or old == new:
        return False
    before, after = literal_value(old), literal_value(new)
    if before is NOT_LITERAL or after is NOT_LITERAL:
        return False
    if before is None and after is not None:
        return not _picks(where[0], name, after) or bool(_fill_choices(where[0], name) - {after})
    if after is None and before is not None:
        return not _picks(where[1], name, before) or bool(_fill_choices(where[1], name) - {before})
    return before is not None and after is not None and before != after


def _chosen(code: list[ast.AST], name: str, text: str) -> str:
    """`` (which its body makes 'embed' or 'encode' by a test)`` for a None default a fill chooses a literal
    for; else nothing."""
    if text != "None":
        return ""
    choices = sorted(map(repr, _fill_choices(code, name)))
    return f" (which its body makes {' or '.join(choices)} by a test)" if len(choices) > 1 else ""


def _fill_choices(code: list[ast.AST], name: str) -> set[object]:
    """The literals an ``if name is None:`` block of ``code`` may give ``name``: each branch's ``name = <literal>``
    (``self.name =`` too) and both arms of a conditional expression.  #21720 turned ``LLM.encode``'s
    ``pooling_task="encode"`` into ``None`` filled by ``"embed" if "embed" in supported else "encode"``: the
    fill still names the old literal, yet a call leaving the argument out now gets another one on one branch."""
    found: set[object] = set()
    for node in code:
        for stmt in ast.walk(node):
            if isinstance(stmt, ast.If) and _is_none_test(stmt.test, name):
                for sub in (n for part in stmt.body for n in ast.walk(part)):
                    target, value, _ = _assignment(sub)
                    if _names(target, name) and value is not None:
                        found |= _literal_arms(value)
    return found


def _is_none_test(test: ast.expr, name: str) -> bool:
    """``name is None`` / ``self.name is None``."""
    return (
        isinstance(test, ast.Compare)
        and _names(test.left, name)
        and isinstance(test.ops[0], ast.Is)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _names(node: ast.AST | None, name: str) -> bool:
    """``node`` is ``name`` or ``<x>.name``."""
    return (isinstance(node, ast.Name) and node.id == name) or (isinstance(node, ast.Attribute) and node.attr == name)


def _literal_arms(value: ast.expr) -> set[object]:
    """A constant's value, or a conditional expression's constant arms (nested ones too)."""
    if isinstance(value, ast.IfExp):
        return _literal_arms(value.body) | _literal_arms(value.orelse)
    return {value.value} if isinstance(value, ast.Constant) and value.value is not None else set()


def _none_stands_for(func: ast.AST, name: str) -> str | None:
    """The literal a function's own ``if name is None: name = <literal>`` (at its top level) gives the
    parameter: what a call leaving it to a None default got."""
    for stmt in func.body if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) else ():
        if not (
            isinstance(stmt, ast.If) and isinstance(stmt.test, ast.Compare) and isinstance(stmt.test.left, ast.Name)
        ):
            continue
        if not _is_none_test(stmt.test, name):
            continue
        for sub in stmt.body if isinstance(stmt, ast.If) else ():
            target, value, _ = _assignment(sub)
            if isinstance(target, ast.Name) and target.id == name and isinstance(value, ast.Constant):
                return ast.unparse(value)
    return None


def _picks(code: list[ast.AST], name: str, value: object) -> bool:
    """Some statement of ``code`` names ``name`` (``name``, ``self.name``) and holds the literal ``value``
    (``if name is None: name = 16``, ``self.name = name or 16``): a None default there stands for it.
    A class's field of that name is its declaration, not a pick."""
    for node in code:
        for stmt in ast.walk(node):
            if not isinstance(stmt, ast.stmt) or isinstance(
                stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
            ):
                continue
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
                continue
            parts = list(ast.walk(stmt))
            named = any(
                (isinstance(n, ast.Name) and n.id == name) or (isinstance(n, ast.Attribute) and n.attr == name)
                for n in parts
            )
            if named and any(
                isinstance(n, ast.Constant) and type(n.value) is type(value) and n.value == value for n in parts
            ):
                return True
    return False


def _changed_call(mod: ModuleInfo, call: ast.Call, lines: AddedLines, path: str) -> bool:
    """Upstream added or changed the call (``mod`` is upstream's version): its first line is one upstream
    added, or another of its lines with a name on it is, or upstream deleted lines inside it."""
    added = lines[path]
    end = min(call.end_lineno or call.lineno, len(mod.lines))
    if mod.lines[call.lineno - 1].strip() in added:
        return True
    if any(
        (text := mod.lines[i - 1].strip()) in added and any(c.isalpha() for c in text)
        for i in range(call.lineno + 1, end + 1)
    ):
        return True
    hunks = lines.changes[path].hunks if path in lines.changes else []
    return any(minus and not plus and call.lineno <= at < end for _, _, plus, minus, at in hunks)


def _passed(call: ast.Call, sig: Sig) -> set[str] | None:
    """The parameters a call fills; None when ``*``/``**`` make it unknowable."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    return set(sig.positional[: len(call.args)]) | {k.arg for k in call.keywords if k.arg is not None}


def _on_a_local_object(mod: ModuleInfo, func: ast.expr) -> bool:
    """``x.y.method(...)`` where ``x`` is a local name, a parameter or ``self``: not a module or class
    the file imports or defines (``torch.foo()`` is not the fork's ``foo``)."""
    if not isinstance(func, ast.Attribute) or func.attr.startswith("__"):
        return False
    root: ast.expr = func.value
    while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
        root = root.func if isinstance(root, ast.Call) else root.value
    return isinstance(root, ast.Name) and root.id not in mod.names and root.id not in px.BUILTINS


def _method_at(ix: Index, path: str, line: int, name: str) -> DefSym | None:
    """The method ``name`` whose ``def`` is on ``line`` of ``path`` (None for a function outside a class)."""
    mod = ix.module_at(path)
    for qualname in mod.classes if mod is not None else ():
        cls = ix.class_info(mod, qualname) if mod is not None else None
        node = cls.members.get(name) if cls is not None else None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno == line:
            return DefSym(path, name, node, qualname)
    return None


_MOST_HOMES = 8  # definitions of a moved member looked at: a method's name is defined in a few classes


def _narrowed_class(
    ix: Index, path: str, narrowed: ast.expr, declared: Callable[[Index], px.ClassInfo | None] | None
) -> px.ClassInfo | None:
    """The class an ``isinstance`` test narrows a local to, unless the local already holds a subclass of it
    (``loader: AeonLoader`` tested against upstream's ``DefaultModelLoader``): a test narrows down, never up,
    and the subclass's own members (a method it keeps) stay its."""
    tested = _annotated_class(ix, ix.module_at(path), narrowed)
    held = declared(ix) if declared is not None else None
    return held if tested is not None and held is not None and _derives(ix, held, tested) else tested


def _derives(ix: Index, cls: px.ClassInfo, old: px.ClassInfo) -> bool:
    """``cls`` has ``old`` (the same class, by file and qualname) among its bases, not being it."""
    key = (old.module.path, old.qualname)
    return any(
        isinstance(b, px.ClassInfo) and (b.module.path, b.qualname) == key for b in ix.mro(cls, include_self=False)
    )


def _value_tested(node: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """``node``'s value is tested, not used as what it names: or-ed or and-ed, negated, compared, an ``if``'s
    or ``assert``'s test, ``callable``'s or ``bool``'s argument.  What a ``__getattr__`` answers for a gone name
    (None) fails the test and the fork's fallback runs: ``getattr(current_platform, "seed_everything") or
    set_random_seed``."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.BoolOp | ast.UnaryOp | ast.Compare):
        return not isinstance(parent, ast.UnaryOp) or isinstance(parent.op, ast.Not)
    if isinstance(parent, ast.If | ast.While | ast.IfExp | ast.Assert):
        return parent.test is node
    return isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in ("callable", "bool")


def _on_instance(node: ast.expr, scope: _Scope, via: str) -> bool:
    """``node`` (``x.name``) reads off an instance: not off a class (``via`` "class") nor off a classmethod's
    own first parameter (``cls.name``), where an instance's ``__getattr__`` is never asked."""
    owner = node.value if isinstance(node, ast.Attribute) else None
    if via != "instance" or owner is None:
        return False
    own = isinstance(owner, ast.Name) and owner.id == scope.me and bool(scope.functions)
    return not (own and _binding(scope.functions[0]) == "class")


def _self_dispatched(cls: ast.ClassDef, name: str) -> bool:
    """A method of the class body calls ``self.name(...)``: the call reaches a subclass's override."""
    return any(calls_self(d, name) for d in cls.body if isinstance(d, _FUNCS))


def _class_at(ix: Index, sym: DefSym) -> px.ClassInfo | None:
    """The class that owns the member ``sym`` in the tree ``ix`` indexes (at the same path), if any."""
    mod = ix.module_at(sym.path)
    return ix.class_info(mod, sym.owner) if mod is not None and sym.owner else None


def _same_member(ix: Index, before: DefSym, dynamic: bool = True) -> Sym | None:
    """The member of the same name of the same class in another tree (its bases included); None when
    the class itself is gone (moved or renamed: then the call's object is no longer known).  With
    ``dynamic``, UNKNOWN where a ``__getattr__`` may make it up."""
    mod = ix.module_at(before.path)
    cls = ix.class_info(mod, before.owner) if mod is not None and before.owner else None
    return ix.member(ix.mro(cls), before.name, dynamic) if cls is not None else None


def _is_bare_super_init(call: ast.Call) -> bool:
    """``super().__init__(...)``, no arguments to ``super`` (its lookup starts past the enclosing class)."""
    func = call.func
    return isinstance(func, ast.Attribute) and func.attr == "__init__" and is_super(func.value) and not func.value.args  # type: ignore[attr-defined]


def _super_init(ix: Index, path: str, qualname: str) -> tuple[Sig, px.ClassInfo | None, set[str]] | None:
    """What ``super().__init__`` in ``qualname`` binds: the first base's ``def __init__`` (no class), or the
    generated one of a dataclass met first (its fields, the class, the files declaring them).  None when
    unknown: a base outside the tree, several bases on the way (the order is only near C3), ``init=False``."""
    mod = ix.module_at(path)
    cls = ix.class_info(mod, qualname) if mod is not None else None
    if cls is None or len(cls.node.bases) != 1:
        return None
    for item in ix.mro(cls, False):
        if isinstance(item, px.External) or len(item.node.bases) > 1:
            return None
        if "__init__" in item.members:
            sig = signature(item.members["__init__"], True)
            return (sig, None, set()) if sig is not None else None
        if _is_dataclass(item, ix):
            if _init_off(item.node) or _fields_outside(ix.mro(item)):
                return None
            sig, files = _dataclass_sig(item, ix.mro(item), ix)
            return (sig, item, files) if sig is not None else None
    return None


def _first_base(ix: Index, cls: px.ClassInfo) -> px.ClassInfo | None:
    """The class ``super()`` in ``cls`` looks in first, when it is a class of the tree."""
    order = ix.mro(cls, False)
    return order[0] if order and isinstance(order[0], px.ClassInfo) else None


def _holds(node: ast.ClassDef, call: ast.AST) -> bool:
    """``call`` sits in ``node``'s lines."""
    return node.lineno <= getattr(call, "lineno", 0) <= (node.end_lineno or node.lineno)


# bases outside the tree that add no fields to a dataclass's generated ``__init__``
def _fields_outside(mro: list[px.ClassInfo | px.External]) -> bool:
    """A base outside the tree (or past the cut) that may add fields: the generated ``__init__`` is unknown."""
    return any(
        isinstance(i, px.External) and (i.broken or i.opaque or i.name.rsplit(".", 1)[-1] not in _FIELDLESS)
        for i in mro
    )


def _init_off(node: ast.ClassDef) -> bool:
    """``@dataclass(init=False)``: no generated ``__init__``."""
    return any(
        isinstance(d, ast.Call) and any(k.arg == "init" and not getattr(k.value, "value", True) for k in d.keywords)
        for d in node.decorator_list
    )


def _is_super_call(call: ast.Call) -> bool:
    """``super().f(...)``: an override handing on to its base, not a caller of the method."""
    return isinstance(call.func, ast.Attribute) and is_super(call.func.value)


_UNBOUND = ("", None)  # a name a function binds by more than one import, or not by an import alone


def _imports_bound(mod: ModuleInfo, func: ast.AST) -> dict[str, tuple[str, str | None]]:
    """The names ``func``'s own scope binds by an import (not a nested def's: ``own_scope_nodes``), each to its
    (module, name) as the module-level binding would be (``import a.b`` binds ``a``); _UNBOUND where another binding of the name, a second import of another target, or a ``try`` around the
    import (an optional dependency) makes it anything but that import."""
    guarded = {
        id(n) for t in ast.walk(func) if isinstance(t, ast.Try | ast.TryStar) for b in t.body for n in ast.walk(b)
    }
    found: dict[str, tuple[str, str | None]] = {}
    other: set[str] = set()
    imported = {id(t) for t in _imports_by_call(mod, func)}
    for node in own_scope_nodes(func):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for name, target in _import_targets(mod, node):
                seen = found.setdefault(name, target)
                if seen != target or id(node) in guarded:
                    found[name] = _UNBOUND
        elif id(node) in imported and isinstance(node, ast.Assign):
            name, bound = _import_by_call(node)
            if found.setdefault(name, bound) != bound or id(node) in guarded:
                found[name] = _UNBOUND
        elif isinstance(node, ast.Name) and id(node) in imported:
            continue  # the target of ``mod = importlib.import_module("a.b")``: bound by that import
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            other.update(node.names)
        else:
            other.update(_plain_binds(node, func))
    return {name: _UNBOUND if name in other else target for name, target in found.items()}


def _imports_by_call(mod: ModuleInfo, func: ast.AST) -> list[ast.AST]:
    """The statements ``name = importlib.import_module("a.b")`` (one literal, absolute name; ``import_module``
    imported from importlib at the module's top too) of ``func``'s own scope, and their target names: an import
    of ``a.b`` bound to ``name``, as ``import a.b as name`` (killers215: #31714's ``getattr(mod, "Metadata")``
    after ``mod = importlib.import_module("pkg.drafting.eagle")``, a re-export upstream dropped)."""
    if "import_module(" not in mod.text:  # one substring test of the module's text: most import none
        return []
    bare = any(
        isinstance(s, ast.ImportFrom) and s.module == "importlib" and any(a.name == "import_module" for a in s.names)
        for s in mod.tree.body
    )
    found: list[ast.AST] = []
    for node in own_scope_nodes(func):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        call = node.value
        if not (isinstance(call, ast.Call) and len(call.args) == 1 and not call.keywords):
            continue
        callee = ast.unparse(call.func)
        arg = call.args[0]
        if (callee == "importlib.import_module" or (bare and callee == "import_module")) and (
            isinstance(arg, ast.Constant) and isinstance(arg.value, str) and not arg.value.startswith(".")
        ):
            found += [node, node.targets[0]]
    return found


def _import_by_call(node: ast.Assign) -> tuple[str, tuple[str, str | None]]:
    """(name, (module, None)) of a statement ``_imports_by_call`` found."""
    target, call = node.targets[0], node.value
    assert isinstance(target, ast.Name) and isinstance(call, ast.Call) and isinstance(call.args[0], ast.Constant)
    return target.id, (str(call.args[0].value), None)


def _import_targets(mod: ModuleInfo, node: ast.Import | ast.ImportFrom) -> Iterator[tuple[str, tuple[str, str | None]]]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield (
                (alias.asname, (alias.name, None))
                if alias.asname
                else (alias.name.split(".", 1)[0], (alias.name.split(".", 1)[0], None))
            )
        return
    base = px.import_base(node, mod.dotted, mod.path)
    for alias in node.names:
        if alias.name != "*":
            yield alias.asname or alias.name, (base, alias.name)


def _bound_in(func: ast.AST) -> frozenset[str]:
    """Every name a function binds anywhere inside it (over-approximated: nested scopes count too)."""
    names: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names -= set(node.names)
        else:
            names.update(_plain_binds(node, func))
    return frozenset(names)


def _plain_binds(node: ast.AST, func: ast.AST) -> Iterator[str]:
    """The name a node inside ``func`` binds other than by an import or a global: an assignment or ``del``,
    a parameter, a nested def or class, an ``except ... as`` name."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
        yield node.id
    elif isinstance(node, ast.arg):
        yield node.arg
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not func:
        yield node.name
    elif isinstance(node, ast.ExceptHandler) and node.name:
        yield node.name


def _annotations(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    """A function's parameter and return annotations: a type the signature names (``r: "runner.GPURunner"``)
    is a use of it, whether Python evaluates it (``_quoted_out``) or a checker does (``_unquoted``)."""
    args = func.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, *(a for a in (args.vararg, args.kwarg) if a)]
    return [a for a in [*(p.annotation for p in every), func.returns] if a is not None]


_DEFERRED = (
    "; in an annotation Python does not evaluate (a quoted type, or `from __future__ import annotations`): "
    "type checkers fail on it, the code still runs"
)


_SKIPPED = (
    "; it sits in a `try` whose `except AttributeError` does nothing in its place: the code there stops at it "
    "now, every time, and nothing says so"
)
_TYPE_ONLY = "; in a block only type checkers run (`if TYPE_CHECKING:`): they fail on it, the code still runs"


def _type_only_block(stmt: ast.stmt) -> list[ast.stmt] | None:
    """The block of an ``if`` that only a type checker runs: the body when the test is false while the code
    runs (``TYPE_CHECKING``, ``TYPE_CHECKING and X``), the else when it is true (``not TYPE_CHECKING``).
    ``TYPE_CHECKING or X`` runs when X holds: neither block."""
    if not isinstance(stmt, ast.If):
        return None
    value = _at_run_time(stmt.test)
    if value is False:
        return stmt.body
    return stmt.orelse if value is True and stmt.orelse else None


def _at_run_time(test: ast.expr) -> bool | None:
    """What ``test`` is when the code runs, as far as ``TYPE_CHECKING`` (False then) decides it; None: unknown."""
    if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"  # typing.TYPE_CHECKING, however imported
    ):
        return False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _at_run_time(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        values = [_at_run_time(v) for v in test.values]
        decisive = isinstance(test.op, ast.Or)  # any True decides an or, any False an and
        return decisive if decisive in values else (not decisive if all(v is not None for v in values) else None)
    return None


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def _inner_bound_names(tree: ast.Module) -> frozenset[int]:
    """The ids of the name reads a lambda's parameter or a comprehension's target binds (a function's own
    names are ``_local_names``'): ``pick = staticmethod(lambda attn_utils: attn_utils.X)``,
    ``[m.X for m in mods]`` read those, not the module's names."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Lambda):
            names = {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
            inside: list[ast.AST] = [node.body]
        elif isinstance(node, _COMPREHENSIONS):
            names = {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
            parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            inside = [*parts, *(i for g in node.generators for i in g.ifs), *(g.iter for g in node.generators[1:])]
        else:
            continue
        found.update(id(n) for part in inside for n in ast.walk(part) if isinstance(n, ast.Name) and n.id in names)
    return frozenset(found)


def _plain_class(mod: ModuleInfo, qual: str, depth: int = 4) -> bool:
    """A class no machinery evaluates the annotations of: decorated by nothing but the standard library's
    ``dataclass``, no class keyword, and every base ``object``, ``typing``'s ``NamedTuple``/``TypedDict`` or a
    plain class of the module.  Those keep a quoted or postponed annotation a string (a ForwardRef); a
    pydantic model or dataclass, and any other decorator or base, may evaluate it."""
    cls = mod.classes.get(qual)
    if cls is None or cls.keywords or depth <= 0 or not all(_stdlib_dataclass(mod, d) for d in cls.decorator_list):
        return False
    return all(
        isinstance(base, ast.Name)
        and (base.id == "object" or _typing_record(mod, base.id) or _plain_class(mod, base.id, depth - 1))
        for base in cls.bases
    )


def _stdlib_dataclass(mod: ModuleInfo, decorator: ast.expr) -> bool:
    """``@dataclass``/``@dataclass(...)``/``@dataclasses.dataclass`` of the standard library's module (not
    pydantic's ``dataclass`` of the same name)."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.attr == "dataclass":
        return _imported_as(mod, target.value.id, "dataclasses", None)
    return isinstance(target, ast.Name) and _imported_as(mod, target.id, "dataclasses", "dataclass")


def _typing_record(mod: ModuleInfo, name: str) -> bool:
    return any(_imported_as(mod, name, home, kind) for home in ("typing", "typing_extensions") for kind in _RECORDS)


_RECORDS = ("NamedTuple", "TypedDict")


def _imported_as(mod: ModuleInfo, name: str, module: str, what: str | None) -> bool:
    bound = mod.names.get(name)
    return bound is not None and bound.kind == "import" and bound.target == (module, what)


def _has_string(annotation: ast.expr) -> bool:
    """Whether an annotation holds a string (most hold none: they need no copy, nor a second walk)."""
    return any(isinstance(n, ast.Constant) and isinstance(n.value, str) for n in ast.walk(annotation))


def _unquoted(annotation: ast.expr) -> ast.expr:
    """An annotation with each string in it that spells a type (``"Foo"``, ``"mod.Foo"``,
    ``Optional["mod.Foo"]``) parsed into the expression it names, placed where the string is; the
    strings of a ``Literal[...]`` are values, and stay.  A copy: the module's tree is not changed."""
    if not _has_string(annotation):
        return annotation
    unquoted = _Unquote().visit(copy.deepcopy(annotation))
    return unquoted if isinstance(unquoted, ast.expr) else annotation


def _quoted_out(annotation: ast.expr) -> ast.expr:
    """What Python evaluates of an annotation: its quoted types (a string it never looks into) as ``None``."""
    if not _has_string(annotation):
        return annotation
    evaluated = _Unquote(drop=True).visit(copy.deepcopy(annotation))
    return evaluated if isinstance(evaluated, ast.expr) else annotation


class _Unquote(ast.NodeTransformer):
    def __init__(self, drop: bool = False) -> None:
        self.drop = drop

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        return node if last_name(node.value) == "Literal" else self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if self.drop and isinstance(node.value, str):
            return ast.copy_location(ast.Constant(None), node)
        if not isinstance(node.value, str) or len(node.value) > _LONGEST_QUOTED_TYPE:
            return node
        # not parse_python's shared tree: the positions below are set on this one; the text is under
        # _LONGEST_QUOTED_TYPE and every way the parse fails is caught (the later walks' depth is bounded by it)
        try:
            parsed = ast.parse(node.value.strip(), mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):  # prose, a NUL, 200 nested brackets
            return node
        for part in ast.walk(parsed):
            part.lineno, part.end_lineno = node.lineno, node.end_lineno  # type: ignore[attr-defined]
            part.col_offset, part.end_col_offset = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
        return parsed


_LONGEST_QUOTED_TYPE = 200


def _defaults(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    return [*func.args.defaults, *[d for d in func.args.kw_defaults if d is not None]]


def _shape(node: ast.AST, wild: frozenset[str] = frozenset()) -> str:
    """A definition's body or value, compared across trees; the names in ``wild`` read as one name."""
    if wild:
        node = copy.deepcopy(node)
        for name in ast.walk(node):
            if isinstance(name, ast.Name) and name.id in wild:
                name.id = "_"
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return ast.dump(node.args) + "".join(ast.dump(s) for s in node.body)
    if isinstance(node, ast.Assign):
        return ast.dump(node.value)
    if isinstance(node, ast.AnnAssign):
        return ast.dump(node.annotation) + (ast.dump(node.value) if node.value else "")
    if isinstance(node, ast.ClassDef):
        return "".join(ast.dump(s) for s in node.body)
    return ast.dump(node)


def _owner_prefix(target: DefSym) -> str:
    return f"{target.owner}." if target.owner else ""


def _actor_method(call: ast.Call) -> ast.Attribute | None:
    """The actor method a call hands its arguments to: ``actor.method`` of ``actor.method.remote(...)``,
    ``actor.method.bind(...)`` or ``actor.method.options(...).remote(...)``."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in _ACTOR_CALLS:
        return None
    inner = func.value
    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr == "options":
        inner = inner.func.value
    return inner if isinstance(inner, ast.Attribute) else None


_ACTOR_CALLS = frozenset({"remote", "bind"})


def _built_here(tree: ast.Module, name: str) -> list[ast.Call]:
    """The module's calls of the bare name ``name``: its builds of a class of that name (not inside a function
    binding the name itself: a call there builds something else)."""
    skip = _shadowed_nodes(tree, name)
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name and id(n) not in skip
    ]


def _names_class(tree: ast.Module, name: str, skip: set[int]) -> bool:
    """The module reads the name ``name`` (``Outer.name`` too, or spells it as a string: a registry's), but at
    the nodes ``skip``."""
    return any(
        id(n) not in skip
        and (
            (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load))
            or (isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Load))
            or (isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.rsplit(".", 1)[-1] == name)
        )
        for n in ast.walk(tree)
    )


def _method_alias(cls: ast.ClassDef | None, value: ast.expr | None) -> bool:
    """A class-level value that makes the name a method of the class: a def of the class's own body bound again
    (``_map_name_with_shard = _aeon_with_shard``): the fork's override of the hook, written as one, not a value
    shadowing it (``tests/audits/test_bypassed_hooks.py``'s alias twin; a lambda stays a warning)."""
    if cls is None or not isinstance(value, ast.Name):
        return False
    return any(isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) and s.name == value.id for s in cls.body)


def _shadowed_member(short: str, shadow: Shadow, base: str, where: str) -> str:
    """The message for a fork member (a property, a method) upstream's base now assigns on the instance."""
    assigns = f"upstream's {base} now assigns self.{shadow.attr} while building the instance ({where})"
    if shadow.member == "property":
        return (
            f"{short}.{shadow.attr} is a property with no setter, and {assigns}: building a {short} raises "
            f"AttributeError; give the property a setter, or store the base's value under another name"
        )
    return (
        f"{short}.{shadow.attr} is a {shadow.member.replace('_', ' ')} of the fork's class, and {assigns}: the "
        "instance attribute hides it, and the carry no longer takes effect; rename the fork's member"
    )


def _shadowed_nodes(tree: ast.AST, name: str) -> set[int]:
    """The ids of the nodes inside the functions that bind ``name`` themselves (a parameter, a nested def or
    class, an assignment, an import): ``name`` there is not the module's."""
    found: set[int] = set()
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and id(fn) not in found:
            if _binds(fn, name):
                found |= {id(n) for n in ast.walk(fn) if n is not fn}
    return found


def _binds(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, name: str) -> bool:
    params = fn.args
    every = [*params.posonlyargs, *params.args, *params.kwonlyargs, params.vararg, params.kwarg]
    if any(a is not None and a.arg == name for a in every):
        return True
    for sub in ast.walk(fn):
        if (
            sub is not fn
            and isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and sub.name == name
        ):
            return True
        if isinstance(sub, ast.Name) and sub.id == name and isinstance(sub.ctx, ast.Store):
            return True
        if isinstance(sub, ast.alias) and (sub.asname or sub.name.split(".")[0]) == name:
            return True
    return False


_SIMPLE = (ast.Return, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr)
_CLASS_TESTS = frozenset({"isinstance", "issubclass", "hasattr", "getattr"})


def _loop_nodes(body: Sequence[ast.AST], name: str) -> Iterator[ast.AST]:
    """The nodes of a loop's body that see the loop's ``name``: not inside a nested def, class or lambda, nor a
    comprehension that binds ``name`` itself."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, _COMPREHENSIONS) and any(
            isinstance(t, ast.Name) and t.id == name for g in node.generators for t in ast.walk(g.target)
        ):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _stops_early(body: Sequence[ast.AST]) -> bool:
    """The loop's body may leave the loop: a ``return`` of its own, or a ``break`` not inside an inner loop."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return | ast.Break):
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, ast.For | ast.AsyncFor | ast.While):
            stack.extend(n for n in ast.walk(node) if isinstance(n, ast.Return))
            continue
        stack.extend(ast.iter_child_nodes(node))
    return False


def _class_tested(body: Sequence[ast.AST], name: str) -> bool:
    """The loop's body asks about the element's class or members (``issubclass(k, Base)``, ``hasattr(k, "x")``)."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id in _CLASS_TESTS
        and any(isinstance(a, ast.Name) and a.id == name for a in n.args)
        for part in body
        for n in ast.walk(part)
    )


def _listed_names(stmt: ast.AST, key: ast.expr | None) -> list[ast.expr] | None:
    """The names a module-level list or tuple display binds (``NAME = [A, B]``), or, with ``key``, the entry of
    that key of a dict display of them (``NAME = {K: [A, B]}``); None for anything else."""
    value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
    if key is not None and isinstance(value, ast.Dict):
        spelt = ast.unparse(key)
        value = next(
            (v for k, v in zip(value.keys, value.values, strict=True) if k is not None and ast.unparse(k) == spelt),
            None,
        )
    elif key is not None:
        return None
    if not isinstance(value, ast.List | ast.Tuple) or not all(
        isinstance(e, ast.Name | ast.Attribute) for e in value.elts
    ):
        return None
    return list(value.elts)


def _show(expr: ast.expr) -> str:
    try:
        text = ast.unparse(expr)
    except (ValueError, AttributeError):
        return "?"
    return text if len(text) <= 80 else text[:77] + "..."


def mod_line(mod: ModuleInfo, line: int) -> str:
    """The text of a module's line (1-based), stripped: what a line history looks a line up by."""
    lines = mod.text.splitlines()
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def _quoted(name: str, text: str) -> bool:
    """The name spelled as a string literal in the text: what a refusing guard asks by (cheap, first)."""
    return f'"{name}"' in text or f"'{name}'" in text


def _assigned_in(func: ast.AST, name: str) -> bool:
    """``name`` is assigned somewhere in ``func`` (a parameter rebound: its annotation no longer holds)."""
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(func))


def _method_names(cls: ast.ClassDef) -> set[str]:
    """The names of the methods a class body defines."""
    return {st.name for st in cls.body if isinstance(st, ast.FunctionDef | ast.AsyncFunctionDef)}


def _calls_own_name(func: ast.FunctionDef | ast.AsyncFunctionDef, owner: str) -> bool:
    """The method calls its own name on ``super()`` or on the class ``owner`` by name."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == func.name
        and (is_super(n.func.value) or (isinstance(n.func.value, ast.Name) and n.func.value.id == owner))
        for n in ast.walk(func)
    )


def _handed_anywhere(tree: ast.Module, name: str) -> bool:
    """The module uses the class ``name`` itself (stores it, hands it on, derives from it), not only calls
    through it (``name.method(...)``, ``name.attr``)."""
    parents = parent_map(tree)
    return any(
        isinstance(n, ast.Name)
        and n.id == name
        and isinstance(n.ctx, ast.Load)
        and not isinstance(parents.get(id(n)), ast.Attribute)
        for n in ast.walk(tree)
    )
