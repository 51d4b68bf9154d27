"""Where the fleet's signing key is: one place, so the fleet profile can take it over.

Order: the command's ``--signing-key``, then ``AEON_SIGNING_KEY``.  The key's path may be shown;
its bytes never are.
"""
from __future__ import annotations

import os
from pathlib import Path

from aeon_release.errors import ConfigError

SIGNING_KEY_ENV = "AEON_SIGNING_KEY"


def signing_key(option: Path | None) -> Path:
    """The signing key's path, or a ConfigError saying how to give one."""
    if option is not None:
        return option
    from_env = os.environ.get(SIGNING_KEY_ENV)
    if from_env:
        return Path(from_env)
    raise ConfigError("no signing key: publish signs an attestation for every image it pushes",
                      f"pass --signing-key PATH or set {SIGNING_KEY_ENV}; make a key with `aeon-release keygen PATH`")


def verify_key(option: Path | None) -> Path:
    """The public key to verify with: ``--key``, else the .pub beside the configured signing key."""
    if option is not None:
        return option
    from aeon_release.adapters.signing import public_path

    return public_path(signing_key(None))
