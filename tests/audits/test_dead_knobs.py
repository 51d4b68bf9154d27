"""A fork carry that sets an attribute upstream's code no longer reads: a dead knob (merge/symbol-drift).

Shaped like real vLLM changes: 9704a5c310 (#38152) stopped reading Qwen3's ``self.aux_stream`` (the
dual-stream input projection); 4aa23892d6 stopped reading a CustomOp's ``self.use_triton``; efc88cf64a
stopped reading FlashInfer metadata's ``qo_indptr_cpu``.  The attribute's definition may stay.  A fork
line that sets it (``layer.aux_stream = None``, to turn the dual stream off on its device) merges
cleanly and is ignored from then on: the path it chose is no longer the one taken.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

QWEN = "vllm/model_executor/models/qwen3_next.py"
QWEN_BASE = """import torch


def aux_stream():
    return torch.cuda.Stream()


class Qwen3NextGatedDeltaNet:
    def __init__(self, config):
        self.config = config
        self.aux_stream = aux_stream()
        self.events = [torch.cuda.Event(), torch.cuda.Event()]

    def forward(self, hidden_states):
        if self.aux_stream is not None:
            return self.dual_stream_projection(hidden_states)
        return self.projection(hidden_states)
"""
QWEN_UPSTREAM = QWEN_BASE.replace(
    "        if self.aux_stream is not None:\n            return self.dual_stream_projection(hidden_states)\n", ""
)
FORK = "vllm/model_executor/models/aeon_qwen.py"
FORK_TEXT = """# AEON: no dual-stream projection on the fleet's device
def aeon_single_stream(layer) -> None:
    layer.aux_stream = None
    layer.events = []
"""
SUBJECT = "Disable dual stream execution of input projection for Qwen3 (#38152)"
OTHER = "vllm/model_executor/models/qwen3_5.py"


def findings(git_repo: GitRepo, no_rules: Path, base: dict[str, str], fork: str, upstream: dict[str, str]) -> list:
    sides = s.merge_case(
        git_repo, {QWEN: QWEN_BASE, **base}, {FORK: fork}, [(SUBJECT, {QWEN: QWEN_UPSTREAM, **upstream})]
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


def test_setting_an_attribute_upstream_no_longer_reads_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, line, severity, message)] = findings(git_repo, no_rules, {}, FORK_TEXT, {})
    assert (path, line, severity) == (FORK, 3, "warning")
    assert "layer.aux_stream = ... sets aux_stream, which upstream's code no longer reads anywhere" in message
    assert f"its last read went from {QWEN}, in " in message and "#38152" in message
    assert "silently ignored" in message


def test_setattr_of_an_attribute_upstream_no_longer_reads(git_repo: GitRepo, no_rules: Path) -> None:
    fork = FORK_TEXT.replace("    layer.aux_stream = None\n", '    setattr(layer, "aux_stream", None)\n')
    [(_, line, _, message)] = findings(git_repo, no_rules, {}, fork, {})
    assert line == 3 and 'setattr(..., "aux_stream", ...) sets aux_stream' in message


@pytest.mark.parametrize(
    ("base", "fork", "upstream"),
    [
        # another upstream file still reads it
        ({OTHER: "def f(layer):\n    return layer.aux_stream\n"}, FORK_TEXT, {}),
        # upstream still reads it by name
        ({OTHER: "def f(layer):\n    return getattr(layer, 'aux_stream', None)\n"}, FORK_TEXT, {}),
        # upstream moved the read: a line it added reads it
        ({}, FORK_TEXT, {OTHER: "def f(layer):\n    return layer.aux_stream is None\n"}),
        # the fork reads its own value
        ({}, FORK_TEXT + "\n\ndef aeon_check(layer):\n    return layer.aux_stream\n", {}),
        # an attribute upstream still reads (events: not in the removed lines)
        ({}, FORK_TEXT.replace("    layer.aux_stream = None\n", ""), {}),
    ],
)
def test_a_knob_still_read_somewhere_is_silent(
    git_repo: GitRepo, no_rules: Path, base: dict[str, str], fork: str, upstream: dict[str, str]
) -> None:
    assert findings(git_repo, no_rules, base, fork, upstream) == []


# -- a deployment's option the service no longer reads: #17452 deprecated ``--enable-reasoning``
# (98060b001d: EngineArgs keeps the field, nothing reads it); the fleet's manifest still passes it.
ARGS = "vllm/engine/arg_utils.py"
ARGS_BASE = """class EngineArgs:
    def __init__(self):
        self.enable_reasoning = False
        self.max_num_seqs = 128


