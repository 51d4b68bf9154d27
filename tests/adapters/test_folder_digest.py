"""files.folder_digest: a small folder named by every path and byte in it, or not at all."""

from __future__ import annotations

import os
from pathlib import Path

from aeon_release.adapters.files import folder_digest


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "config"
    (folder / "audits").mkdir(parents=True)
    (folder / "carries.yaml").write_text("carries: []\n")
    (folder / "audits" / "rules.yaml").write_text("rules: []\n")
    return folder


def test_every_byte_name_and_folder_counts(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    seen = {folder_digest(folder)}
    (folder / "audits" / "rules.yaml").write_text("rules: [] \n")
    seen.add(folder_digest(folder))
    (folder / "audits" / "rules.yaml").rename(folder / "audits" / "other.yaml")
    seen.add(folder_digest(folder))
    (folder / "patches").mkdir()
    seen.add(folder_digest(folder))
    assert None not in seen and len(seen) == 4
    assert folder_digest(folder) == folder_digest(folder)


def test_a_folder_it_cannot_name_surely_has_no_digest(tmp_path: Path) -> None:
    linked = _folder(tmp_path / "a")
    (linked / "audits" / "link.yaml").symlink_to(linked / "carries.yaml")
    fifo = _folder(tmp_path / "b")
    os.mkfifo(fifo / "audits" / "pipe.yaml")
    many = _folder(tmp_path / "c")
    for i in range(10):
        (many / f"{i}.yaml").write_text("x: 1\n")
    large = _folder(tmp_path / "d")
    (large / "big.patch").write_bytes(b"x" * 2000)
    assert folder_digest(linked) is None
    assert folder_digest(fifo) is None  # and it returned: no read of the FIFO
    assert folder_digest(many, most_files=8) is None and folder_digest(many, most_files=16) is not None
    assert folder_digest(large, most_bytes=1000) is None and folder_digest(large) is not None
    assert folder_digest(tmp_path / "missing") is None
