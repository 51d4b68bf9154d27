"""Does a value look like a credential?  detect-secrets' detectors of known token formats, asked of one value.

A value the tool would store where others read it (a build argument lands in the image's history and
in the build record) is refused when it looks like a credential, whatever its key is called:
``--build-arg EXTRA=ghp_...`` or ``--build-arg PIP_EXTRA_INDEX_URL=https://user:PASS@host/simple``.

Only detectors of a token's own format are asked (GitHub, GitLab, AWS, Slack, PyPI, a private key, a
JWT, credentials in a URL, ...), plus one for Hugging Face access tokens, which a model server's build
is the likeliest place to meet and detect-secrets does not know.  Its entropy detectors are left out:
a commit id, a version or a path is high-entropy text too.  Its keyword detector is left out as well:
it reads ``password = "..."`` around a value, and here the key is checked by name already.
"""

from __future__ import annotations

import functools
import re
from typing import Any

_NOT_A_FORMAT = frozenset(
    {"Base64 High Entropy String", "Hex High Entropy String", "Secret Keyword", "Public IP (ipv4)"}
)


def secret_kind(value: str) -> str | None:
    """``"credential (GitHub Token)"``: what ``value`` holds, as the kind detect-secrets names; or None."""
    if len(value) < 8:
        return None  # no token format is this short
    for kind, detector in _detectors():
        if any(True for _ in detector.analyze_string(value)):
            return f"credential ({kind})"
    return None


@functools.cache
def _detectors() -> tuple[tuple[str, Any], ...]:
    # imported here: only a build that has build arguments pays for it
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.plugins.base import RegexBasedDetector

    class HuggingFaceTokenDetector(RegexBasedDetector):
        """A Hugging Face user access token (``hf_`` and its 34 letters) or an organisation's (``api_org_``)."""

        secret_type = "Hugging Face Token"
        denylist = [re.compile(r"(?<![A-Za-z0-9_])(?:hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z0-9]{30,})")]

    known: dict[str, Any] = get_mapping_from_secret_type_to_class()
    found = [(kind, known[kind]()) for kind in sorted(known) if kind not in _NOT_A_FORMAT]
    return (*found, (HuggingFaceTokenDetector.secret_type, HuggingFaceTokenDetector()))
