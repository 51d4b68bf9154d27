"""Key drift: a fork lookup of a table by the key type upstream stopped keying it by."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import KEY_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #35959 (483463f735): CudaGraphManager.graphs keyed by num_tokens, then by a descriptor --
GRAPHS = "vllm/v1/worker/gpu/cudagraph_utils.py"
FORK = "vllm/v1/worker/gpu/aeon_runner.py"
BASE_GRAPHS = """\
import torch


class CudaGraphManager:
    def __init__(self) -> None:
        self.graphs: dict[int, torch.cuda.CUDAGraph] = {}
        self.pool_sizes: dict[int, int] = {}

    def capture(self, num_tokens: int) -> None:
        self.graphs[num_tokens] = torch.cuda.CUDAGraph()

    def run(self, num_tokens: int) -> None:
        self.graphs[num_tokens].replay()
"""
DESC = """\
from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class BatchExecutionDescriptor:
    num_tokens: int
    num_reqs: int | None


"""
REKEYED = DESC + BASE_GRAPHS.removeprefix("import torch\n\n\n").replace(
    "self.graphs: dict[int, torch.cuda.CUDAGraph] = {}",
    "self.graphs: dict[\n            BatchExecutionDescriptor, torch.cuda.CUDAGraph\n        ] = {}",
).replace(
    "num_tokens: int) -> None:\n        self.graphs[num_tokens]",
    "desc: BatchExecutionDescriptor) -> None:\n        self.graphs[desc]",
)
SUBJECT = "[MRV2] Extensible CG dispatch rework (#35959)"


def _runner(body: str, imports: str = "CudaGraphManager") -> str:
    return f"from vllm.v1.worker.gpu.cudagraph_utils import {imports}\n\n\nclass AeonRunner:\n{body}"


CAN_REPLAY = "    def can_replay(self, mgr: CudaGraphManager, num_tokens: int) -> bool:\n        return num_tokens in mgr.graphs\n"


def _found(repo: GitRepo, base: dict[str, str], fork: dict[str, str], upstream: dict[str, str | None]) -> list:
    sides = s.merge_case(repo, base, fork, [(SUBJECT, upstream)])
    return [
        (f.path, f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == KEY_DRIFT
    ]


def _line(repo: GitRepo, path: str, text: str) -> int:
    return next(i for i, line in enumerate((Path(repo.path) / path).read_text().splitlines(), 1) if text in line)


def test_a_membership_test_by_the_old_key_type_of_a_wrapped_declaration(git_repo: GitRepo) -> None:
    [(path, line, severity, message)] = _found(
        git_repo, {GRAPHS: BASE_GRAPHS}, {FORK: _runner(CAN_REPLAY)}, {GRAPHS: REKEYED}
    )
    assert (path, line, severity) == (FORK, _line(git_repo, FORK, "num_tokens in mgr.graphs"), "error")
    assert "tests membership of `num_tokens` (int) in `CudaGraphManager.graphs`" in message
    assert "keys it by BatchExecutionDescriptor now" in message and "(#35959, " in message


OLD_KIND_LOOKUPS = [
    ("    def put(self, mgr: CudaGraphManager, graph) -> None:\n        mgr.graphs[8] = graph\n", "writes an entry under `8`"),
    ("    def get(self, mgr: CudaGraphManager, n: int):\n        size: int = n * 2\n        return mgr.graphs.get(size)\n", "calls .get() with `size`"),
    ("    def warm(self, mgr: CudaGraphManager):\n        for n in range(4):\n            mgr.graphs[n].replay()\n", "indexes it by `n`"),
    ("    def count(self, mgr: CudaGraphManager, xs: list) -> bool:\n        return len(xs) not in mgr.graphs\n", "tests membership of `len(xs)`"),
    ("    def fill(self, mgr: CudaGraphManager, graph) -> None:\n        mgr.graphs.update({16: graph})\n", "writes an entry under `16`"),
    ("    def fill(self, mgr: CudaGraphManager, graph) -> None:\n        mgr.graphs |= {32: graph}\n", "writes an entry under `32`"),
    ("    def first(self, mgr: CudaGraphManager, xs: list):\n        size = len(xs)\n        return mgr.graphs[size]\n", "indexes it by `size`"),
]  # fmt: skip
# The rows' modules side by side: one merge and one audit of the seven a process (suitespeed11).
OLD_KIND_FORKS = {FORK.replace(".py", f"_{n}.py"): _runner(body) for n, (body, _) in enumerate(OLD_KIND_LOOKUPS)}


@pytest.mark.parametrize(("body", "verb"), OLD_KIND_LOOKUPS)
def test_each_lookup_whose_key_the_fork_shows_of_the_old_kind(git_repo: GitRepo, body: str, verb: str) -> None:
    found = s.side_by_side(git_repo, {GRAPHS: BASE_GRAPHS}, OLD_KIND_FORKS, [(SUBJECT, {GRAPHS: REKEYED})], KEY_DRIFT)
    [finding] = found[next(path for path, text in OLD_KIND_FORKS.items() if text == _runner(body))]
    assert finding.severity.value == "error" and verb in finding.message


@pytest.mark.parametrize(
    "body",
    [
        # keyed as upstream keys it now
        "    def can_replay(self, mgr: CudaGraphManager, d: BatchExecutionDescriptor) -> bool:\n        return d in mgr.graphs\n",
        # another table of the class, whose key upstream left alone
        "    def pool(self, mgr: CudaGraphManager, n: int) -> int:\n        return mgr.pool_sizes[n]\n",
    ],
)  # fmt: skip
def test_lookups_still_keyed_right_are_silent(git_repo: GitRepo, body: str) -> None:
    upstream = {GRAPHS: REKEYED}
    assert _found(git_repo, {GRAPHS: BASE_GRAPHS}, {FORK: _runner(body, "BatchExecutionDescriptor, CudaGraphManager")}, upstream) == []  # fmt: skip


@pytest.mark.parametrize(
    ("body", "key"),
    [
        # a key whose type the fork's code does not show
        ("    def can_replay(self, mgr: CudaGraphManager, key) -> bool:\n        return key in mgr.graphs\n", "key"),
        # a local bound twice: its type is not the fork's code's to show
        ("    def first(self, mgr: CudaGraphManager, xs: list, d):\n        size = len(xs)\n        if d:\n            size = d\n        return mgr.graphs[size]\n", "size"),
        # an attribute its class never annotates
        ("    def __init__(self, size) -> None:\n        self.size = size\n\n    def ready(self, mgr: CudaGraphManager) -> bool:\n        return self.size in mgr.graphs\n", "self.size"),
    ],
)  # fmt: skip
def test_a_key_whose_type_the_fork_does_not_show_is_a_warning(git_repo: GitRepo, body: str, key: str) -> None:
    [(_, _, severity, message)] = _found(git_repo, {GRAPHS: BASE_GRAPHS}, {FORK: _runner(body)}, {GRAPHS: REKEYED})
    assert severity == "warning" and f"`{key}` in `CudaGraphManager.graphs`" in message
    assert f"unless `{key}` is a BatchExecutionDescriptor now" in message


def test_a_same_named_attribute_of_a_class_the_fork_file_never_names_is_silent(git_repo: GitRepo) -> None:
    other = "class Encoder:\n    def __init__(self) -> None:\n        self.graphs: dict[int, object] = {}\n\n\n"
    body = "def replay(enc, n: int) -> bool:\n    return n in enc.graphs\n"
    fork = {FORK: other + body.replace("enc,", "enc: Encoder,")}
    assert _found(git_repo, {GRAPHS: BASE_GRAPHS}, fork, {GRAPHS: REKEYED}) == []


# -- shaped like #33843 (ff1f83b056): a module's table keyed by activation names, then by an enum --
MOE = "vllm/model_executor/layers/fused_moe/cpu_fused_moe.py"
ACT = "vllm/model_executor/layers/fused_moe/activation.py"
TABLE = '_CPU_MOE_ACT_FN: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {\n    "silu": SiluAndMul(),\n}\n'
MOE_BASE = "from collections.abc import Callable\n\nimport torch\n\nfrom .layers import SiluAndMul\n\n" + TABLE
MOE_ENUM = (
    MOE_BASE.replace(
        "from .layers import SiluAndMul\n",
        "from .layers import SiluAndMul\nfrom vllm.model_executor.layers.fused_moe.activation import (\n    MoEActivation,\n)\n",
    )
    .replace("dict[str,", "dict[MoEActivation,")
    .replace('"silu"', "MoEActivation.SILU")
)
FORK_ENTRY = '_CPU_MOE_ACT_FN["gelu_tanh"] = GeluAndMul()  # AEON: the fleet\'s activation\n'


@pytest.mark.parametrize(
    ("enum_bases", "reported"),
    [("Enum", True), ("str, Enum", False), ("StrEnum", False)],
)
def test_a_string_key_under_a_table_keyed_by_an_enum_now(git_repo: GitRepo, enum_bases: str, reported: bool) -> None:
    enum = f'from enum import Enum, StrEnum\n\n\nclass MoEActivation({enum_bases}):\n    SILU = "silu"\n'
    base = {MOE: MOE_BASE, f"{ACT.rsplit('/', 1)[0]}/layers.py": "class SiluAndMul:\n    pass\n"}
    fork = {MOE: MOE_BASE + "\n" + FORK_ENTRY}
    found = _found(git_repo, base, fork, {MOE: MOE_ENUM, ACT: enum})
    assert [(p, sev) for p, _, sev, _ in found] == ([(MOE, "error")] if reported else [])
    if reported:
        assert "writes an entry under `'gelu_tanh'` (str) in `_CPU_MOE_ACT_FN`" in found[0][3]


def test_a_local_table_of_a_function_is_no_table_of_the_class(git_repo: GitRepo) -> None:
    local = "    def offsets(self) -> int:\n        seen: dict[int, int] = {}\n        return len(seen)\n"
    now = local.replace("dict[int, int]", "dict[tuple[int, int], int]")
    base = {GRAPHS: BASE_GRAPHS + "\n" + local}
    fork = {
        FORK: _runner("    def probe(self, mgr: CudaGraphManager, n: int) -> bool:\n        return n in mgr.seen\n")
    }
    assert _found(git_repo, base, fork, {GRAPHS: BASE_GRAPHS + "\n" + now}) == []


@pytest.mark.parametrize(("key_class", "reported"), [("class Key:\n", True), ("class Key(NamedTuple):\n", False)])
def test_a_class_key_made_a_tuple_key(git_repo: GitRepo, key_class: str, reported: bool) -> None:
    """A NamedTuple equals (and hashes as) its tuple: a table re-keyed by tuples still finds it."""
    header = "from typing import NamedTuple\n\nimport torch\n\n\n" + key_class + "    a: int\n    b: int\n\n\n"
    base = header + BASE_GRAPHS.removeprefix("import torch\n\n\n").replace("dict[int, torch", "dict[Key, torch")
    now = base.replace("dict[Key, torch", "dict[tuple[int, int], torch")
    body = "    def can_replay(self, mgr: CudaGraphManager, key: Key) -> bool:\n        return key in mgr.graphs\n"
    found = _found(git_repo, {GRAPHS: base}, {FORK: _runner(body, "CudaGraphManager, Key")}, {GRAPHS: now})
    assert [sev for _, _, sev, _ in found] == (["error"] if reported else [])


ATTRIBUTE_KEYS = [
    # the fork's own class annotates the attribute
    "    def __init__(self, size: int) -> None:\n        self.size: int = size\n\n"
    "    def ready(self, mgr: CudaGraphManager) -> bool:\n        return self.size in mgr.graphs\n",
    # an __init__ parameter it keeps
    "    def __init__(self, size: int) -> None:\n        self.size = size\n\n"
    "    def ready(self, mgr: CudaGraphManager) -> bool:\n        return self.size in mgr.graphs\n",
    # a property
    "    @property\n    def size(self) -> int:\n        return 8\n\n"
    "    def ready(self, mgr: CudaGraphManager) -> bool:\n        return self.size in mgr.graphs\n",
    # a field of a class the fork imports from upstream's module (the new key's own int field)
    "    def ready(self, mgr: CudaGraphManager, desc: BatchExecutionDescriptor) -> bool:\n"
    "        return desc.num_tokens in mgr.graphs\n",
]


@pytest.mark.parametrize("body", ATTRIBUTE_KEYS)
def test_an_attribute_key_whose_class_annotates_it_with_the_old_type(git_repo: GitRepo, body: str) -> None:
    fork = {FORK: _runner(body, "BatchExecutionDescriptor, CudaGraphManager")}
    [(_, line, severity, message)] = _found(git_repo, {GRAPHS: BASE_GRAPHS}, fork, {GRAPHS: REKEYED})
    assert severity == "error" and "(int) in `CudaGraphManager.graphs`" in message
    assert "in mgr.graphs" in (Path(git_repo.path) / FORK).read_text().splitlines()[line - 1]


def test_an_attribute_key_of_the_new_type_is_silent(git_repo: GitRepo) -> None:
    body = (
        "    def __init__(self, desc: BatchExecutionDescriptor) -> None:\n        self.desc = desc\n\n"
        "    def ready(self, mgr: CudaGraphManager) -> bool:\n        return self.desc in mgr.graphs\n"
    )
    fork = {FORK: _runner(body, "BatchExecutionDescriptor, CudaGraphManager")}
    assert _found(git_repo, {GRAPHS: BASE_GRAPHS}, fork, {GRAPHS: REKEYED}) == []


def test_aliases_and_imports_in_a_cycle_end_unknown(git_repo: GitRepo) -> None:
    """``Key = Other``/``Other = Key`` and two modules importing the name from each other: no hang, no finding."""
    loop = "vllm/v1/worker/gpu/loop.py"
    cyclic = REKEYED.replace("BatchExecutionDescriptor, torch.cuda.CUDAGraph", "Key, torch.cuda.CUDAGraph").replace(
        "@dataclass(frozen=True)",
        "from vllm.v1.worker.gpu.loop import Loop\n\nKey = Other\nOther = Loop\n\n\n@dataclass(frozen=True)",
    )
    upstream = {GRAPHS: cyclic, loop: "from vllm.v1.worker.gpu.cudagraph_utils import Loop\n"}
    assert _found(git_repo, {GRAPHS: BASE_GRAPHS}, {FORK: _runner(CAN_REPLAY)}, upstream) == []


# -- review: a same-named table that is not upstream's, and keys already converted, are not errors --
MINE = "class Mine:\n    def __init__(self) -> None:\n        self.graphs: dict[int, object] = {}\n\n"
OTHER = "\n\nclass Other:\n    def __init__(self) -> None:\n        self.graphs: dict[int, int] = {}\n"


@pytest.mark.parametrize(
    ("base", "fork", "upstream"),
    [
        # the fork file's own class keeps a `graphs` of its own, looked up through self
        ({GRAPHS: BASE_GRAPHS}, {FORK: MINE + "    def has(self, n: int) -> bool:\n        return n in self.graphs\n\n\n" + _runner(CAN_REPLAY.replace("num_tokens in mgr.graphs", "True"))}, {GRAPHS: REKEYED}),
        # ... or through a parameter annotated with it
        ({GRAPHS: BASE_GRAPHS}, {FORK: MINE + "\n" + _runner("    def has(self, mgr: CudaGraphManager, m: Mine, n: int) -> bool:\n        return n in m.graphs\n")}, {GRAPHS: REKEYED}),
        # ... or through a local the function builds as it (x = Mine(): annotated, as it were)
        ({GRAPHS: BASE_GRAPHS}, {FORK: MINE + "\n" + _runner("    def has(self, mgr: CudaGraphManager) -> bool:\n        m = Mine()\n        return 0 in m.graphs\n")}, {GRAPHS: REKEYED}),
        # ... or a class attribute of that name of the fork's own class (Registry.graphs)
        ({GRAPHS: BASE_GRAPHS}, {FORK: "class Registry:\n    graphs: dict[int, int] = {}\n\n\n" + _runner("    def has(self, mgr: CudaGraphManager) -> bool:\n        return 0 in Registry.graphs\n")}, {GRAPHS: REKEYED}),
        # another class of the declaring file
        ({GRAPHS: BASE_GRAPHS + OTHER}, {GRAPHS: BASE_GRAPHS + OTHER + "\n    def has(self, n: int) -> bool:\n        return n in self.graphs\n"}, {GRAPHS: REKEYED + OTHER}),
    ],
)  # fmt: skip
def test_a_same_named_attribute_of_another_class_is_silent(git_repo: GitRepo, base: dict, fork: dict, upstream: dict) -> None:  # fmt: skip
    assert _found(git_repo, base, fork, upstream) == []


def test_a_subclass_of_the_declaring_class_still_looks_up_its_table(git_repo: GitRepo) -> None:
    sub = "from vllm.v1.worker.gpu.cudagraph_utils import CudaGraphManager\n\n\nclass AeonManager(CudaGraphManager):\n"
    body = "    def has(self, n: int) -> bool:\n        return n in self.graphs\n"
    [(_, _, severity, _)] = _found(git_repo, {GRAPHS: BASE_GRAPHS}, {FORK: sub + body}, {GRAPHS: REKEYED})
    assert severity == "error"


@pytest.mark.parametrize(
    ("body", "found"),
    [
        # converted on the way in: a call of the new key's class
        ("    def can(self, mgr: CudaGraphManager, n: int) -> bool:\n        return BatchExecutionDescriptor(n, None) in mgr.graphs\n", []),
        # a helper of the file that returns the new type
        ("    def can(self, mgr: CudaGraphManager, n: int) -> bool:\n        return describe(n) in mgr.graphs\n", []),
        # a parameter annotated with the old type, rebound before the lookup
        # (what it was rebound to is not followed for a parameter: a warning)
        ("    def can(self, mgr: CudaGraphManager, n: int) -> bool:\n        n = describe(n)\n        return n in mgr.graphs\n", ["warning"]),
    ],
)  # fmt: skip
def test_a_key_converted_to_the_new_type_is_no_error(git_repo: GitRepo, body: str, found: list[str]) -> None:
    helper = "def describe(n: int) -> BatchExecutionDescriptor:\n    return BatchExecutionDescriptor(n, None)\n\n\n"
    fork = {FORK: helper + _runner(body, "BatchExecutionDescriptor, CudaGraphManager")}
    assert [sev for _, _, sev, _ in _found(git_repo, {GRAPHS: BASE_GRAPHS}, fork, {GRAPHS: REKEYED})] == found  # fmt: skip


ENUM = 'from enum import Enum\n\n\nclass MoEActivation(Enum):\n    SILU = "silu"\n'
LAYERS = {MOE: MOE_BASE, f"{ACT.rsplit('/', 1)[0]}/layers.py": "class SiluAndMul:\n    pass\n"}


@pytest.mark.parametrize(
    ("fork", "reported"),
    [
        # another module's own table of the same name
        ({"vllm/aeon/acts.py": '_CPU_MOE_ACT_FN: dict[str, int] = {}\n_CPU_MOE_ACT_FN["gelu"] = 1\n'}, False),
        # a function's local of the same name in the declaring module
        ({MOE: MOE_BASE + '\n\ndef names() -> dict[str, int]:\n    _CPU_MOE_ACT_FN = {}\n    _CPU_MOE_ACT_FN["gelu"] = 1\n    return _CPU_MOE_ACT_FN\n'}, False),
        # another module importing upstream's table: still it
        ({"vllm/aeon/acts.py": 'from vllm.model_executor.layers.fused_moe.cpu_fused_moe import _CPU_MOE_ACT_FN\n\n_CPU_MOE_ACT_FN["gelu"] = 1\n'}, True),
        # an attribute of that name of another object or class, in a file importing upstream's table
        ({"vllm/aeon/acts.py": 'from vllm.model_executor.layers.fused_moe.cpu_fused_moe import _CPU_MOE_ACT_FN\n\n\nclass Acts:\n    _CPU_MOE_ACT_FN: dict[str, int] = {}\n\n\ndef has(req) -> bool:\n    return "gelu" in Acts._CPU_MOE_ACT_FN or "gelu" in req._CPU_MOE_ACT_FN or _CPU_MOE_ACT_FN is None\n'}, False),
        # ... of another module imported as a module
        ({"vllm/aeon/acts.py": 'from vllm.aeon import fleet_acts\n\n\ndef has() -> bool:\n    return "gelu" in fleet_acts._CPU_MOE_ACT_FN\n'}, False),
        # upstream's module, imported as a module (absolute or relative): still it
        ({"vllm/aeon/acts.py": 'import vllm.model_executor.layers.fused_moe.cpu_fused_moe as moe\n\nmoe._CPU_MOE_ACT_FN["gelu"] = 1\n'}, True),
        ({"vllm/model_executor/layers/fused_moe/aeon.py": 'from . import cpu_fused_moe\n\ncpu_fused_moe._CPU_MOE_ACT_FN["gelu"] = 1\n'}, True),
        # a function declaring it global: still it
        ({MOE: MOE_BASE + '\n\ndef add() -> None:\n    global _CPU_MOE_ACT_FN\n    _CPU_MOE_ACT_FN["gelu"] = 1\n'}, True),
    ],
)  # fmt: skip
def test_a_module_table_only_where_the_name_means_it(git_repo: GitRepo, fork: dict, reported: bool) -> None:
    found = _found(git_repo, LAYERS, fork, {MOE: MOE_ENUM, ACT: ENUM})
    assert [sev for _, _, sev, _ in found] == (["error"] if reported else [])


def test_an_enum_with_a_base_out_of_sight_proves_nothing(git_repo: GitRepo) -> None:
    """``class MoEActivation(CompatStrEnum)`` from a package outside the tree may be a ``str``: no finding."""
    enum = ENUM.replace("from enum import Enum", "from compat import CompatStrEnum").replace(
        "(Enum)", "(CompatStrEnum)"
    )
    fork = {MOE: MOE_BASE + "\n" + FORK_ENTRY}
    assert _found(git_repo, LAYERS, fork, {MOE: MOE_ENUM, ACT: enum}) == []


def test_declarations_of_one_name_in_two_classes_are_not_read_as_one_re_keyed(git_repo: GitRepo) -> None:
    """Upstream's diff rewrote ``self.graphs`` in two classes of one file (their values' type only): the
    key each had at the merge base is its own.  The last removed declaration stood for both, and a
    lookup of the str-keyed table by an int was blamed on upstream "keying it by str now"."""
    named = "class NamedGraphs:\n    def __init__(self) -> None:\n        self.graphs: dict[str, int] = {}\n\n\n"
    two = BASE_GRAPHS.replace("import torch\n\n\n", "import torch\n\n\n" + named)
    values = two.replace("dict[int, torch.cuda.CUDAGraph]", "dict[int, object]").replace(
        "dict[str, int]", "dict[str, object]"
    )
    lookup = "    def has(self, t: NamedGraphs) -> bool:\n        return 5 in t.graphs\n"
    fork = {FORK: _runner(lookup, "CudaGraphManager, NamedGraphs")}
    assert _found(git_repo, {GRAPHS: two}, fork, {GRAPHS: values}) == []


# #27334 (5a1271d83a) renamed gpt-oss's packed_modules_mapping key "qkv" to "qkv_proj" (the attention's
# fused layer is qkv_proj): a fork lookup under "qkv" merges cleanly and finds nothing, for good.
GPT_OSS = "vllm/model_executor/models/gpt_oss.py"
GPT_OSS_BASE = """class GptOssForCausalLM:
    packed_modules_mapping = {"qkv": ["q_proj", "k_proj", "v_proj"]}