def create_engine_config(args):
    if args.enable_reasoning:
        return "reasoning"
    return args.max_num_seqs
"""
ARGS_UPSTREAM = ARGS_BASE.replace('    if args.enable_reasoning:\n        return "reasoning"\n', "")
MANIFEST = "deploy/aeon-serve.yaml"


def option_findings(git_repo: GitRepo, no_rules: Path, manifest: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {ARGS: ARGS_BASE, "vllm/engine/__init__.py": ""},
        {MANIFEST: manifest},
        [("[Feature][Frontend]: Deprecate --enable-reasoning (#17452)", {ARGS: ARGS_UPSTREAM})],
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


def test_a_deployment_option_upstream_no_longer_reads_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    manifest = "args:\n  - --max-num-seqs=16\n  - --enable-reasoning\n"
    [(path, line, severity, message)] = option_findings(git_repo, no_rules, manifest)
    assert (path, line, severity) == (MANIFEST, 3, "warning")
    assert f"option enable-reasoning in {MANIFEST} sets enable_reasoning" in message and "#17452" in message


def test_a_deployment_option_upstream_still_reads_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """max-num-seqs is still read; a comment naming the old flag sets nothing."""
    manifest = "args:\n  - --max-num-seqs=16\n  # --enable-reasoning is gone\nconfig:\n  max-num-seqs: 8\n"
    assert option_findings(git_repo, no_rules, manifest) == []


# -- a flag renamed with its meaning inverted: ``--disable-log-stats`` -> ``enable_log_stats``.  When
# upstream's parser keeps the old spelling as a deprecated alias (``dest="enable_log_stats"``), the
# fleet's ``--disable-log-stats`` still works and is no dead knob; when it drops it, the finding names
# the inverted attribute to set instead.
STATS_BASE = """def add_cli_args(parser):
    parser.add_argument("--disable-log-stats", action="store_true")
    return parser


def build(args):
    if args.disable_log_stats:
        return None
    return "stats"
"""
STATS_INVERTED = """def add_cli_args(parser):
    parser.add_argument("--enable-log-stats", action="store_true", default=True)
    return parser


def build(args):
    if not args.enable_log_stats:
        return None
    return "stats"
"""
STATS_ALIAS = STATS_INVERTED.replace(
    "    return parser\n",
    '    parser.add_argument("--disable-log-stats", dest="enable_log_stats", action="store_false")\n    return parser\n',
)


def inverted_findings(git_repo: GitRepo, no_rules: Path, upstream: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {ARGS: STATS_BASE, "vllm/engine/__init__.py": ""},
        {MANIFEST: "args:\n  - --disable-log-stats\n"},
        [("[Frontend] Replace --disable-log-stats with --enable-log-stats (#1)", {ARGS: upstream})],
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


def test_an_option_renamed_with_its_meaning_inverted_names_the_new_one(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, line, severity, message)] = inverted_findings(git_repo, no_rules, STATS_INVERTED)
    assert (path, line, severity) == (MANIFEST, 2, "warning")
    assert "sets disable_log_stats" in message and "upstream reads enable_log_stats instead" in message
    assert "opposite meaning" in message


def test_an_option_upstreams_parser_still_accepts_under_another_name_is_silent(
    git_repo: GitRepo, no_rules: Path
) -> None:
    assert inverted_findings(git_repo, no_rules, STATS_ALIAS) == []


# -- an override of a hook upstream no longer calls: the base keeps the method (an empty default),
# its caller stopped calling it; the fork's subclass still overrides it, and its code never runs.
# A short name (symbol drift makes a longer one an error): a warning, where no ``.prepare`` is read.
WORKER = "vllm/v1/worker/worker_base.py"
WORKER_BASE = """class WorkerBase:
    def execute_model(self, batch):
        self.prepare(batch)
        return self.run(batch)

    def prepare(self, batch):
        pass

    def run(self, batch):
        return batch
