"""A lazy definition index of one tree: modules, their top-level names, classes and hierarchies.

Only the modules that a lookup reaches are read and parsed: the fork's files, what they import
and what their classes derive from.  A tree is anything that returns a file's text by path (a
directory, a git revision, a dict in a test).
"""

from __future__ import annotations

import ast
import builtins
import collections
import functools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol

from aeon_release.domain.audits import source
from aeon_release.domain.audits.drift.made_classes import made_class
from aeon_release.domain.audits.drift.served import served_names, shim_returns, table_value
from aeon_release.domain.audits.memo import Memo


class Tree(Protocol):
    def text(self, path: str) -> str | None: ...


@dataclass(frozen=True)
class Binding:
    """A top-level name: ``kind`` is def, class, value or import (then ``target`` = (module, name|None))."""

    kind: str
    node: ast.AST
    line: int
    target: tuple[str, str | None] | None = None


@dataclass
class ModuleInfo:
    path: str
    dotted: str
    text: str
    tree: ast.Module
    names: dict[str, Binding] = field(default_factory=dict)
    stars: list[str] = field(default_factory=list)
    dynamic: bool = False  # a module-level __getattr__: any name may exist
    declared: frozenset[str] = frozenset()  # names declared under ``if TYPE_CHECKING:`` (what __getattr__ serves)
    served: frozenset[str] | None = None  # the finite set of names the module __getattr__ answers (served.py)
    classes: dict[str, ast.ClassDef] = field(default_factory=dict)

    @functools.cached_property
    def lines(self) -> list[str]:
        """The text's lines, split once for every check that reads them by number."""
        return source.code_lines(self.text)

    @functools.cached_property
    def shims(self) -> dict[str, tuple[ast.expr, list[ast.ImportFrom]]]:
        """What a shim ``__getattr__`` returns for each name it answers alone (served.shim_returns), once."""
        return shim_returns(self.tree)

    @functools.cached_property
    def bound_once(self) -> frozenset[str]:
        """The names the module's top level binds by one statement alone (under ``if``/``try`` included): a
        name bound twice (``try: from fast import A as X`` / ``except ImportError: X = B``) holds whichever
        ran, which the text cannot say."""
        counts = collections.Counter(n for s in flat_statements(self.tree.body) for n in member_names(s))
        return frozenset(n for n, c in counts.items() if c == 1)

    @functools.cached_property
    def lazy_annotations(self) -> bool:
        """``from __future__ import annotations``: the module's function annotations are never evaluated.
        Looked up once per module: symbol drift asks it for every function the fork wrote in it."""
        return any(
            isinstance(s, ast.ImportFrom) and s.module == "__future__" and any(a.name == "annotations" for a in s.names)
            for s in self.tree.body
        )


