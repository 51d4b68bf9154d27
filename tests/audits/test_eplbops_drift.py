"""Expert-parallel load balancing and the custom-op layer (killers73): a deprecated config field left None
sizing a tensor, a None passed where upstream dropped its None handling, a keyword pair upstream's validator
now refuses.  Each rebuilt from a real vLLM change as a clean git merge, with twins (fork code the change
does not break) that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, row_side_by_side, three_way


def errors(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    return [(f.line, f.message) for f in report.findings if f.path == path and f.severity.value == "error"]


# -- #20562 (4fbda0b20c): ParallelConfig.eplb_window_size kept for deprecation, now Optional[int] = None --------
PAR = "vllm/config/parallel.py"
PAR_BASE = """from dataclasses import dataclass
from typing import Optional


@dataclass
class ParallelConfig:
    enable_eplb: bool = False
    eplb_window_size: int = 1000
"""
PAR_AFTER = PAR_BASE.replace("eplb_window_size: int = 1000", "eplb_window_size: Optional[int] = None")
PAR_FILES = {"vllm/__init__.py": "", "vllm/config/__init__.py": "", PAR: PAR_BASE}
WIN = "vllm/aeon/window.py"
WIN_HEADER = "import torch\n\nfrom vllm.config.parallel import ParallelConfig\n\n\n"


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_window(cfg: ParallelConfig, n: int) -> torch.Tensor:\n"
        "    return torch.zeros((cfg.eplb_window_size, n), dtype=torch.int32)\n",
        "def aeon_window(cfg: ParallelConfig, n: int) -> torch.Tensor:\n    return torch.empty(cfg.eplb_window_size, n)\n",
        "def aeon_window(cfg: ParallelConfig, load: torch.Tensor) -> torch.Tensor:\n"
        "    return load.view(cfg.eplb_window_size, -1)\n",
    ],
    ids=["a shape tuple", "a dimension argument", "a view"],
)
def test_a_field_made_optional_sizing_a_tensor(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = WIN_HEADER + body
    sides = three_way(git_repo, PAR_FILES, {WIN: text}, {PAR: PAR_AFTER})
    [(line, message)] = errors(git_repo, no_rules, sides, WIN)
    assert line == line_of(text, "eplb_window_size")
    assert "sizes a tensor by cfg.eplb_window_size" in message


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_window(cfg: ParallelConfig, n: int) -> torch.Tensor:\n"
        "    size = cfg.eplb_window_size if cfg.eplb_window_size is not None else 1000\n"
        "    return torch.zeros((size, n))\n",
        "def aeon_window(cfg: ParallelConfig, n: int) -> torch.Tensor:\n"
        "    return torch.zeros((cfg.eplb_window_size or 1000, n))\n",
        "def aeon_window(cfg: ParallelConfig, n: int) -> torch.Tensor:\n"
        "    return torch.zeros((n, 2), dtype=torch.int32) if cfg.enable_eplb else torch.ones(n)\n",
        "def aeon_window(cfg: ParallelConfig, n: int) -> torch.Tensor:\n"
        "    return torch.tensor([cfg.eplb_window_size, n])\n",
    ],
    ids=["tested for None", "or a fallback", "another field", "a value, not a shape"],
)
def test_optional_field_shape_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    sides = three_way(git_repo, PAR_FILES, {WIN: WIN_HEADER + body}, {PAR: PAR_AFTER})
    assert errors(git_repo, no_rules, sides, WIN) == []


# -- #44978 (6471ec75bd): create_eplb_communicator's backend: str | None -> str, the None branch dropped --------
COMM = "vllm/distributed/eplb/eplb_communicator.py"
COMM_BASE = '''def create_eplb_communicator(group: object, backend: str | None, weights: list) -> object:
    """Build the communicator."""
    if backend is None:
        backend = "torch_nccl"
    if backend == "torch_nccl":
        return (group, weights)
    raise ValueError(f"unknown backend {backend}")
'''
COMM_AFTER = COMM_BASE.replace("backend: str | None,", "backend: str,").replace(
    '    if backend is None:\n        backend = "torch_nccl"\n', ""
)
COMM_FILES = {"vllm/__init__.py": "", "vllm/distributed/__init__.py": "", "vllm/distributed/eplb/__init__.py": ""}
COMM_FILES[COMM] = COMM_BASE
CALLER = "vllm/aeon/comm.py"
CALLER_HEADER = "from vllm.distributed.eplb.eplb_communicator import create_eplb_communicator\n\n\n"


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_comm(group: object, w: list) -> object:\n    return create_eplb_communicator(group, None, w)\n",
        "def aeon_comm(group: object, w: list) -> object:\n"
        "    return create_eplb_communicator(group, backend=None, weights=w)\n",
    ],
    ids=["positional", "keyword"],
)
def test_none_passed_where_upstream_dropped_the_none_branch(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = CALLER_HEADER + body
    sides = three_way(git_repo, COMM_FILES, {CALLER: text}, {COMM: COMM_AFTER})
    [(line, message)] = errors(git_repo, no_rules, sides, CALLER)
    assert line == line_of(text, "create_eplb_communicator(group")
    assert "passes None for backend, which upstream annotates str" in message


@pytest.mark.parametrize(
    ("after", "body"),
    [
        (
            COMM_AFTER,
            "def aeon_comm(group: object, w: list) -> object:\n    return create_eplb_communicator(group, 'torch_nccl', w)\n",
        ),
        (
            COMM_BASE.replace("backend: str | None,", "backend: str,"),
            "def aeon_comm(group: object, w: list) -> object:\n    return create_eplb_communicator(group, None, w)\n",
        ),
        (
            COMM_AFTER.replace(
                '    if backend == "torch_nccl":',
                '    backend = backend or "torch_nccl"\n    if backend == "torch_nccl":',
            ),
            "def aeon_comm(group: object, w: list) -> object:\n    return create_eplb_communicator(group, None, w)\n",
        ),
        (
            COMM_BASE.replace('    if backend is None:\n        backend = "torch_nccl"\n', ""),
            "def aeon_comm(group: object, w: list) -> object:\n    return create_eplb_communicator(group, None, w)\n",
        ),
    ],
    ids=["a value passed", "the None branch kept", "a truth fallback", "the annotation still takes None"],
)
def test_none_dropped_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, after: str, body: str) -> None:
    sides = three_way(git_repo, COMM_FILES, {CALLER: CALLER_HEADER + body}, {COMM: after})
    assert errors(git_repo, no_rules, sides, CALLER) == []


# -- #44978 (6471ec75bd) too: EPLBConfig's validator now refuses an NCCL communicator with async EPLB ----------
EPLB_BASE = """from dataclasses import dataclass