class GptOssModel:
    packed_modules_mapping = {"qkv": ["q_proj", "k_proj", "v_proj"]}


FUSED = {
    "qkv": 3,
    "gate_up": 2,
}
"""
GPT_OSS_RENAMED = (
    GPT_OSS_BASE.replace('GptOssForCausalLM:\n    packed_modules_mapping = {"qkv"', 'GptOssForCausalLM:\n    packed_modules_mapping = {"qkv_proj"')
    .replace('    "qkv": 3,', '    "qkv_proj": 3,')
)  # fmt: skip
PACKED_FORK = "vllm/aeon/packed.py"
PACKED_IMPORT = "from vllm.model_executor.models.gpt_oss import FUSED, GptOssForCausalLM, GptOssModel\n\n\n"


def _packed(repo: GitRepo, body: str) -> list:
    return _found(repo, {GPT_OSS: GPT_OSS_BASE}, {PACKED_FORK: PACKED_IMPORT + body}, {GPT_OSS: GPT_OSS_RENAMED})


DROPPED_KEY_LOOKUPS = [
    ('def parts() -> list[str]:\n    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n', "error"),
    ('def fused() -> bool:\n    return "qkv" in GptOssForCausalLM.packed_modules_mapping\n', "error"),
    ('def shards() -> int:\n    return FUSED["qkv"]\n', "error"),
    (
        "class AeonGptOss(GptOssForCausalLM):\n    def parts(self) -> list[str]:\n"
        '        return self.packed_modules_mapping["qkv"]\n',
        "error",
    ),
    ('def parts(model) -> list[str]:\n    return model.packed_modules_mapping.get("qkv", [])\n', "warning"),
]
# The rows' modules side by side: one merge and one audit of the five a process (suitespeed11).
DROPPED_KEY_FORKS = {
    PACKED_FORK.replace(".py", f"_{n}.py"): PACKED_IMPORT + body for n, (body, _) in enumerate(DROPPED_KEY_LOOKUPS)
}


@pytest.mark.parametrize(
    ("body", "severity"),
    DROPPED_KEY_LOOKUPS,
    ids=["get on the class", "membership", "module table", "self of a subclass", "receiver not shown"],
)
def test_a_lookup_under_a_key_upstream_dropped_from_a_display_table(
    git_repo: GitRepo, body: str, severity: str
) -> None:
    upstream = [(SUBJECT, {GPT_OSS: GPT_OSS_RENAMED})]
    found = s.side_by_side(git_repo, {GPT_OSS: GPT_OSS_BASE}, DROPPED_KEY_FORKS, upstream, KEY_DRIFT)
    row = next(path for path, text in DROPPED_KEY_FORKS.items() if text == PACKED_IMPORT + body)
    [(path, line, found_severity, message)] = [(f.path, f.line, f.severity.value, f.message) for f in found[row]]
    assert (path, line, found_severity) == (row, PACKED_IMPORT.count("\n") + body.count("\n"), severity)
    assert "'qkv'" in message and "a key upstream dropped from the table" in message
    assert GPT_OSS in message and "'qkv_proj'" in message


@pytest.mark.parametrize(
    "body",
    [
        'def parts() -> list[str]:\n    return GptOssForCausalLM.packed_modules_mapping.get("qkv_proj", [])\n',
        # another class's table of the name still has the key
        'def parts() -> list[str]:\n    return GptOssModel.packed_modules_mapping.get("qkv", [])\n',
        # the fork puts the key in the table itself
        'GptOssForCausalLM.packed_modules_mapping["qkv"] = ["q_proj", "k_proj", "v_proj"]\n\n\n'
        'def parts() -> list[str]:\n    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n',
        # the fork's own class binds its own table of the name
        'class AeonModel:\n    packed_modules_mapping = {"qkv": ["q_proj"]}\n\n    def parts(self) -> list[str]:\n'
        '        return self.packed_modules_mapping.get("qkv", [])\n',
        # a string compared, not looked up in the table
        'def is_fused(name: str) -> bool:\n    return name == "qkv"\n',
    ],
    ids=["the new key", "another class's table", "the fork writes the key", "the fork's own table", "no lookup"],
)
def test_lookups_the_dropped_key_does_not_break_are_silent(git_repo: GitRepo, body: str) -> None:
    assert _packed(git_repo, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # a subclass overriding the table with its own display, read through self
        'class AeonGptOss(GptOssForCausalLM):\n    packed_modules_mapping = {"qkv": ["q_proj", "k_proj", "v_proj"]}\n\n'
        '    def parts(self) -> list[str]:\n        return self.packed_modules_mapping.get("qkv", [])\n',
        # ... the parent's table spread and the key added
        "class AeonGptOss(GptOssForCausalLM):\n"
        '    packed_modules_mapping = {**GptOssForCausalLM.packed_modules_mapping, "qkv": ["q_proj"]}\n\n'
        '    def fused(self) -> bool:\n        return "qkv" in self.packed_modules_mapping\n',
        # ... a table the subclass binds on its instances in __init__
        "class AeonGptOss(GptOssForCausalLM):\n    def __init__(self) -> None:\n"
        '        self.packed_modules_mapping = {"qkv": ["q_proj"]}\n\n'
        '    def parts(self) -> list[str]:\n        return self.packed_modules_mapping.get("qkv", [])\n',
    ],
    ids=["own display", "parent spread", "bound in __init__"],
)
def test_a_subclass_overriding_the_table_reads_its_own(git_repo: GitRepo, body: str) -> None:
    """``self.table`` in a class binding a table of the name is that class's table, not the owner's."""
    assert _packed(git_repo, body) == []


def test_a_key_the_fork_setdefaults_is_its_own(git_repo: GitRepo) -> None:
    """``.setdefault(key, value)`` puts the fork's entry where upstream left none: the read finds it."""
    body = (
        'def parts() -> list[str]:\n    return GptOssForCausalLM.packed_modules_mapping.setdefault("qkv", ["q_proj"])\n'
    )
    assert _packed(git_repo, body) == []