"""
WORKER_UPSTREAM = WORKER_BASE.replace("        self.prepare(batch)\n", "")
AEON_WORKER = "vllm/v1/worker/aeon_worker.py"
AEON_WORKER_TEXT = """from vllm.v1.worker.worker_base import WorkerBase


class AeonWorker(WorkerBase):
    def prepare(self, batch):
        batch.pad_to_multiple(8)
"""


def override_findings(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, extra: dict[str, str]) -> list:
    sides = s.merge_case(
        git_repo,
        {WORKER: WORKER_BASE, "vllm/v1/worker/__init__.py": "", **extra},
        {AEON_WORKER: fork},
        [("[Core] Inline input preparation into execute_model (#40001)", {WORKER: upstream})],
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


def test_an_override_of_a_hook_upstream_no_longer_calls_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, line, severity, message)] = override_findings(git_repo, no_rules, AEON_WORKER_TEXT, WORKER_UPSTREAM, {})
    assert (path, line, severity) == (AEON_WORKER, 5, "warning")
    assert "method AeonWorker.prepare is reached by prepare(), which upstream's code" in message
    assert f"no longer calls anywhere: its last call went from {WORKER}, in " in message and "#40001" in message


@pytest.mark.parametrize(
    ("fork", "upstream", "extra"),
    [
        # another upstream file still calls the hook
        (AEON_WORKER_TEXT, WORKER_UPSTREAM, {"vllm/v1/worker/gpu.py": "def go(w, b):\n    w.prepare(b)\n"}),
        # upstream moved the call: a line it added calls it
        (
            AEON_WORKER_TEXT,
            WORKER_UPSTREAM.replace(
                "        return self.run(batch)\n", "        return self.run(self.prepare(batch))\n"
            ),
            {},
        ),
        # the fork calls its own method
        (
            AEON_WORKER_TEXT + "\n    def step(self, batch):\n        self.prepare(batch)\n",
            WORKER_UPSTREAM,
            {},
        ),
        # upstream still calls it: nothing changed around it
        (AEON_WORKER_TEXT, WORKER_BASE.replace("return batch", "return list(batch)"), {}),
    ],
    ids=["called elsewhere", "call moved", "the fork calls it", "still called"],
)
def test_an_override_still_called_somewhere_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, extra: dict[str, str]
) -> None:
    assert override_findings(git_repo, no_rules, fork, upstream, extra) == []


PATCH_HEAD = "from vllm.v1.worker.worker_base import WorkerBase\n\n\ndef _aeon_prepare(self, batch):\n    batch.pad_to_multiple(8)\n\n\n"


@pytest.mark.parametrize(
    "patch",
    [
        "WorkerBase.prepare = _aeon_prepare\n",
        'setattr(WorkerBase, "prepare", _aeon_prepare)\n',
        "WorkerBase.prepare = lambda self, batch: batch.pad_to_multiple(8)\n",
    ],
    ids=["assignment", "setattr", "lambda"],
)
def test_a_monkeypatch_of_a_method_upstream_no_longer_calls_is_an_error(
    git_repo: GitRepo, no_rules: Path, patch: str
) -> None:
    """#30143's shape (``VllmConfig.pad_for_cudagraph = _aeon_pad``): the fork's function replaces a
    class's method nothing calls any more; nothing serializes a method, so it silently never runs."""
    [(path, line, severity, message)] = override_findings(git_repo, no_rules, PATCH_HEAD + patch, WORKER_UPSTREAM, {})
    assert (path, line, severity) == (AEON_WORKER, 8, "error")
    assert "patches the method prepare, which upstream's code no longer calls anywhere" in message
    assert "silently never runs" in message and "#40001" in message