@dataclass
class ClassInfo:
    module: ModuleInfo
    qualname: str
    node: ast.ClassDef
    members: dict[str, ast.stmt]

    @functools.cached_property
    def instance(self) -> set[str]:
        """``self.X = ...`` in its methods (walked only when a name is not a class member)."""
        found: set[str] = set()
        for stmt in flat_statements(self.node.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found |= _self_attributes(stmt)
        return found

    @functools.cached_property
    def class_level(self) -> set[str]:
        """Names its methods store on the class itself, not an instance: ``cls.X = ...`` in a classmethod (or
        ``__init_subclass__``, ``__new__``), and the descriptors ``__slots__`` makes: what ``Cls.X`` may read
        beside the class body's own members (#31869: an instance attribute is no answer to it)."""
        found: set[str] = set(_slots(self.members.get("__slots__")))
        for stmt in flat_statements(self.node.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and _on_the_class(stmt):
                found |= _self_attributes(stmt)
        return found

    @property
    def label(self) -> str:
        return self.qualname


@dataclass(frozen=True)
class External:
    """A base class outside the tree (``nn.Module``) or one that does not resolve."""

    name: str
    broken: bool = False  # names something inside the tree that is not there (a renamed base): not external
    opaque: bool = False  # a value of the tree no class statement binds (a factory's product): members unknown


# -- what a reference resolves to ---------------------------------------------------------------
@dataclass(frozen=True)
class ModuleSym:
    dotted: str


@dataclass(frozen=True)
class DefSym:
    """A top-level def, class or value of a module, or a member of a class (``owner`` set)."""

    path: str
    name: str
    node: ast.AST
    owner: str | None = None  # the class qualname for a member

    @property
    def label(self) -> str:
        return f"{self.owner}.{self.name}" if self.owner else self.name


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


UNKNOWN = _Marker("UNKNOWN")  # outside the tree or not decidable: never reported
MISSING = _Marker("MISSING")  # inside the tree and not there
Sym = ModuleSym | DefSym | _Marker


class Index:
    """Modules of one tree, parsed on first use."""

    def __init__(
        self,
        tree: Tree,
        roots: tuple[str, ...] = ("", "src/"),
        parsed: dict[tuple[str, str], ModuleInfo | None] | None = None,
    ) -> None:
        self.tree = tree
        self._parsed = {} if parsed is None else parsed  # (path, text) -> module: shared between indexes
        self.roots = roots
        self._paths: dict[str, str | None] = {}
        self._modules: dict[str, ModuleInfo | None] = {}
        self._classes: dict[tuple[str, str], ClassInfo | None] = {}
        # by the ClassInfo's identity, the object kept beside its answer (so no other takes its id)
        self._bases: dict[int, tuple[ClassInfo, list[ClassInfo | External]]] = {}
        self._mro: dict[int, tuple[ClassInfo, list[ClassInfo | External]]] = {}
        self._c3: dict[int, tuple[ClassInfo, list[ClassInfo | External] | None]] = {}
        self._spent = 0  # classes and bases looked at ordering classes (mro)
        self.cut: dict[str, dict[str, int]] = {}  # path -> qualname -> line: classes whose order was cut (mro)
        self.parsed = 0
        self._outside = False  # name_outside_imports: an outside import is its statement, not UNKNOWN

    # -- modules -------------------------------------------------------------------------------
    def module_path(self, dotted: str) -> str | None:
        if dotted not in self._paths:
            self._paths[dotted] = self._find(dotted)
        return self._paths[dotted]

    def _find(self, dotted: str) -> str | None:
        rel = dotted.replace(".", "/")
        for root in self.roots:
            for candidate in (f"{root}{rel}.py", f"{root}{rel}/__init__.py"):
                if self.tree.text(candidate) is not None:
                    return candidate
        return None

    def in_tree(self, dotted: str) -> bool:
        """Is the top-level package of ``dotted`` part of this tree?"""
        return self.module_path(dotted.split(".", 1)[0]) is not None

    def module(self, dotted: str) -> ModuleInfo | None:
        if dotted not in self._modules:
            path = self.module_path(dotted)
            self._modules[dotted] = self._load(path, dotted) if path else None
        return self._modules[dotted]

    def module_at(self, path: str) -> ModuleInfo | None:
        return self.module(dotted_name(path, self.roots))

    def _load(self, path: str, dotted: str) -> ModuleInfo | None:
        text = self.tree.text(path)
        if text is None:
            return None
        key = (path, text)
        if key not in self._parsed:
            self._parsed[key] = parse_module_info(path, dotted, text)
            self.parsed += 1
        return self._parsed[key]

    # -- names -----------------------------------------------------------------------------------
    def resolve(self, dotted: str, name: str, depth: int = 0) -> Sym:
        """What ``from dotted import name`` gives, following re-exports inside the tree."""
        if depth > 12:
            return UNKNOWN
        mod = self.module(dotted)
        if mod is None:
            if self.module_path(f"{dotted}.{name}"):
                return ModuleSym(f"{dotted}.{name}")
            if self.module_path(dotted):
                return UNKNOWN  # there, but not parsed (a syntax error, over the parse cap, too deep)
            return MISSING if self.in_tree(dotted) else UNKNOWN
        binding = mod.names.get(name)
        if binding is not None:
            return self._binding(mod, name, binding, depth)
        if self.module_path(f"{dotted}.{name}"):
            return ModuleSym(f"{dotted}.{name}")
        for star in mod.stars:
            found = self.resolve(star, name, depth + 1) if self.in_tree(star) else UNKNOWN
            if found is not MISSING:
                return found
        if mod.dynamic and mod.served is not None:  # a closed __getattr__ (a deprecation shim): its names only
            return self._shimmed(mod, name, depth) if name in mod.served else MISSING
        # a lazy module (pkg.envs) declares what its __getattr__ serves: a name it stopped declaring is gone
        return UNKNOWN if mod.dynamic and not mod.declared else MISSING

    def _shimmed(self, mod: ModuleInfo, name: str, depth: int) -> Sym:
        """What a shim ``__getattr__`` hands out for ``name``: the object its ``return`` names, when that is
        a name the hook imports or the module binds (#35441's ``MEDIA_CONNECTOR_REGISTRY``); else UNKNOWN."""
        value, imports = mod.shims.get(name, (None, []))
        if not isinstance(value, ast.Name):
            return self._tabled(mod, name, depth)
        for stmt in imports:
            for alias in stmt.names:
                if (alias.asname or alias.name) == value.id:
                    return self.resolve(import_base(stmt, mod.dotted, mod.path), alias.name, depth + 1)
        return self.resolve(mod.dotted, value.id, depth + 1) if value.id in mod.names else UNKNOWN

    def _tabled(self, mod: ModuleInfo, name: str, depth: int) -> Sym:
        """Where a shim's table says ``name`` lives (#31285: ``{"get_open_port": "network_utils"}``, the hook
        importing ``f"<pkg>.utils.{submodule}"``): ``"mod"`` (the name itself there), ``"mod:attr"``,
        ``("mod", "attr")``, relative to the package or absolute; UNKNOWN when the table says nothing
        readable or its target is not there (never a report on a guess)."""
        parts = _target_parts(table_value(mod.tree, name), name)
        if parts is None:
            return UNKNOWN
        target, attr = parts
        package = mod.dotted if mod.path.endswith("__init__.py") else mod.dotted.rpartition(".")[0]
        stripped = target.lstrip(".")
        candidates = [f"{package}.{stripped}"] if target.startswith(".") else [target, f"{package}.{target}"]
        for dotted in candidates:
            if dotted != mod.dotted and self.module_path(dotted):
                found = self.resolve(dotted, attr, depth + 1)
                return found if found is not MISSING else UNKNOWN
        return UNKNOWN

    @contextmanager
    def name_outside_imports(self) -> Iterator[None]:
        """While open, a name a module binds by importing it from outside the tree resolves to a DefSym of
        that import statement, not UNKNOWN: what a module handed on of another package's (#18763's
        ``is_nccl_available``, torch's, reached through the distributed utils module that imported it)."""
        self._outside = True
        try:
            yield
        finally:
            self._outside = False

    def _binding(self, mod: ModuleInfo, name: str, binding: Binding, depth: int) -> Sym:
        if binding.kind != "import" or binding.target is None:
            return DefSym(mod.path, name, binding.node)
        target, attr = binding.target
        if not self.in_tree(target):
            return DefSym(mod.path, name, binding.node) if self._outside else UNKNOWN
        if attr is None:
            return ModuleSym(target) if self.module_path(target) else UNKNOWN
        return self.resolve(target, attr, depth + 1)

    def resolve_expr(self, mod: ModuleInfo, expr: ast.expr) -> Sym:
        """A dotted expression (``Name``/``Attribute``) in the top-level scope of ``mod``."""
        if isinstance(expr, ast.Subscript):
            expr = expr.value
        if isinstance(expr, ast.Name):
            if expr.id in mod.names:
                return self.resolve(mod.dotted, expr.id)
            return UNKNOWN if expr.id in BUILTINS or mod.stars or mod.dynamic else MISSING
        if isinstance(expr, ast.Attribute):
            owner = self.resolve_expr(mod, expr.value)
            if isinstance(owner, ModuleSym):
                return self.resolve(owner.dotted, expr.attr)
            cls = self.class_of(owner)
            if cls is not None:
                return self.member(self.mro(cls), expr.attr)
        return UNKNOWN

    # -- classes ---------------------------------------------------------------------------------
    def class_of(self, sym: Sym) -> ClassInfo | None:
        if isinstance(sym, DefSym) and isinstance(sym.node, ast.ClassDef):
            mod = self.module_at(sym.path)
            qual = f"{sym.owner}.{sym.name}" if sym.owner else sym.name
            return self.class_info(mod, qual) if mod else None
        return None

    def class_info(self, mod: ModuleInfo, qualname: str) -> ClassInfo | None:
        key = (mod.path, qualname)
        if key not in self._classes:
            node = mod.classes.get(qualname)
            self._classes[key] = None if node is None else ClassInfo(mod, qualname, node, _members(node))
        return self._classes[key]

    # A class's bases, its depth-first order and its C3 order are worked out once per class of an index
    # (class_info keeps one ClassInfo per class), not once per question: every fork class asked them of
    # every base again, and a lattice of 400 classes of 20 bases each held a merge audit past 120 s.
    def bases(self, cls: ClassInfo) -> list[ClassInfo | External]:
        if id(cls) not in self._bases:
            self._bases[id(cls)] = (cls, self._resolved_bases(cls))
        return list(self._bases[id(cls)][1])

    def _resolved_bases(self, cls: ClassInfo) -> list[ClassInfo | External]:
        out: list[ClassInfo | External] = []
        for expr in cls.node.bases:
            sym = self.resolve_expr(cls.module, expr)
            base = self.class_of(sym)
            chosen = self.chosen_classes(sym) if base is None else []
            base = base or (None if chosen else self._aliased_class(sym))
            if chosen:
                out.extend(chosen)
            elif base is not None:
                out.append(base)
            elif sym is UNKNOWN and self._unread_home(cls.module, expr):
                # upstream's module of the base is there but does not parse here (#16317's loader.py held a
                # PEP 701 f-string, a SyntaxError before Python 3.12): its members are unknown, not gone
                out.append(External(_dotted(expr), opaque=True))
            else:
                out.append(_external(expr, sym))
        return out

    def _unread_home(self, mod: ModuleInfo, expr: ast.expr) -> bool:
        """``expr``'s name comes by an import from a module of this tree that does not parse (a syntax newer
        than the running Python's, over the parse cap): what it binds is unknown."""
        head = expr.value if isinstance(expr, ast.Subscript) else expr
        while isinstance(head, ast.Attribute):
            head = head.value
        binding = mod.names.get(head.id) if isinstance(head, ast.Name) else None
        if binding is None or binding.kind != "import" or binding.target is None:
            return False
        base, name = binding.target
        homes = [base, f"{base}.{name}"] if name else [base]
        return any(self.module_path(home) is not None and self.module(home) is None for home in homes)

    def _aliased_class(self, sym: Sym) -> ClassInfo | None:
        """The class a module-level ``Name = Other`` binds (``NixlConnector = NixlPullConnector``, #39354's
        and #35264's kept spelling): a class deriving from the alias derives from that class.  Followed a few
        steps (an alias of an alias), never in a loop; only an assignment in the module's own top-level body
        that is the name's one binding (one under ``try``/``if``, or beside another, may not be what runs)."""
        for _ in range(4):
            made = self._made(sym)
            if made is not None:
                return made
            node = sym.node if isinstance(sym, DefSym) and sym.owner is None else None
            value = node.value if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
            mod = self.module_at(sym.path) if isinstance(sym, DefSym) else None
            if mod is None or not isinstance(value, (ast.Name, ast.Attribute)) or not _sole_binding(mod, sym):
                return None
            sym = self.resolve_expr(mod, value)
            found = self.class_of(sym)
            if found is not None:
                return found
        return None

    def _made(self, sym: Sym) -> ClassInfo | None:
        """The class a module-level ``A = make()`` (or ``A, B = make()``) binds, where the factory's text
        says what it builds (made_classes.py: #45701's ``make_adapters``); kept once per index."""
        node = sym.node if isinstance(sym, DefSym) and sym.owner is None else None
        if not isinstance(sym, DefSym) or not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
            return None
        mod = self.module_at(sym.path)
        if mod is None or not _sole_binding(mod, sym):
            return None
        factory = self.resolve_expr(mod, node.value.func)
        home = self.module_at(factory.path) if isinstance(factory, DefSym) and factory.owner is None else None
        key = (sym.path, f"{sym.name} = {node.lineno}")  # never a class statement's qualname
        if home is not None and isinstance(factory, DefSym) and key not in self._classes:
            made = made_class(node, sym.name, factory.node)
            self._classes[key] = None if made is None else ClassInfo(home, sym.name, made, _members(made))
        return self._classes.get(key)

    def chosen_classes(self, sym: Sym) -> list[ClassInfo]:
        """The classes a module-level ``Name = A if cond else B`` picks between (``CudaPlatform =
        NvmlCudaPlatform if nvml_available else NonNvmlCudaPlatform``): a class deriving from the name
        derives from one of them, so its members are looked up along both; none unless both are classes."""
        node = sym.node if isinstance(sym, DefSym) and sym.owner is None else None
        value = node.value if isinstance(node, ast.Assign) else None
        mod = self.module_at(sym.path) if isinstance(value, ast.IfExp) and isinstance(sym, DefSym) else None
        if mod is None or not isinstance(value, ast.IfExp):
            return []
        chosen = [self.class_of(self.resolve_expr(mod, branch)) for branch in (value.body, value.orelse)]
        return [c for c in chosen if c is not None] if all(chosen) else []

    def mro(self, cls: ClassInfo, include_self: bool = True) -> list[ClassInfo | External]:
        """Depth-first, left to right, each class once (close enough to C3 for member lookup).  Walked
        with a stack of its own, to any depth: cut at 30 levels (a recursion guard), a module of 50
        classes each deriving from the one before lost ``nn.Module`` from its instances' lookup, and a
        call of one that upstream broke passed.

        Once the index has looked at BUDGET classes and bases ordering classes, a class's order is cut after
        LONGEST classes or STEPS bases, ending in CUT (a base that does not resolve: what lies past it is
        unknown, never missing), and the class is kept in ``cut``.  Each class's order is a walk of all its
        bases: every class of a chain of 10,000, each checked, walked the chain below it, and a merge audit
        of that one 250 KB file ran past 120 s."""
        if id(cls) not in self._mro:
            self._mro[id(cls)] = (cls, self._depth_first(cls))
        found = self._mro[id(cls)][1]
        return list(found) if include_self else found[1:]

    def _depth_first(self, cls: ClassInfo) -> list[ClassInfo | External]:
        seen: set[tuple[str, str]] = set()
        out: list[ClassInfo | External] = []
        pending: list[ClassInfo | External] = [cls]
        steps = 0
        while pending:
            item = pending.pop()
            if isinstance(item, External):
                out.append(item)
                continue
            key = (item.module.path, item.qualname)
            if key in seen:
                continue
            if (len(seen) == LONGEST or steps > STEPS) and self._spent > BUDGET:
                self.cut.setdefault(cls.module.path, {})[cls.qualname] = cls.node.lineno
                return [*out, CUT]
            seen.add(key)
            out.append(item)
            bases = self.bases(item)
            steps += 1 + len(bases)
            self._spent += 1 + len(bases)
            pending.extend(reversed(bases))
        return out

    def linearized(self, cls: ClassInfo) -> list[ClassInfo | External]:
        """``cls.__mro__`` as Python builds it (C3): in a diamond (``Mine(A, B)``, both of ``Base``) ``B`` comes
        before ``Base``, so ``B``'s setting is the one ``Mine`` gets.  The depth-first order (enough to know
        whether a member exists) where the bases do not linearize or nest past 30 levels."""
        return list(self._c3_of(cls, 0) or self.mro(cls))

    def c3(self, cls: ClassInfo) -> list[ClassInfo | External] | None:
        """``cls.__mro__`` by C3 only: None where the bases do not linearize (or nest past 30 levels)."""
        found = self._c3_of(cls, 0)
        return list(found) if found is not None else None

    def _c3_of(self, cls: ClassInfo, depth: int) -> list[ClassInfo | External] | None:
        if id(cls) in self._c3:
            return self._c3[id(cls)][1]
        bases = self.bases(cls)
        if depth > _DEEPEST or any(b is cls for b in bases):
            return None  # not kept: at another depth the same class may linearize
        lines: list[list[ClassInfo | External]] = []
        for base in bases:
            line: list[ClassInfo | External] | None = [base]
            if isinstance(base, ClassInfo):
                line = self._c3_of(base, depth + 1)
            if line is None:
                if id(base) in self._c3:  # the base has no order at any depth: nor has this class
                    self._c3[id(cls)] = (cls, None)
                return None
            lines.append(line)
        size = sum(map(len, lines)) + len(bases)
        # a merge is a scan of the lines' heads per class it orders; past these, the depth-first order
        fits = size * (len(bases) + 1) <= MERGED and (size <= LONGEST or self._spent <= BUDGET)
        self._spent += size
        merged = c3_merge([*lines, bases]) if fits else None
        self._c3[id(cls)] = (cls, None if merged is None else [cls, *merged])
        return self._c3[id(cls)][1]

    def member(self, mro: list[ClassInfo | External], name: str, dynamic: bool = True, instance: bool = True) -> Sym:
        """The definition of ``name`` along ``mro``; with ``dynamic``, UNKNOWN where a class's ``__getattr__``
        may make it up at run time.  Without ``instance`` the read is off the class itself (``Cls.name``), which
        an attribute stored on instances does not answer (#31869 removed ``Glm4MoeModel``'s method of a name its
        ``__init__`` still binds on ``self``: ``Glm4MoeModel.name(model, ...)`` raises AttributeError now)."""
        classes = [i for i in mro if isinstance(i, ClassInfo)]
        for item in classes:
            if name in item.members:
                return DefSym(item.module.path, name, item.members[name], item.qualname)
        for item in classes:  # then attributes its methods store, which cost a walk of every method
            if name in (item.instance if instance else item.class_level):
                return DefSym(item.module.path, name, item.node, item.qualname)
        if name.startswith("__") and name.endswith("__") and name not in UNDEFINED_HOOKS:
            return UNKNOWN  # object and the metaclass define these
        if dynamic and any(
            isinstance(i, ClassInfo) and ("__getattr__" in i.members or "__getattribute__" in i.members) for i in mro
        ):
            return UNKNOWN  # attributes made up at run time
        if any(isinstance(i, External) and (i.broken or i.opaque) for i in mro):
            return UNKNOWN  # the base itself is gone (that is the finding, not each member), or unread
        return MISSING


# dunders neither ``object`` nor ``type`` defines, nor ``dataclass`` generates: a class's order lacking one lacks it
# (#26390 removed ``CacheConfig.__post_init__`` for pydantic validators; a fork subclass's
# ``super().__post_init__()`` now raises AttributeError)
UNDEFINED_HOOKS = frozenset({"__post_init__"})
_DEEPEST = 30
# How much of the classes' hierarchies an index orders (mro): no hand-written class comes near LONGEST or
# STEPS (a real tree's longest order is in the tens), and the work of ordering every class of a file, each in
# full, grows with the square of its classes.
BUDGET = 1_000_000  # classes and bases an index looks at ordering classes before it cuts an order
LONGEST = 200  # classes in an order cut
STEPS = 2_000  # bases looked at for an order cut
MERGED = 20_000  # the classes of a C3 merge's lines times its lines
CUT = External("(the rest of the class's bases)", broken=True)


def c3_merge(lines: list[list[ClassInfo | External]]) -> list[ClassInfo | External] | None:
    """C3's merge of the bases' orders and the bases, None when no order is consistent (Python refuses
    the class).  A count of each class in the lines' tails and a cursor per line make each step one scan
    of the lines' heads: removing the pick from every line and collecting every tail again at each step
    was cubic in the order's length."""
    keys = [[_key(item) for item in line] for line in lines]
    tails: dict[object, int] = {}
    for line in keys:
        for k in line[1:]:
            tails[k] = tails.get(k, 0) + 1
    at = [0] * len(lines)
    out: list[ClassInfo | External] = []
    while True:
        live = [i for i in range(len(lines)) if at[i] < len(lines[i])]
        if not live:
            return out
        pick = next((i for i in live if not tails.get(keys[i][at[i]])), None)
        if pick is None:
            return None
        chosen = keys[pick][at[pick]]
        out.append(lines[pick][at[pick]])
        for i in live:
            if keys[i][at[i]] == chosen:
                at[i] += 1
                if at[i] < len(lines[i]):
                    tails[keys[i][at[i]]] -= 1


def _external(expr: ast.expr, sym: Sym) -> External:
    """A base that is no class the index reads: gone (MISSING), outside the tree, or a value of the tree
    bound some other way (a call's result), past which no member is known to be missing."""
    return External(_dotted(expr), sym is MISSING, opaque=isinstance(sym, DefSym))


def _key(item: ClassInfo | External) -> object:
    return (item.module.path, item.qualname) if isinstance(item, ClassInfo) else ("", item.name)


def _parse(path: str, dotted: str, text: str) -> ModuleInfo | None:
    module = source.parse_python(text, path)
    if module is None:
        return None
    info = ModuleInfo(path, dotted, text, module)
    _index_module(info)
    return info


# Modules parsed once per process, whichever check asks first (domain/audits/memo.py).
parse_module_info = Memo(_parse)


def dotted_name(path: str, roots: tuple[str, ...] = ("", "src/")) -> str:
    for root in sorted(roots, key=len, reverse=True):
        if root and path.startswith(root):
            path = path[len(root) :]
            break
    stem = path.removesuffix(".py")
    stem = stem.removesuffix("/__init__")
    return stem.replace("/", ".")


def _dotted(expr: ast.expr) -> str:
    if isinstance(expr, ast.Subscript):
        return _dotted(expr.value)
    if isinstance(expr, ast.Attribute):
        return f"{_dotted(expr.value)}.{expr.attr}"
    if isinstance(expr, ast.Name):
        return expr.id
    return "?"


# -- building a module's tables ----------------------------------------------------------------
def flat_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements of a body, looking into if/try/with blocks (``if TYPE_CHECKING:``, optional imports)."""
    return source.flat_statements(body, deep=True)


def _sole_binding(mod: ModuleInfo, sym: Sym) -> bool:
    """``sym`` is a statement of ``mod``'s top-level body, and the one statement binding its name there."""
    assert isinstance(sym, DefSym)
    return sym.name in mod.bound_once and any(stmt is sym.node for stmt in mod.tree.body)


def package_of(dotted: str, path: str) -> str:
    return dotted if path.endswith("__init__.py") else dotted.rpartition(".")[0]


def import_base(stmt: ast.ImportFrom, dotted: str, path: str) -> str:
    """The absolute module of a ``from ... import``."""
    if not stmt.level:
        return stmt.module or ""
    package = package_of(dotted, path)
    parts = package.split(".") if package else []
    parts = parts[: max(0, len(parts) - (stmt.level - 1))]  # past the top (no import): none left, not a wrap
    return ".".join([*parts, stmt.module] if stmt.module else parts)


def may_come_from(info: ModuleInfo, expr: ast.expr, module: str) -> bool:
    """Whether ``expr`` (``f``, ``m.f``, ``m.sub.f``) at the top level of ``info`` may name ``module``'s
    own ``f``: imported from it (or from a package above it, a re-export), off an imported module that is
    it, or a bare name the file neither binds nor defines (a star import).  The file's own def, class or
    value of the name, one imported from another module, and an attribute of anything else (``self.f``)
    are not."""
    head = expr
    while isinstance(head, ast.Attribute):
        head = head.value
    binding = info.names.get(head.id) if isinstance(head, ast.Name) else None
    if binding is None:
        return isinstance(expr, ast.Name) and not source.find_defs(info.tree, expr.id)
    if binding.kind != "import" or binding.target is None:
        return False
    target, attr = binding.target
    if isinstance(expr, ast.Name):
        imported = target  # ``from target import f``
    else:  # ``import target [as m]``, ``from target import attr``, then the attributes up to the last
        imported = ".".join([target, *([attr] if attr else []), *(source.plain_name(expr) or "").split(".")[1:-1]])
    return imported == module or module.startswith(imported + ".")


def _index_module(info: ModuleInfo) -> None:
    for stmt in flat_statements(info.tree.body):
        for name, binding in _bindings(stmt, info):
            if not (placeholder(stmt) and name in info.names and info.names[name].kind != "value"):
                info.names[name] = binding
        if isinstance(stmt, ast.ImportFrom) and any(a.name == "*" for a in stmt.names):
            info.stars.append(import_base(stmt, info.dotted, info.path))
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == "__getattr__":
            info.dynamic = True
    info.declared = frozenset(_declared(info.tree.body))
    info.served = served_names(info.tree) if info.dynamic else None
    _collect_classes(info.tree.body, "", info.classes)


def _target_parts(value: ast.expr | None, name: str) -> tuple[str, str] | None:
    """(module, attribute) a served name's table value names: ``"m"``, ``"m:attr"``, ``("m", "attr")``."""
    if isinstance(value, ast.Tuple) and len(value.elts) == 2:
        texts = [source.str_value(e) for e in value.elts]
        return (texts[0], texts[1]) if texts[0] and texts[1] else None
    text = source.str_value(value)
    if not text or not all(part.isidentifier() for part in text.replace(":", ".").strip(".").split(".")):
        return None
    module, _, attr = text.partition(":")
    return module, attr or name


def placeholder(stmt: ast.stmt) -> bool:
    """``Foo = None`` (or ``Any``, ``object``, ``...``) where an optional import failed, or under the ``else``
    of ``if TYPE_CHECKING:``: the fallback of a name a ``class``, ``def`` or import above binds.  The
    definition is what the code means (``except ImportError: RayWorkerWrapper = None`` must not hide
    the class a fork subclasses)."""
    value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
    if isinstance(value, ast.Constant):
        return value.value is None or value.value is Ellipsis
    return isinstance(value, (ast.Name, ast.Attribute)) and _dotted(value).rsplit(".", 1)[-1] in _PLACEHOLDERS


_PLACEHOLDERS = frozenset({"Any", "object"})


def _declared(body: list[ast.stmt]) -> Iterator[str]:
    for stmt in body:
        if isinstance(stmt, ast.If) and _dotted(stmt.test).rsplit(".", 1)[-1] == "TYPE_CHECKING":
            for sub in flat_statements(stmt.body):
                if isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Name):
                    yield sub.target.id


def _bindings(stmt: ast.stmt, info: ModuleInfo) -> Iterator[tuple[str, Binding]]:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
        yield stmt.name, Binding("def", stmt, stmt.lineno)
    elif isinstance(stmt, ast.ClassDef):
        yield stmt.name, Binding("class", stmt, stmt.lineno)
    elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        for target in targets:
            for name in source.target_names(target):
                yield name, Binding("value", stmt, stmt.lineno)
    elif isinstance(stmt, ast.Import):
        for alias in stmt.names:
            if alias.asname:
                yield alias.asname, Binding("import", stmt, stmt.lineno, (alias.name, None))
            else:
                top = alias.name.split(".", 1)[0]
                yield top, Binding("import", stmt, stmt.lineno, (top, None))
    elif isinstance(stmt, ast.ImportFrom):
        base = import_base(stmt, info.dotted, info.path)
        for alias in stmt.names:
            if alias.name != "*":
                yield alias.asname or alias.name, Binding("import", stmt, stmt.lineno, (base, alias.name))


def _collect_classes(body: list[ast.stmt], prefix: str, out: dict[str, ast.ClassDef]) -> None:
    for stmt in flat_statements(body):
        if isinstance(stmt, ast.ClassDef):
            qual = f"{prefix}{stmt.name}"
            out[qual] = stmt
            _collect_classes(stmt.body, f"{qual}.", out)


def _members(node: ast.ClassDef) -> dict[str, ast.stmt]:
    members: dict[str, ast.stmt] = {}
    for stmt in flat_statements(node.body):
        for name in member_names(stmt):
            members[name] = stmt
    return members


def member_names(stmt: ast.stmt) -> list[str]:
    """Names a class-body statement defines."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [stmt.name]
    if isinstance(stmt, ast.Assign):
        return [n for t in stmt.targets for n in source.target_names(t)]
    if isinstance(stmt, (ast.AnnAssign, ast.AugAssign)) and isinstance(stmt.target, ast.Name):
        return [stmt.target.id]
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return [(a.asname or a.name).split(".")[0] for a in stmt.names]
    return []


def _self_attributes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """``self.X = ...`` anywhere in a method: instance attributes (and ``setattr(self, "X", ...)``)."""
    return set(self_writes(func))


_CLASS_HOOKS = frozenset({"__init_subclass__", "__new__", "__class_getitem__"})


def _on_the_class(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A method whose first parameter is the class: a classmethod, or a hook Python hands the class."""
    return func.name in _CLASS_HOOKS or any(_dotted(d).rsplit(".", 1)[-1] == "classmethod" for d in func.decorator_list)


def _slots(stmt: ast.stmt | None) -> Iterator[str]:
    """The names a class body's ``__slots__ = ("a", "b")`` (or a lone string) makes descriptors of."""
    value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
    items = value.elts if isinstance(value, (ast.Tuple, ast.List, ast.Set)) else [value] if value else []
    for item in items:
        if isinstance(item, ast.Constant) and isinstance(item.value, str):
            yield item.value


def self_writes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.AST]:
    """attr -> the first node that assigns ``self.attr`` in a method (``setattr(self, "attr", ...)`` too)."""
    if not func.args.args:
        return {}
    me = func.args.args[0].arg
    found: dict[str, ast.AST] = {}
    for node in ast.walk(func):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            if len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                _earliest(found, node.args[1].value, node)
        for target in targets:
            for sub in _bound_targets(target):
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == me:
                    _earliest(found, sub.attr, node)
    return found