def test_the_dropped_key_read_beside_the_key_that_replaced_it_is_silent(git_repo: GitRepo) -> None:
    """A line reading the new key and the old (a fallback for either upstream version) takes either table."""
    body = (
        "def parts() -> list[str]:\n    table = GptOssForCausalLM.packed_modules_mapping\n"
        '    return table.get("qkv_proj") or GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n'
    )
    assert _packed(git_repo, body) == []


@pytest.mark.parametrize(
    "given",
    [
        '        self.packed_modules_mapping["qkv"] = ["q_proj", "k_proj", "v_proj"]\n',
        '        GptOssForCausalLM.packed_modules_mapping.setdefault("qkv", ["q_proj"])\n',
    ],
    ids=["subscript", "setdefault"],
)
def test_a_key_upstream_moved_from_the_display_into_code_is_not_dropped(git_repo: GitRepo, given: str) -> None:
    """#26634 took qwen2-moe's "gate_up_proj" out of the display and has ``__init__`` write it
    (``self.packed_modules_mapping["gate_up_proj"] = [...]``): the key still reaches the table."""
    moved = GPT_OSS_RENAMED.replace(
        '"qkv_proj": ["q_proj", "k_proj", "v_proj"]}\n',
        '"qkv_proj": ["q_proj", "k_proj", "v_proj"]}\n\n    def __init__(self) -> None:\n' + given,
        1,
    )
    assert given in moved
    body = 'class AeonGptOss(GptOssForCausalLM):\n    def fused(self) -> bool:\n        return "qkv" in self.packed_modules_mapping\n'
    fork = {PACKED_FORK: PACKED_IMPORT + body}
    assert _found(git_repo, {GPT_OSS: GPT_OSS_BASE}, fork, {GPT_OSS: moved}) == []


