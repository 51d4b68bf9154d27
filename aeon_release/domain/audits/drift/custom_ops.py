"""Custom ops called by name, ``torch.ops.<namespace>.<op>(...)``, as calls of a definition.

Such a call names no Python symbol: the op is defined by a schema string, in C++
(``ops.def("rms_norm(Tensor! out, Tensor input, Tensor weight, float epsilon) -> ()")``) or in Python
(``lib.define(...)``), or by a Python function registered as an op (``op_name="x", op_func=x`` given
to a registering call, ``@custom_op("ns::x")``).  Upstream reorders same-typed parameters of a schema,
removes one in front of an optional one, or changes a default: the fork's positional call still binds
and the kernel gets other arguments than it did, silently.

Pure: texts in, each op's parameters out as a ``def`` (``def rms_norm(out, input, weight, epsilon):
pass``), so that a call is checked against them as against any function.
"""

from __future__ import annotations

import ast
import keyword
import re
from collections.abc import Iterator

from aeon_release.domain.audits.source import (
    NOT_LITERAL,
    Mentions,
    lazy_pattern,
    literal_value,
    parse_python,
    quiet_parse,
)

# files that can hold a schema string (C/C++/CUDA sources and headers) besides Python's
SCHEMA_SOURCES = (".cpp", ".cc", ".cxx", ".cu", ".cuh", ".h", ".hpp")
# a schema given to ``X.def(`` / ``define(``: adjacent string literals (C and Python join them)
_DEFINED = lazy_pattern(r"""(?:\.def|\bdefine)\s*\(\s*((?:[rRuU]?"(?:[^"\\\n]|\\.)*"\s*)+)""")
_LITERAL = lazy_pattern(r'"((?:[^"\\\n]|\\.)*)"')
# ``ns::name(params) -> returns`` (an overload, ``name.out(...)``, is another op: not read)
_SCHEMA = lazy_pattern(r"\s*(?:\w+::)?([A-Za-z_]\w*)\s*\((.*)\)\s*->", re.DOTALL)
_OP_NAME, _OP_FUNC = "op_name", "op_func"
_DECORATOR = "custom_op"


def called_op(func: ast.expr) -> str | None:
    """``torch.ops.ns.name`` (or ``torch.ops.ns.name.default``, its default overload) -> name."""
    parts: list[str] = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return None
    parts = [func.id, *reversed(parts)]
    if len(parts) >= 4 and parts[-3] == "ops":
        return parts[-1]
    if len(parts) >= 5 and parts[-4] == "ops" and parts[-1] == "default":
        return parts[-2]
    return None


# an op named by string where a list of ops holds it: ``"_C::gptq_marlin_gemm"`` (a schema's namespace), or
# ``"ns.unified_attention"`` (a compilation config's splitting ops); ``.default``, its default overload
_NAMED_OP = lazy_pattern(r"^[A-Za-z_]\w*(?:::|\.)([A-Za-z_]\w*)(?:\.default)?$")
_REGISTERED_NAME = lazy_pattern(
    r"""\bop_name\s*=\s*["'](\w+)["']|(?:\b|register_)custom_op\(\s*["'](?:\w+::)?(\w+)["']"""
)


def named_op(text: str) -> str | None:
    """``"ns::name"`` / ``"ns.name"`` (``.default`` too) -> name: how a list of ops names one."""
    match = _NAMED_OP.match(text)
    return match.group(1) if match else None


def defined_op_names(text: str) -> set[str]:
    """Every op name a text defines: a schema given to ``def(``/``define(``, ``op_name="x"``,
    ``custom_op("ns::x")`` (what an op upstream renamed in a file may be called now)."""
    names = {parsed.group(1) for match in _DEFINED.finditer(text) if (parsed := _SCHEMA.match(_joined(match)))}
    return names | {a or b for a, b in _REGISTERED_NAME.findall(text)}


def _joined(match: re.Match[str]) -> str:
    return "".join(_unescape(body) for body in _LITERAL.findall(match.group(1)))


def mentions(names: set[str]) -> Mentions:
    """Which op names of ``names`` a text spells the way a definition would: ``name(`` in a schema,
    ``"name"``/``::name"`` for a registration (a plain word is not enough to read the file)."""
    return Mentions(names, (("", "("), ('"', '"'), ("::", '"')))


def op_definitions(path: str, text: str, names: set[str]) -> dict[str, ast.FunctionDef]:
    """The ops of ``names`` that ``text`` defines, each as a ``def`` of its parameters (only the ops
    defined once in the file: two schemas of one name are platforms' alternatives, not knowable here)."""
    found: dict[str, list[ast.FunctionDef]] = {}
    for name, node in _schemas(text, names):
        found.setdefault(name, []).append(node)
    if path.endswith(".py") and any(f'"{n}"' in text or f'::{n}"' in text for n in names):
        module = parse_python(text, path)  # capped, as every parse of the tree's modules is
        for name, node in _registered(module, names) if module is not None else ():
            found.setdefault(name, []).append(node)
    return {name: nodes[0] for name, nodes in found.items() if len(nodes) == 1}


