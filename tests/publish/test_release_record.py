"""releases.yaml: strict, append-only, and the rollback chain it implies (no registry needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain import release_record
from aeon_release.domain.release_record import Action, Release
from aeon_release.errors import ConfigError

REPO = "ghcr.io/aeon-7/aeon-vllm-ultimate"


def _digest(n: int) -> str:
    return "sha256:" + f"{n:x}" * 64


def _release(
    n: int, version: str, latest_before: int | None, moved: bool = True, action: Action = Action.PUBLISH
) -> Release:
    before = _digest(latest_before) if latest_before is not None else None
    return Release(
        action,
        REPO,
        version,
        None,
        f"2026-09-1{n}-{version}",
        _digest(n),
        f"2026-09-1{n}",
        "2026-09-11T00:00:00Z",
        before,
        _digest(n) if moved else before,
        {"status": "passed"} if action is Action.PUBLISH else None,
    )


def test_append_keeps_every_earlier_byte_and_reads_back(tmp_path: Path) -> None:
    release_record.append(tmp_path, _release(1, "v0.26.0", None))
    first = (tmp_path / "releases.yaml").read_text()
    release_record.append(tmp_path, _release(2, "v0.27.1", 1))

    assert (tmp_path / "releases.yaml").read_text().startswith(first)
    assert release_record.load(tmp_path) == (_release(1, "v0.26.0", None), _release(2, "v0.27.1", 1))


def test_append_refuses_a_file_it_could_only_rewrite(tmp_path: Path) -> None:
    (tmp_path / "releases.yaml").write_text("releases: []\n")
    with pytest.raises(ConfigError, match="cannot append"):
        release_record.append(tmp_path, _release(1, "v0.26.0", None))
    assert (tmp_path / "releases.yaml").read_text() == "releases: []\n"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("releases:\n- 3\n", "releases.yaml: releases[0]: expected a mapping"),
        ("release: []\n", "releases.yaml: release: unknown key"),
        ("releases: {}\n", "releases.yaml: releases: expected a list"),
    ],
)
def test_malformed_files_name_the_place(tmp_path: Path, text: str, where: str) -> None:
    (tmp_path / "releases.yaml").write_text(text)
    with pytest.raises(ConfigError) as error:
        release_record.load(tmp_path)
    assert error.value.message.startswith(where)


def test_previous_release_skips_no_latest_publishes_and_rollbacks() -> None:
    chain = [
        _release(1, "v0.26.0", None),
        _release(2, "v0.27.1", 1),
        _release(3, "v0.27.1-slim", 2, moved=False),  # --no-latest: never held :latest
        _release(4, "v0.29.0", 2),
        _release(2, "v0.27.1", 4, action=Action.ROLLBACK),
    ]
    assert release_record.previous_release(chain, _digest(4)).digest == _digest(2)  # type: ignore[union-attr]
    assert release_record.previous_release(chain, _digest(2)).digest == _digest(1)  # type: ignore[union-attr]
    assert release_record.previous_release(chain, _digest(1)) is None
    assert release_record.previous_release(chain, _digest(9)) is None
