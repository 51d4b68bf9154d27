"""Attention-backend contracts a fork's own backend is written against (killers52, blind_replay_attention.py).

Shaped like vLLM's vllm/v1/attention/backend.py and its backends: a knob upstream retired keeping one of its
paths (#39125 ``accept_output_buffer``), a hook widened with a parameter a record's fields are spread into
(#48011 ``validate_configuration(**attn_selector_config._asdict())``), and a capability hook upstream added
refusing and opted its own backends in (#48011 ``supports_sliding_window``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BACKEND = "vllm/v1/attention/backend.py"
FORK = "vllm/aeon/spark_backend.py"


def rows(
    repo: GitRepo, config: Path, base: dict[str, str], fork: str, title: str, upstream: dict[str, str]
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, base, {FORK: fork}, [(title, upstream)])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


# -- #39125 (70406eb1dc): accept_output_buffer, False on the base, True on 14 backends, retired everywhere ---
KNOB_BASE = "class AttentionBackend:\n    accept_output_buffer: bool = False\n\n    def get_name(self) -> str:\n        return ''\n"
KNOB_BACKENDS = {
    f"vllm/v1/attention/backends/b{i}.py": (
        "from vllm.v1.attention.backend import AttentionBackend\n\n\n"
        f"class B{i}Backend(AttentionBackend):\n    accept_output_buffer: bool = {value}\n"
    )
    for i, value in enumerate(["True"] * 8 + ["False"])
}


def knob_upstream(backends: dict[str, str]) -> dict[str, str]:
    dropped = {p: t.replace(t.splitlines()[-1] + "\n", "    pass\n") for p, t in backends.items()}
    return {BACKEND: KNOB_BASE.replace("    accept_output_buffer: bool = False\n\n", ""), **dropped}


@pytest.mark.parametrize(
    ("value", "backends", "level"),
    [
        ("False", KNOB_BACKENDS, "error"),
        # twins: the fork's value is the path upstream kept; upstream's setters did not agree
        ("True", KNOB_BACKENDS, "warning"),
        (
            "False",
            {p: t.replace("= True", "= False") if p[-4] in "01" else t for p, t in KNOB_BACKENDS.items()},
            "warning",
        ),
    ],
    ids=["the other path", "twin: the kept path", "twin: setters split"],
)
def test_a_retired_knob_s_other_value(
    git_repo: GitRepo, no_rules: Path, value: str, backends: dict[str, str], level: str
) -> None:
    fork = (
        "from vllm.v1.attention.backends.b0 import B0Backend\n\n\n"
        "class AeonSparkBackend(B0Backend):\n"
        "    # AEON: the sm_121 kernel allocates its own output\n"
        f"    accept_output_buffer: bool = {value}\n"
    )
    found = rows(
        git_repo,
        no_rules,
        {BACKEND: KNOB_BASE, **backends},
        fork,
        "[Attention][V0 Deprecation] Deprecate accept output buffer (#39125)",
        knob_upstream(backends),
    )
    assert [(line, severity) for line, severity, _ in found] == [(6, level)]
    if level == "error":
        assert "7 of them with True" in found[0][2] and "no longer honoured" in found[0][2]


# -- #48011 (bea70c7cfc): validate_configuration gained has_sliding_window, spread from AttentionSelectorConfig --
HOOK_BASE = (
    "class AttentionBackend:\n"
    "    @classmethod\n"
    "    def validate_configuration(cls, head_size: int, block_size: int, use_non_causal: bool = False) -> list[str]:\n"
    "        return []\n"
)
HOOK_NEW = HOOK_BASE.replace("block_size: int, ", "block_size: int, has_sliding_window: bool = False, ")
SELECTOR = "vllm/v1/attention/selector.py"
SELECTOR_BASE = (
    "from typing import NamedTuple\n\n\n"
    "class AttentionSelectorConfig(NamedTuple):\n"
    "    head_size: int\n"
    "    block_size: int\n"
    "    use_non_causal: bool = False\n"
)
SELECTOR_NEW = SELECTOR_BASE.replace("    use_non_causal", "    has_sliding_window: bool = False\n    use_non_causal")
PLATFORM = "vllm/platforms/cuda.py"
PLATFORM_TEXT = (
    "def valid(backend_class, attn_selector_config):\n    return backend_class.validate_configuration(**{spread})\n"
)
OVERRIDE = (
    "from vllm.v1.attention.backend import AttentionBackend\n\n\n"
    "class AeonSparkBackend(AttentionBackend):\n"
    "    @classmethod\n"
    "    def validate_configuration(cls, head_size: int, block_size: int, use_non_causal: bool = False) -> list[str]:\n"
    "        return [] if head_size != 256 else ['no head size 256 on sm_121']\n"
)


@pytest.mark.parametrize(
    ("spread", "selector", "level"),
    [
        ("attn_selector_config._asdict()", SELECTOR_NEW, "error"),
        ("dataclasses.asdict(attn_selector_config)", SELECTOR_NEW, "error"),
        # twins: the record did not gain the field (only a caller may pass it); a plain mapping spread
        ("attn_selector_config._asdict()", SELECTOR_BASE, "warning"),
        ("attn_selector_config", SELECTOR_NEW, "warning"),
    ],
    ids=["NamedTuple spread", "dataclass spread", "twin: record unchanged", "twin: a mapping"],
)
def test_an_override_missing_a_parameter_a_spread_record_now_passes(
    git_repo: GitRepo, no_rules: Path, spread: str, selector: str, level: str
) -> None:
    base = {BACKEND: HOOK_BASE, SELECTOR: SELECTOR_BASE, PLATFORM: PLATFORM_TEXT.format(spread=spread)}
    found = rows(
        git_repo,
        no_rules,
        base,
        OVERRIDE,
        "[Attention] Make sliding-window support an explicit backend capability (#48011)",
        {BACKEND: HOOK_NEW, SELECTOR: selector},
    )
    assert [(line, severity) for line, severity, _ in found] == [(6, level)]


# -- #48011 (bea70c7cfc): supports_sliding_window() added refusing, overridden True in upstream's backends ----
CAP_BASE = "class AttentionBackend:\n    def get_name(self) -> str:\n        return ''\n"
CAP_NEW = CAP_BASE + (
    '\n    @classmethod\n    def supports_sliding_window(cls) -> bool:\n        """Whether ..."""\n        return False\n'
)
CAP_BACKENDS = {
    f"vllm/v1/attention/backends/c{i}.py": (
        f"from vllm.v1.attention.backend import AttentionBackend\n\n\nclass C{i}Backend(AttentionBackend):\n    pass\n"
    )
    for i in range(4)
}
OPT_IN = "    @classmethod\n    def supports_sliding_window(cls) -> bool:\n        return True\n"


def cap_upstream(opted: int) -> dict[str, str]:
    return {
        BACKEND: CAP_NEW,
        **{p: t.replace("    pass\n", OPT_IN) for p, t in list(CAP_BACKENDS.items())[:opted]},
    }


@pytest.mark.parametrize(
    ("fork", "opted", "caught"),
    [
        (
            "from vllm.v1.attention.backend import AttentionBackend\n\n\nclass AeonSparkBackend(AttentionBackend):\n    pass\n",
            3,
            True,
        ),
        # twins: a subclass of an opted-in backend; the fork declares it; only two opted in (an exception)
        (
            "from vllm.v1.attention.backends.c0 import C0Backend\n\n\nclass AeonSparkBackend(C0Backend):\n    pass\n",
            3,
            False,
        ),
        (
            "from vllm.v1.attention.backend import AttentionBackend\n\n\nclass AeonSparkBackend(AttentionBackend):\n"
            + OPT_IN.replace("True", "False"),
            3,
            False,
        ),
        (
            "from vllm.v1.attention.backend import AttentionBackend\n\n\nclass AeonSparkBackend(AttentionBackend):\n    pass\n",
            2,
            False,
        ),
        # upstream left one of its own backends refusing: a fork subclass of it takes upstream's decision
        (
            "from vllm.v1.attention.backends.c3 import C3Backend\n\n\nclass AeonSparkBackend(C3Backend):\n    pass\n",
            3,
            False,
        ),
        # the fork's impl honours windows: still refused by upstream now
        (
            "from vllm.v1.attention.backend import AttentionBackend\n\n\nclass AeonSparkBackend(AttentionBackend):\n"
            "    pass\n\n\nclass AeonSparkImpl:\n    def __init__(self, sliding_window: int | None) -> None:\n"
            "        self.sliding_window = (-1, -1) if sliding_window is None else (sliding_window - 1, 0)\n",
            3,
            True,
        ),
        # twins: the fork's module refuses the capability itself (a raise under a test of it, an assert)
        (
            "from vllm.v1.attention.backend import AttentionBackend\n\n\nclass AeonSparkBackend(AttentionBackend):\n"
            "    pass\n\n\nclass AeonSparkImpl:\n    def __init__(self, sliding_window: int | None) -> None:\n"
            "        if sliding_window is not None:\n"
            "            raise NotImplementedError('no sliding window on the Spark kernel')\n",
            3,
            False,
        ),
        (
            "from vllm.v1.attention.backend import AttentionBackend\n\n\nclass AeonSparkBackend(AttentionBackend):\n"
            "    pass\n\n\nclass AeonSparkImpl:\n    def __init__(self, sliding_window: int | None) -> None:\n"
            "        assert sliding_window is None, 'no sliding window'\n",
            3,
            False,
        ),
    ],
    ids=[
        "inherits the refusal",
        "twin: an opted-in base",
        "twin: declares it",
        "twin: two opted in",
        "twin: left out",
        "honours windows",
        "twin: raises on windows",
        "twin: asserts no window",
    ],
)
def test_a_capability_upstream_made_opt_in(
    git_repo: GitRepo, no_rules: Path, fork: str, opted: int, caught: bool
) -> None:
    found = rows(
        git_repo,
        no_rules,
        {BACKEND: CAP_BASE, **CAP_BACKENDS},
        fork,
        "[Attention] Make sliding-window support an explicit backend capability (#48011)",
        cap_upstream(opted),
    )
    errors = [(line, severity) for line, severity, _ in found if severity == "error"]
    assert errors == ([(4, "error")] if caught else [])
    if caught:
        assert (
            "inherits AttentionBackend.supports_sliding_window(), which upstream added returning False" in found[0][2]
        )
        assert "overrode in 3 of its own classes" in found[0][2]


def test_a_backend_missing_an_abstract_of_upstreams_is_still_asked(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's backends are used as classes, never built: one of the fork's that leaves one of upstream's
    abstract methods undefined is still asked ``supports_sliding_window()`` (only an abstract the fork
    declared itself marks a base of its own, quiet: drift/raising_hooks.py's review)."""
    abstract = "from abc import ABC, abstractmethod\n\n\n" + CAP_BASE.replace(
        "class AttentionBackend:\n",
        "class AttentionBackend(ABC):\n    @staticmethod\n    @abstractmethod\n"
        "    def get_impl_cls() -> type:\n        raise NotImplementedError\n\n",
    )
    found = rows(
        git_repo,
        no_rules,
        {BACKEND: abstract, **CAP_BACKENDS},
        "from vllm.v1.attention.backend import AttentionBackend\n\n\nclass AeonSparkBackend(AttentionBackend):\n    pass\n",
        "[Attention] Make sliding-window support an explicit backend capability (#48011)",
        {**cap_upstream(3), BACKEND: abstract.replace(CAP_BASE.split("\n", 1)[1], CAP_NEW.split("\n", 1)[1])},
    )
    assert [(line, severity) for line, severity, _ in found if severity == "error"] == [(4, "error")]


def test_upstreams_own_class_left_refusing_is_upstreams_decision(git_repo: GitRepo, no_rules: Path) -> None:
    """A fork edit inside one of upstream's own backends that upstream left refusing (#15417 opted CUDA, ROCm
    and TPU into ``supports_v1`` and left HPU and Neuron out on purpose): no error on upstream's class; the
    same class written by the fork is still flagged (``test_a_capability_upstream_made_opt_in``)."""
    c3 = "vllm/v1/attention/backends/c3.py"
    edited = CAP_BACKENDS[c3].replace("(AttentionBackend):\n", "(AttentionBackend):  # tuned for the fleet\n")
    sides = s.merge_case(
        git_repo,
        {BACKEND: CAP_BASE, **CAP_BACKENDS},
        {c3: edited},
        [("[Attention] Make sliding-window support an explicit backend capability (#48011)", cap_upstream(3))],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.message for f in report.findings if f.rule_id == DRIFT and f.severity.value == "error"] == []
