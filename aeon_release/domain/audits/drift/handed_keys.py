"""Handed keys: a keyword upstream's own call of a method now passes, which the base takes (in its
``**kwargs`` or by name) and a fork override does not take.

The base's signature is unchanged (``def hook(cls, *args, **kwargs)``), so no signature check sees the
change; only the caller moved.  #31942: ``set_forward_context`` now hands
``current_platform.set_additional_forward_context`` ``dp_metadata=``; ``Platform``'s hook takes
``*args, **kwargs`` and returns ``{}``, a fork platform's override names each keyword it was handed, and
every forward raises TypeError on the fork's platform.

Evidence, all of it needed: the call is upstream's (a served file that existed at the merge base), the key
is on a line upstream added, no call of the method in that file's merge-base version passed it, and the
call without the new keys binds to the override (the override matched that very call before the change).

A call may hand its keywords through ``**{...}`` or ``**name``, a dict the calling function builds as a literal (killers189,
#26135: ``FusedMoE.__init__`` builds ``moe_quant_params = {"num_experts": ..., ...}`` and calls
``self.quant_method.create_weights(layer=self, **moe_quant_params)``; upstream added
``"global_num_experts": ...`` to the literal, and a fork method's ``create_weights`` naming each parameter
without ``**extra_weight_attrs`` raises TypeError).  The dict's keys count as keywords when the function binds
the name once, to a literal with string keys (or ``dict(k=...)``), and otherwise only stores string keys into it
(``name["k"] = v``, a store under an ``if`` left out: it is not always handed) before spreading it; any other use
of the name (``.update``, handing it elsewhere) leaves the spread unread, as before.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift.signatures import Sig, call_problem


def method_calls(tree: ast.AST, name: str) -> Iterator[ast.Call]:
    """Calls of ``.name(...)`` on a receiver, ``super()`` hand-ons left out (an override's own, not a caller)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name:
            receiver = node.func.value
            if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super":
                continue
            if isinstance(receiver, ast.Name) and receiver.id[:1].isupper():
                continue  # ``Platform.hook(...)``: the base class's own method, never a fork override
            yield node


def keywords_passed(tree: ast.AST, name: str) -> set[str]:
    """Every keyword any call of ``.name(...)`` in ``tree`` passes (a built dict's keys too)."""
    functions = _functions(tree)
    return {
        k.arg
        for call in method_calls(tree, name)
        for k in (_spread_read(functions, call) or call).keywords
        if k.arg is not None
    }


def handed(before: ast.AST, after: ast.AST, name: str, added: frozenset[str]) -> list[tuple[ast.Call, list[str]]]:
    """(call, the keys it newly passes) for each call of ``.name(...)`` in ``after`` passing a key no call
    in ``before`` passed, on a line upstream added (``added``: stripped lines).  A call spreading a dict its
    function builds is returned with the dict's keys as its keywords."""
    passed = keywords_passed(before, name)
    found = []
    probed = _probed_calls(after)
    functions = _functions(after)
    for written in method_calls(after, name):
        call = _spread_read(functions, _unforwarded(functions, written)) or _unforwarded(functions, written)
        if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
            continue  # what a spread hands on is not shown here
        new = [k.arg for k in call.keywords if k.arg is not None and k.arg not in passed and _on_added(k, added)]
        if new and not any(_asks(probed.get(id(written), ()), key) for key in new):
            found.append((call, new))
    return found


def _unforwarded(functions: list[ast.FunctionDef | ast.AsyncFunctionDef], call: ast.Call) -> ast.Call:
    """``call`` without a ``**kw`` spread of its function's own ``**kw`` parameter: what the function's callers
    hand on, empty for the calls the override matched, and no reason to doubt the keys handed by name
    (killers196, #29872: ``get_config`` now calls ``config_parser.parse(..., hf_overrides=..., **kwargs)``)."""
    around = [f for f in functions if f.lineno <= call.lineno <= (f.end_lineno or f.lineno)]
    function = max(around, key=lambda f: f.lineno) if around else None  # the innermost
    kwarg = function.args.kwarg.arg if function is not None and function.args.kwarg is not None else None
    kept = [k for k in call.keywords if not (k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwarg)]
    if kwarg is None or len(kept) == len(call.keywords):
        return call
    return ast.copy_location(ast.Call(call.func, call.args, kept), call)


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _spread_read(functions: list[ast.FunctionDef | ast.AsyncFunctionDef], call: ast.Call) -> ast.Call | None:
    """``call`` with each ``**name`` replaced by the keywords of the dict its function builds (see the module's
    docstring); None when it spreads nothing, or a dict the function does not build that way."""
    spreads = [k.value for k in call.keywords if k.arg is None]
    if not spreads:
        return None
    around = [f for f in functions if f.lineno <= call.lineno <= (f.end_lineno or f.lineno)]
    function = max(around, key=lambda f: f.lineno) if around else None  # the innermost
    keywords = [k for k in call.keywords if k.arg is not None]
    for spread in spreads:
        # ``**{"k": v}`` written in the call, or ``**name`` built by the function
        built = _literal_keys(spread) if isinstance(spread, ast.Dict) else None
        if isinstance(spread, ast.Name) and function is not None:
            built = _built_dict(function, spread.id, spread)
        if built is None:
            return None
        keywords += built
    return ast.copy_location(ast.Call(call.func, call.args, keywords), call)


def _built_dict(function: ast.AST, name: str, spread: ast.Name) -> list[ast.keyword] | None:
    """The keywords a dict ``name`` holds when spread at ``spread``: bound once in ``function`` to a literal
    with string keys or ``dict(k=...)``, then only given string keys (``name["k"] = v``) in the statements
    beside that binding, before the call; None for any other use of the name."""
    uses = [n for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == name and n is not spread]
    binds = [n for n in ast.walk(function) if isinstance(n, ast.Assign | ast.AnnAssign) and _binds(n, name)]
    value = binds[0].value if len(binds) == 1 else None
    if value is None or _literal_keys(value) is None:
        return None
    keys = _literal_keys(value) or []
    beside = _statements_beside(function, binds[0])
    stores = [n for n in ast.walk(function) if isinstance(n, ast.Assign) and _key_store(n, name) is not None]
    if len(uses) != 1 + len(stores):
        return None  # read, updated or handed on elsewhere: what it holds is not shown here
    for store in stores:
        # a store under an ``if`` is not always handed, one after the call never was (readE): left out
        if store in beside and store.lineno < spread.lineno:
            key = _key_store(store, name)
            assert key is not None
            keys.append(ast.copy_location(ast.keyword(arg=key, value=store.value), store))
    return keys


def _binds(node: ast.Assign | ast.AnnAssign, name: str) -> bool:
    """``name = ...``, or ``name: T = ...`` (mend69: upstream's ``routed_experts.py`` now annotates its
    ``moe_quant_params: dict[str, Any]``); a bare ``name: T`` binds nothing."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if node.value is not None else []
    return len(targets) == 1 and isinstance(targets[0], ast.Name) and targets[0].id == name


def _literal_keys(value: ast.expr) -> list[ast.keyword] | None:
    """The keywords a dict literal with string keys (or ``dict(k=...)``) spells; None for anything else."""
    if isinstance(value, ast.Dict):
        keys = [k.value if isinstance(k, ast.Constant) else None for k in value.keys]
        if not all(isinstance(k, str) and k.isidentifier() for k in keys):
            return None
        return [ast.copy_location(ast.keyword(arg=str(k), value=v), v) for k, v in zip(keys, value.values, strict=True)]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" and not value.args:
        return None if any(k.arg is None for k in value.keywords) else list(value.keywords)
    return None


def _key_store(node: ast.Assign, name: str) -> str | None:
    """``k`` of ``name["k"] = v``."""
    target = node.targets[0] if len(node.targets) == 1 else None
    if not (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == name):
        return None
    key = target.slice
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None


def _statements_beside(function: ast.AST, stmt: ast.stmt) -> list[ast.stmt]:
    """The statement list that holds ``stmt``."""
    for node in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and stmt in block:
                return block
    return []


_PROBES = ("signature", "supports_kw", "hasattr", "getfullargspec", "co_varnames")


def _probed_calls(tree: ast.AST) -> dict[int, list[str]]:
    """id(call) -> the texts of the ``if`` tests (and conditional expressions) around it."""
    tests: dict[int, list[str]] = {}

    def visit(node: ast.AST, around: list[str]) -> None:
        if isinstance(node, ast.Call):
            tests[id(node)] = around
        for child in ast.iter_child_nodes(node):
            inner = around
            if isinstance(node, (ast.If, ast.IfExp, ast.While)) and child is not node.test:
                inner = [*around, ast.unparse(node.test)]
            visit(child, inner)

    visit(tree, [])
    return tests


def _asks(tests: list[str] | tuple[()], key: str) -> bool:
    """A test around the call asks whether the hook takes the key (``"dp_metadata" in
    inspect.signature(hook).parameters``, ``supports_kw(hook, "dp_metadata")``): upstream hands the key only
    to a hook that takes it, and a fork override without it gets the call without it."""
    return any(key in test and any(probe in test for probe in _PROBES) for test in tests)


def _on_added(keyword: ast.keyword, added: frozenset[str]) -> bool:
    """An added line starts with the keyword (``dp_metadata=dp_metadata,``) or holds it (a one-line call), or,
    for a built dict's key, quotes it as a key (``"global_num_experts": n,``, ``params["k"] = v``)."""
    spelled = f"{keyword.arg}="
    quoted = (f'"{keyword.arg}":', f"'{keyword.arg}':", f'["{keyword.arg}"]', f"['{keyword.arg}']")
    return any(
        line.startswith(spelled) or f"({spelled}" in line or f", {spelled}" in line or any(q in line for q in quoted)
        for line in added
    )


def refused(call: ast.Call, new: list[str], mine: Sig, base: Sig) -> list[str]:
    """The keys of ``new`` the override ``mine`` refuses, where the base takes them (by name, or in its
    ``**kwargs``: #42694's ``reset_connector``, a parameter the base had named a release before) and the call
    without them binds to the override; empty otherwise."""
    named = {*base.positional[base.posonly :], *base.kwonly}
    if mine.varkw or not all(base.varkw or key in named for key in new):
        return []
    kept = ast.Call(call.func, call.args, [k for k in call.keywords if k.arg not in new])
    if call_problem(kept, mine) is not None:
        return []  # the override never matched this call: another method of the name, or a deliberate difference
    taken = {*mine.positional[mine.posonly :], *mine.kwonly}
    return [key for key in new if key not in taken]


def self_call_home(classes: dict[str, ast.ClassDef], call: ast.Call) -> tuple[str, str] | None:
    """(class qualname, method name) of the method whose body holds the call ``self.name(...)``; None for
    another receiver or a call outside a class's method."""
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    if not (isinstance(receiver, ast.Name) and receiver.id == "self"):
        return None
    around = [(node.lineno, qual, node) for qual, node in classes.items() if _holds(node, call)]
    if not around:
        return None
    _, qual, cls = max(around, key=lambda item: item[0])  # the innermost class
    method = next((stmt.name for stmt in _defs(cls) if _holds(stmt, call)), None)
    return (qual, method) if method is not None else None


def attribute_call_home(classes: dict[str, ast.ClassDef], call: ast.Call) -> str | None:
    """The qualname of the innermost class whose body holds the call (``self.attr.name(...)`` in a method)."""
    around = [(node.lineno, qual) for qual, node in classes.items() if _holds(node, call)]
    return max(around)[1] if around else None


def local_type(tree: ast.AST, call: ast.Call, name: str) -> ast.expr | None:
    """What types the local ``name`` a call's receiver is, in the innermost function holding the call: its
    parameter's annotation, its one annotated binding's annotation, or the callee of the one call it is bound
    to (``parser = get_parser(fmt)``: a factory whose return annotation names the class); None when it is
    bound otherwise or more than once (a loop, a branch of either kind)."""
    funcs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and _holds(n, call)]
    if not funcs:
        return None
    func = max(funcs, key=lambda n: n.lineno)
    args = func.args
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if arg.arg == name:
            return arg.annotation
    bound = [node for node in ast.walk(func) if _binds_name(node, name)]
    if len(bound) != 1:
        return None
    node = bound[0]
    if isinstance(node, ast.AnnAssign):
        return node.annotation
    value = node.value if isinstance(node, ast.Assign) else None
    return value.func if isinstance(value, ast.Call) else None


def _binds_name(node: ast.AST, name: str) -> bool:
    """The node binds ``name``: an assignment's target, a loop's, a ``with``'s, a walrus, an import."""
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == name for t in node.targets) or any(
            isinstance(e, ast.Name) and e.id == name
            for t in node.targets
            if isinstance(t, ast.Tuple | ast.List)
            for e in t.elts
        )
    if isinstance(node, ast.AnnAssign | ast.AugAssign | ast.For | ast.AsyncFor | ast.NamedExpr):
        return isinstance(node.target, ast.Name) and node.target.id == name
    if isinstance(node, ast.withitem):
        return isinstance(node.optional_vars, ast.Name) and node.optional_vars.id == name
    return False


def overridden_whole(fork: ast.ClassDef, method: str) -> bool:
    """The fork class defines ``method`` itself and never hands on to ``super().method(...)``: upstream's
    body of it never runs on the fork's class."""
    mine = next((stmt for stmt in _defs(fork) if stmt.name == method), None)
    if mine is None:
        return False
    return not any(
        isinstance(node, ast.Attribute) and node.attr == method and _is_super(node.value) for node in ast.walk(mine)
    )


def own_defs(cls: ast.ClassDef, method: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The class's own definitions of ``method`` (its body's, not a base's)."""
    return [stmt for stmt in _defs(cls) if stmt.name == method]


def _defs(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [stmt for stmt in cls.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _is_super(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _holds(node: ast.stmt, call: ast.Call) -> bool:
    return node.lineno <= call.lineno <= (node.end_lineno or node.lineno)