OWN_COPY = 'class GptOssForCausalLM:  # the fork\'s own model\n    packed_modules_mapping = {"qkv": ["q_proj"]}\n'
OWN_READ = 'def parts() -> list[str]:\n    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n'


@pytest.mark.parametrize(
    "fork",
    [
        {PACKED_FORK: OWN_COPY + "\n\n" + OWN_READ},
        {
            PACKED_FORK: "from vllm.aeon.models import GptOssForCausalLM\n\n\n" + OWN_READ,
            "vllm/aeon/models.py": OWN_COPY,
        },
    ],
    ids=["defined in the file", "imported from the fork's module"],
)
def test_the_forks_own_class_of_the_owners_name_is_not_the_owner(git_repo: GitRepo, fork: dict[str, str]) -> None:
    """``GptOssForCausalLM.table`` names upstream's class only where the file's name is upstream's: the
    fork's own copy of the model under the same name keeps its key."""
    assert _found(git_repo, {GPT_OSS: GPT_OSS_BASE}, fork, {GPT_OSS: GPT_OSS_RENAMED}) == []


# killers196: #21891 (2ca5f82c2a) took "exaone", "solar" ... out of ``_CONFIG_REGISTRY``, a display that spreads
# ``**_CONFIG_REGISTRY_OVERRIDE_HF`` (and the table later became ``LazyConfigDict(chatglm=...)``, keyed by
# keywords): a spread of a table of known keys, or a keyword-keyed ``dict`` call, is a table of known keys too.
REGISTRY = "vllm/transformers_utils/registry.py"
REGISTRY_BASE = """OVERRIDES = {"mllama": 1}

TABLE: dict[str, int] = {
    "exaone": 2,
    "eagle": 3,
    **OVERRIDES,
}


class LazyDict(dict):
    pass


LAZY = LazyDict(
    solar=4,
    medusa=5,
)

PLAIN = dict(
    telechat=6,
    jais=7,
)
"""
REGISTRY_AFTER = (
    REGISTRY_BASE.replace('    "exaone": 2,\n', "").replace("    solar=4,\n", "").replace("    telechat=6,\n", "")
)
REGISTRY_FORK = "vllm/aeon/registry_reads.py"
REGISTRY_IMPORT = "from vllm.transformers_utils import registry\nfrom vllm.transformers_utils.registry import LAZY, PLAIN, TABLE\n\n\n"  # fmt: skip


