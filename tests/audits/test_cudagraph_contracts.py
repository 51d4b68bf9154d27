"""Two silent killers of the CUDA-graph and forward-context contracts (benchmarks/blind_replay_cudagraph.py).

A keyword upstream's own call of a hook now passes, which the base takes in ``**kwargs`` (2ab441befe,
#31942: ``set_forward_context`` hands ``current_platform.set_additional_forward_context`` ``dp_metadata=``;
``Platform``'s hook is ``(cls, *args, **kwargs)``, unchanged): a fork platform whose override names each
keyword it was handed raises TypeError on every forward.  No signature changed, so no signature check sees it.

A bool predicate made a collection (1d532f9d8f, #34102: ``CUDAGraphMode.valid_runtime_modes(self) -> bool``
became a classmethod returning ``frozenset``): a fork's ``if not mode.valid_runtime_modes():`` is never true
again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PLAT = "vllm/platforms/interface.py"
PLAT_BASE = """class Platform:
    @classmethod
    def set_additional_forward_context(cls, *args, **kwargs) -> dict:
        return {}


current_platform = Platform()
"""
CTX = "vllm/forward_context.py"
CTX_BASE = """from vllm.platforms.interface import current_platform


def set_forward_context(attn_metadata, vllm_config, dp_metadata=None, num_tokens=None):
    extra = current_platform.set_additional_forward_context(
        attn_metadata=attn_metadata,
        vllm_config=vllm_config,
        num_tokens=num_tokens,
    )
    return extra
"""
CTX_UPSTREAM = CTX_BASE.replace(
    "        num_tokens=num_tokens,\n", "        dp_metadata=dp_metadata,\n        num_tokens=num_tokens,\n"
)
FORK = "vllm/platforms/aeon.py"
SUBJECT = "[platform] add dp_metadata arg to set_additional_forward_context (#31942)"


def _fork(signature: str) -> str:
    return (
        "from vllm.platforms.interface import Platform\n\n\n"
        "class AeonPlatform(Platform):\n"
        "    @classmethod\n"
        f"    def set_additional_forward_context{signature} -> dict:\n"
        "        return {'aeon': num_tokens}\n"
    )


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, ctx_base: str = CTX_BASE, ctx_up: str = CTX_UPSTREAM) -> list:
    sides = s.merge_case(git_repo, {PLAT: PLAT_BASE, CTX: ctx_base}, {FORK: fork}, [(SUBJECT, {CTX: ctx_up})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


def test_an_override_refusing_a_key_upstream_now_hands_the_hook(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, line, severity, message)] = _rows(git_repo, no_rules, _fork("(cls, attn_metadata, vllm_config, num_tokens)"))
    assert (line, severity) == (6, "error")
    assert "AeonPlatform.set_additional_forward_context overrides" in message
    assert "now hands it dp_metadata=" in message and "vllm/forward_context.py:5" in message
    assert "TypeError" in message


@pytest.mark.parametrize(
    "signature",
    [
        "(cls, attn_metadata, vllm_config, num_tokens, **kwargs)",
        "(cls, attn_metadata, vllm_config, num_tokens, dp_metadata=None)",
        "(cls, attn_metadata, vllm_config, *, num_tokens, dp_metadata=None)",
    ],
    ids=["kwargs", "named", "keyword-only"],
)
def test_twin_an_override_that_takes_the_key(git_repo: GitRepo, no_rules: Path, signature: str) -> None:
    assert _rows(git_repo, no_rules, _fork(signature)) == []


def test_twin_a_key_the_file_passed_already(git_repo: GitRepo, no_rules: Path) -> None:
    """Another call in the same file passed the key before the merge: the fork's override lived with it."""
    older = (
        CTX_BASE + "\n\ndef probe():\n    return current_platform.set_additional_forward_context(dp_metadata=None)\n"
    )
    newer = (
        CTX_UPSTREAM
        + "\n\ndef probe():\n    return current_platform.set_additional_forward_context(dp_metadata=None)\n"
    )
    assert _rows(git_repo, no_rules, _fork("(cls, attn_metadata, vllm_config, num_tokens)"), older, newer) == []


