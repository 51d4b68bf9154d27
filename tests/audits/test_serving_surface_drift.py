"""Symbol drift on the serving surface: the misses of the tenth blind replay (benchmarks/blind_replay_serving.py).

Each class is shaped like a real upstream commit, with fork code written the way serving code is:

- a field read through an attribute of a typed name (vLLM #38709, 72ff142c37, removed
  ``PromptTokenStats.recomputed_tokens``; the fork read ``pts = stats.prompt_token_stats`` then
  ``pts.recomputed_tokens``, with ``stats: IterationStats`` whose ``__init__`` sets
  ``self.prompt_token_stats = PromptTokenStats()``).
- a keyword naming a field a pydantic model dropped (vLLM #33402, c5113f60f2, dropped the deprecated
  ``reasoning_content`` of ``DeltaMessage``; pydantic takes ``DeltaMessage(reasoning_content=text)`` as an
  unknown extra, so the fork's streamed reasoning is lost without an error).
- a keyword naming a parameter the function keeps and no longer reads (vLLM #21739, 2d7b09b998, kept
  ``disable_log_requests`` on ``AsyncLLM.from_vllm_config`` behind a deprecation decorator, and let
  ``enable_log_requests`` decide: the fork's ``disable_log_requests=False`` is silently ignored).
- a loop over a field annotated as a sequence of tuples whose tuples upstream lengthened (vLLM #19912,
  bf7f470b22, made the logits processors' ``AddedRequest`` ``(index, params, prompt_ids, output_ids)``
  from ``(index, params, output_ids)``: a fork processor's ``for index, params, out in batch.added``
  raises, its ``added[2]`` now reads the prompt's ids).
- a display passed for a parameter upstream re-annotated as another kind of container (vLLM #24049,
  90f3f7d73e, made ``SpecDecodingProm(..., labelvalues: list[str])`` take ``per_engine_labelvalues:
  dict[int, list[str]]``: the fork's ``[model, "0"]`` fits the call and breaks the counters).
- a method called on an attribute upstream now sets to a builtin container (the same #24049 made each
  ``self.counter_spec_decode_num_drafts`` a dict of one counter per engine: a fork subclass's
  ``self.counter_spec_decode_num_drafts.inc(n)`` raises AttributeError, and the MAL canary goes blind);
  and a loop over an attribute upstream turned from a list into a dict (its per-position counters: the
  fork's ``enumerate(prom.counter_..._per_pos)`` walks the engine indexes).
- a field default made a conditional of two literals (vLLM #15724, 9665313c39:
  ``guided_decoding_backend: str = 'xgrammar'`` -> ``"auto" if envs.VLLM_USE_V1 else "xgrammar"``): the
  fork's ``cfg.decoding_config.guided_decoding_backend == "xgrammar"`` no longer holds by default under
  V1 (default drift: a warning, as the fleet may set the option).
- an option read off parsed command-line arguments whose flag upstream renamed (vLLM #32020,
  ac9f9330e6: ``FrontendArgs.exclude_log_deltas`` -> ``enable_log_deltas``, sense inverted): the
  fork's ``args.exclude_log_deltas`` fails where the server starts (name drift: nothing upstream
  mentions the name any more).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT, NAME_DRIFT
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as shapes
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"

STATS = "vllm/stats.py"
STATS_BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass PromptTokenStats:\n    computed: int = 0\n    recomputed: int = 0\n    total: int = 0\n\n\n"
    "class IterationStats:\n    def __init__(self) -> None:\n        self.prompt_token_stats = PromptTokenStats()\n"
)
STATS_THEIRS = STATS_BASE.replace("    recomputed: int = 0\n", "")
STATS_HEAD = "from vllm.stats import IterationStats\n\n\n"


@pytest.mark.parametrize(
    "body",
    [
        # a local bound to the typed name's attribute
        "def hits(stats: IterationStats) -> int:\n    pts = stats.prompt_token_stats\n"
        "    return pts.computed - pts.recomputed\n",
        # the chain itself
        "def hits(stats: IterationStats) -> int:\n    return stats.prompt_token_stats.recomputed\n",
    ],
)
def test_a_field_read_through_a_typed_attribute(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = STATS_HEAD + body
    sides = three_way(git_repo, {STATS: STATS_BASE, **PACKAGES}, {USE: fork}, {STATS: STATS_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "recomputed"), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # the twin: a field the class still declares
        "def hits(stats: IterationStats) -> int:\n    pts = stats.prompt_token_stats\n    return pts.computed\n",
        # a local rebound in a loop: no one class
        "def hits(all_stats: list[IterationStats], stats: IterationStats) -> int:\n"
        "    pts = stats.prompt_token_stats\n    for pts in all_stats:\n        pass\n"
        "    return pts.recomputed\n",
    ],
)
def test_typed_attribute_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(git_repo, {STATS: STATS_BASE, **PACKAGES}, {USE: STATS_HEAD + body}, {STATS: STATS_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


PROTOCOL = "vllm/protocol.py"
MODEL_BASE = (
    "from pydantic import BaseModel, ConfigDict\n\n\n"
    'class OpenAIBaseModel(BaseModel):\n    model_config = ConfigDict(extra="allow")\n\n\n'
    "class DeltaMessage(OpenAIBaseModel):\n    content: str | None = None\n    reasoning: str | None = None\n"
    "    reasoning_content: str | None = None\n"
)
MODEL_THEIRS = MODEL_BASE.replace("    reasoning_content: str | None = None\n", "")
MODEL_HEAD = "from vllm.protocol import DeltaMessage\n\n\n"


def test_a_keyword_of_a_field_the_model_dropped(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = MODEL_HEAD + "def delta(text: str) -> DeltaMessage:\n    return DeltaMessage(reasoning_content=text)\n"
    sides = three_way(git_repo, {PROTOCOL: MODEL_BASE, **PACKAGES}, {USE: fork}, {PROTOCOL: MODEL_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "return DeltaMessage"), "error")]


@pytest.mark.parametrize(
    ("theirs", "body"),
    [
        # the twin: a field the model still declares
        (MODEL_THEIRS, "def delta(text: str) -> DeltaMessage:\n    return DeltaMessage(reasoning=text)\n"),
        # the old name still read from the raw data by the model's validator
        (
            MODEL_THEIRS
            + "\n    @classmethod\n    def _old(cls, data: dict) -> dict:\n"
            + '        data.setdefault("reasoning", data.get("reasoning_content"))\n        return data\n',
            "def delta(text: str) -> DeltaMessage:\n    return DeltaMessage(reasoning_content=text)\n",
        ),
        # a model that writes its own __init__: its parameters decide
        (
            MODEL_THEIRS + "\n    def __init__(self, **data: object) -> None:\n        super().__init__(**data)\n",
            "def delta(text: str) -> DeltaMessage:\n    return DeltaMessage(reasoning_content=text)\n",
        ),
    ],
)
def test_model_field_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: str, body: str) -> None:
    sides = three_way(git_repo, {PROTOCOL: MODEL_BASE, **PACKAGES}, {USE: MODEL_HEAD + body}, {PROTOCOL: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


ENGINE = "vllm/engine.py"
DEPRECATE = (
    "def deprecate_kwargs(*kws: str):\n    def wrapper(fn):\n        def inner(*args, **kwargs):\n"
    "            if kwargs.keys() & set(kws):\n                print('deprecated')\n"
    "            return fn(*args, **kwargs)\n        return inner\n    return wrapper\n\n\n"
)
ENGINE_BASE = (
    DEPRECATE + "class Engine:\n    @classmethod\n"
    "    def from_config(cls, cfg: dict, disable_log_requests: bool = False) -> 'Engine':\n"
    "        return cls(cfg, log_requests=not disable_log_requests)\n\n"
    "    def __init__(self, cfg: dict, log_requests: bool) -> None:\n        self.log_requests = log_requests\n"
)
ENGINE_THEIRS = (
    DEPRECATE + "class Engine:\n    @classmethod\n    @deprecate_kwargs('disable_log_requests')\n"
    "    def from_config(cls, cfg: dict, enable_log_requests: bool = False, disable_log_requests: bool = True) -> 'Engine':\n"
    "        return cls(cfg, log_requests=enable_log_requests)\n\n"
    "    def __init__(self, cfg: dict, log_requests: bool) -> None:\n        self.log_requests = log_requests\n"
)
ENGINE_HEAD = "from vllm.engine import Engine\n\n\n"


@pytest.mark.parametrize(
    ("theirs", "severity"),
    [
        (ENGINE_THEIRS, "error"),
        # a decorator that rewrites the keywords on their way may still read the old one: a warning
        (
            ENGINE_THEIRS.replace(
                "            return fn(*args, **kwargs)",
                "            kwargs.pop('x', None)\n            return fn(*args, **kwargs)",
            ),
            "warning",
        ),
    ],
)
def test_a_keyword_the_function_keeps_and_ignores(
    git_repo: GitRepo, tmp_path: Path, theirs: str, severity: str
) -> None:
    fork = (
        ENGINE_HEAD
        + "def engine(cfg: dict) -> Engine:\n    return Engine.from_config(cfg, disable_log_requests=False)\n"
    )
    sides = three_way(git_repo, {ENGINE: ENGINE_BASE, **PACKAGES}, {USE: fork}, {ENGINE: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "return Engine"), severity)]


@pytest.mark.parametrize(
    ("theirs", "body"),
    [
        # the twin: a call that leaves the old keyword out
        (ENGINE_THEIRS, "def engine(cfg: dict) -> Engine:\n    return Engine.from_config(cfg)\n"),
        # the old keyword still read (translated into the new one)
        (
            ENGINE_THEIRS.replace(
                "        return cls(cfg, log_requests=enable_log_requests)",
                "        return cls(cfg, log_requests=enable_log_requests or not disable_log_requests)",
            ),
            "def engine(cfg: dict) -> Engine:\n    return Engine.from_config(cfg, disable_log_requests=False)\n",
        ),
        # a body that reaches its parameters through locals()
        (
            ENGINE_THEIRS.replace(
                "        return cls(cfg, log_requests=enable_log_requests)",
                "        return cls(cfg, log_requests=bool(locals()['enable_log_requests']))",
            ),
            "def engine(cfg: dict) -> Engine:\n    return Engine.from_config(cfg, disable_log_requests=False)\n",
        ),
    ],
)
def test_kept_keyword_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: str, body: str) -> None:
    sides = three_way(git_repo, {ENGINE: ENGINE_BASE, **PACKAGES}, {USE: ENGINE_HEAD + body}, {ENGINE: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[2] == "error"] == []


RUNNER = "vllm/runner.py"
RUNNER_BASE = (
    ENGINE_HEAD + "def default(cfg: dict) -> Engine:\n    return Engine.from_config(cfg, disable_log_requests=False)\n"
)


def test_a_kept_keyword_upstreams_own_copy_of_the_call_still_passes_warns(git_repo: GitRepo, tmp_path: Path) -> None:
    """symbol_precision window 4: upstream stopped reading mllama's ``attention_mask`` and left its own
    ``self.self_attn(hidden_state, attention_mask=attention_mask)`` in place; the fork's call, spelt as
    upstream's own, loses nothing upstream's does not: a warning, not an error."""
    fork = RUNNER_BASE + (
        "\n\ndef aeon(cfg: dict) -> Engine:\n    made = Engine.from_config(cfg, disable_log_requests=False)\n    return made\n"
    )
    sides = three_way(
        git_repo, {ENGINE: ENGINE_BASE, RUNNER: RUNNER_BASE, **PACKAGES}, {RUNNER: fork}, {ENGINE: ENGINE_THEIRS}
    )
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(RUNNER, line_of(fork, "made = "), "warning")]


BATCH = "vllm/batch.py"
BATCH_BASE = (
    "from collections.abc import Sequence\nfrom dataclasses import dataclass\n\n"
    "AddedRequest = tuple[int, str, list[int]]\n\n\n"
    "@dataclass\nclass BatchUpdate:\n    batch_size: int\n    added: Sequence[AddedRequest]\n"
    "    removed: Sequence[int]\n"
)
BATCH_THEIRS = BATCH_BASE.replace("tuple[int, str, list[int]]", "tuple[int, str, list[int], list[int]]")
BATCH_HEAD = "from vllm.batch import BatchUpdate\n\n\n"


@pytest.mark.parametrize(
    ("theirs", "body", "line", "severity"),
    [
        # the old number of names unpacked in a loop
        (
            BATCH_THEIRS,
            "def outputs(batch: BatchUpdate) -> dict[int, list[int]]:\n    seen = {}\n"
            "    for index, params, out in batch.added:\n        seen[index] = out\n    return seen\n",
            "for index",
            "error",
        ),
        # ... in a comprehension, the tuple spelt inline in the annotation
        (
            BATCH_THEIRS.replace("Sequence[AddedRequest]", "Sequence[tuple[int, str]]"),
            "def outputs(batch: BatchUpdate) -> dict[int, str]:\n"
            "    return {index: params for index, params, out in batch.added}\n",
            "return {index",
            "error",
        ),
        # the value the old tuple ended with, read by index: a warning (inserted before it, or appended?)
        (
            BATCH_THEIRS,
            "def outputs(batch: BatchUpdate) -> dict[int, list[int]]:\n"
            "    return {added[0]: added[2] for added in batch.added}\n",
            "return {added",
            "warning",
        ),
    ],
)
def test_a_loop_over_tuples_upstream_lengthened(
    git_repo: GitRepo, tmp_path: Path, theirs: str, body: str, line: str, severity: str
) -> None:
    base = (
        BATCH_BASE
        if "Sequence[AddedRequest]" in theirs
        else BATCH_BASE.replace("Sequence[AddedRequest]", "Sequence[tuple[int, str, list[int]]]")
    )
    fork = BATCH_HEAD + body
    sides = three_way(git_repo, {BATCH: base, **PACKAGES}, {USE: fork}, {BATCH: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, line), severity)]


@pytest.mark.parametrize(
    ("theirs", "body"),
    [
        # the twin: the values that kept their place, by index
        (
            BATCH_THEIRS,
            "def params(batch: BatchUpdate) -> dict[int, str]:\n    return {a[0]: a[1] for a in batch.added}\n",
        ),
        # a starred unpacking takes any length
        (
            BATCH_THEIRS,
            "def params(batch: BatchUpdate) -> dict[int, str]:\n    return {i: p for i, p, *_ in batch.added}\n",
        ),
        # tuples of the same length (an element's type changed): not this class
        (
            BATCH_BASE.replace("tuple[int, str, list[int]]", "tuple[int, bytes, list[int]]"),
            "def outputs(batch: BatchUpdate) -> dict[int, list[int]]:\n"
            "    return {index: out for index, params, out in batch.added}\n",
        ),
    ],
)
def test_lengthened_tuple_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: str, body: str) -> None:
    sides = three_way(git_repo, {BATCH: BATCH_BASE, **PACKAGES}, {USE: BATCH_HEAD + body}, {BATCH: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


PROM = "vllm/prom.py"
PROM_BASE = (
    "class SpecDecodingProm:\n"
    "    def __init__(self, labelnames: list[str], labelvalues: list[str]) -> None:\n"
    "        self.values = labelvalues\n"
)
PROM_THEIRS = (
    "class SpecDecodingProm:\n"
    "    def __init__(self, labelnames: list[str], per_engine_labelvalues: dict[int, list[str]]) -> None:\n"
    "        self.values = {i: v for i, v in per_engine_labelvalues.items()}\n"
)
PROM_HEAD = "from vllm.prom import SpecDecodingProm\n\n\n"


@pytest.mark.parametrize(
    "body",
    [
        'def prom(model: str) -> SpecDecodingProm:\n    return SpecDecodingProm(["model", "engine"], [model, "0"])\n',
        "def prom(model: str) -> SpecDecodingProm:\n"
        '    return SpecDecodingProm(labelnames=["model"], per_engine_labelvalues=[model])\n',
    ],
)
def test_a_display_of_the_kind_the_parameter_no_longer_takes(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = PROM_HEAD + body
    theirs = PROM_THEIRS
    base = PROM_BASE if "labelnames=" not in body else PROM_BASE.replace("labelvalues", "per_engine_labelvalues")
    sides = three_way(git_repo, {PROM: base, **PACKAGES}, {USE: fork}, {PROM: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "return SpecDecodingProm"), "error")]


@pytest.mark.parametrize(
    ("theirs", "body"),
    [
        # the twin: the names' list, still a list
        (
            PROM_THEIRS,
            "def prom(values: dict[int, list[str]]) -> SpecDecodingProm:\n"
            '    return SpecDecodingProm(["model"], values)\n',
        ),
        # a list for a parameter that still takes a sequence (a tuple too)
        (
            PROM_THEIRS.replace("dict[int, list[str]]", "Sequence[str]"),
            'def prom(model: str) -> SpecDecodingProm:\n    return SpecDecodingProm(["model"], [model])\n',
        ),
    ],
)
def test_display_kind_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: str, body: str) -> None:
    sides = three_way(git_repo, {PROM: PROM_BASE, **PACKAGES}, {USE: PROM_HEAD + body}, {PROM: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


COUNTERS = "vllm/counters.py"
COUNTERS_BASE = (
    "class Counter:\n    def labels(self, *values: str) -> 'Counter':\n        return self\n\n"
    "    def inc(self, n: int) -> None:\n        pass\n\n\n"
    "class Prom:\n    def __init__(self, values: list[str]) -> None:\n"
    "        self.counter_drafts = Counter().labels(*values)\n        self.counter_tokens = Counter().labels(*values)\n"
)
COUNTERS_THEIRS = (
    "class Counter:\n    def labels(self, *values: str) -> 'Counter':\n        return self\n\n"
    "    def inc(self, n: int) -> None:\n        pass\n\n\n"
    "def make_per_engine(counter: Counter, per_engine: dict[int, list[str]]):\n"
    "    return {idx: counter.labels(*values) for idx, values in per_engine.items()}\n\n\n"
    "class Prom:\n    def __init__(self, per_engine: dict[int, list[str]]) -> None:\n"
    "        self.counter_drafts = make_per_engine(Counter(), per_engine)\n"
    "        self.counter_tokens = Counter().labels('0')\n"
)
COUNTERS_HEAD = "from vllm.counters import Prom\n\n\n"


@pytest.mark.parametrize(
    "body",
    [
        "class AeonProm(Prom):\n    def aeon_observe(self, n: int) -> None:\n        self.counter_drafts.inc(n)\n",
        "def observe(prom: Prom, n: int) -> None:\n    prom.counter_drafts.inc(n)\n",
    ],
)
def test_a_method_of_an_attribute_made_a_container(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = COUNTERS_HEAD + body
    sides = three_way(git_repo, {COUNTERS: COUNTERS_BASE, **PACKAGES}, {USE: fork}, {COUNTERS: COUNTERS_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "counter_drafts.inc"), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # the twin: an attribute still one object
        "class AeonProm(Prom):\n    def aeon_observe(self, n: int) -> None:\n        self.counter_tokens.inc(n)\n",
        # a method the container has
        "def engines(prom: Prom) -> list[int]:\n    return list(prom.counter_drafts.keys())\n",
    ],
)
def test_container_attribute_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(
        git_repo, {COUNTERS: COUNTERS_BASE, **PACKAGES}, {USE: COUNTERS_HEAD + body}, {COUNTERS: COUNTERS_THEIRS}
    )
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


PER_POS_BASE = COUNTERS_BASE + "        self.per_pos: list[Counter] = [Counter() for _ in values]\n"
PER_POS_THEIRS = (
    COUNTERS_THEIRS + "        self.per_pos: dict[int, list[Counter]] = {i: [Counter()] for i in per_engine}\n"
)


@pytest.mark.parametrize(
    "body",
    [
        "def observe(prom: Prom, n: int) -> None:\n    for pos, counter in enumerate(prom.per_pos):\n        counter.inc(n)\n",
        "def observe(prom: Prom, n: int) -> None:\n    for counter in prom.per_pos:\n        counter.inc(n)\n",
    ],
)
def test_a_loop_over_a_list_made_a_dict(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = COUNTERS_HEAD + body
    sides = three_way(git_repo, {COUNTERS: PER_POS_BASE, **PACKAGES}, {USE: fork}, {COUNTERS: PER_POS_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "    for "), "error")]


def test_a_loop_over_a_list_kept_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    body = "def observe(prom: Prom, n: int) -> None:\n    for counter in prom.per_pos:\n        counter.inc(n)\n"
    theirs = PER_POS_THEIRS.replace(
        "dict[int, list[Counter]] = {i: [Counter()] for i in per_engine}", "list[Counter] = []"
    )
    sides = three_way(git_repo, {COUNTERS: PER_POS_BASE, **PACKAGES}, {USE: COUNTERS_HEAD + body}, {COUNTERS: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


DECODING = "vllm/config/decoding.py"
DECODING_BASE = (
    "from dataclasses import dataclass\n\nfrom vllm import envs\n\n\n"
    "@dataclass\nclass DecodingConfig:\n    guided_decoding_backend: str = 'xgrammar'\n    reasoning_backend: str = ''\n"
)
DECODING_FORK = "vllm/aeon_bitmask.py"
DECODING_FORK_TEXT = (
    "def aeon_fast_bitmask(vllm_config) -> bool:\n"
    "    return vllm_config.decoding_config.guided_decoding_backend == 'xgrammar'\n"
)


DECODING_BUILT_TEXT = (
    "from vllm.config.decoding import DecodingConfig\n\n\ndef aeon_default_backend() -> str:\n"
    "    return {'xgrammar': 'fused'}[DecodingConfig().guided_decoding_backend]\n"
)


@pytest.mark.parametrize(
    ("new", "fork", "warned"),
    [
        ('"auto" if envs.VLLM_USE_V1 else "xgrammar"', DECODING_FORK_TEXT, 2),
        # the class built with every default: the read is the default itself
        ('"auto" if envs.VLLM_USE_V1 else "xgrammar"', DECODING_BUILT_TEXT, 5),
        # the twin: a conditional whose branches both keep the old value's meaning
        ('"xgrammar" if envs.VLLM_USE_V1 else "xgrammar"', DECODING_FORK_TEXT, None),
    ],
)
def test_a_default_made_a_conditional(
    git_repo: GitRepo, no_rules: Path, new: str, fork: str, warned: int | None
) -> None:
    theirs = DECODING_BASE.replace("'xgrammar'\n", new + "\n", 1)
    sides = shapes.merge_case(
        git_repo,
        {DECODING: DECODING_BASE, "vllm/envs.py": "VLLM_USE_V1 = True\n"},
        {DECODING_FORK: fork},
        [("[V1] Set structured output backend to `auto` by default (#15724)", {DECODING: theirs})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    hits = [f for f in report.findings if f.rule_id == DEFAULT_DRIFT and f.path == DECODING_FORK]
    assert [(f.line, f.severity) for f in hits] == ([(warned, Severity.WARNING)] if warned else [])


CLI = "vllm/cli_args.py"
CLI_BASE = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass FrontendArgs:\n"
    "    enable_log_outputs: bool = False\n    exclude_log_deltas: bool = False\n"
)
CLI_THEIRS = CLI_BASE.replace("exclude_log_deltas: bool = False", "enable_log_deltas: bool = True")
CLI_FORK = "vllm/aeon_log_mode.py"


@pytest.mark.parametrize(
    ("theirs", "body", "expected"),
    [
        (CLI_THEIRS, "def mode(args) -> str:\n    return 'final' if args.exclude_log_deltas else 'deltas'\n", [2]),
        # the twin: an option upstream kept
        (CLI_THEIRS, "def mode(args) -> bool:\n    return args.enable_log_outputs\n", []),
        # the flag still made by a parser, spelt with dashes only: the attribute lives on
        (
            CLI_THEIRS
            + "\n\ndef add(parser) -> None:\n    parser.add_argument('--exclude-log-deltas', action='store_true')\n",
            "def mode(args) -> str:\n    return 'final' if args.exclude_log_deltas else 'deltas'\n",
            [],
        ),
        # kwargs is a mapping, not parsed arguments
        (CLI_THEIRS, "def mode(**kwargs) -> object:\n    return kwargs.exclude_log_deltas\n", []),
    ],
)
def test_an_option_read_off_parsed_arguments(
    git_repo: GitRepo, no_rules: Path, theirs: str, body: str, expected: list[int]
) -> None:
    sides = shapes.merge_case(
        git_repo,
        {CLI: CLI_BASE},
        {CLI_FORK: body},
        [("Rename --exclude-log-deltas to --enable-log-deltas (#32020)", {CLI: theirs})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    hits = [f for f in report.findings if f.rule_id == NAME_DRIFT and f.path == CLI_FORK]
    assert [(f.line, f.severity) for f in hits] == [(line, Severity.ERROR) for line in expected]