@pytest.mark.parametrize(
    ("patch", "upstream", "severity"),
    [
        # upstream still calls the method: the patch runs
        ("WorkerBase.prepare = _aeon_prepare\n", WORKER_BASE.replace("return batch", "return list(batch)"), None),
        # a value, not a function, on an instance: a knob something may read unseen
        ("def aeon(worker: WorkerBase) -> None:\n    worker.prepare = None\n", WORKER_UPSTREAM, "warning"),
    ],
    ids=["still called", "a value on an instance"],
)
def test_monkeypatch_twins(git_repo: GitRepo, no_rules: Path, patch: str, upstream: str, severity: str | None) -> None:
    rows = override_findings(git_repo, no_rules, PATCH_HEAD + patch, upstream, {})
    assert [row[2] for row in rows] == ([severity] if severity else [])


def test_an_override_of_a_hook_upstream_renamed_is_one_finding(git_repo: GitRepo, no_rules: Path) -> None:
    """Renamed: symbol drift's error (the method it overrides is gone) stands for the dead hook's warning."""
    renamed = WORKER_BASE.replace("prepare", "_prepare_inputs")
    found = override_findings(git_repo, no_rules, AEON_WORKER_TEXT, renamed, {})
    assert [(p, line, sev) for p, line, sev, _ in found] == [(AEON_WORKER, 5, "error")]


# -- a mapping's key upstream stopped reading: #22035 (8ad7285ea2) dropped the prepare step's
# ``extra_prepare_args.get("skip_quant", True)``; a fork that writes the key (to keep its activations
# unquantized) merges cleanly and its value is ignored from then on.
PREPARE = "vllm/model_executor/layers/fused_moe/prepare_finalize.py"
PREPARE_BASE = """class MoEPrepareAndFinalizeNoEP:
    def prepare(self, a1, extra_prepare_args=None):
        if extra_prepare_args is not None and extra_prepare_args.get("skip_quant", True):
            return a1, None
        return self.quantize(a1), extra_prepare_args.get("scale_layout")
"""
PREPARE_UPSTREAM = PREPARE_BASE.replace(
    '        if extra_prepare_args is not None and extra_prepare_args.get("skip_quant", True):\n            return a1, None\n',
    "",
)
SUBJECT_22035 = "[Kernels] Clean up FusedMoeMethodBase and modular kernel setup. (#22035)"
AEON_MOE = "vllm/model_executor/layers/fused_moe/aeon_moe.py"


def key_findings(git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str | None]) -> list:
    sides = s.merge_case(git_repo, {PREPARE: PREPARE_BASE}, {AEON_MOE: fork}, [(SUBJECT_22035, upstream)])
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


def key_row(git_repo: GitRepo, no_rules: Path, forks: list[str], fork: str) -> tuple[str, list]:
    """(``fork``'s module, its findings): each of ``forks`` a module beside the others' under #22035's upstream, one
    merge and one audit a process (``s.audited_row``, suitespeed15)."""
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT_22035, {PREPARE: PREPARE_UPSTREAM})]
    folder = AEON_MOE.rsplit("/", 1)[0]
    return s.audited_row(git_repo, no_rules, {PREPARE: PREPARE_BASE}, forks, fork, upstream, SYMBOL_DRIFT, folder)


KEY_WRITES = [
    ('    args["skip_quant"] = False', 'args["skip_quant"] = ...'),
    ('    args = {"skip_quant": False, "scale_layout": "nhd"}', '{"skip_quant": ...}'),
    ('    args.setdefault("skip_quant", False)', 'args.setdefault("skip_quant", ...)'),
]


def _key_write(line: str) -> str:
    return f"def aeon_prepare_args(args):\n{line}\n    return args\n"


