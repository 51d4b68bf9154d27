"""The fleet's signing key: ed25519 made with ``cryptography``, DSSE envelopes by securesystemslib.

The secret key stays in its file (PEM, PKCS#8, mode 0600): it is read to sign and never printed,
logged or put in a report; only its public half (``PATH.pub``) and its key id are shown.  An
in-toto statement travels as a DSSE envelope with the in-toto payload type.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from securesystemslib.dsse import Envelope
from securesystemslib.exceptions import VerificationError
from securesystemslib.signer import CryptoSigner, SSlibKey  # type: ignore[attr-defined]

from aeon_release.adapters import files, jsonio
from aeon_release.errors import AeonError, ConfigError, NeedsHuman, UsageError, quoted

PAYLOAD_TYPE = "application/vnd.in-toto+json"


@dataclass(frozen=True)
class Verified:
    statement: dict[str, Any]
    keyid: str


def public_path(secret: Path) -> Path:
    return secret.with_name(secret.name + ".pub")


def generate(secret: Path) -> tuple[Path, str]:
    """Write a new ed25519 key pair: ``secret`` (0600) and ``secret.pub``; return (pub path, key id)."""
    if secret.name in ("", ".", ".."):  # `keygen .`, `keygen /`: a folder, and PATH.pub no name at all
        raise UsageError(
            f"{quoted(str(secret))} names a folder, not a key file", "pass a file's path, e.g. keys/fleet.key"
        )
    if str(secret) == "-":  # git and gh read `-` as standard output: a secret key is never printed
        raise UsageError(
            "keygen - would print a secret key: it is only ever written to a file",
            "pass a file's path, e.g. keys/fleet.key",
        )
    if secret.suffix.lower() == ".pub":  # the secret key under the name people hand out, and PATH.pub.pub beside it
        raise UsageError(
            f"keygen {quoted(str(secret))} would write the secret key under a public key's name (.pub)",
            f"pass the secret key's path, e.g. {quoted(str(secret.with_suffix('')))}: its .pub is written beside it",
        )
    public = public_path(secret)
    for path in (secret, public):
        files.check_not_git_owned(path, "keygen")
    for path in (secret, public):  # a symbolic link there (even one to nothing) is in the way too
        if os.path.lexists(path):
            raise UsageError(f"{path} already exists", "pick another path; a key is never overwritten")
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    files.make_folder(secret.parent, "the key's folder")
    made: list[Path] = []
    try:
        _create(secret, pem, 0o600, made)
        _create(
            public,
            key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo),
            0o644,
            made,
        )
    except BaseException as exc:
        # what this run made goes: a key cut by a full disk or a file-size limit stood at PATH, and the
        # next keygen refused it as "already exists" (an empty secret key, or one without its .pub)
        for path in made:
            with contextlib.suppress(OSError):
                os.unlink(path)
        if isinstance(exc, OSError) and exc.filename is None:  # a write's error names no file: the key's
            raise OSError(exc.errno, exc.strerror, str(made[-1] if made else secret)) from None
        raise
    return public, SSlibKey.from_crypto(key.public_key()).keyid


def _create(path: Path, data: bytes, mode: int, made: list[Path]) -> None:
    """A new file, never one that is there or a link's target (PATH.pub linked to ~/.bashrc was
    overwritten with the public key): O_EXCL refuses whatever stands at the name, a link included.
    ``made`` gets the path once the file exists; the write is flushed to the disk before the key counts."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)
    made.append(path)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def load_signer(secret: Path) -> CryptoSigner:
    """The signer of the key at ``secret``; a clean error (never the key's bytes) when unusable."""
    try:
        key = serialization.load_pem_private_key(_key_bytes(secret, "signing key", ConfigError), password=None)
    except FileNotFoundError:
        raise ConfigError(
            f"signing key {secret} {files.absent(secret)}", "make one with `aeon-release keygen PATH`"
        ) from None
    except (OSError, ValueError, TypeError) as exc:
        if _pem_kind(secret) == "PUBLIC KEY":  # the .pub beside the key, named for the signing key
            raise ConfigError(
                f"signing key {secret} is a public key: publish signs with the secret key",
                f"pass the file beside it without .pub ({secret.with_suffix('') if secret.suffix == '.pub' else 'PATH'})",
            ) from None
        raise ConfigError(
            f"signing key {secret} is not an unencrypted PEM private key ({type(exc).__name__})",
            "make one with `aeon-release keygen PATH`",
        ) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise ConfigError(f"signing key {secret} is not an ed25519 key", "make one with `aeon-release keygen PATH`")
    return CryptoSigner(key)


