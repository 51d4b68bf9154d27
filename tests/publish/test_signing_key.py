"""Where the signing key comes from: --signing-key, then AEON_SIGNING_KEY, then fleet.yaml's signing_key."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.adapters import signing
from aeon_release.errors import ConfigError
from aeon_release.pipeline import keys

PROFILE = "branch_prefix: fork-\nimage: {repository: fork-image}\n"


def test_the_option_wins_then_the_environment_then_the_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "fleet.yaml").write_text(PROFILE + "signing_key: keys/fleet.key\n")
    monkeypatch.setenv(keys.SIGNING_KEY_ENV, "/from/env.key")
    assert keys.signing_key(Path("/from/option.key"), tmp_path) == Path("/from/option.key")
    assert keys.signing_key(None, tmp_path) == Path("/from/env.key")
    monkeypatch.delenv(keys.SIGNING_KEY_ENV)
    # relative to the folder holding fleet.yaml, not to the working directory
    assert keys.signing_key(None, tmp_path) == tmp_path / "keys" / "fleet.key"
    assert keys.verify_key(None, tmp_path) == signing.public_path(tmp_path / "keys" / "fleet.key")


@pytest.mark.parametrize("profile", [None, PROFILE])
def test_no_key_anywhere_says_how_to_give_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, profile: str | None
) -> None:
    if profile is not None:
        (tmp_path / "fleet.yaml").write_text(profile)
    monkeypatch.delenv(keys.SIGNING_KEY_ENV, raising=False)
    with pytest.raises(ConfigError) as caught:
        keys.signing_key(None, tmp_path)
    assert "no signing key" in caught.value.message and "fleet.yaml" in (caught.value.hint or "")


def test_a_broken_profile_is_named_not_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "fleet.yaml").write_text(PROFILE + "signing_key: ../outside.key\n")
    monkeypatch.delenv(keys.SIGNING_KEY_ENV, raising=False)
    with pytest.raises(ConfigError) as caught:
        keys.signing_key(None, tmp_path)
    assert "fleet.yaml: signing_key" in caught.value.message