@pytest.mark.parametrize(("line", "shown"), KEY_WRITES, ids=["subscript", "display", "setdefault"])
def test_writing_a_key_upstream_no_longer_reads_is_a_warning(
    git_repo: GitRepo, no_rules: Path, line: str, shown: str
) -> None:
    _, found = key_row(git_repo, no_rules, [_key_write(w) for w, _ in KEY_WRITES], _key_write(line))
    [(at, severity, message)] = [(f.line, f.severity.value, f.message) for f in found]
    assert (at, severity) == (2, "warning")
    assert f"fork-owned {shown} sets skip_quant, which upstream's code no longer reads anywhere" in message
    assert f"its last read went from {PREPARE}" in message and "#22035" in message


TABLE_LOOKUPS = ["return AEON_LAYOUT[mode]", "return AEON_LAYOUT.get(mode, 'nhd')", "return AEON_LAYOUT.get(str(mode))"]


def _table(lookup: str) -> str:
    return f'AEON_LAYOUT = {{"skip_quant": "hnd", "scale_layout": "nhd"}}\n\n\ndef aeon_layout(mode):\n    {lookup}\n'


@pytest.mark.parametrize("lookup", TABLE_LOOKUPS, ids=["subscript", "get", "get of a call"])
def test_a_key_of_a_table_the_fork_looks_up_itself_is_an_error(git_repo: GitRepo, no_rules: Path, lookup: str) -> None:
    """#18356's shape (``{"nvfp4": ...}`` read ``.get(model_config.quantization)``): no upstream code gives
    the key any more, so the fork's entry is dead and upstream's value misses the table."""
    _, found = key_row(git_repo, no_rules, [_table(text) for text in TABLE_LOOKUPS], _table(lookup))
    [(at, severity, message)] = [(f.line, f.severity.value, f.message) for f in found]
    assert (at, severity) == (1, "error")
    assert 'fork-owned {"skip_quant": ...} keys the fork\'s table by skip_quant' in message and "#22035" in message


@pytest.mark.parametrize(
    "use",
    [
        "return AEON_LAYOUT['scale_layout']",  # looked up by a literal only: the fork's own entries
        "return dict(AEON_LAYOUT, **mode)",  # handed on whole: a setting something may read unseen
        "return [k for k, v in AEON_LAYOUT.items() if v == mode]",
    ],
    ids=["literal lookup", "handed on", "iterated"],
)
def test_a_table_not_looked_up_by_a_value_stays_a_warning(git_repo: GitRepo, no_rules: Path, use: str) -> None:
    fork = f'AEON_LAYOUT = {{"skip_quant": "hnd", "scale_layout": "nhd"}}\n\n\ndef aeon_layout(mode):\n    {use}\n'
    rows = key_findings(git_repo, no_rules, fork, {PREPARE: PREPARE_UPSTREAM})
    assert [(at, severity) for _, at, severity, _ in rows] == [(1, "warning")]


@pytest.mark.parametrize(
    "table",
    [
        'AEON_LAYOUT = {"skip_quant": "hnd", "quant_off": "hnd"}\n',
        'AEON_LAYOUT = {"skip_quant": "hnd"}\nAEON_LAYOUT["quant_off"] = "hnd"  # the new name too\n',
    ],
    ids=["both names", "the new name below"],
)
def test_a_table_keyed_by_the_old_and_the_new_name_stays_a_warning(
    git_repo: GitRepo, no_rules: Path, table: str
) -> None:
    """Upstream renamed the key it reads (``"skip_quant"`` -> ``"quant_off"``); the fork's table has both:
    written for both sides (review14's #25489 twins)."""
    renamed = PREPARE_BASE.replace(
        'extra_prepare_args.get("skip_quant", True)', 'extra_prepare_args.get("quant_off", True)'
    )
    fork = table + "\n\ndef aeon_layout(mode):\n    return AEON_LAYOUT[mode]\n"
    rows = key_findings(git_repo, no_rules, fork, {PREPARE: renamed})
    assert [(at, severity) for _, at, severity, _ in rows] == [(1, "warning")]