def _bound_targets(target: ast.expr) -> Iterator[ast.expr]:
    """What an assignment target binds: itself, or the elements it unpacks into.  ``self.a.b = v`` and
    ``self.a[i] = v`` store through ``self.a`` and bind nothing of ``self`` (#40867: a fork's
    ``self._fused_experts.x = v`` kept upstream's removed ``_fused_experts`` looking set)."""
    if isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _bound_targets(element)
    elif isinstance(target, ast.Starred):
        yield from _bound_targets(target.value)
    else:
        yield target


def _earliest(found: dict[str, ast.AST], name: str, node: ast.AST) -> None:
    if name not in found or getattr(node, "lineno", 0) < getattr(found[name], "lineno", 0):
        found[name] = node


BUILTINS = frozenset(dir(builtins))


def file_imports(module: ast.Module, path: str) -> dict[str, tuple[str, str]]:
    """local name -> (module, name): what each import of the file binds (``import a.b`` binds ``a``)."""
    found: dict[str, tuple[str, str]] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom):
            source = import_base(node, dotted_name(path, roots=("",)), path)
            found |= {a.asname or a.name: (source, a.name) for a in node.names if a.name != "*"}
        elif isinstance(node, ast.Import):
            found |= {a.asname or a.name.split(".")[0]: (_import_binds(a), "") for a in node.names}
    return found


def _import_binds(alias: ast.alias) -> str:
    """The module ``import a.b as m`` binds to ``m`` (``a.b``); ``import a.b`` binds ``a``."""
    return alias.name if alias.asname else alias.name.split(".")[0]


def imported_origin(expr: ast.expr, imports: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    """(module, name) an imported ``Cls`` or ``m.sub.Cls`` names, else None."""
    attrs: list[str] = []
    while isinstance(expr, ast.Attribute):
        attrs.insert(0, expr.attr)
        expr = expr.value
    bound = imports.get(expr.id) if isinstance(expr, ast.Name) else None
    if bound is None:
        return None
    parts = [bound[0], *([bound[1]] if bound[1] else []), *attrs]
    return (".".join(parts[:-1]), parts[-1]) if len(parts) > 1 else None