def _registry(repo: GitRepo, body: str, after: str = REGISTRY_AFTER) -> list:
    return _found(repo, {REGISTRY: REGISTRY_BASE}, {REGISTRY_FORK: REGISTRY_IMPORT + body}, {REGISTRY: after})


@pytest.mark.parametrize(
    "body",
    [
        'def aeon_exaone() -> int:\n    return TABLE["exaone"]\n',
        'def aeon_solar() -> int:\n    return LAZY["solar"]\n',
        'def aeon_telechat() -> bool:\n    return "telechat" in registry.PLAIN\n',
    ],
    ids=["display with a spread", "dict subclass keyed by keywords", "dict() keyed by keywords"],
)
def test_a_dropped_key_of_a_spread_display_or_a_keyword_keyed_table(git_repo: GitRepo, body: str) -> None:
    [(path, line, severity, message)] = _registry(git_repo, body)
    assert (path, line, severity) == (REGISTRY_FORK, REGISTRY_IMPORT.count("\n") + 2, "error")
    assert "a key upstream dropped from the table" in message


@pytest.mark.parametrize(
    "body",
    [
        'def aeon_eagle() -> int:\n    return TABLE["eagle"]\n',  # a kept key
        'def aeon_mllama() -> int:\n    return TABLE["mllama"]\n',  # the spread's key, kept
        'def aeon_medusa() -> int:\n    return LAZY["medusa"]\n',  # a kept keyword key
        'def aeon_exaone() -> int:\n    return TABLE.get("exaone", 0)\n',  # the spread now holds it
    ],
    ids=["kept key", "spread's key", "kept keyword key", "key the spread now holds"],
)
def test_keys_the_spread_or_the_call_still_hold_are_silent(git_repo: GitRepo, body: str) -> None:
    after = REGISTRY_AFTER.replace('OVERRIDES = {"mllama": 1}', 'OVERRIDES = {"mllama": 1, "exaone": 2}')
    assert _registry(git_repo, body, after) == []


