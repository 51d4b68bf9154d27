"""A fork override upstream's class no longer consults: the method that called it is now answered by
one of upstream's that does not.

#28763 deleted ``FlashAttentionBackend.get_supported_head_sizes`` and gave the class a
``supports_head_size`` of its own; the base's ``supports_head_size`` was the one caller of
``cls.get_supported_head_sizes()``.  A fork backend deriving from FlashAttentionBackend that overrides
``get_supported_head_sizes`` (its build has no head size 256 kernels) merges cleanly and still
overrides a method its bases have, but nothing asks it any more: the backend is offered head sizes it
cannot run.

An override is unconsulted when the method it replaces moved up the hierarchy (upstream removed the
nearer class's own definition), before the merge a method along the fork class's bases called it on
``self`` or ``cls`` and lookup on the fork class reached that caller, and after the merge no such
caller is reached any more (a nearer class answers in its place).  A call by name on any other object
anywhere (``backend.get_supported_head_sizes()``) may still reach it: the caller of this module asks.

Pure: an index and a class in, the callers out.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.pyindex import ClassInfo, DefSym, Index
from aeon_release.domain.audits.source import FUNCTION_DEFS, parsed_expression


def reached_callers(ix: Index, cls: ClassInfo, name: str, prop: bool = False) -> list[tuple[ClassInfo, str]]:
    """(class, method) of each method along ``cls``'s order (itself included) that calls ``name`` on its
    first parameter (reads it, for a ``prop``erty) and that lookup on ``cls`` reaches (no nearer class's
    method of its name hides it)."""
    order = ix.mro(cls, True)
    found: list[tuple[ClassInfo, str]] = []
    for item in order:
        if not isinstance(item, ClassInfo):
            continue
        for method, stmt in item.members.items():
            if method == name and prop:
                continue  # a property answering itself (``return super().x``) is no caller of it
            if isinstance(stmt, FUNCTION_DEFS) and (reads_on_self(stmt, name) if prop else calls_on_self(stmt, name)):
                reached = ix.member(order, method, dynamic=False)
                if isinstance(reached, DefSym) and (reached.path, reached.owner) == (item.module.path, item.qualname):
                    found.append((item, method))
    return found


def calls_on_self(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``self.name(...)`` / ``cls.name(...)`` (the function's first parameter) in the function."""
    positional = [*func.args.posonlyargs, *func.args.args]
    me = positional[0].arg if positional else None
    return me is not None and any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == name
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == me
        for node in ast.walk(func)
    )


def reads_on_self(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``self.name`` read in the function (its first parameter): how a method consults a property."""
    positional = [*func.args.posonlyargs, *func.args.args]
    me = positional[0].arg if positional else None
    return me is not None and any(
        isinstance(node, ast.Attribute)
        and node.attr == name
        and isinstance(node.ctx, ast.Load)
        and isinstance(node.value, ast.Name)
        and node.value.id == me
        for node in ast.walk(func)
    )


def is_property(node: ast.AST) -> bool:
    """A method read as a value: ``@property`` or ``@functools.cached_property``."""
    return isinstance(node, FUNCTION_DEFS) and any(
        (d.attr if isinstance(d, ast.Attribute) else d.id if isinstance(d, ast.Name) else "")
        in ("property", "cached_property")
        for d in node.decorator_list
    )


def called_by_name(line: str, name: str, skipped: tuple[str, ...] = ("self", "cls", "super()")) -> bool:
    """``x.name(`` on a line, ``x`` another object than ``self``, ``cls`` or ``super()`` (than ``skipped``)."""
    start = line.find(f".{name}")
    while start >= 0:
        rest = line[start + 1 + len(name) :].lstrip()
        receiver = line[:start].rstrip()
        if rest.startswith("(") and not receiver.endswith(skipped):
            return True
        start = line.find(f".{name}", start + 1)
    return False


def called_off_any(line: str, name: str) -> bool:
    """``x.name(`` on a line, ``x`` anything but ``super()`` (an override's hand-on calls nothing new): a
    ``cls.name(...)`` of a class a table picked runs subclasses' overrides as any receiver does."""
    return called_by_name(line, name, ("super()",))


def read_by_name(line: str, name: str) -> bool:
    """``x.name`` read on a line (not a call's callee alone matters: a property is read), ``x`` another
    object than ``self``, ``cls`` or ``super()``."""
    start = line.find(f".{name}")
    while start >= 0:
        end = start + 1 + len(name)
        after = line[end : end + 1]
        receiver = line[:start].rstrip()
        if not (after.isalnum() or after == "_") and not receiver.endswith(("self", "cls", "super()")):
            return True
        start = line.find(f".{name}", start + 1)
    return False


def could_bind(line: str, name: str, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether some ``x.name(...)`` on ``line`` (``x`` not ``self``/``cls``/``super()``) could bind to
    ``func``, a method (its first parameter is the receiver): a call whose arguments ``func`` cannot take
    (too few, too many, an unknown keyword) is another protocol's method of the same name, not a caller of
    the fork's.  #30469: the model protocol's ``embed_input_ids`` stopped falling back to a model's
    ``get_input_embeddings(input_ids)``, while Hugging Face's ``model.get_input_embeddings()`` (no argument)
    is still called by name everywhere.  A call not closed on the line, or spreading ``*``/``**``: could."""
    start = line.find(f".{name}")
    while start >= 0:
        end = start + 1 + len(name)
        receiver = line[:start].rstrip()
        if line[end:].lstrip().startswith("(") and not receiver.endswith(("self", "cls", "super()")):
            call = _call_at(line, line.index("(", end))
            if call is None or _binds(call, func):
                return True
        start = line.find(f".{name}", start + 1)
    return False


def _call_at(line: str, paren: int) -> ast.Call | None:
    """The call whose argument list opens at ``line[paren]``, when it closes on the line and parses."""
    depth = 0
    for i in range(paren, len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            node = parsed_expression(f"f{line[paren : i + 1]}", "<call>")
            return node if isinstance(node, ast.Call) else None
    return None


def _binds(call: ast.Call, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Python's binding rules, on counts and names only: ``call``'s arguments fit ``func``'s parameters
    after the receiver.  A ``*``/``**`` spread binds anything."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return True
    spec = func.args
    positional = [*spec.posonlyargs, *spec.args][1:]
    if len(call.args) > len(positional) and spec.vararg is None:
        return False
    named = {k.arg for k in call.keywords if k.arg}
    takes = {a.arg for a in spec.args[max(0, 1 - len(spec.posonlyargs)) :]} | {a.arg for a in spec.kwonlyargs}
    if spec.kwarg is None and not named <= takes:
        return False
    defaulted = len(spec.defaults)
    required = positional[: len(positional) - defaulted] if defaulted else positional
    missing = [a.arg for a in required[len(call.args) :] if a.arg not in named]
    kw_required = [a.arg for a, d in zip(spec.kwonlyargs, spec.kw_defaults, strict=True) if d is None]
    return not missing and all(k in named for k in kw_required)
