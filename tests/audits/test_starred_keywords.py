"""A call that splats ``*args`` and spells out a keyword no parameter takes any longer (signatures.call_problem):
the splat leaves the positions unknown, not the keyword, which raises TypeError whatever ``args`` holds.
#29352 renamed ``split_batch_to_prefill_and_decode``'s ``num_padded_decodes`` to ``num_decode_tokens``; a fork's
``split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)`` merges cleanly.  Twins: a keyword the function
still takes, the old keyword kept beside the new one, a call without the keyword."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"pkg/__init__.py": ""}
LIB = "pkg/mixer.py"
USE = "pkg/aeon_use.py"
OLD = (
    "def split_batch(hidden_states, gate, slots, num_prefill_tokens, num_prefills, num_padded_decodes):\n"
    "    return hidden_states, gate, slots\n\n\n"
    "class Mixer:\n    def split(self, hidden_states, *, num_padded_decodes=0):\n        return hidden_states\n"
)
NEW = OLD.replace("num_padded_decodes", "num_decode_tokens")


def _found(git_repo: GitRepo, tmp_path: Path, fork: str, new: str = NEW) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {**PACKAGES, LIB: OLD}, {USE: fork}, {LIB: new})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    ("body", "call"),
    [
        (
            "def aeon_split(*args, n: int):\n    return split_batch(*args, num_padded_decodes=n)\n",
            "return split_batch(*args, num_padded_decodes=n)",
        ),
        (
            "def aeon_split(mixer: Mixer, parts: tuple, n: int):\n    return mixer.split(*parts, num_padded_decodes=n)\n",
            "return mixer.split(*parts, num_padded_decodes=n)",
        ),
    ],
    ids=["a function", "a method off a typed receiver"],
)
def test_a_splat_with_a_keyword_no_parameter_takes_is_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str, call: str
) -> None:
    fork = "from pkg.mixer import Mixer, split_batch\n\n\n" + body
    got = _found(git_repo, tmp_path, fork)
    assert [(path, line, severity) for path, line, severity in got] == [(USE, line_of(fork, call), "error")]


@pytest.mark.parametrize(
    ("body", "new"),
    [
        # a keyword the function still takes
        ("def aeon_split(*args, n: int):\n    return split_batch(*args, num_prefills=n)\n", NEW),
        # upstream kept the old keyword beside the new one
        (
            "def aeon_split(*args, n: int):\n    return split_batch(*args, num_padded_decodes=n)\n",
            OLD.replace("num_padded_decodes):", "num_padded_decodes=0, num_decode_tokens=0):"),
        ),
        # no keyword: the positions are unknown
        ("def aeon_split(*args):\n    return split_batch(*args)\n", NEW),
    ],
    ids=["a kept keyword", "the old keyword kept", "no keyword"],
)
def test_starred_keyword_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str, new: str) -> None:
    fork = "from pkg.mixer import split_batch\n\n\n" + body
    assert [f for f in _found(git_repo, tmp_path, fork, new) if f[2] == "error"] == []
