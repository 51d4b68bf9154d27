"""Symbol drift through a cooperative ``super().__init__(**kwargs)`` chain: a keyword no ``__init__`` takes.

Shaped like vLLM's weight parameters: ``PackedvLLMParameter.__init__(packed_factor, packed_dim, ..., **kwargs)``
hands the rest to ``super().__init__(**kwargs)``, through the column and row parameters (each naming one
dimension) to ``BasevLLMParameter.__init__(data, weight_loader)``.  #32683 dropped ``bitblas_tile_size`` from the
packed parameter: a fork's ``PackedvLLMParameter(..., bitblas_tile_size=16, ...)`` merges cleanly and raises
TypeError at the base.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PARAM = "vllm/model_executor/parameter.py"
PARAM_BASE = """class Parameter:
    pass


class BasevLLMParameter(Parameter):
    def __init__(self, data, weight_loader):
        self._data = data
        self._weight_loader = weight_loader


class _ColumnvLLMParameter(BasevLLMParameter):
    def __init__(self, output_dim: int, **kwargs):
        self._output_dim = output_dim
        super().__init__(**kwargs)


class RowvLLMParameter(BasevLLMParameter):
    def __init__(self, input_dim: int, **kwargs):
        self._input_dim = input_dim
        super().__init__(**kwargs)


class ModelWeightParameter(_ColumnvLLMParameter, RowvLLMParameter):
    pass


class PackedvLLMParameter(ModelWeightParameter):
    def __init__(self, packed_factor: int, packed_dim: int, marlin_tile_size: int | None = None,
                 bitblas_tile_size: int | None = None, **kwargs):
        self._packed_factor = packed_factor
        self._marlin_tile_size = marlin_tile_size
        self._bitblas_tile_size = bitblas_tile_size
        super().__init__(**kwargs)
"""
PARAM_NEW = PARAM_BASE.replace(",\n                 bitblas_tile_size: int | None = None", "").replace(
    "        self._bitblas_tile_size = bitblas_tile_size\n", ""
)
FORK = "vllm/aeon/qweight.py"
HEAD = "from vllm.model_executor.parameter import PackedvLLMParameter\n\n\n"
CALL = "def aeon_qweight(data, loader):\n    return PackedvLLMParameter(data=data, input_dim=0, output_dim=1, packed_dim=0, packed_factor=8, {})\n"
TREE = {"vllm/__init__.py": "", "vllm/model_executor/__init__.py": ""}


def rows(git_repo: GitRepo, no_rules: Path, body: str, new: str = PARAM_NEW, base: str = PARAM_BASE) -> list:
    sides = s.merge_case(
        git_repo,
        {**TREE, PARAM: base},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[Quantization][Deprecation] Remove BitBlas (#32683)", {PARAM: new})],
    )
    return [r[1:] for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK]


def test_a_keyword_no_init_along_the_super_chain_takes(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = rows(git_repo, no_rules, CALL.format("bitblas_tile_size=16, weight_loader=loader"))
    assert (line, severity) == (5, "error")
    assert "super().__init__" in message and "bitblas_tile_size=" in message


@pytest.mark.parametrize(
    ("keyword", "new"),
    [
        # a parameter the packed class kept
        ("marlin_tile_size=16, weight_loader=loader", PARAM_NEW),
        # a parameter a later __init__ of the chain names (the row parameter, past the column one)
        ("weight_loader=loader", PARAM_NEW),
        # an __init__ along the chain reads the key out of its kwargs
        (
            "bitblas_tile_size=16, weight_loader=loader",
            PARAM_NEW.replace(
                "        self._input_dim = input_dim\n",
                '        self._input_dim = input_dim\n        self._tile = kwargs.pop("bitblas_tile_size", None)\n',
            ),
        ),
        # a base outside the tree on the way: it may take anything
        (
            "bitblas_tile_size=16, weight_loader=loader",
            PARAM_NEW.replace(
                "class RowvLLMParameter(BasevLLMParameter):", "class RowvLLMParameter(Mixin, BasevLLMParameter):"
            ).replace("class Parameter:", "from torch.nn import Module as Mixin\n\n\nclass Parameter:"),
        ),
        # the chain's end takes **kwargs and does something else with them
        (
            "bitblas_tile_size=16, weight_loader=loader",
            PARAM_NEW.replace(
                "def __init__(self, data, weight_loader):", "def __init__(self, data, weight_loader, **extra):"
            ),
        ),
    ],
    ids=["a kept parameter", "named further along", "read from kwargs", "an external base on the way", "open end"],
)
def test_super_chain_twins(git_repo: GitRepo, no_rules: Path, keyword: str, new: str) -> None:
    assert [r for r in rows(git_repo, no_rules, CALL.format(keyword), new) if r[1] == "error"] == []


def _dropped(base: str) -> tuple[str, str]:
    """``base`` and its upstream: the packed parameter's ``bitblas_tile_size`` dropped."""
    new = base.replace(",\n                 bitblas_tile_size: int | None = None", "")
    return base, new.replace("        self._bitblas_tile_size = bitblas_tile_size\n", "")


