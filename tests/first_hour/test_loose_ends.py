"""Loose ends a maintainer hits after the first runs: a git setting the worktree-less merge skipped, a run
folder removed by hand, a --json report with a text copy on stderr, a build record of an older version, a
dry run that called a stage done on a branch that moved."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import docker_archive
from tests.helpers import run_cli


def test_image_report_json_is_alone_and_stderr_stays_quiet(tmp_path: Path) -> None:
    """`image-report --json` printed the whole text report on stderr beside the JSON on stdout: a CI step
    that keeps both streams (or `2>&1 | jq`) showed it twice or broke the parse.  JSON alone, stderr empty."""
    import io
    import tarfile

    layer = io.BytesIO()
    with tarfile.open(fileobj=layer, mode="w") as tar:
        info = tarfile.TarInfo("bin/x")
        info.size = 3
        tar.addfile(info, io.BytesIO(b"abc"))
    archive = tmp_path / "image.tar"
    archive.write_bytes(docker_archive(layer.getvalue(), "arm64", "aeon/x:1", ["/bin/x"]))
    result = run_cli("image-report", f"docker-archive:{archive}", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["layers"] and result.err == "", result.err
    text = run_cli("image-report", f"docker-archive:{archive}")
    assert text.code == 0 and "1 layers" in text.out and text.err == "", text.err
