"""Hostile-input sweep 32: the repository and the git environment the tool runs in.  The repository's config
setting how git prints and labels messages, and refs that lead elsewhere (a symbolic ref standing at the name of
the branch a merge makes).  Real git, the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import build_example, snapshot
from tests.hostile.conftest import git, run_limited

pytestmark = pytest.mark.slow


def _merge(ex: object, *more: str) -> tuple[str | Path, ...]:
    return ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config, *more)  # type: ignore[attr-defined]


# -- config that changes what git prints to the tool ---------------------------------------------------------------
def test_the_log_output_encoding_of_the_config_changes_nothing_the_merge_reads(tmp_path: Path) -> None:
    """``i18n.logOutputEncoding`` re-encodes every message ``git log`` prints: under ``UTF-16`` (a value git takes)
    the merge read no subject, found no upstream commit ending in ``(#52816)`` and refused the demo's pick, exit 2,
    where the same merge without it passes.  The tool asks git for UTF-8 whatever the config says; git's own
    ``git log`` at the terminal still prints as the person set it."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "i18n.logOutputEncoding", "UTF-16")
    run = run_limited(*_merge(ex), timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err[-800:]
    assert "#52816 │ applied" in run.out, run.out
    assert git(ex.fork, "rev-parse", "--verify", "refs/heads/aeon-v0.29.0")


def test_the_commit_encoding_of_the_config_does_not_label_the_tools_utf8_commits(tmp_path: Path) -> None:
    """The tool writes its commit messages in UTF-8 (``git commit-tree``); ``i18n.commitEncoding=ISO-8859-1``
    labelled each commit the merge made ``encoding ISO-8859-1``, so every git that prints them converts the UTF-8
    bytes from Latin-1 (``café`` read ``cafÃ©``).  The commits the merge makes carry no encoding header."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "i18n.commitEncoding", "ISO-8859-1")
    run = run_limited(*_merge(ex), timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err[-800:]
    made = git(ex.fork, "rev-list", "refs/tags/v0.29.0..refs/heads/aeon-v0.29.0", "^refs/heads/aeon-v0.27.1")
    assert made.split(), "the merge made no commit"
    for sha in made.split():
        header = git(ex.fork, "cat-file", "commit", sha).split("\n\n", 1)[0]
        assert "\nencoding " not in header, (sha, header)
    assert snapshot(ex.fork)[1] == "aeon-v0.27.1"
