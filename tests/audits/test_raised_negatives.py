"""Empty-to-raise drift, widened: a def upstream made raise where it answered a negative difference, a fork testing for it.

vLLM #36789 (c84b519cf3): ``entrypoints.utils.get_max_tokens`` answered ``min(max_model_len - input_length, ...)``,
negative for an over-long prompt, and now raises ``ValueError`` under a new ``if max_model_len < input_length:``.
A fork's ``budget = get_max_tokens(...)`` / ``if budget <= 0: return None`` (skip the row) merges cleanly; the
branch never runs and the call raises.  An error on the call when upstream's new guard orders the two operands of
a difference the base computed and the fork compares the answer with a number of at most 1; quiet for a handler of
the kind, an answer never compared, a guard of something else, a bound a negative answer is no sign of, the fork's
own def, and a test whose own branch raises.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/serve/__init__.py": ""}
LIMITS = "vllm/serve/limits.py"
BASE = """def budget(max_len: int, used: int, wanted: int | None = None) -> int:
    left = max_len - used
    return min(v for v in (left, wanted) if v is not None)


def spare(total: int, taken: int) -> int:
    return total - taken


def headroom(total: int, taken: int) -> int:
    return total - taken
"""
THEIRS = (
    BASE.replace(
        "    left = max_len - used\n",
        '    if max_len < used:\n        raise ValueError("too long")\n    left = max_len - used\n',
    )
    .replace(
        "    return total - taken\n",
        '    if taken > total:\n        raise ValueError("over")\n    return total - taken\n',
        1,
    )
    .replace(
        "def headroom(total: int, taken: int) -> int:\n    return total - taken\n",
        'def headroom(total: int, taken: int) -> int:\n    if total < 0:\n        raise ValueError("negative")\n'
        "    return total - taken\n",
    )
)
IMPORT = "from vllm.serve.limits import budget, headroom, spare\n\n\n"

KILLERS = {
    "a bound answer compared with 0": (
        IMPORT + "def row(n: int, used: int) -> int | None:\n    b = budget(n, used)\n    if b <= 0:\n"
        "        return None\n    return b\n",
        "b = budget(n, used)",
    ),
    "the call compared with 1": (
        IMPORT + "def fits(n: int, used: int) -> bool:\n    return budget(n, used) >= 1\n",
        "return budget",
    ),
    "a guard spelt the other way round": (
        IMPORT + "def over(t: int, k: int) -> bool:\n    if spare(t, k) < 0:\n        return True\n    return False\n",
        "if spare(t, k) < 0:",
    ),
    "a call off the module": (
        "import vllm.serve.limits as lim\n\n\ndef ok(n: int, u: int) -> bool:\n    flag = lim.budget(n, u) > 0\n"
        "    return flag\n",
        "flag = lim.budget",
    ),
    "the input clamped to another bound": (
        IMPORT + "def row(n: int, used: int, cap: int) -> int | None:\n    b = budget(n, min(used, cap))\n"
        "    if b <= 0:\n        return None\n    return b\n",
        "b = budget(n, min(used, cap))",
    ),
    "a guard before the call that goes on": (
        IMPORT + "def row(n: int, used: int) -> int | None:\n    if used > n:\n        print('long')\n"
        "    b = budget(n, used)\n    if b <= 0:\n        return None\n    return b\n",
        "b = budget(n, used)",
    ),
    "a guard before the call turning away the other rows": (
        IMPORT + "def row(n: int, used: int) -> int | None:\n    if n > used:\n        return None\n"
        "    b = budget(n, used)\n    if b <= 0:\n        return None\n    return b\n",
        "b = budget(n, used)",
    ),
}
TWINS = {
    "a handler of the kind": IMPORT + "def row(n: int, used: int) -> int | None:\n    try:\n"
    "        b = budget(n, used)\n    except ValueError:\n        return None\n    return b if b > 0 else None\n",
    "an answer never compared": IMPORT
    + "def cap(n: int, used: int, w: int) -> int:\n    return min(w, budget(n, used, w))\n",
    "a guard of something else": IMPORT + "def tight(t: int, k: int) -> bool:\n    return headroom(t, k) <= 0\n",
    "a bound no negative answer tells": IMPORT
    + "def roomy(n: int, used: int) -> bool:\n    return budget(n, used) > 100\n",
    "the fork's own def of the name": "def budget(a: int, b: int) -> int:\n    return a - b\n\n\n"
    "def row(n: int, used: int) -> bool:\n    return budget(n, used) <= 0\n",
    "a test whose branch raises": IMPORT + "def row(n: int, used: int) -> int:\n    b = budget(n, used)\n"
    "    if b <= 0:\n        raise RuntimeError('prompt too long')\n    return b\n",
    # review82: the guard upstream raises under cannot hold for the call; ``<= 0`` is the equal-length budget's
    "an over-long input turned away before the call": IMPORT + "def row(n: int, used: int) -> int | None:\n"
    "    if used > n:\n        return None\n    b = budget(n, used)\n    if b <= 0:\n        return None\n    return b\n",
    "the input clamped to the bound in the call": IMPORT + "def row(n: int, used: int) -> int | None:\n"
    "    b = budget(n, min(used, n))\n    if b <= 0:\n        return None\n    return b\n",
}

_AUDITED: dict[str, list[tuple[int, str]]] = {}


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[int, str]]:
    if not _AUDITED:
        texts = [text for text, _ in KILLERS.values()] + list(TWINS.values())
        paths = {text: f"vllm/aeon_neg_{number}.py" for number, text in enumerate(texts)}
        sides = three_way(
            git_repo, {LIMITS: BASE, **PACKAGES}, {path: text for text, path in paths.items()}, {LIMITS: THEIRS}
        )
        every = found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)
        _AUDITED.update({text: [(line, sev) for at, line, sev in every if at == path] for text, path in paths.items()})
    return _AUDITED[fork]


@pytest.mark.parametrize(("fork", "needle"), list(KILLERS.values()), ids=list(KILLERS))
def test_a_negative_answer_compared_where_upstream_now_raises_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_a_handled_uncompared_or_unrelated_answer_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []
