"""Made dataclass drift: a fork's ``make_dataclass`` subclass adds a field without a default behind a defaulted
field upstream gave the base.

Shaped like #21270 (1cd6eaba54), which gave ``CommonAttentionMetadata`` its first defaulted field
(``causal: bool = True``): a fork's ``make_dataclass("AeonSpecMetadata", [("draft_token_ids", torch.Tensor)],
bases=(CommonAttentionMetadata,))`` merges cleanly and raises TypeError when its module is imported.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/v1/attention/backends/utils.py"
UTILS_BASE = """from dataclasses import KW_ONLY, dataclass, field

import torch


@dataclass
class CommonAttentionMetadata:
    query_start_loc: torch.Tensor
    seq_lens: torch.Tensor
    num_reqs: int


@dataclass
class Settled:
    a: int
    b: int = 0


@dataclass
class KeywordTail:
    a: int
    _: KW_ONLY
    b: int


class Plain:
    a: int
"""
UTILS_UPSTREAM = (
    UTILS_BASE.replace("    num_reqs: int\n", "    num_reqs: int\n\n    causal: bool = True\n")
    .replace("    b: int = 0\n", "    b: int = 0\n    c: int = 1\n")
    .replace("    _: KW_ONLY\n    b: int\n", "    _: KW_ONLY\n    b: int = 2\n")
    .replace("class Plain:\n    a: int\n", "class Plain:\n    a: int\n    z: int = 3\n")
)
SUBJECT = "Support encoder-only models without KV-Cache (#21270)"
HEAD = (
    "import dataclasses\nfrom dataclasses import field, make_dataclass\nfrom typing import ClassVar\n\nimport torch\n\n"
    "from vllm.v1.attention.backends.utils import CommonAttentionMetadata, KeywordTail, Plain, Settled\n\n"
)
BASE = {UTILS: UTILS_BASE, "vllm/v1/attention/backends/__init__.py": "", "vllm/v1/attention/__init__.py": ""}

ERRORS = {
    "pair": 'A = make_dataclass(\n    "A",\n    [("draft", torch.Tensor)],\n    bases=(CommonAttentionMetadata,),\n)\n',
    "bare name": 'A = dataclasses.make_dataclass("A", ["draft"], bases=(CommonAttentionMetadata,))\n',
    "field()": 'A = make_dataclass("A", [("d", int, field())], bases=(CommonAttentionMetadata,))\n',
    "after a defaulted entry": 'A = make_dataclass("A", [("e", int, 0), ("d", int)], bases=(CommonAttentionMetadata,))\n',
    "a module table": 'FIELDS = [("d", int)]\nA = make_dataclass("A", FIELDS, bases=(CommonAttentionMetadata,))\n',
    "keyword fields": 'A = make_dataclass("A", fields=[("d", int)], bases=[CommonAttentionMetadata])\n',
    # review131: what the mends below must not swallow
    "a try catching ValueError": 'try:\n    A = make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,))\n'
    "except ValueError:\n    A = None\n",
    "KW_ONLY after the entry": 'A = make_dataclass(\n    "A",\n    [("d", int), ("_", dataclasses.KW_ONLY), ("e", int)],\n'
    "    bases=(CommonAttentionMetadata,),\n)\n",
    "a shadowing subclass of the base": "@dataclasses.dataclass\nclass CommonAttentionMetadata(CommonAttentionMetadata):\n"
    '    pass\n\n\nA = make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,))\n',
    "a ClassVar entry ahead": 'A = make_dataclass(\n    "A",\n    [("r", "ClassVar[dict]"), ("d", int)],\n'
    "    bases=(CommonAttentionMetadata,),\n)\n",
    # mend81: the base under another name -- an import's ``as``, a module-level alias, an alias of an alias
    "an aliased import": "from vllm.v1.attention.backends.utils import CommonAttentionMetadata as CAM\n\n"
    'A = make_dataclass("A", [("d", int)], bases=(CAM,))\n',
    "a module-level alias": 'Meta = CommonAttentionMetadata\nA = make_dataclass("A", [("d", int)], bases=(Meta,))\n',
    "an alias of the aliased import": "from vllm.v1.attention.backends import utils\n"
    "from vllm.v1.attention.backends.utils import CommonAttentionMetadata as CAM\n\n"
    'Meta = CAM\nA = make_dataclass("A", [("d", int)], bases=(Meta,))\n',
    "an alias of the module's class": "from vllm.v1.attention.backends import utils\n\n"
    'Meta = utils.CommonAttentionMetadata\nA = make_dataclass("A", ["d"], bases=(Meta,))\n',
    # review140: what the local-shadow mend must not swallow -- a def binding other names, a nested def's own
    "in a def binding other names": "Meta = CommonAttentionMetadata\n\n\ndef build(name):\n    other = Settled\n"
    '    return make_dataclass(name, [("d", int)], bases=(Meta, other))\n',
    "beside a nested def's local": "def build():\n    def helper():\n        Meta = Settled\n        return Meta\n\n"
    '    return make_dataclass("A", [("d", int)], bases=(Meta,))\n\n\nMeta = CommonAttentionMetadata\n',
}
TWINS = {
    "a defaulted entry": 'A = make_dataclass("A", [("d", int, None)], bases=(CommonAttentionMetadata,))\n',
    "kw_only": 'A = make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,), kw_only=True)\n',
    "a keyword-only field": 'A = make_dataclass("A", [("d", int, field(kw_only=True))], bases=(CommonAttentionMetadata,))\n',
    "init=False": 'A = make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,), init=False)\n',
    "no bases": 'A = make_dataclass("A", [("d", int)])\n',
    "already defaulted": 'A = make_dataclass("A", [("d", int)], bases=(Settled,))\n',
    "a keyword-only tail": 'A = make_dataclass("A", [("d", int)], bases=(KeywordTail,))\n',
    "not a dataclass": 'A = make_dataclass("A", [("d", int)], bases=(Plain,))\n',
    "the base's field redeclared": 'A = make_dataclass("A", [("causal", bool)], bases=(CommonAttentionMetadata,))\n',
    # review131: no __init__ parameter, keyword-only, no field, a fallback, the fork's own class of the name
    "field(init=False)": 'A = make_dataclass("A", [("d", int, field(init=False))], bases=(CommonAttentionMetadata,))\n',
    "a KW_ONLY marker ahead": 'A = make_dataclass(\n    "A",\n    [("_", dataclasses.KW_ONLY), ("d", int)],\n'
    "    bases=(CommonAttentionMetadata,),\n)\n",
    "a ClassVar entry": 'A = make_dataclass(\n    "A",\n    [("r", ClassVar[dict]), ("d", int, None)],\n'
    "    bases=(CommonAttentionMetadata,),\n)\n",
    "a try catching TypeError": 'try:\n    A = make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,))\n'
    'except TypeError:\n    A = make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,), kw_only=True)\n',
    "the fork's own class of the name": "@dataclasses.dataclass\nclass CommonAttentionMetadata:\n    n: int\n\n\n"
    'A = make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,))\n',
    # mend81: an alias of a class upstream left alone, an alias bound twice, an aliased base with a default entry
    "an aliased settled class": "from vllm.v1.attention.backends.utils import Settled as CommonAttentionMetadata\n\n"
    'A = make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,))\n',
    "an alias bound twice": 'Meta = CommonAttentionMetadata\nMeta = Settled\nA = make_dataclass("A", [("d", int)], bases=(Meta,))\n',
    "an aliased base, a defaulted entry": "from vllm.v1.attention.backends.utils import CommonAttentionMetadata as CAM\n\n"
    'A = make_dataclass("A", [("d", int, 0)], bases=(CAM,))\n',
    # review140: a def's own name of the base (a local, a parameter) shadows the module's alias or class
    "a local shadowing the alias": "Meta = CommonAttentionMetadata\n\n\ndef build():\n    Meta = Settled\n"
    '    return make_dataclass("A", [("d", int)], bases=(Meta,))\n',
    "a parameter of the class's name": "def build(CommonAttentionMetadata):\n"
    '    return make_dataclass("A", [("d", int)], bases=(CommonAttentionMetadata,))\n',
    "an outer def's local": "def build():\n    Meta = Settled\n\n    def inner():\n"
    '        return make_dataclass("A", [("d", int)], bases=(Meta,))\n\n    return inner\n\n\nMeta = CommonAttentionMetadata\n',
}


def found(git_repo: GitRepo) -> dict[str, list]:
    forks = {f"vllm/aeon/made_{i}.py": HEAD + body for i, body in enumerate([*ERRORS.values(), *TWINS.values()])}
    rows = s.side_by_side(git_repo, BASE, forks, [(SUBJECT, {UTILS: UTILS_UPSTREAM})], SYMBOL_DRIFT)
    return {path: [f for f in rows[path] if "make_dataclass's field" in f.message] for path in forks}


@pytest.mark.parametrize("name", list(ERRORS))
def test_a_field_without_a_default_behind_the_base_s_new_default_is_an_error(git_repo: GitRepo, name: str) -> None:
    index = list(ERRORS).index(name)
    [finding] = found(git_repo)[f"vllm/aeon/made_{index}.py"]
    body = HEAD + ERRORS[name]
    line = body.splitlines()[finding.line - 1]
    assert finding.severity.value == "error"
    assert ("make_dataclass" in line or '("d"' in line or '("draft"' in line) and "#21270" in finding.message
    assert "follows CommonAttentionMetadata.causal" in finding.message


@pytest.mark.parametrize("name", list(TWINS))
def test_made_dataclass_twins(git_repo: GitRepo, name: str) -> None:
    index = len(ERRORS) + list(TWINS).index(name)
    assert found(git_repo)[f"vllm/aeon/made_{index}.py"] == []