def _pem_kind(path: Path) -> str | None:
    """The label of the PEM block a key file starts with (``PRIVATE KEY``, ``PUBLIC KEY``), for an error that
    says which key was passed: "not a PEM public key (ValueError)" for the secret key said nothing of why."""
    try:
        head = files.read_capped(path, f"key {path}", 64 * 1024) or b""
    except AeonError:
        return None
    first = head.lstrip().split(b"\n", 1)[0].strip()
    if first.startswith(b"-----BEGIN ") and first.endswith(b"-----"):
        return first[len(b"-----BEGIN ") : -len(b"-----")].decode("ascii", "replace")
    return None


def _key_bytes(path: Path, what: str, error: type[AeonError]) -> bytes:
    """A key file's bytes: a regular file of at most 64 KiB (a device or a FIFO never hangs the read)."""
    data = files.read_capped(path, f"{what} {path}", 64 * 1024, error=error)
    if data is None:
        raise FileNotFoundError(path)
    return data


# A key that is no key, or of another kind (an RSA .pub), was "see the command's --help", which says nothing of keys
_PUBLIC_HINT = "pass --key the ed25519 .pub file `aeon-release keygen` wrote beside the signing key"


def load_public(path: Path) -> SSlibKey:
    try:
        key = serialization.load_pem_public_key(_key_bytes(path, "public key", UsageError))
    except FileNotFoundError:
        raise UsageError(
            f"public key {path} {files.absent(path)}", "pass --key the .pub file beside the signing key"
        ) from None
    except (OSError, ValueError):
        if _pem_kind(path) == "PRIVATE KEY":  # `verify --key fleet.key`: the secret half, not a word of it shown
            raise UsageError(
                f"public key {path} is a secret key: verify checks with the public key beside it",
                f"pass --key {path}.pub (keygen writes both), and keep the secret key out of verification jobs",
            ) from None
        raise UsageError(f"public key {path} is not a PEM public key", _PUBLIC_HINT) from None
    if not isinstance(key, Ed25519PublicKey):
        raise UsageError(f"public key {path} is not an ed25519 key", _PUBLIC_HINT)
    return SSlibKey.from_crypto(key)


def keyid(signer: CryptoSigner) -> str:
    return str(signer.public_key.keyid)


def sign(statement: dict[str, Any], signer: CryptoSigner) -> bytes:
    """The statement as a signed DSSE envelope (JSON bytes)."""
    payload = json.dumps(statement, sort_keys=True, separators=(",", ":")).encode()
    envelope = Envelope(payload, PAYLOAD_TYPE, {})
    envelope.sign(signer)
    return json.dumps(envelope.to_dict(), indent=2).encode()


def verify(envelope_bytes: bytes, public: SSlibKey) -> Verified:
    """Check the envelope's signature with ``public``; return the statement it signs."""
    try:
        envelope = Envelope.from_dict(jsonio.loads(envelope_bytes))
    except (ValueError, KeyError, TypeError) as exc:
        raise NeedsHuman(f"the attestation is not a DSSE envelope ({type(exc).__name__})") from None
    if envelope.payload_type != PAYLOAD_TYPE:
        raise NeedsHuman(f"the attestation's payload type is {quoted(envelope.payload_type)}, not {PAYLOAD_TYPE}")
    try:
        envelope.verify([public], 1)
    except VerificationError:
        raise NeedsHuman(
            f"the attestation's signature does not verify with key {public.keyid[:16]}",
            "it was signed by another key, or altered after signing",
        ) from None
    try:
        statement = jsonio.loads(envelope.payload)
    except ValueError:
        raise NeedsHuman("the attestation's payload is not JSON") from None
    return Verified(statement if isinstance(statement, dict) else {}, public.keyid)