def model_validator(mode: str):
    return lambda f: f


@dataclass
class EPLBConfig:
    use_async: bool = False
    policy: str = "default"
    communicator: str | None = None

    @model_validator(mode="after")
    def _validate_eplb_config(self):
        if self.use_async and self.policy != "default":
            raise ValueError("Async EPLB is only supported with the default policy.")
        return self
"""
EPLB_AFTER = EPLB_BASE.replace(
    "        return self\n",
    '        if self.use_async and self.communicator in ("torch_nccl", "pynccl"):\n'
    '            raise ValueError("NCCL communicators are incompatible with async EPLB")\n'
    "        return self\n",
)
EPLB_FILES = {"vllm/__init__.py": "", "vllm/config/__init__.py": "", PAR: EPLB_BASE}
CONF = "vllm/aeon/eplb.py"
CONF_HEADER = "from vllm.config.parallel import EPLBConfig\n\n"


# The rows below each put one fork module beside the same base and upstream, none importing another's, and each pins
# its own module's errors of every rule: one merge and one audit of all their modules side by side answers each row
# (5 merges and audits became one per process; suitespeed14, through ``trees.row_side_by_side`` with every rule kept).
PAIR_ROWS = [
    (CONF_HEADER, "EPLBConfig(use_async=True, communicator='pynccl')"),
    (CONF_HEADER, "EPLBConfig(communicator='torch_nccl', use_async=True, policy='default')"),
    ("from vllm.config import EPLBConfig\n\n", "EPLBConfig(use_async=True, communicator='pynccl')"),
    ("import vllm.config.parallel as par\n\n", "par.EPLBConfig(use_async=True, communicator='pynccl')"),
    ("from vllm.config.parallel import EPLBConfig as E\n\n", "E(use_async=True, communicator='pynccl')"),
]


def _pair_text(header: str, built: str) -> str:
    return header + f"AEON_EPLB = {built}\n"


@pytest.mark.parametrize(
    ("header", "built"),
    PAIR_ROWS,
    ids=["the pair spelt", "in another order, a third keyword", "a package re-export", "a module alias", "as E"],
)
def test_a_pair_the_new_validator_refuses(git_repo: GitRepo, tmp_path: Path, header: str, built: str) -> None:
    text = _pair_text(header, built)
    bodies = [_pair_text(*row) for row in PAIR_ROWS]
    _, found = row_side_by_side(git_repo, tmp_path, EPLB_FILES, bodies, text, {PAR: EPLB_AFTER}, None, "vllm/aeon")
    [(line, message)] = [(f.line, f.message) for f in found if f.severity.value == "error"]
    assert line == line_of(text, "AEON_EPLB")
    assert "upstream's EPLBConfig._validate_eplb_config now refuses" in message


def test_a_pair_refused_in_the_class_s_own_file(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork builds the class in the file that declares it (a default instance beside the class)."""
    ours = EPLB_BASE + "\n\n" + _PAIR
    sides = three_way(git_repo, EPLB_FILES, {PAR: ours}, {PAR: EPLB_AFTER})
    [(line, message)] = errors(git_repo, no_rules, sides, PAR)
    assert line == line_of(EPLB_AFTER + "\n\n" + _PAIR, "AEON_EPLB")
    assert "now refuses" in message


