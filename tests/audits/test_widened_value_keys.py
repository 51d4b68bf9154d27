"""Widened values (drift/widened_values.py), read-back B: the new keys a widened dict field carries are those
of the display that builds it (``parallel_config={...}``), not every string key another display of upstream's
file gained; a fork skipping the field's one new key stays quiet."""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift import widened_values as wv

OLD = """class Meta:
    parallel_config: dict[str, int | str]


def send(p, on):
    return Meta(parallel_config={"ip": p.ip} if on else {})
"""
NEW = """class Meta:
    parallel_config: dict[str, int | str | list[int]]


def send(p, on):
    log = {"type": "hello"}
    return Meta(parallel_config={"ip": p.ip, "_ports": p.ports} if on else {})
"""
FORK = """def numbers(meta: Meta) -> dict[str, int]:
    out = {}
    for key, value in meta.parallel_config.items():
        if key in ("ip", "_ports"):
            continue
        out[key] = int(value)
    return out
"""


def test_the_keys_are_the_building_displays_only() -> None:
    (item,) = wv._widened("up.py", ast.parse(OLD), ast.parse(NEW))
    assert item.keys == frozenset({"_ports"})
    assert list(wv._conversions(ast.parse(FORK), [item])) == []


def test_a_fork_converting_every_value_still_errors() -> None:
    (item,) = wv._widened("up.py", ast.parse(OLD), ast.parse(NEW))
    fork = FORK.replace('("ip", "_ports")', '("ip",)')
    assert [line for _, line in wv._conversions(ast.parse(fork), [item])] == [6]


COMP = """def numbers(meta: Meta) -> dict[str, int]:
    return {k: (v if k == KEY else int(v)) for k, v in meta.parallel_config.items() if k != "ip"}
"""
SUPPRESSED = """import contextlib


def numbers(meta: Meta) -> dict[str, int]:
    out = {}
    for key, value in meta.parallel_config.items():
        with contextlib.suppress(TypeError, ValueError):
            out[key] = int(value)
    return out
"""


def test_a_conditional_expression_testing_the_key_is_a_key_test() -> None:
    (item,) = wv._widened("up.py", ast.parse(OLD), ast.parse(NEW))
    assert list(wv._conversions(ast.parse(COMP.replace("KEY", '"_ports"')), [item])) == []
    assert [line for _, line in wv._conversions(ast.parse(COMP.replace("KEY", '"other"')), [item])] == [2]


def test_a_conversion_under_suppress_is_guarded() -> None:
    (item,) = wv._widened("up.py", ast.parse(OLD), ast.parse(NEW))
    assert list(wv._conversions(ast.parse(SUPPRESSED), [item])) == []


EXTENDED = """_NOT = ("ip",)
_NOT += ("_ports",)


def numbers(meta: Meta) -> dict[str, int]:
    return {k: int(v) for k, v in meta.parallel_config.items() if k not in _NOT}
"""


def test_a_tuple_extended_by_an_augmented_assignment_names_its_keys() -> None:
    (item,) = wv._widened("up.py", ast.parse(OLD), ast.parse(NEW))
    assert list(wv._conversions(ast.parse(EXTENDED), [item])) == []
    broken = EXTENDED.replace('_NOT += ("_ports",)', '_NOT += ("other",)')
    assert [line for _, line in wv._conversions(ast.parse(broken), [item])] == [6]