KEYWORD = "bitblas_tile_size=16, weight_loader=loader"
ROW = "        self._input_dim = input_dim\n"
# a middle __init__ pops keys named by a constant, one or a loop over several: which key goes is unknown
POP_NAMED = PARAM_BASE.replace(ROW, ROW + "        kwargs.pop(_KEY, None)\n").replace(
    "class Parameter:", '_KEY = "bitblas_tile_size"\n\n\nclass Parameter:'
)
POP_LOOP = PARAM_BASE.replace(
    ROW, ROW + "        for key in _DEPRECATED:\n            kwargs.pop(key, None)\n"
).replace("class Parameter:", '_DEPRECATED = ("bitblas_tile_size",)\n\n\nclass Parameter:')
# the packed parameter itself pops a key by a name it does not spell
POP_OWNER = PARAM_BASE.replace(
    "        self._packed_factor = packed_factor\n",
    "        self._packed_factor = packed_factor\n        kwargs.pop(_KEY, None)\n",
).replace("class Parameter:", '_KEY = "bitblas_tile_size"\n\n\nclass Parameter:')
# super(Strict, self) starts past Strict, whose __init__ would reject the key; the base takes it
SKIPPED = (
    PARAM_BASE.replace(
        "def __init__(self, data, weight_loader):", "def __init__(self, data, weight_loader, bitblas_tile_size=None):"
    )
    .replace(
        "class PackedvLLMParameter(ModelWeightParameter):",
        "class Strict(ModelWeightParameter):\n    def __init__(self, data, weight_loader, input_dim, output_dim):\n"
        "        super().__init__(data=data, weight_loader=weight_loader, input_dim=input_dim, output_dim=output_dim)"
        "\n\n\nclass PackedvLLMParameter(Strict):",
    )
    .replace("        super().__init__(**kwargs)\n", "        super(Strict, self).__init__(**kwargs)\n", 3)
    .replace("        super(Strict, self).__init__(**kwargs)\n", "        super().__init__(**kwargs)\n", 2)
)
# a @dataclass on the way: its generated __init__ takes the key
DATACLASS = "from dataclasses import dataclass\n\n\n" + PARAM_BASE.replace(
    "class RowvLLMParameter(BasevLLMParameter):\n    def __init__(self, input_dim: int, **kwargs):\n"
    "        self._input_dim = input_dim\n        super().__init__(**kwargs)\n",
    "@dataclass\nclass RowvLLMParameter(BasevLLMParameter):\n    data: object = None\n    weight_loader: object = None\n"
    "    input_dim: int = 0\n    bitblas_tile_size: int | None = None\n",
)
# a metaclass's __call__ pops the key before any __init__ runs
META = PARAM_BASE.replace(
    "class Parameter:\n",
    "class _Meta(type):\n    def __call__(cls, *args, **kwargs):\n        kwargs.pop('bitblas_tile_size', None)\n"
    "        return super().__call__(*args, **kwargs)\n\n\nclass Parameter(metaclass=_Meta):\n",
)


@pytest.mark.parametrize(
    "base",
    [POP_NAMED, POP_LOOP, POP_OWNER, SKIPPED, DATACLASS, META],
    ids=[
        "popped by a name",
        "popped in a loop",
        "the owner pops by a name",
        "super(Other, self)",
        "dataclass",
        "metaclass",
    ],
)
def test_a_chain_not_followed_to_its_end_is_quiet(git_repo: GitRepo, no_rules: Path, base: str) -> None:
    # each runs fine at runtime (review of killers77)
    compile(base, PARAM, "exec")
    old, new = _dropped(base)
    assert [r for r in rows(git_repo, no_rules, CALL.format(KEYWORD), new, old) if r[1] == "error"] == []


def test_super_naming_its_own_class_is_followed(git_repo: GitRepo, no_rules: Path) -> None:
    # ``super(Cls, self)`` in Cls is ``super()``: the chain is still walked
    old, new = _dropped(
        PARAM_BASE.replace("        super().__init__(**kwargs)\n", "        super(X, self).__init__(**kwargs)\n")
    )
    old = old.replace("super(X", "super(_ColumnvLLMParameter", 1).replace("super(X", "super(RowvLLMParameter", 1)
    old = old.replace("super(X", "super(PackedvLLMParameter", 1)
    new = new.replace("super(X", "super(_ColumnvLLMParameter", 1).replace("super(X", "super(RowvLLMParameter", 1)
    new = new.replace("super(X", "super(PackedvLLMParameter", 1)
    [(line, severity, _)] = rows(git_repo, no_rules, CALL.format(KEYWORD), new, old)
    assert (line, severity) == (5, "error")