@pytest.mark.parametrize(
    ("after", "built"),
    [
        (EPLB_AFTER, "EPLBConfig(use_async=False, communicator='pynccl')"),
        (EPLB_AFTER, "EPLBConfig(communicator='pynccl')"),
        (EPLB_AFTER, "EPLBConfig(use_async=True, communicator='nixl')"),
        (EPLB_AFTER, "EPLBConfig(use_async=flag, communicator='pynccl')"),
        (EPLB_AFTER, "EPLBConfig(use_async=True, policy='custom')"),
        (
            EPLB_AFTER.replace("communicator: str | None = None", 'communicator: str | None = field(default="pynccl")'),
            "EPLBConfig(use_async=True)",
        ),
        (EPLB_BASE, "EPLBConfig(use_async=True, communicator='pynccl')"),
        (
            EPLB_AFTER.replace(
                "        if self.use_async and self.communicator",
                "        if self.policy == 'default' and self.communicator == 'pynccl':\n            return self\n        if self.use_async and self.communicator",
            ),
            "EPLBConfig(use_async=True, communicator='pynccl')",
        ),
        (
            EPLB_AFTER.replace(
                "        if self.use_async and self.communicator",
                "        self._resolve()\n        if self.use_async and self.communicator",
            ),
            "EPLBConfig(use_async=True, communicator='pynccl')",
        ),
    ],
    ids=[
        "sync",
        "async left at its False default",
        "an accepted communicator",
        "a value not known",
        "refused by the base too",
        "a default not a constant",
        "no new guard",
        "after an early return",
        "after a method that may change the instance",
    ],
)
def test_refused_value_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, after: str, built: str) -> None:
    text = CONF_HEADER + "flag = True\n" + f"AEON_EPLB = {built}\n"
    base = EPLB_BASE
    if "field(" in after:  # the same non-constant default on both sides: nothing but the guard changed
        base = after.replace(
            EPLB_AFTER[EPLB_AFTER.index("        if self.use_async and self.communicator") :], "        return self\n"
        )
    sides = three_way(git_repo, {**EPLB_FILES, PAR: base}, {CONF: text}, {PAR: after})
    assert errors(git_repo, no_rules, sides, CONF) == []


# the None still handled: a ``case None``, a helper or a table's default handed the parameter, a decorator
# before the body, an annotation naming an alias that takes None
NONE_CALL = "def aeon_comm(group: object, w: list) -> object:\n    return create_eplb_communicator(group, None, w)\n"
RESOLVE = '\n\ndef _resolve(backend: str | None) -> str:\n    return "torch_nccl" if backend is None else backend\n'
NONE_STILL_HANDLED = {
    "match case None": COMM_AFTER.replace(
        '    if backend == "torch_nccl":',
        '    match backend:\n        case None:\n            backend = "torch_nccl"\n        case _:\n            pass\n'
        '    if backend == "torch_nccl":',
    ),
    "a helper handed it": COMM_AFTER.replace(
        '    if backend == "torch_nccl":', '    backend = _resolve(backend)\n    if backend == "torch_nccl":'
    )
    + RESOLVE,
    "a table's default": COMM_AFTER.replace(
        '    if backend == "torch_nccl":\n        return (group, weights)\n    raise ValueError(f"unknown backend {backend}")\n',
        "    return _REGISTRY.get(backend, tuple)((group, weights))\n",
    )
    + "\n\n_REGISTRY = {'pynccl': list}\n",
    "an alias taking None": "MaybeStr = str | None\n\n\n" + COMM_AFTER.replace("backend: str,", "backend: MaybeStr,"),
    "a decorator before the body": COMM_AFTER.replace(
        "def create_eplb_communicator", "@_default_backend\ndef create_eplb_communicator"
    )
    + "\n\ndef _default_backend(f):\n    return lambda g, b, w: f(g, b or 'torch_nccl', w)\n",
}


