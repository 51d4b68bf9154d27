"""The string keys a module keeps for itself: the keys it writes into a mapping, the keys it asks about
before reading, the keyword keys it builds a mapping from, and the lines a ``try`` makes safe from a
missing key.  A read of a key a TypedDict lost upstream is the fork's own (quiet) when the module fills
the key or guards the read.  Computed once per module: a module with many subscript reads would walk its
tree once per read otherwise."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

# a handler of one of these catches the KeyError of a missing key
_KEY_ERRORS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})


@dataclass
class KeptKeys:
    written: set[str] = field(default_factory=set)  # x[k] = v, setdefault, update, |=, {k: v}, dict(k=v)
    built: dict[str, set[str]] = field(default_factory=dict)  # a callee's last name -> its keyword keys
    guarded: set[int] = field(default_factory=set)  # lines in a try whose handler catches KeyError

    def keeps(self, key: str, line: int, typed_dict: str) -> bool:
        """The module fills ``key`` (itself, or by calling the TypedDict ``typed_dict`` with it) or reads
        it where a missing key is caught."""
        return key in self.written or key in self.built.get(typed_dict, ()) or line in self.guarded


def kept_keys(tree: ast.AST) -> KeptKeys:
    kept = KeptKeys()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            kept.written |= _texts([node.slice])
        elif isinstance(node, ast.Dict):  # a display: inputs: TokenInputs = {"prompt": text}
            kept.written |= _texts(node.keys)
        elif isinstance(node, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops):
            kept.written |= _texts([node.left])  # ``if "prompt" in inputs:``
        elif isinstance(node, ast.Call):
            _call(kept, node)
        elif isinstance(node, ast.Try) and any(_catches_key_error(h.type) for h in node.handlers):
            kept.guarded |= {line for stmt in node.body for line in range(stmt.lineno, (stmt.end_lineno or 0) + 1)}
    return kept


def _call(kept: KeptKeys, call: ast.Call) -> None:
    func, keywords = call.func, {k.arg for k in call.keywords if k.arg is not None}
    if isinstance(func, ast.Attribute) and func.attr == "setdefault" and call.args:
        kept.written |= _texts(call.args[:1])
    elif isinstance(func, ast.Attribute) and func.attr == "update":
        kept.written |= keywords
    elif isinstance(func, ast.Name) and func.id == "dict":
        kept.written |= keywords
    elif isinstance(func, ast.Name | ast.Attribute):
        name = func.id if isinstance(func, ast.Name) else func.attr
        kept.built.setdefault(name, set()).update(keywords)  # TokenInputs(prompt=text)


def _catches_key_error(caught: ast.expr | None) -> bool:
    classes = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return any(c is None or ast.unparse(c).rsplit(".", 1)[-1] in _KEY_ERRORS for c in classes)


def _texts(nodes: list[ast.expr | None] | list[ast.expr]) -> set[str]:
    return {n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)}