def test_a_key_whose_reading_file_upstream_deleted(git_repo: GitRepo, no_rules: Path) -> None:
    """#32683 deleted BitBlas, whose config read ``is_bitblas_format``: the reads went with the file."""
    fork = 'def aeon_prepare_args(args):\n    args["skip_quant"] = False\n'
    [(_, line, _, message)] = key_findings(git_repo, no_rules, fork, {PREPARE: None})
    assert line == 2 and f"its last read went from {PREPARE}" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # a key upstream still reads
        ('def f(args):\n    args["scale_layout"] = "nhd"\n', {PREPARE: PREPARE_UPSTREAM}),
        # upstream moved the read into another file
        (
            'def f(args):\n    args["skip_quant"] = False\n',
            {
                PREPARE: PREPARE_UPSTREAM,
                "vllm/model_executor/layers/fused_moe/other.py": 'def g(a):\n    return a["skip_quant"]\n',
            },
        ),
        # the fork reads its own key
        (
            'def f(args):\n    args["skip_quant"] = False\n    return args.get("skip_quant")\n',
            {PREPARE: PREPARE_UPSTREAM},
        ),
        # an environment variable is name drift's
        ('import os\n\n\ndef f():\n    os.environ["skip_quant"] = "1"\n', {PREPARE: PREPARE_UPSTREAM}),
    ],
    ids=["still read", "read moved", "the fork reads it", "environ"],
)
def test_a_key_still_read_somewhere_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str | None]
) -> None:
    assert key_findings(git_repo, no_rules, fork, upstream) == []


