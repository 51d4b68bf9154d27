"""Affixed elements: upstream's function now glues a literal on each string it returns; a fork's exact test of
its own value against them never matches (return drift, a warning).

Shaped like #6446 (4cf256ae7f): ``get_pp_missing_layer_names`` appended ``name + '.'`` where it appended
``name``; a fork's ``layer_name not in get_pp_missing_layer_names(model)`` holds for every layer now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/model_executor/models/utils.py"
UTILS_BASE = """def get_pp_missing_layer_names(model) -> list[str]:
    missing_layer_names = []
    for name, module in model.named_modules():
        if module is None:
            missing_layer_names.append(name)
    return missing_layer_names


def layer_label(name: str) -> str:
    return name


def kept_names(model) -> list[str]:
    return [name for name, _ in model.named_modules()]
"""
UTILS_AFTER = UTILS_BASE.replace("missing_layer_names.append(name)", "missing_layer_names.append(name + '.')").replace(
    "    return name\n", '    return f"layer:{name}"\n'
)
SUBJECT = "[misc][distributed] fix pp missing layer condition (#6446)"
FORK = "vllm/aeon/pp.py"
HEAD = "from vllm.model_executor.models.utils import get_pp_missing_layer_names, kept_names, layer_label\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UTILS_AFTER) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, "vllm/model_executor/models/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {UTILS: upstream})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return [(line, severity, message) for path, line, severity, message in found if path == FORK]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            "def aeon_here(model, layer_name: str) -> bool:\n"
            "    return layer_name not in get_pp_missing_layer_names(model)\n",
            "'.' at its end",
        ),
        (
            "def aeon_local(model) -> list[str]:\n    missing = set(get_pp_missing_layer_names(model))\n"
            "    return [n for n, _ in model.named_modules() if n not in missing]\n",
            "each string it returns",
        ),
        (
            "from vllm.model_executor.models import utils\n\n\n"
            "def aeon_here(model, name: str) -> bool:\n    return name in utils.get_pp_missing_layer_names(model)\n",
            "get_pp_missing_layer_names()",
        ),
        (
            'def aeon_is_head(name: str) -> bool:\n    return layer_label(name) == "lm_head"\n',
            "the string it returns with 'layer:' at its start",
        ),
        # one element indexed and compared exactly (review133): off a name bound once, off the call
        (
            "def aeon_first(model, layer: str) -> bool:\n    missing = get_pp_missing_layer_names(model)\n"
            "    return bool(missing) and missing[0] == layer\n",
            "each string it returns",
        ),
        (
            "def aeon_last(model, layer: str) -> bool:\n    return layer != get_pp_missing_layer_names(model)[-1]\n",
            "each string it returns",
        ),
        (
            "def aeon_first(model, layer: str) -> bool:\n    return sorted(get_pp_missing_layer_names(model))[0] == layer\n",
            "each string it returns",
        ),
    ],
    ids=[
        "not in the call",
        "in a set bound once",
        "off the module",
        "a value compared",
        "an element ==",
        "!= f()[-1]",
        "sorted(f())[0] ==",
    ],
)
def test_an_exact_test_against_affixed_elements_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str, said: str
) -> None:
    [(line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (HEAD.count("\n") + body.count("\n"), "warning")
    assert said in message and "#6446" in message


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # a prefix test: what the dot is for
        (
            "def aeon_here(model, name: str) -> bool:\n"
            "    return not name.startswith(tuple(get_pp_missing_layer_names(model)))\n",
            UTILS_AFTER,
        ),
        # the fork's value spells the affix itself
        (
            "def aeon_here(model, layer: str) -> bool:\n    return layer + '.' not in get_pp_missing_layer_names(model)\n",
            UTILS_AFTER,
        ),
        ('def aeon_here(model) -> bool:\n    return "lm_head." in get_pp_missing_layer_names(model)\n', UTILS_AFTER),
        # a def whose elements kept their spelling
        ("def aeon_here(model, name: str) -> bool:\n    return name in kept_names(model)\n", UTILS_AFTER),
        # upstream changed nothing of the elements
        (
            "def aeon_here(model, layer_name: str) -> bool:\n"
            "    return layer_name not in get_pp_missing_layer_names(model)\n",
            UTILS_BASE + "\n# docs\n",
        ),
        # the fork's own function of the name
        (
            "def get_pp_missing_layer_names(model) -> list[str]:\n    return []\n\n\n"
            "def aeon_here(model, layer_name: str) -> bool:\n"
            "    return layer_name not in get_pp_missing_layer_names(model)\n",
            UTILS_AFTER,
        ),
        # an indexed element compared with a value spelling the dot (review133)
        (
            "def aeon_first(model, layer: str) -> bool:\n    return get_pp_missing_layer_names(model)[0] == layer + '.'\n",
            UTILS_AFTER,
        ),
    ],
    ids=[
        "prefix test",
        "name + '.'",
        "a literal with the dot",
        "kept elements",
        "unchanged",
        "own function",
        "element ==",
    ],
)
def test_affixed_element_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []


def test_an_affix_read_off_the_def() -> None:
    import ast

    from aeon_release.domain.audits.drift.affixed_elements import _affix_of

    old = ast.parse("def f(xs):\n    out = []\n    for x in xs:\n        out.append(x)\n    return out\n").body[0]
    new = ast.parse("def f(xs):\n    out = []\n    for x in xs:\n        out.append(f'{x}/')\n    return out\n").body[0]
    assert isinstance(old, ast.FunctionDef) and isinstance(new, ast.FunctionDef)
    hit = _affix_of(old, new, "m.py")
    assert hit is not None and (hit.affix, hit.end, hit.element) == ("/", "suffix", True)
    # an element changed another way besides: no one affix
    other = ast.parse("def f(xs):\n    out = []\n    for x in xs:\n        out.append(x.upper())\n    return out\n")
    assert isinstance(other.body[0], ast.FunctionDef) and _affix_of(old, other.body[0], "m.py") is None