def _schemas(text: str, names: set[str]) -> Iterator[tuple[str, ast.FunctionDef]]:
    """Each schema of ``names`` as a ``def``; a name's third and later schemas are not made into one (two
    already rule it out).  Lines are counted on from the last match: counted from the top for each,
    10,000 ``ops.def`` lines of one name took 5 s, 100,000 (a 10 MB file) eight minutes."""
    line, counted = 1, 0
    seen: dict[str, int] = {}
    for match in _DEFINED.finditer(text):
        schema = "".join(_unescape(body) for body in _LITERAL.findall(match.group(1)))
        parsed = _SCHEMA.match(schema)
        if parsed is None or parsed.group(1) not in names:
            continue
        name = parsed.group(1)
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 2:
            continue
        line += text.count("\n", counted, match.start())
        counted = match.start()
        node = _as_def(name, parsed.group(2), line)
        if node is not None:
            yield name, node


def _unescape(body: str) -> str:
    return re.sub(r"\\(.)", r"\1", body)


def _as_def(name: str, params: str, line: int) -> ast.FunctionDef | None:
    """A schema's parameter list as ``def name(a, b=default, *, c): pass``; None when it cannot be one
    (a parameter named like a Python keyword, a default Python cannot spell)."""
    parts: list[str] = []
    for param in _split(params):
        if param == "*":
            parts.append("*")
            continue
        read = _param(param)
        if read is None or keyword.iskeyword(read[0]):
            return None
        name, default = read
        parts.append(name if default is None else f"{name}={_default(default)}")
    try:
        module = quiet_parse(f"def {name}({', '.join(parts)}):\n    pass\n")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    node = module.body[0]
    assert isinstance(node, ast.FunctionDef)
    for child in ast.walk(node):
        if isinstance(child, (ast.stmt, ast.expr, ast.arg)):
            child.lineno, child.end_lineno = line, line
    return node


def _param(param: str) -> tuple[str, str | None] | None:
    """``TYPE NAME`` or ``TYPE NAME=DEFAULT`` -> (NAME, DEFAULT or None); None when it is neither.  Read
    by hand, in one pass: a regular expression of it (a lazy type, then the name, then an optional
    default) backtracked cubically, and a schema with 8,000 spaces in one parameter took 10 s."""
    head, equals, default = param.partition("=")  # a type or a name holds no "="
    head, default = head.rstrip(), default.strip()
    if equals and not default:
        return None
    start = len(head)
    while start > 0 and (head[start - 1].isalnum() or head[start - 1] == "_"):
        start -= 1
    name = head[start:]
    if not name or not (name[0].isascii() and (name[0].isalpha() or name[0] == "_")) or not head[:start].strip():
        return None
    return name, default if equals else None


def _default(text: str) -> str:
    """A schema default as Python spells it (``True``, ``1e-5``, ``"auto"``, ``None``, ``[]``); what is
    not a Python literal stays unknown (a name no default comparison takes for a value)."""
    return "_unknown_default" if literal_value(text) is NOT_LITERAL else text


def _split(params: str) -> list[str]:
    """Top-level commas only: ``Tensor(a!) out, int[2] stride`` -> two parameters."""
    out: list[str] = []
    current: list[str] = []
    depth = 0
    for char in params:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if char == "," and depth == 0:
            out.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    if "".join(current).strip():
        out.append("".join(current).strip())
    return out


def _registered(module: ast.Module, names: set[str]) -> Iterator[tuple[str, ast.FunctionDef]]:
    """Python functions registered as ops of ``names``: ``register(op_name="x", op_func=f, ...)`` and
    ``@custom_op("ns::x", ...)`` (a schema string in Python is read as in C++)."""
    functions = {
        node.name: node
        for node in ast.walk(module)
        if isinstance(node, ast.FunctionDef) and node.col_offset == 0  # the module's own functions
    }
    for node in ast.walk(module):
        if isinstance(node, ast.Call):
            op, func = _name_and_func(node)
            if (
                isinstance(op, ast.Constant)
                and op.value in names
                and isinstance(func, ast.Name)
                and func.id in functions
            ):
                yield str(op.value), functions[func.id]
        elif isinstance(node, ast.FunctionDef):
            for dec in node.decorator_list:
                target = dec.func if isinstance(dec, ast.Call) else None
                last = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
                first = dec.args[0] if isinstance(dec, ast.Call) and dec.args else None
                if last == _DECORATOR and isinstance(first, ast.Constant) and isinstance(first.value, str):
                    op_name = first.value.rsplit("::", 1)[-1]
                    if op_name in names:
                        yield op_name, node


def _name_and_func(call: ast.Call) -> tuple[ast.expr | None, ast.expr | None]:
    """The op name and function a registering call gives: ``op_name=``/``op_func=`` to any call, or the
    first two positionals of a ``..._register_custom_op("x", f, ...)`` (#49621 dropped such a positional
    registration, ``direct_register_custom_op("triton_per_token_group_quant_fp8", _impl, ...)``)."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    op, func = keywords.get(_OP_NAME), keywords.get(_OP_FUNC)
    callee = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if callee.endswith(_POSITIONAL_REGISTRAR):
        op = op if op is not None else (call.args[0] if call.args else None)
        func = func if func is not None else (call.args[1] if len(call.args) > 1 else None)
    return op, func


_POSITIONAL_REGISTRAR = "register_custom_op"