def test_an_attribute_whose_reading_file_upstream_deleted(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(git_repo, {QWEN: QWEN_BASE}, {FORK: FORK_TEXT}, [(SUBJECT, {QWEN: None})])
    [(path, line, severity, message)] = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert (path, line, severity) == (FORK, 3, "warning") and f"its last read went from {QWEN}" in message


# -- a JSON key of a deployment file's option: #33241 (2e8de86777) reverted NIXL's cross-layer blocks, and
# ``extra_config.get("enable_cross_layers_blocks", "False")`` went; the fleet's manifest still sets the key.
NIXL = "vllm/distributed/kv_transfer/nixl_connector.py"
NIXL_BASE = """def use_cross_layers(kv_transfer_config):
    extra_config = kv_transfer_config.kv_connector_extra_config
    if kv_transfer_config.kv_connector != "NixlConnector":
        return False
    return bool(str(extra_config.get("enable_cross_layers_blocks", "False")))
"""
NIXL_UPSTREAM = NIXL_BASE.replace(
    '    return bool(str(extra_config.get("enable_cross_layers_blocks", "False")))\n', "    return False\n"
)
KV_JSON = '{"kv_connector":"NixlConnector","kv_connector_extra_config":{"enable_cross_layers_blocks":"True"}}'


@pytest.mark.parametrize(
    ("path", "text", "line"),
    [
        ("deploy/aeon-serve.yaml", f"args:\n  - --kv-transfer-config\n  - '{KV_JSON}'\n", 3),
        ("Dockerfile", 'CMD ["vllm", "serve", "--kv-transfer-config", "' + KV_JSON.replace('"', '\\"') + '"]\n', 1),
    ],
    ids=["manifest", "Dockerfile escaped"],
)
def test_a_json_key_of_a_deployment_option_upstream_no_longer_reads(
    git_repo: GitRepo, no_rules: Path, path: str, text: str, line: int
) -> None:
    sides = s.merge_case(
        git_repo,
        {NIXL: NIXL_BASE, "vllm/distributed/__init__.py": ""},
        {path: text},
        [('Revert "Enable Cross layers KV cache layout at NIXL Connector" (#33241)', {NIXL: NIXL_UPSTREAM})],
    )
    [(where, at, severity, message)] = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert (where, at, severity) == (path, line, "warning")
    assert (
        f'key "enable_cross_layers_blocks" in {path} sets enable_cross_layers_blocks' in message and "#33241" in message
    )


FP8 = "vllm/model_executor/layers/quantization/utils/fp8_utils.py"
FP8_BASE = """def apply_w8a8_block_fp8_linear(x, w):
    return x @ w


def per_token_group_quant_fp8(x):
    return x
"""
FP8_UPSTREAM = """class W8A8BlockFp8LinearOp:
    def apply(self, x, w):
        return x @ w


def per_token_group_quant_fp8(x):
    return x
"""
LINEAR = "vllm/model_executor/layers/linear_fp8.py"
LINEAR_BASE = "from .quantization.utils import fp8_utils\n\n\ndef forward(x, w):\n    return fp8_utils.apply_w8a8_block_fp8_linear(x, w)\n"
LINEAR_UPSTREAM = "from .quantization.utils.fp8_utils import W8A8BlockFp8LinearOp\n\n\ndef forward(x, w):\n    return W8A8BlockFp8LinearOp().apply(x, w)\n"
FP8_FORK = "vllm/aeon/fp8_patch.py"
FP8_HEAD = "from vllm.model_executor.layers.quantization.utils import fp8_utils\n\n\ndef aeon_linear(x, w):\n    return x\n\n\n"


def fp8_rows(git_repo: GitRepo, no_rules: Path, patch: str) -> list:
    sides = s.merge_case(
        git_repo,
        {FP8: FP8_BASE, LINEAR: LINEAR_BASE},
        {FP8_FORK: FP8_HEAD + patch},
        [
            (
                "[Perf] Fix and reapply move apply w8a8 block fp8 linear to class (#25696)",
                {FP8: FP8_UPSTREAM, LINEAR: LINEAR_UPSTREAM},
            )
        ],
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


@pytest.mark.parametrize(
    "patch",
    [
        'setattr(fp8_utils, "apply_w8a8_block_fp8_linear", aeon_linear)\n',
        "fp8_utils.apply_w8a8_block_fp8_linear = aeon_linear\n",
    ],
    ids=["setattr", "assignment"],
)
def test_a_monkeypatch_of_a_module_function_upstream_no_longer_calls_is_an_error(
    git_repo: GitRepo, no_rules: Path, patch: str
) -> None:
    """#25696's shape: the function the fork patches on its module became a class's method; the module
    attribute the patch sets is read by nothing, so the fork's kernel silently never runs."""
    found = [row for row in fp8_rows(git_repo, no_rules, patch) if row[1] == 8 and row[2] == "error"]
    assert [(path, sev) for path, _, sev, _ in found] == [(FP8_FORK, "error")]
    assert "apply_w8a8_block_fp8_linear" in found[0][3] and "#25696" in found[0][3]


def test_a_monkeypatch_of_a_module_function_upstream_still_calls_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert fp8_rows(git_repo, no_rules, 'setattr(fp8_utils, "per_token_group_quant_fp8", aeon_linear)\n') == []


LOADER = "vllm/model_executor/model_loader/utils.py"
LOADER_SHIM = (
    "import inspect\n\n\ndef init_model(model_class, vllm_config, prefix=''):\n"
    '    if "prefix" in inspect.signature(model_class.__init__).parameters:\n'
    "        return model_class(vllm_config, prefix)\n"
    "    return model_class(vllm_config)\n"
)


@pytest.mark.parametrize(
    "probe",
    [
        '"prefix" in inspect.signature(model_class.__init__).parameters',
        '"prefix" not in inspect.getfullargspec(model_class.__init__).args',
    ],
)
def test_a_removed_parameter_test_is_no_read_of_the_attribute(git_repo: GitRepo, no_rules: Path, probe: str) -> None:
    """Upstream dropped a shim testing the model class's ``__init__`` for ``prefix``: a quoted name tested
    against parameter names is no read of ``self.prefix``, which the fork's model still sets (a false
    "upstream's code no longer reads" before)."""
    base = LOADER_SHIM.replace('"prefix" in inspect.signature(model_class.__init__).parameters', probe)
    new = "def init_model(model_class, vllm_config, prefix=''):\n    return model_class(vllm_config, prefix)\n"
    fork = "class AeonForCausalLM:\n    def __init__(self, vllm_config, prefix):\n        self.prefix = prefix\n"
    sides = s.merge_case(git_repo, {LOADER: base}, {FORK: fork}, [("Drop the prefix shim (#1)", {LOADER: new})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []
