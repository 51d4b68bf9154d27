from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from aeon_release.adapters.yamlio import Where, integer
from aeon_release.domain.audits.kinds.base import Context, Example, string_list
from aeon_release.domain.audits.model import Finding, Rule, Scope
from aeon_release.domain.audits.source import int_value, str_value

# One entry per path: the lines of its `+ c` / `- c` steps -> the offset they add up to.
Offsets = dict[tuple[int, ...], int]
Env = dict[str, Offsets]
_PASS_THROUGH = frozenset({"tuple", "list", "sorted", "set", "reversed", "iter", "frozenset"})


@dataclass(frozen=True)
class LayerOffsetOptions:
    functions: tuple[str, ...]
    sources: tuple[str, ...]
    expected: int
    sinks: tuple[str, ...] = ()  # empty: the function's return values


class LayerOffset:
    """The net constant offset between configured layer ids and the ids a function returns must be fixed.

    Values read from ``sources`` (a ``.get("key")``, ``getattr(x, "key")``, ``x["key"]`` or
    ``x.key``) are followed through assignments, comprehensions, ``tuple()``/``list()`` and
    branches; every ``+ c``/``- c`` on the way adds up.  Every path that reaches a ``return`` must
    add exactly ``expected``: a ``+1`` applied twice (upstream's and the fork's) gives +2, a fork
    ``aux + 1`` meeting an upstream ``aux - 1`` gives 0.  See upstream PR 40727.  With ``sinks``
    the values checked are those stored under those keys (``cfg["key"] = v``, ``{"key": v}``,
    ``obj.key = v``, ``f(key=v)``) instead of the returned ones.
    """

    name: str = "layer-offset"
    scope: Scope = Scope.TREE
    required: tuple[str, ...] = ("functions", "sources", "expected")
    optional: tuple[str, ...] = ("sinks",)
    default_paths: tuple[str, ...] | None = None
    _rule = {"paths": ["runner.py"], "functions": ["Runner.aux_layers"], "sources": ["target_layer_ids"], "expected": 1}
    _ok = (
        "class Runner:\n"
        "    def aux_layers(self, hf_config):\n"
        "        layer_ids = getattr(hf_config, 'eagle_aux_hidden_state_layer_ids', None)\n"
        "        if not layer_ids:\n"
        "            dflash_config = getattr(hf_config, 'dflash_config', None)\n"
        "            if dflash_config:\n"
        "                layer_ids = [i + 1 for i in (dflash_config.get('target_layer_ids') or [])]\n"
        "        if layer_ids:\n"
        "            return tuple(layer_ids)\n"
        "        return None\n"
    )
    _twice = _ok.replace(
        "        if layer_ids:\n            return tuple(layer_ids)\n",
        "        if layer_ids:\n            # the fork's own DFlash shift\n            return tuple(x + 1 for x in layer_ids)\n",
    )
    _minus = _ok.replace("[i + 1 for i in", "[i - 1 for i in").replace(
        "return tuple(layer_ids)", "return tuple(a + 1 for a in layer_ids)"
    )
    _guarded = (
        "class Runner:\n"
        "    def aux_layers(self, hf_config):\n"
        "        layer_ids = getattr(hf_config, 'eagle_aux_hidden_state_layer_ids', None)\n"
        "        dflash_config = getattr(hf_config, 'dflash_config', None)\n"
        "        if not layer_ids and dflash_config:\n"
        "            layer_ids = dflash_config.get('target_layer_ids')\n"
        "        # the fork's shift, behind a condition the analysis cannot correlate with the one above\n"
        "        if dflash_config and layer_ids and not getattr(hf_config, 'eagle_aux_hidden_state_layer_ids', None):\n"
        "            layer_ids = [i + 1 for i in layer_ids]\n"
        "        return tuple(layer_ids or ())\n"
    )
    valid: tuple[Example, ...] = (
        Example({"runner.py": _ok}, _rule),
        Example({"runner.py": _guarded}, _rule),
        Example(
            {
                "runner.py": _ok.replace(
                    "[i + 1 for i in (dflash_config.get('target_layer_ids') or [])]",
                    "list(map(lambda i: i + 1, dflash_config.get('target_layer_ids') or []))",
                )
            },
            _rule,
        ),
    )
    invalid: tuple[Example, ...] = (
        Example({"runner.py": _twice}, _rule, (("runner.py", 10),)),
        Example({"runner.py": _minus}, _rule, (("runner.py", 9),)),
        Example(
            {
                "runner.py": _guarded.replace(
                    "dflash_config.get('target_layer_ids')", "[i + 1 for i in dflash_config.get('target_layer_ids')]"
                )
            },
            _rule,
            (("runner.py", 9),),
        ),
        Example(
            {"runner.py": _twice.replace("tuple(x + 1 for x in layer_ids)", "tuple(map(lambda x: x + 1, layer_ids))")},
            _rule,
            (("runner.py", 10),),
        ),
        Example({"runner.py": _ok.replace("'target_layer_ids'", "'layer_ids'")}, _rule, (("runner.py", 2),)),
        Example(
            {
                "algos.py": "def update(cfg, out):\n    aux = cfg['aux_ids']\n    out['eagle_ids'] = aux\n"
                "    out['draft'] = {'target_layer_ids': [i + 1 for i in aux]}\n"
            },
            {
                "paths": ["algos.py"],
                "functions": ["update"],
                "sources": ["aux_ids"],
                "sinks": ["target_layer_ids"],
                "expected": -1,
            },
            (("algos.py", 4),),
        ),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> LayerOffsetOptions:
        return LayerOffsetOptions(
            string_list(data["functions"], where.key("functions")),
            string_list(data["sources"], where.key("sources")),
            integer(data["expected"], where.key("expected"), minimum=-1000),
            string_list(data["sinks"], where.key("sinks")) if "sinks" in data else (),
        )

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: LayerOffsetOptions = rule.options
        for path in rule.paths:
            for function in opts.functions:
                defs = ctx.functions(rule, path, function)
                if isinstance(defs, Finding):
                    yield defs
                    continue
                for node in defs:
                    yield from _check_function(rule, opts, path, node, function)


def _check_function(
    rule: Rule, opts: LayerOffsetOptions, path: str, node: ast.FunctionDef | ast.AsyncFunctionDef, function: str
) -> Iterator[Finding]:
    flow = _Flow(frozenset(opts.sources), frozenset(opts.sinks))
    flow.block(node.body, {})
    if not flow.returned:
        where = f"a store to {', '.join(opts.sinks)}" if opts.sinks else "a return"
        yield rule.finding(
            path, node.lineno, f"no value read from {', '.join(opts.sources)} reaches {where} in {function}"
        )
    wrong: dict[int, tuple[int, ...]] = {}
    for lines, offset in sorted(_feasible(flow.returned).items()):
        if offset != opts.expected:
            wrong.setdefault(offset, lines)
    for offset, lines in sorted(wrong.items()):
        steps = f"; steps at lines {', '.join(map(str, lines))}" if lines else ""
        yield rule.finding(
            path,
            lines[-1] if lines else node.lineno,
            f"{function} returns layer id {_signed(offset)} (expected {_signed(opts.expected)}){steps}",
        )


def _feasible(paths: Offsets) -> Offsets:
    """Drop paths that only skip a step another path takes.

    The analysis does not correlate conditions, so ``if dflash and ids: ids = [i + 1 ...]`` also
    yields a path that bypasses the shift though that path cannot carry DFlash ids.  A path whose
    steps are a strict subset of another path's steps is taken to be such a bypass.
    """
    steps = {lines: set(lines) for lines in paths}
    return {
        lines: offset
        for lines, offset in paths.items()
        if not any(steps[lines] < other for key, other in steps.items() if key != lines)
    }


def _signed(offset: int) -> str:
    return f"i{offset:+d}" if offset else "i+0"


def _union(*parts: Offsets) -> Offsets:
    result: Offsets = {}
    for part in parts:
        result.update(part)
    return result


def _join(a: Env, b: Env) -> Env:
    return {name: _union(a.get(name, {}), b.get(name, {})) for name in a.keys() | b.keys()}


class _Flow:
    """A small abstract interpreter: which constant offsets each variable carries from the sources."""

    def __init__(self, sources: frozenset[str], sinks: frozenset[str] = frozenset()) -> None:
        self.sources = sources
        self.sinks = sinks
        self.returned: Offsets = {}  # what reaches the sinks (the returns when no sinks are named)

    def reach(self, value: Offsets) -> None:
        self.returned = _union(self.returned, value)

    # -- statements -----------------------------------------------------------------------------
    def block(self, body: list[ast.stmt], env: Env) -> tuple[Env, bool]:
        """Run a block; return the environment after it and whether it always returns."""
        for stmt in body:
            env, done = self.statement(stmt, env)
            if done:
                return env, True
        return env, False

    def statement(self, stmt: ast.stmt, env: Env) -> tuple[Env, bool]:
        if isinstance(stmt, ast.Return):
            if stmt.value is not None:
                value = self.expr(stmt.value, env)
                if not self.sinks:
                    self.reach(value)
            return env, True
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            value = self.expr(stmt.value, env)
            targets: list[ast.expr] = list(stmt.targets) if isinstance(stmt, ast.Assign) else [stmt.target]
            if any(_store_key(t) in self.sinks for t in targets):
                self.reach(value)
            plain = [t for t in targets if isinstance(t, (ast.Name, ast.Tuple, ast.List))]
            return {**env, **{name: value for name in _names(plain)}}, False
        if isinstance(stmt, ast.Expr):
            self.expr(stmt.value, env)  # for the sinks inside calls and dict literals
            return env, False
        if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
            return {
                **env,
                stmt.target.id: self.expr(ast.BinOp(stmt.target, stmt.op, stmt.value, lineno=stmt.lineno), env),
            }, False
        if isinstance(stmt, ast.If):
            return self.branch(stmt, env)
        return self.compound(stmt, env)

    def branch(self, stmt: ast.If, env: Env) -> tuple[Env, bool]:
        body_env, else_env = dict(env), dict(env)
        # `if x:` / `if not x:`: on the path where x is falsy it is empty, so it carries no offset.
        if isinstance(stmt.test, ast.Name):
            else_env[stmt.test.id] = {}
        elif (
            isinstance(stmt.test, ast.UnaryOp)
            and isinstance(stmt.test.op, ast.Not)
            and isinstance(stmt.test.operand, ast.Name)
        ):
            body_env[stmt.test.operand.id] = {}
        body_env, body_done = self.block(stmt.body, body_env)
        else_env, else_done = self.block(stmt.orelse, else_env)
        if body_done and else_done:
            return env, True
        if body_done or else_done:
            return (else_env if body_done else body_env), False
        return _join(body_env, else_env), False

    def compound(self, stmt: ast.stmt, env: Env) -> tuple[Env, bool]:
        if isinstance(stmt, (ast.For, ast.AsyncFor)):
            inner = {**env, **{n: self.expr(stmt.iter, env) for n in _names([stmt.target])}}
            after, _ = self.block(stmt.body, inner)
            return _join(env, after), False
        if isinstance(stmt, ast.While):
            after, _ = self.block(stmt.body, env)
            return _join(env, after), False
        if isinstance(stmt, (ast.With, ast.AsyncWith)):
            return self.block(stmt.body, env)
        if isinstance(stmt, ast.Try):
            after, done = self.block(stmt.body, env)
            for handler in stmt.handlers:
                handled, _ = self.block(handler.body, env)
                after = _join(after, handled)
            return self.block(stmt.finalbody, after)[0], done and not stmt.handlers
        return env, False

    # -- expressions ----------------------------------------------------------------------------
    def expr(self, node: ast.expr, env: Env) -> Offsets:
        if self._is_source(node):
            return {(): 0}
        if isinstance(node, ast.Name):
            return env.get(node.id, {})
        if isinstance(node, ast.BinOp):
            return self.binop(node, env)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            inner = dict(env)
            for gen in node.generators:
                inner.update({n: self.expr(gen.iter, inner) for n in _names([gen.target])})
            return self.expr(node.elt, inner)
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                found = self.expr(value, env)
                if key is not None and str_value(key) in self.sinks:
                    self.reach(found)
            return {}
        if isinstance(node, ast.Call):
            return self.call(node, env)
        if isinstance(node, ast.Subscript):
            return self.expr(node.value, env)
        if isinstance(node, ast.IfExp):
            return _union(self.expr(node.body, env), self.expr(node.orelse, env))
        if isinstance(node, (ast.BoolOp, ast.Tuple, ast.List, ast.Set)):
            parts = node.values if isinstance(node, ast.BoolOp) else node.elts
            return _union(*(self.expr(p, env) for p in parts))
        if isinstance(node, ast.Starred):
            return self.expr(node.value, env)
        return {}

    def call(self, node: ast.Call, env: Env) -> Offsets:
        for keyword in node.keywords:
            found = self.expr(keyword.value, env)
            if keyword.arg in self.sinks:
                self.reach(found)
        args = [self.expr(a, env) for a in node.args]
        if isinstance(node.func, ast.Name) and node.func.id in _PASS_THROUGH:
            return _union(*args)
        if isinstance(node.func, ast.Name) and node.func.id == "map" and len(node.args) == 2:
            return self.mapped(node.args[0], args[1], env)
        return {}

    def mapped(self, function: ast.expr, items: Offsets, env: Env) -> Offsets:
        """``map(lambda i: i + 1, ids)``: the lambda's body with its argument bound to the items."""
        if not isinstance(function, ast.Lambda) or len(function.args.args) != 1:
            return {}
        return self.expr(function.body, {**env, function.args.args[0].arg: items})

    def binop(self, node: ast.BinOp, env: Env) -> Offsets:
        left, right = self.expr(node.left, env), self.expr(node.right, env)
        if isinstance(node.op, (ast.Add, ast.Sub)):
            sign = 1 if isinstance(node.op, ast.Add) else -1
            constant = int_value(node.right)
            if left and constant is not None:
                return {lines + (node.lineno,): o + sign * constant for lines, o in left.items()}
            constant = int_value(node.left)
            if right and constant is not None and sign == 1:
                return {lines + (node.lineno,): o + constant for lines, o in right.items()}
        return _union(left, right)

    def _is_source(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr in self.sources
        if isinstance(node, ast.Subscript):
            return str_value(node.slice) in self.sources
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "get":
                return str_value(node.args[0]) in self.sources
            if isinstance(func, ast.Name) and func.id == "getattr" and len(node.args) >= 2:
                return str_value(node.args[1]) in self.sources
        return False


def _store_key(target: ast.expr) -> str | None:
    if isinstance(target, ast.Subscript):
        return str_value(target.slice)
    if isinstance(target, ast.Attribute):
        return target.attr
    return None


def _names(targets: Sequence[ast.expr]) -> list[str]:
    return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
