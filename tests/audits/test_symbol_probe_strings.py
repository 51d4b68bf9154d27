"""A dotted string an import probe asks about (``find_spec("pkg.workers.gpu")``) is never imported.

Review 32 replayed #32681 (85f55c943c, ``hqq_marlin.py`` deleted) under a fork that serves HQQ only where
``find_spec("...quantization.hqq_marlin") is not None``: symbol drift read the probe's string as a path the
fork imports and reported the module upstream removed.  The probe answers None for a gone module: the fork's
other path runs.  A string the fork does import (``import_module``, a config's class path) is still read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_symbol_drift import found


@pytest.mark.parametrize(
    ("line", "reported"),
    [
        ('HAS_GPU = importlib.util.find_spec("pkg.workers.gpu") is not None', False),
        ('HAS_GPU = find_spec("pkg.workers.gpu") is not None', False),
        ('GPU = importlib.import_module("pkg.workers.gpu")', True),
        ('WORKER = "pkg.workers.gpu.Worker"', True),
    ],
    ids=["find-spec-off-module", "find-spec", "import-module", "class-path"],
)
def test_a_module_upstream_removed_named_in_an_import_probe(
    git_repo: GitRepo, no_rules: Path, line: str, reported: bool
) -> None:
    gpu = "class Worker:\n    pass\n"
    fork = "import importlib\nimport importlib.util\nfrom importlib.util import find_spec\n\n" + line + "\n"
    sides = s.merge_case(
        git_repo,
        {"pkg/__init__.py": "", "pkg/workers/__init__.py": "", "pkg/workers/gpu.py": gpu, "pkg/workers/cpu.py": gpu},
        {"pkg/config.py": fork},
        [("Remove the GPU worker (#78)", {"pkg/workers/gpu.py": None})],
    )
    got = [row for row in found(git_repo.audit(no_rules, merge=sides)) if row[0] == "pkg/config.py"]
    assert bool(got) is reported, got