def test_twin_a_call_the_override_never_matched(git_repo: GitRepo, no_rules: Path) -> None:
    """The call passed a keyword the override refuses before the change too: another method of the name, or
    a deliberate difference, not the change's doing."""
    fork = _fork("(cls, attn_metadata, vllm_config)").replace("num_tokens}", "0}")
    assert _rows(git_repo, no_rules, fork) == []


def test_twin_a_key_only_a_test_passes(git_repo: GitRepo, no_rules: Path) -> None:
    test = "tests/test_ctx.py"
    sides = s.merge_case(
        git_repo,
        {PLAT: PLAT_BASE, CTX: CTX_BASE, test: CTX_BASE},
        {FORK: _fork("(cls, attn_metadata, vllm_config, num_tokens)")},
        [(SUBJECT, {test: CTX_UPSTREAM, CTX: CTX_BASE + "\nX = 1\n"})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


MODES = "vllm/config/compilation.py"
MODES_BASE = """import enum


class CUDAGraphMode(enum.Enum):
    NONE = 0
    PIECEWISE = 1
    FULL = 2

    def separate_routine(self) -> bool:
        return isinstance(self.value, tuple)

    def valid_runtime_modes(self) -> bool:
        return self in [CUDAGraphMode.NONE, CUDAGraphMode.PIECEWISE, CUDAGraphMode.FULL]
"""
MODES_UPSTREAM = MODES_BASE.replace(
    """    def valid_runtime_modes(self) -> bool:
        return self in [CUDAGraphMode.NONE, CUDAGraphMode.PIECEWISE, CUDAGraphMode.FULL]
""",
    """    @classmethod
    def valid_runtime_modes(cls) -> frozenset["CUDAGraphMode"]:
        return frozenset({cls.NONE, cls.PIECEWISE, cls.FULL})

    def is_valid_runtime_mode(self) -> bool:
        return self in CUDAGraphMode.valid_runtime_modes()
""",
)
MODE_FORK = "vllm/aeon_modes.py"
MODE_HEAD = "from vllm.config.compilation import CUDAGraphMode\n\n\ndef aeon_check(mode: CUDAGraphMode):\n"
MODE_SUBJECT = "[DP] Only use DP padding when cudagraphs are actually used (#34102)"


def _mode_rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = MODES_UPSTREAM) -> list:
    fork = MODE_HEAD + body
    sides = s.merge_case(git_repo, {MODES: MODES_BASE}, {MODE_FORK: fork}, [(MODE_SUBJECT, {MODES: upstream})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == MODE_FORK]


MADE_A_COLLECTION = [
    "    if not mode.valid_runtime_modes():\n        raise ValueError(mode)\n",
    "    assert mode.valid_runtime_modes(), mode\n",
    "    return 'ok' if mode.valid_runtime_modes() else 'bad'\n",
    "    ok = mode.valid_runtime_modes()\n    return ok and mode != CUDAGraphMode.NONE\n",
    "    return mode.valid_runtime_modes() is True\n",
    "    return [n for n in range(3) if mode.valid_runtime_modes()]\n",
]


@pytest.mark.parametrize(
    "body", MADE_A_COLLECTION, ids=["if-not", "assert", "conditional", "bound-and", "is-true", "comprehension-if"]
)
def test_a_predicate_made_a_collection_tested_for_truth(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed12)
    upstream: list[tuple[str, dict[str, str | None]]] = [(MODE_SUBJECT, {MODES: MODES_UPSTREAM})]
    bodies = [MODE_HEAD + text for text in MADE_A_COLLECTION]
    _, rows = s.audited_row(
        git_repo, no_rules, {MODES: MODES_BASE}, bodies, MODE_HEAD + body, upstream, SYMBOL_DRIFT, "vllm"
    )
    [(severity, message)] = [(f.severity.value, f.message) for f in rows]
    assert severity == "error"
    assert "frozenset" in message and "returned bool" in message


def test_a_predicate_made_a_collection_in_place_is_a_doubt(git_repo: GitRepo, no_rules: Path) -> None:
    """Still the instance's method: a non-empty collection may stand for the old True (a warning)."""
    upstream = MODES_BASE.replace(
        "    def valid_runtime_modes(self) -> bool:\n        return self in",
        "    def valid_runtime_modes(self) -> list[str]:\n        return [] if self in",
    ).replace("CUDAGraphMode.FULL]\n", "CUDAGraphMode.FULL] else ['not a runtime mode']\n")
    [(_, _, severity, message)] = _mode_rows(
        git_repo, no_rules, "    if mode.valid_runtime_modes():\n        return 1\n", upstream
    )
    assert severity == "warning" and "whether the collection is empty" in message


@pytest.mark.parametrize(
    "body",
    [
        "    if not mode.separate_routine():\n        return 1\n",
        "    for m in mode.valid_runtime_modes.__doc__ or '':\n        return m\n",
        "    return mode.valid_runtime_modes\n",
    ],
    ids=["a-predicate-that-stayed", "no-call", "handed-on"],
)
def test_twin_no_truth_test_of_the_changed_predicate(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _mode_rows(git_repo, no_rules, body) == []


def test_twin_a_method_name_another_hierarchy_defines(git_repo: GitRepo, no_rules: Path) -> None:
    """Another upstream class defines a method of the name: a ``.name(...)`` call found by its spelling may be
    that class's (a ``forward`` every layer defines), so no call is tied to the fork's override."""
    other = "vllm/other.py"
    text = "class Recorder:\n    def set_additional_forward_context(self, **kwargs):\n        return kwargs\n"
    sides = s.merge_case(
        git_repo,
        {PLAT: PLAT_BASE, CTX: CTX_BASE, other: text},
        {FORK: _fork("(cls, attn_metadata, vllm_config, num_tokens)")},
        [(SUBJECT, {CTX: CTX_UPSTREAM})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


_CALL = """    extra = current_platform.set_additional_forward_context(
        attn_metadata=attn_metadata,
        vllm_config=vllm_config,
        num_tokens=num_tokens,
    )"""
_PROBED = """    if "dp_metadata" in inspect.signature(current_platform.set_additional_forward_context).parameters:
        extra = current_platform.set_additional_forward_context(
            attn_metadata=attn_metadata,
            vllm_config=vllm_config,
            dp_metadata=dp_metadata,
            num_tokens=num_tokens,
        )
    else:
        extra = current_platform.set_additional_forward_context(
            attn_metadata=attn_metadata,
            vllm_config=vllm_config,
            num_tokens=num_tokens,
        )"""


def _on_base(text: str) -> str:
    return text.replace("import current_platform", "import Platform").replace("current_platform.set", "Platform.set")


@pytest.mark.parametrize(
    ("base", "upstream"),
    [
        (_on_base(CTX_BASE), _on_base(CTX_UPSTREAM)),
        (CTX_BASE, CTX_BASE.replace(_CALL, _PROBED).replace("from vllm", "import inspect\nfrom vllm", 1)),
    ],
    ids=["called-on-the-base-class", "behind-a-signature-probe"],
)
def test_a_call_no_fork_override_gets_with_the_key_is_no_error(
    git_repo: GitRepo, no_rules: Path, base: str, upstream: str
) -> None:
    # the review's false errors: ``Platform.hook(...)`` never reaches a fork override; upstream handing the key
    # only where ``inspect.signature(hook)`` names it gives an override without it the keyless call
    assert _CALL in CTX_BASE
    assert _rows(git_repo, no_rules, _fork("(cls, attn_metadata, vllm_config, num_tokens)"), base, upstream) == []
