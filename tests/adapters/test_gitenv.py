"""The configs git reads are looked at before any git runs (adapters/gitenv.py): what that costs."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from aeon_release.adapters import gitenv


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        ("[user]\n\tname = A\n[core]\n\tautocrlf = input\n", False),
        ("[user]\n\tname = A\n[Include]\n\tPath = other.conf\n", True),
        ('[includeIf "gitdir:~/w/"]\n\tpath = w.conf\n', True),
        ("[core]\n\tExcludesFile = ~/.ignore\n", True),
        ("[core]\n\tattributesfile = ~/.attrs\n", True),
    ],
    ids=["nothing named", "an include", "an includeIf", "core.excludesFile", "core.attributesFile"],
)
def test_a_config_naming_no_file_is_not_listed_by_a_git_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, listed: bool
) -> None:
    """Each listing is a git process on every command's start: a config that says none of the keys looked for
    (in any case) is not listed, one that names any is, as git lists it."""
    place = tmp_path / "config"
    place.write_text(text)
    runs: list[list[str]] = []
    real = subprocess.run

    def run(argv: list[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
        runs.append(argv)
        return real(argv, **kwargs)  # type: ignore[call-overload,no-any-return]

    monkeypatch.setattr(gitenv.subprocess, "run", run)
    entries = gitenv._listed(str(place), *gitenv._signature(str(place)))
    assert bool(runs) is listed
    assert bool(entries) is listed
    if listed:
        assert [key for key, _ in entries][-1] in (
            "include.path",
            "includeif.gitdir:~/w/.path",
            "core.excludesfile",
            "core.attributesfile",
        )
