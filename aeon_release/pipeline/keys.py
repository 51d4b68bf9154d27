"""Where the fleet's signing key is: one place.

Order: the command's ``--signing-key``, then ``AEON_SIGNING_KEY``, then the fleet profile's
``signing_key`` (a path relative to the config folder holding fleet.yaml).  The key's path may be
shown; its bytes never are.
"""

from __future__ import annotations

import os
from pathlib import Path

from aeon_release.domain import profile
from aeon_release.errors import ConfigError, shell_word

SIGNING_KEY_ENV = "AEON_SIGNING_KEY"


def signing_key(option: Path | None, config_dir: Path | None = None) -> Path:
    """The signing key's path, or a ConfigError saying how to give one."""
    if option is not None:
        return option
    configured = _configured(config_dir)
    if configured is not None:
        return configured
    raise ConfigError(
        "no signing key: publish signs an attestation for every image it pushes",
        f"pass --signing-key PATH, set {SIGNING_KEY_ENV} or signing_key in fleet.yaml; "
        "make a key with `aeon-release keygen PATH`",
    )


def _configured(config_dir: Path | None) -> Path | None:
    """``AEON_SIGNING_KEY``, else fleet.yaml's ``signing_key``, else None."""
    from_env = os.environ.get(SIGNING_KEY_ENV)
    if from_env:
        return Path(from_env)
    return _profile_key(config_dir)


def _profile_key(config_dir: Path | None) -> Path | None:
    # A config folder without a profile is no error here: the other two sources may still be given.
    if config_dir is None or not (config_dir / profile.PROFILE_FILE).is_file():
        return None
    return profile.load(config_dir).signing_key


def verify_key(option: Path | None, config_dir: Path | None = None) -> Path:
    """The public key to verify with: ``--key``, else the .pub beside the configured signing key."""
    if option is not None:
        return option
    from aeon_release.adapters.signing import public_path

    configured = _configured(config_dir)
    if configured is None:  # signing_key's hint names publish's --signing-key, which verify does not take
        raise ConfigError(
            "no public key to verify with",
            f"pass --key PATH.pub, or set {SIGNING_KEY_ENV} or signing_key in fleet.yaml (--config): "
            "the .pub beside that key is used",
        )
    return public_path(configured)


def verify_flags(option: Path | None, config_dir: Path) -> str:
    """What `aeon-release verify REPOSITORY:TAG`, run here, must be told to check what was just signed:
    ``--key`` the public half of a ``--signing-key`` it would not find by itself, else ``--config`` when
    the key is fleet.yaml's and a command run here would not find that folder.  publish and release
    printed the bare command, which then said "no public key to verify with"."""
    from aeon_release.adapters.signing import public_path
    from aeon_release.domain.ledger import config_flag

    configured = _configured(config_dir)
    if option is not None and (configured is None or configured.resolve() != option.resolve()):
        return f" --key {shell_word(public_path(option.resolve()))}"
    return "" if os.environ.get(SIGNING_KEY_ENV) else config_flag(config_dir)
