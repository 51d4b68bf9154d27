"""The one error handler: one line for expected failures, a scrubbed traceback for bugs."""

from __future__ import annotations

import pytest

from aeon_release import errors
from aeon_release.errors import ConfigError, NeedsHuman, error_handler, register_secret


def test_expected_failure_is_one_line_with_hint(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info, error_handler():
        raise ConfigError("carries.yaml: carries[3].markers[0].path: required", "add the path")
    assert info.value.code == 2
    assert capsys.readouterr().err == "error: carries.yaml: carries[3].markers[0].path: required (hint: add the path)\n"


def test_needs_human_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info, error_handler():
        raise NeedsHuman("2 conflicted files")
    assert info.value.code == 1


def test_bug_traceback_is_scrubbed_of_secrets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(errors, "_SECRETS", set())
    register_secret("hunter2-registry-password")

    def login(password: str) -> None:
        raise RuntimeError(f"login failed for password {password}")

    with pytest.raises(SystemExit) as info, error_handler():
        login("hunter2-registry-password")
    err = capsys.readouterr().err
    assert info.value.code == 3
    assert "Traceback" in err and "RuntimeError" in err
    assert "hunter2-registry-password" not in err and "***" in err


def test_expected_failure_is_scrubbed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errors, "_SECRETS", set())
    register_secret("s3cr3t-token")
    with pytest.raises(SystemExit), error_handler():
        raise ConfigError("bad token s3cr3t-token")
    assert "s3cr3t-token" not in capsys.readouterr().err
