"""Carries that a clean merge silently switches off: each shaped like a real upstream vLLM change.

- a fork subclass's class attribute (or its ``self.x`` set before ``super().__init__()``) that
  upstream's base ``__init__`` now assigns on the instance (merge/shadowed-attribute), or a property
  or method of the fork's class of that name;
- a fork override of a hook upstream's base stopped calling (merge/symbol-drift);
- a fork override requiring a parameter upstream made optional, with a caller that leaves it out;
- one registry key written by both sides in separate statements (merge/duplicate-definition);
- a multi-line ``from m import (...)`` entry that hid a patched function's last caller leaving.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.duplicates import RULE as DUPLICATE
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from aeon_release.domain.audits.merge_rules import SHADOWED_ATTRIBUTE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE = "vllm/v1/worker/base.py"
FORK = "vllm/v1/worker/aeon_runner.py"
USER = "vllm/v1/worker/user.py"
SPACER = "".join(f"\n\ndef step{i}(x):\n    return x + {i}\n" for i in range(8))  # keeps the two sides' hunks apart


def findings(
    git_repo: GitRepo, no_rules: Path, base: dict[str, str], fork: dict[str, str], upstream: dict[str, str], rule: str
) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(git_repo, base, fork, [("Upstream change (#1)", upstream)])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.path, f.line, f.severity.value, f.message) for f in report.findings if rule in (f.rule_id, *f.also)]


def line_of(git_repo: GitRepo, path: str, text: str) -> int:
    return next(i for i, line in enumerate((git_repo.path / path).read_text().splitlines(), 1) if text in line)


# -- a class attribute hidden by an instance attribute upstream's base now assigns ----------------------
# A base turns a class-level default into ``self.x = ...`` in its __init__, which a fork subclass's
# ``x = ...`` no longer overrides: #13104 (QuantizationConfig.packed_modules_mapping), #31545 (the
# Transformers backend's hf_to_vllm_mapper, now set by a method its __init__ calls), #47327 (an
# indexer builder's reorder_batch_threshold).
RUNNER_BASE = (
    "class ModelRunnerBase:\n"
    "    max_num_tokens: int = 2048\n\n"
    "    def __init__(self, config):\n"
    "        self.config = config\n"
    "        self._init_buffers()\n\n"
    "    def _init_buffers(self):\n"
    "        self.buffers = []\n"
)
FORK_BASE = "from vllm.v1.worker.base import ModelRunnerBase\n\n\nclass Unrelated:\n    pass\n"
CLASS_ATTR = FORK_BASE + "\n\nclass AeonRunner(ModelRunnerBase):\n    max_num_tokens = 8192  # AEON\n"
EARLY = FORK_BASE + (
    "\n\nclass AeonRunner(ModelRunnerBase):\n"
    "    def __init__(self, config):\n"
    "        self.max_num_tokens = 8192  # AEON\n"
    "        super().__init__(config)\n"
)
IN_INIT = RUNNER_BASE.replace(
    "        self._init_buffers()\n",
    "        self.max_num_tokens = config.max_num_tokens\n        self._init_buffers()\n",
)
IN_HELPER = RUNNER_BASE.replace(
    "        self.buffers = []\n", "        self.buffers = []\n        self.max_num_tokens = 4096\n"
)


@pytest.mark.parametrize("fork", [CLASS_ATTR, EARLY])
@pytest.mark.parametrize("upstream", [IN_INIT, IN_HELPER])
def test_a_fork_value_upstreams_base_now_assigns_on_the_instance(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    base = {BASE: RUNNER_BASE, FORK: FORK_BASE}
    [(path, line, severity, message)] = findings(
        git_repo, no_rules, base, {FORK: fork}, {BASE: upstream}, SHADOWED_ATTRIBUTE
    )
    assert (path, line, severity) == (FORK, line_of(git_repo, FORK, "8192  # AEON"), "error")
    assert "upstream's ModelRunnerBase." in message and "assigns self.max_num_tokens" in message
    assert f"({BASE}:" in message and "#1" in message and "the carry no longer takes effect" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork sets its value after the base's __init__: it still wins
        (
            EARLY.replace(
                "        self.max_num_tokens = 8192  # AEON\n        super().__init__(config)\n",
                "        super().__init__(config)\n        self.max_num_tokens = 8192  # AEON\n",
            ),
            IN_INIT,
        ),
        # upstream reads the class's value first (``getattr(self, ...)``, ``self.x or ...``)
        (CLASS_ATTR, IN_INIT.replace("config.max_num_tokens\n", "getattr(self, 'max_num_tokens', 0) or 2048\n")),
        (CLASS_ATTR, IN_INIT.replace("config.max_num_tokens\n", "self.max_num_tokens or 2048\n")),
        # upstream assigns another attribute
        (CLASS_ATTR, IN_INIT.replace("self.max_num_tokens =", "self.max_num_seqs =")),
        # the base assigned it on the instance before the merge already (in a method run later)
        (CLASS_ATTR, IN_INIT),
    ],
)
def test_a_fork_value_that_still_takes_effect_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    runner = RUNNER_BASE
    if upstream == IN_INIT and fork == CLASS_ATTR:
        runner += "\n    def reset(self):\n        self.max_num_tokens = 1\n"
        upstream += "\n    def reset(self):\n        self.max_num_tokens = 1\n"
    base = {BASE: runner, FORK: FORK_BASE}
    assert findings(git_repo, no_rules, base, {FORK: fork}, {BASE: upstream}, SHADOWED_ATTRIBUTE) == []


# -- killers178: a fork value of its own under a name upstream's base now assigns and reads ------------
# #26086 gave EagleProposer.__init__ ``self.dp_rank`` (read to index the DP counts), #36036 gave it
# ``self.block_size`` (assigned again in initialize_attn_backend): a fork subclass's own attribute of that name,
# set after super().__init__() or in a method of its own, now shares one slot with the base's.
LATE = FORK_BASE + (
    "\n\nclass AeonRunner(ModelRunnerBase):\n"
    "    def __init__(self, config):\n"
    "        super().__init__(config)\n"
    "        self.stream = 8192  # AEON\n"
)
IN_METHOD = FORK_BASE + (
    "\n\nclass AeonRunner(ModelRunnerBase):\n"
    "    def load(self, model):\n"
    "        self.stream = model.aeon_stream  # AEON\n"
)
READS = RUNNER_BASE.replace(
    "        self._init_buffers()\n", "        self.stream = None\n        self._init_buffers()\n"
) + ("\n    def capture(self):\n        return [self.stream]\n")
REASSIGNS = RUNNER_BASE + "\n    def bind(self, device):\n        self.stream = device.stream\n"


@pytest.mark.parametrize("fork", [LATE, IN_METHOD])
@pytest.mark.parametrize("upstream", [READS, REASSIGNS])
def test_a_fork_value_of_a_name_upstreams_base_now_uses(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    base = {BASE: RUNNER_BASE, FORK: FORK_BASE}
    [(path, line, severity, message)] = findings(
        git_repo, no_rules, base, {FORK: fork}, {BASE: upstream}, SHADOWED_ATTRIBUTE
    )
    assert (path, line, severity) == (FORK, line_of(git_repo, FORK, "# AEON"), "error")
    assert "sets self.stream of its own" in message and "one slot for two values" in message
    assert ("now read the fork's value" in message) is (upstream == READS)


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork's own name
        (LATE.replace("self.stream", "self._aeon_stream"), READS),
        # a backport: the fork's value spelled as upstream's
        (
            IN_METHOD.replace("model.aeon_stream", "device.stream").replace("load(self, model)", "bind(self, device)"),
            REASSIGNS,
        ),
        # a guard: the fork sets it only when the instance has none
        (
            LATE.replace(
                "        self.stream = 8192", "        if not hasattr(self, 'stream'):\n            self.stream = 8192"
            ),
            READS,
        ),
        # the base sets it once in its __init__ and never reads it: the fork's later value still wins
        (
            LATE,
            RUNNER_BASE.replace(
                "        self._init_buffers()\n", "        self.stream = None\n        self._init_buffers()\n"
            ),
        ),
        # the base assigned it before the merge already
        (LATE, READS),
        # review92: a backport through locals (#26086's rank bound to a local first)
        (
            IN_METHOD.replace(
                "        self.stream = model.aeon_stream  # AEON",
                "        held = device\n        stream = held.stream\n        self.stream = stream  # AEON",
            ).replace("load(self, model)", "bind(self, device)"),
            REASSIGNS,
        ),
        # review92: a staticmethod's store on what it is handed, not on the instance
        (
            FORK_BASE + "\n\nclass AeonRunner(ModelRunnerBase):\n    @staticmethod\n    def tag(meta, stream):\n"
            "        meta.stream = stream  # AEON\n",
            READS,
        ),
    ],
)
def test_a_fork_value_of_a_name_the_base_already_had_or_shares_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    had = fork == LATE and upstream == READS
    base = {BASE: READS if had else RUNNER_BASE, FORK: FORK_BASE}
    changed = READS.replace("[self.stream]", "[self.stream, self.config]") if had else upstream
    assert findings(git_repo, no_rules, base, {FORK: fork}, {BASE: changed}, SHADOWED_ATTRIBUTE) == []


# -- a fork member of the name upstream's base now assigns on the instance -------------------------------
# #23060 made ``Request.use_structured_output`` (a property) a flag ``Request.__init__`` sets: a fork
# subclass's read-only property of that name refuses the store, and a method or cached_property of it is
# hidden by the instance attribute.
REQ_BASE = (
    "class Request:\n"
    "    def __init__(self, params):\n"
    "        self.params = params\n\n"
    "    @property\n"
    "    def use_structured_output(self):\n"
    "        return self.params is not None\n"
)
REQ_UPSTREAM = (
    "class Request:\n"
    "    def __init__(self, params):\n"
    "        self.params = params\n"
    "        self.use_structured_output = params is not None\n"
)
REQ_FORK_BASE = "from vllm.v1.worker.base import Request\n\n\nclass Unrelated:\n    pass\n"
MEMBER = (
    REQ_FORK_BASE
    + "\n\nclass AeonRequest(Request):\n{decorator}    def use_structured_output(self):  # AEON\n        return True\n"
)


@pytest.mark.parametrize(
    ("decorator", "said"),
    [
        ("    @property\n", "is a property with no setter"),
        ("    @functools.cached_property\n", "is a cached property"),
        ("", "is a method"),
    ],
)
def test_a_fork_member_upstreams_base_now_assigns_on_the_instance(
    git_repo: GitRepo, no_rules: Path, decorator: str, said: str
) -> None:
    fork = MEMBER.format(decorator=decorator)
    if "functools" in decorator:
        fork = "import functools\n" + fork
    base = {BASE: REQ_BASE, FORK: REQ_FORK_BASE}
    [(path, line, severity, message)] = findings(
        git_repo, no_rules, base, {FORK: fork}, {BASE: REQ_UPSTREAM}, SHADOWED_ATTRIBUTE
    )
    assert (path, line, severity) == (FORK, line_of(git_repo, FORK, "use_structured_output(self):  # AEON"), "error")
    assert said in message and "upstream's Request.__init__() now assigns self.use_structured_output" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork's property takes the store
        (
            MEMBER.format(decorator="    @property\n")
            + "\n    @use_structured_output.setter\n    def use_structured_output(self, value):\n        pass\n",
            REQ_UPSTREAM,
        ),
        # the fork's class routes every store itself
        (
            MEMBER.format(decorator="    @property\n")
            + "\n    def __setattr__(self, name, value):\n        object.__setattr__(self, '_' + name, value)\n",
            REQ_UPSTREAM,
        ),
        # upstream assigns another attribute
        (MEMBER.format(decorator="    @property\n"), REQ_UPSTREAM.replace("self.use_structured_output =", "self.so =")),
        # the base assigned it on the instance before the merge already
        (MEMBER.format(decorator=""), REQ_UPSTREAM.replace("params\n", "params\n        self.x = 1\n", 1)),
        # a decorator of the fork's own may be a descriptor that takes the store
        (
            MEMBER.format(decorator="    @aeon_slot\n").replace(
                "class AeonRequest", "aeon_slot = property\n\n\nclass AeonRequest"
            ),
            REQ_UPSTREAM,
        ),
    ],
)
def test_a_fork_member_the_base_may_assign_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    base_text = REQ_UPSTREAM if "self.x = 1" in upstream else REQ_BASE
    base = {BASE: base_text, FORK: REQ_FORK_BASE}
    assert findings(git_repo, no_rules, base, {FORK: fork}, {BASE: upstream}, SHADOWED_ATTRIBUTE) == []


# review25: a property the fork builds by a call with a setter, and a fork mixin ahead of the base routing every
# store through its own ``__setattr__``, take upstream's store: the fork's member still answers.  A property built
# without a setter, and a mixin with no ``__setattr__``, still break.
ACCESSORS = (
    "    def _get(self):\n        return getattr(self, '_so', True)  # AEON\n\n"
    "    def _set(self, value):\n        self._so = value\n\n"
)
BUILT = REQ_FORK_BASE + "\n\nclass AeonRequest(Request):\n" + ACCESSORS + "    use_structured_output = {call}  # AEON\n"
MIXIN = (
    REQ_FORK_BASE + "\n\nclass _AeonRouted:\n{body}\n\n"
    "class AeonRequest(_AeonRouted, Request):\n"
    "    @property\n    def use_structured_output(self):  # AEON\n        return getattr(self, '_so', True)\n"
)
ROUTE = "    def __setattr__(self, name, value):\n        object.__setattr__(self, '_so' if name == 'use_structured_output' else name, value)\n"


@pytest.mark.parametrize(
    "fork",
    [
        BUILT.format(call="property(_get, _set)"),
        BUILT.format(call="property(_get, fset=_set)"),
        MIXIN.format(body=ROUTE),
    ],
)
def test_a_fork_member_that_takes_the_store_is_silent(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    base = {BASE: REQ_BASE, FORK: REQ_FORK_BASE}
    assert findings(git_repo, no_rules, base, {FORK: fork}, {BASE: REQ_UPSTREAM}, SHADOWED_ATTRIBUTE) == []


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        (BUILT.format(call="property(_get)"), "use_structured_output = property(_get)  # AEON"),
        (MIXIN.format(body="    pass\n"), "use_structured_output(self):  # AEON"),
    ],
)
def test_a_fork_member_that_refuses_the_store_stays_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, line: str
) -> None:
    base = {BASE: REQ_BASE, FORK: REQ_FORK_BASE}
    [(path, at, severity, _)] = findings(
        git_repo, no_rules, base, {FORK: fork}, {BASE: REQ_UPSTREAM}, SHADOWED_ATTRIBUTE
    )
    assert (path, at, severity) == (FORK, line_of(git_repo, FORK, line), "error")


# -- a fork override of a hook upstream's base stopped calling ----------------------------------------
# The base's step now calls a new method (or nothing) and keeps the old one, which the fork overrides:
# #34086 (supports_chunking() of the MoE experts) and #43108 (supports_expert_map()) stopped calling
# hooks that their classes still define.
HOOK_BASE = (
    "class ModelRunnerBase:\n"
    "    def execute(self, batch):\n"
    "        batch = self.prepare_inputs_legacy(batch)\n"
    "        return self.sample_tokens_default(batch)\n\n"
    "    def prepare_inputs_legacy(self, batch):\n"
    "        return batch\n\n"
    "    def prepare_inputs_packed(self, batch):\n"
    "        return sorted(batch)\n\n"
    "    def sample_tokens_default(self, batch):\n"
    "        return batch\n"
)
HOOK_UPSTREAM = HOOK_BASE.replace(
    "        batch = self.prepare_inputs_legacy(batch)\n", "        batch = self.prepare_inputs_packed(batch)\n"
)
HOOK_FORK = FORK_BASE.replace("ModelRunnerBase\n", "ModelRunnerBase\n", 1) + (
    "\n\nclass AeonRunner(ModelRunnerBase):\n"
    "    def {name}(self, batch):\n"
    "        batch = [b * 2 for b in batch]  # AEON\n"
    "        return batch\n"
)


def test_a_fork_override_of_a_hook_upstream_stopped_calling_never_runs(git_repo: GitRepo, no_rules: Path) -> None:
    base = {BASE: HOOK_BASE, FORK: FORK_BASE}
    fork = {FORK: HOOK_FORK.format(name="prepare_inputs_legacy")}
    [(path, line, severity, message)] = [
        f for f in findings(git_repo, no_rules, base, fork, {BASE: HOOK_UPSTREAM}, DRIFT) if "stopped" in f[3]
    ]
    assert (path, line, severity) == (FORK, line_of(git_repo, FORK, "# AEON"), "error")
    assert "AeonRunner.prepare_inputs_legacy() overrides ModelRunnerBase.prepare_inputs_legacy()" in message
    assert f"its last use was in {BASE}" in message and "the override never runs" in message


@pytest.mark.parametrize(
    ("name", "base_extra", "fork_extra"),
    [
        ("sample_tokens_default", "", ""),  # a hook the base still calls
        (
            "prepare_inputs_legacy",
            "",
            "\n\ndef run(r, b):\n    return r.prepare_inputs_legacy(b)\n",
        ),  # the fork calls it
        ("prepare_inputs_fork", "", ""),  # the fork's own method: it overrides nothing upstream has
    ],
)
def test_a_fork_override_that_still_runs_is_silent(
    git_repo: GitRepo, no_rules: Path, name: str, base_extra: str, fork_extra: str
) -> None:
    base = {BASE: HOOK_BASE + base_extra, FORK: FORK_BASE}
    fork = {FORK: HOOK_FORK.format(name=name) + fork_extra}
    assert [
        f for f in findings(git_repo, no_rules, base, fork, {BASE: HOOK_UPSTREAM}, DRIFT) if "stopped" in f[3]
    ] == []


# -- a fork override requiring a parameter upstream made optional --------------------------------------
# #50777 (Gemma3Model.forward: intermediate_tensors=None) and #39125 (an attention forward's output=None):
# upstream gives a parameter a default because a caller leaves it out; the fork's override still requires it.
OPT_BASE = (
    "class AttentionImplBase:\n"
    "    def forward_decode(self, query, kv_cache, output):\n"
    "        return query\n\n\n"
    "def run(impl, q, kv, out):\n"
    "    return impl.forward_decode(q, kv, out)\n"
)
OPT_FORK = FORK_BASE.replace("ModelRunnerBase", "AttentionImplBase") + (
    "\n\nclass AeonImpl(AttentionImplBase):\n"
    "    def forward_decode(self, query, kv_cache, output):\n"
    "        output.copy_(query)  # AEON\n"
    "        return output\n"
)
OPT_FORK_BASE = FORK_BASE.replace("ModelRunnerBase", "AttentionImplBase")
OPT_UPSTREAM = OPT_BASE.replace("kv_cache, output):", "kv_cache, output=None):").replace(
    "    return impl.forward_decode(q, kv, out)\n", "    return impl.forward_decode(q, kv)\n"
)


# the call spans lines: upstream deletes the argument's line, and the call's first line stays as it was
OPT_BASE_LONG = OPT_BASE.replace(
    "    return impl.forward_decode(q, kv, out)\n",
    "    return impl.forward_decode(\n        q,\n        kv,\n        out,\n    )\n",
)
OPT_UPSTREAM_LONG = OPT_BASE_LONG.replace("kv_cache, output):", "kv_cache, output=None):").replace("        out,\n", "")


@pytest.mark.parametrize(("base_text", "upstream"), [(OPT_BASE, OPT_UPSTREAM), (OPT_BASE_LONG, OPT_UPSTREAM_LONG)])
def test_an_override_requiring_a_parameter_upstream_made_optional(
    git_repo: GitRepo, no_rules: Path, base_text: str, upstream: str
) -> None:
    base = {BASE: base_text, FORK: OPT_FORK_BASE}
    [(path, line, severity, message)] = findings(git_repo, no_rules, base, {FORK: OPT_FORK}, {BASE: upstream}, DRIFT)
    assert (path, line, severity) == (FORK, line_of(git_repo, FORK, "def forward_decode"), "error")
    assert "upstream gave output a default in the base, the override still requires it" in message
    assert f"upstream's call at {BASE}:" in message and "TypeError on the fork's class" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # every call still passes it
        (OPT_FORK, OPT_BASE.replace("kv_cache, output):", "kv_cache, output=None):")),
        # upstream deleted a line of a multi-line call that still passes it
        (
            OPT_FORK,
            OPT_BASE_LONG.replace("kv_cache, output):", "kv_cache, output=None):").replace(
                "        kv,\n        out,\n", "        kv, out,\n"
            ),
        ),
        # the override has the default too
        (OPT_FORK.replace("kv_cache, output):", "kv_cache, output=None):"), OPT_UPSTREAM),
    ],
)
def test_an_override_every_caller_still_fits_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    base = {BASE: OPT_BASE, FORK: OPT_FORK_BASE}
    assert findings(git_repo, no_rules, base, {FORK: fork}, {BASE: upstream}, DRIFT) == []


# -- a registry key written by both sides in separate statements ----------------------------------------
# #11330 / #26906 / #47187 write ``ALL_ATTENTION_FUNCTIONS["vllm"] = ...`` at module level: a carry
# registering its own function under the same key above upstream's line is dropped.
REG = "vllm/model_executor/models/registry_mod.py"
REG_BASE = "ATTENTION_FUNCTIONS = {}\n\n\ndef upstream_attention(q):\n    return q\n" + SPACER


def _registry(fork_line: str, upstream_line: str) -> tuple[str, str]:
    fork = REG_BASE.replace("    return q\n", f"    return q\n\n\n{fork_line}  # AEON\n", 1)
    return fork, REG_BASE + f"\n\n{upstream_line}\n"


@pytest.mark.parametrize(
    ("fork_line", "upstream_line"),
    [
        ('ATTENTION_FUNCTIONS["vllm"] = aeon_attention', 'ATTENTION_FUNCTIONS["vllm"] = upstream_attention'),
        ('ATTENTION_FUNCTIONS.update({"vllm": aeon_attention})', 'ATTENTION_FUNCTIONS["vllm"] = upstream_attention'),
        ("ATTENTION_FUNCTIONS.update(vllm=aeon_attention)", 'ATTENTION_FUNCTIONS.update({"vllm": upstream_attention})'),
        (
            '@register_attention("vllm")\ndef aeon_attention(q):\n    return q',
            '@register_attention("vllm")\ndef newer_attention(q):\n    return q',
        ),
    ],
)
def test_a_registry_key_both_sides_wrote_keeps_upstreams_entry(
    git_repo: GitRepo, no_rules: Path, fork_line: str, upstream_line: str
) -> None:
    fork, upstream = _registry(fork_line, upstream_line)
    [(path, line, severity, message)] = findings(
        git_repo, no_rules, {REG: REG_BASE}, {REG: fork}, {REG: upstream}, DUPLICATE
    )
    assert (path, severity) == (REG, "error") and line > line_of(git_repo, REG, "# AEON")
    assert "key 'vllm'" in message and "the fork's (carry's) entry is silently dropped" in message


@pytest.mark.parametrize(
    ("fork_line", "upstream_line", "expected"),
    [
        ('ATTENTION_FUNCTIONS["aeon"] = aeon_attention', 'ATTENTION_FUNCTIONS["vllm"] = upstream_attention', []),
        ('ATTENTION_FUNCTIONS["vllm"] = aeon_attention', 'OTHER_FUNCTIONS["vllm"] = upstream_attention', []),
        (
            '@register_attention("aeon")\ndef a(q):\n    return q',
            '@register_attention("vllm")\ndef b(q):\n    return q',
            [],
        ),
        ('@cache_it("vllm")\ndef a(q):\n    return q', '@cache_it("vllm")\ndef b(q):\n    return q', []),  # no registry
    ],
)
def test_registry_writes_that_do_not_collide_are_silent(
    git_repo: GitRepo, no_rules: Path, fork_line: str, upstream_line: str, expected: list[object]
) -> None:
    fork, upstream = _registry(fork_line, upstream_line)
    assert findings(git_repo, no_rules, {REG: REG_BASE}, {REG: fork}, {REG: upstream}, DUPLICATE) == expected


def test_a_fork_entry_written_after_upstreams_overrides_it_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """The carry's later write wins: it still works, and upstream's new entry is dropped (worth a look)."""
    fork = REG_BASE + '\n\nATTENTION_FUNCTIONS["vllm"] = aeon_attention  # AEON\n'
    upstream = REG_BASE.replace(
        "    return q\n", '    return q\n\n\nATTENTION_FUNCTIONS["vllm"] = upstream_attention\n', 1
    )
    [(_, _, severity, message)] = findings(git_repo, no_rules, {REG: REG_BASE}, {REG: fork}, {REG: upstream}, DUPLICATE)
    assert severity == "warning" and "upstream's entry is silently dropped" in message


# -- a multi-line import entry is no use ---------------------------------------------------------------
LEGACY = (
    "def prepare_inputs_legacy(batch):\n    ids = list(batch)\n    return ids\n\n\ndef prepare_inputs_packed(batch):\n    return sorted(batch)\n"
    + SPACER
)
CALLER = "from vllm.v1.worker.base import (\n    prepare_inputs_legacy,\n    prepare_inputs_packed,\n)\n\n\ndef go(b):\n    return {}(b)\n"


@pytest.mark.parametrize("still_called", [False, True])
def test_a_multi_line_import_entry_does_not_keep_a_patched_function_alive(
    git_repo: GitRepo, no_rules: Path, still_called: bool
) -> None:
    fork = LEGACY.replace("    ids = list(batch)\n", "    ids = list(batch)\n    ids = aeon_pad(ids)  # AEON\n")
    other = "vllm/v1/worker/other.py"
    base = {BASE: LEGACY, USER: CALLER.format("prepare_inputs_legacy"), other: CALLER.format("prepare_inputs_packed")}
    if still_called:
        base[other] = CALLER.format("prepare_inputs_legacy")
    dead = [
        f
        for f in findings(git_repo, no_rules, base, {BASE: fork}, {USER: CALLER.format("prepare_inputs_packed")}, DRIFT)
        if "stopped using" in f[3]
    ]
    if still_called:
        assert dead == []
        return
    [(path, line, _, message)] = dead
    assert (path, line) == (BASE, line_of(git_repo, BASE, "# AEON")) and f"its last use was in {USER}" in message