def test_a_spread_of_what_is_not_a_known_table_proves_nothing(git_repo: GitRepo) -> None:
    """``**load()`` may hand the dropped key back: the display is no table of known keys."""
    base = REGISTRY_BASE.replace("    **OVERRIDES,\n", "    **load(),\n").replace(
        'OVERRIDES = {"mllama": 1}', "def load() -> dict[str, int]:\n    return {}"
    )
    after = base.replace('    "exaone": 2,\n', "")
    body = 'def aeon_exaone() -> int:\n    return TABLE["exaone"]\n'
    assert _found(git_repo, {REGISTRY: base}, {REGISTRY_FORK: REGISTRY_IMPORT + body}, {REGISTRY: after}) == []


@pytest.mark.parametrize(
    ("body", "severity"),
    [
        ('def aeon_exaone() -> int:\n    return TABLE.get("exaone")\n', "error"),
        ('AEON_EXAONE = 9\n\n\ndef aeon_exaone() -> int:\n    return TABLE.get("exaone", AEON_EXAONE)\n', "warning"),
        ('def aeon_solar(own: int) -> int:\n    return LAZY.get("solar", own)\n', "warning"),
        ('def aeon_solar() -> int:\n    return LAZY.get("solar", 0)\n', "error"),
    ],
    ids=["no default", "a default of the fork's own", "a parameter as default", "a constant default"],
)
def test_a_dropped_key_read_with_a_default_of_the_forks_own_warns(git_repo: GitRepo, body: str, severity: str) -> None:
    """review103, #21891: ``_CONFIG_REGISTRY.get("solar", AeonSolarConfig)`` answers the fork's class now, which
    may be what the fork meant by its default: a warning, where a bare ``.get`` (None for good) stays an error."""
    [(_, _, found, _)] = _registry(git_repo, body)
    assert found == severity


def test_a_key_that_is_no_string_is_no_spread() -> None:
    """``{1: OVERRIDES}`` keys one item by ``1``: the display is no table of known keys (it was read as a spread
    of OVERRIDES, and OVERRIDES' keys as its own: readF); a ``**OVERRIDES`` spread still adds them."""
    from aeon_release.domain.audits.drift.keys import _display_tables

    module = ast.parse(
        'OVERRIDES = {"mllama": 1}\nMIXED = {"exaone": 2, 1: OVERRIDES}\nSPREAD = {"exaone": 2, **OVERRIDES}\n'
    )
    tables = _display_tables(module)
    assert (None, "MIXED") not in tables
    assert tables[(None, "SPREAD")] == ("exaone", "mllama")