@pytest.mark.parametrize("after", list(NONE_STILL_HANDLED.values()), ids=list(NONE_STILL_HANDLED))
def test_none_still_handled_another_way_stays_quiet(git_repo: GitRepo, no_rules: Path, after: str) -> None:
    sides = three_way(git_repo, COMM_FILES, {CALLER: CALLER_HEADER + NONE_CALL}, {COMM: after})
    assert errors(git_repo, no_rules, sides, CALLER) == []


def test_none_only_logged_or_cached_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A log line shows the None, a cache decorator memoizes it: neither maps it to a value."""
    after = "import functools\nimport logging\n\nlogger = logging.getLogger(__name__)\n\n\n" + COMM_AFTER.replace(
        "def create_eplb_communicator", "@functools.lru_cache(maxsize=4)\ndef create_eplb_communicator"
    ).replace(
        '    if backend == "torch_nccl":', '    logger.info("backend %s", backend)\n    if backend == "torch_nccl":'
    )
    sides = three_way(git_repo, COMM_FILES, {CALLER: CALLER_HEADER + NONE_CALL}, {COMM: after})
    [(_, message)] = errors(git_repo, no_rules, sides, CALLER)
    assert "passes None for backend, which upstream annotates str" in message


# upstream's __post_init__ fills the Optional field when None (or always): a built config holds a value
FILLED = {
    "filled when None": "        if self.eplb_window_size is None:\n            self.eplb_window_size = self.window\n",
    "filled always": "        self.eplb_window_size = self.eplb_window_size or self.window\n",
}


@pytest.mark.parametrize(
    "use", ["torch.zeros((cfg.eplb_window_size, n))", "cfg.eplb_window_size * n"], ids=["sized", "computed"]
)
@pytest.mark.parametrize("fill", list(FILLED.values()), ids=list(FILLED))
def test_a_field_the_post_init_fills_stays_quiet(git_repo: GitRepo, no_rules: Path, fill: str, use: str) -> None:
    after = PAR_AFTER + "    window: int = 1000\n\n    def __post_init__(self):\n" + fill
    base = PAR_BASE + "    window: int = 1000\n"
    body = f"def aeon_window(cfg: ParallelConfig, n: int) -> object:\n    return {use}\n"
    sides = three_way(git_repo, {**PAR_FILES, PAR: base}, {WIN: WIN_HEADER + body}, {PAR: after})
    assert errors(git_repo, no_rules, sides, WIN) == []


def test_a_field_the_post_init_fills_only_sometimes_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """#20562's own __post_init__ reads the field (``if self.eplb_window_size is not None: ...``) and a fill
    gated on another setting leaves it None otherwise."""
    hook = "        if self.enable_eplb:\n            self.eplb_window_size = self.window\n"
    after = PAR_AFTER + "    window: int = 1000\n\n    def __post_init__(self):\n" + hook
    body = (
        "def aeon_window(cfg: ParallelConfig, n: int) -> object:\n    return torch.zeros((cfg.eplb_window_size, n))\n"
    )
    sides = three_way(
        git_repo, {**PAR_FILES, PAR: PAR_BASE + "    window: int = 1000\n"}, {WIN: WIN_HEADER + body}, {PAR: after}
    )
    [(_, message)] = errors(git_repo, no_rules, sides, WIN)
    assert "sizes a tensor by cfg.eplb_window_size" in message


# Reviewed false errors (drift6): the call's values are not what the guard reads, or the refusal is expected.
_COERCE = (
    '    @model_validator(mode="before")\n    @classmethod\n    def _coerce(cls, data):\n'
    "        if data.get('use_async') and data.get('communicator') == 'pynccl':\n"
    "            data['communicator'] = 'nixl'\n        return data\n\n"
)
_MAP = (
    "    @field_validator('communicator')\n    @classmethod\n    def _map(cls, v):\n"
    "        return 'nixl' if v == 'pynccl' else v\n\n"
)
_STORE = (
    "    def __post_init__(self):\n        if self.use_async and self.communicator == 'pynccl':\n"
    "            self.communicator = 'nixl'\n\n"
)
_SETATTR = (
    "    def __post_init__(self):\n        if self.use_async and self.communicator == 'pynccl':\n"
    "            object.__setattr__(self, 'communicator', 'nixl')\n\n"
)
_CAMEL = "    model_config = ConfigDict(alias_generator=to_camel)\n\n"
_INIT = "    def __init__(self, **kw):\n        self.__dict__.update(kw)\n\n"
_VALIDATE = '    @model_validator(mode="after")'
_ANNOTATED = "communicator: Annotated[str, Field(alias='comm')] = 'pynccl'"
_PAIR = "AEON_EPLB = EPLBConfig(use_async=True, communicator='pynccl')\n"
_TEST = "\ndef test_refused():\n    with pytest.raises(ValueError):\n        EPLBConfig(use_async=True, communicator='pynccl')\n"
_UNIT = (
    "\nclass T(unittest.TestCase):\n    def test_refused(self):\n        with self.assertRaises(ValueError):\n"
    "            EPLBConfig(use_async=True, communicator='pynccl')\n"
)
_FALLBACK = (
    "try:\n    AEON_EPLB = EPLBConfig(use_async=True, communicator='pynccl')\n"
    "except ValueError:\n    AEON_EPLB = EPLBConfig(use_async=False, communicator='pynccl')\n"
)


def _before(text: str, inserted: str) -> str:
    return text.replace(_VALIDATE, inserted + _VALIDATE)


def _annotated(text: str) -> str:
    return text.replace("communicator: str | None = None", _ANNOTATED)


@pytest.mark.parametrize(
    ("base", "after", "fork"),
    [
        (_before(EPLB_BASE, _COERCE), _before(EPLB_AFTER, _COERCE), {CONF: CONF_HEADER + _PAIR}),
        (_before(EPLB_BASE, _MAP), _before(EPLB_AFTER, _MAP), {CONF: CONF_HEADER + _PAIR}),
        (_before(EPLB_BASE, _STORE), _before(EPLB_AFTER, _STORE), {CONF: CONF_HEADER + _PAIR}),
        (_before(EPLB_BASE, _INIT), _before(EPLB_AFTER, _INIT), {CONF: CONF_HEADER + _PAIR}),
        (
            _annotated(EPLB_BASE),
            _annotated(EPLB_AFTER),
            {CONF: CONF_HEADER + "AEON_EPLB = EPLBConfig(use_async=True, comm='nixl')\n"},
        ),
        (
            EPLB_BASE,
            EPLB_AFTER,
            {CONF: "from vllm.legacy.eplb import EPLBConfig\n\n" + _PAIR, "vllm/legacy/eplb.py": EPLB_BASE},
        ),
        (EPLB_BASE, EPLB_AFTER, {CONF: "import pytest\n\n" + CONF_HEADER + _TEST}),
        (EPLB_BASE, EPLB_AFTER, {CONF: "import unittest\n\n" + CONF_HEADER + _UNIT}),
        (EPLB_BASE, EPLB_AFTER, {CONF: CONF_HEADER + _PAIR, PAR: EPLB_AFTER}),
        (EPLB_BASE, EPLB_AFTER, {CONF: CONF_HEADER + _FALLBACK}),
        (EPLB_BASE, EPLB_AFTER, {CONF: "class EPLBConfig:\n    pass\n\n\n" + _PAIR}),
        (_before(EPLB_BASE, _SETATTR), _before(EPLB_AFTER, _SETATTR), {CONF: CONF_HEADER + _PAIR}),
        (_before(EPLB_BASE, _CAMEL), _before(EPLB_AFTER, _CAMEL), {CONF: CONF_HEADER + _PAIR}),
    ],
    ids=[
        "a before validator rewrites the value",
        "a field validator maps it",
        "another validator stores the field",
        "the class's own __init__",
        "a keyword not a field (an alias)",
        "a class of the same name in another module",
        "inside pytest.raises",
        "inside self.assertRaises",
        "the fork already carries the guard",
        "a try falling back on the refusal",
        "the fork's own class of that name",
        "another validator sets the field through object.__setattr__",
        "an alias generator renames the keywords",
    ],
)
def test_refused_values_the_guard_never_reads_stay_quiet(
    git_repo: GitRepo, no_rules: Path, base: str, after: str, fork: dict[str, str]
) -> None:
    files = {**EPLB_FILES, "vllm/legacy/__init__.py": "", PAR: base}
    sides = three_way(git_repo, files, fork, {PAR: after})
    assert errors(git_repo, no_rules, sides, CONF) == []
