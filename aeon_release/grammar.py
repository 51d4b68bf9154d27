"""The grammar of every name the tool reads, as patterns: release versions, variants, dates, dated
tags and Docker image references.

This module sits at the bottom with errors.py (it imports nothing of the package), so that the
adapters (the registry client, the docker adapter) and the domain (``domain/names.py``, which adds
the checks, their messages and ``packaging.version``) match the very same words: one grammar, and
every command agrees.  Every pattern is meant to be matched whole (``fullmatch``).
"""

from __future__ import annotations

import re

_NUMBER = r"(?:0|[1-9][0-9]*)"
VERSION_PATTERN = (
    rf"v{_NUMBER}\.{_NUMBER}\.{_NUMBER}(?:(?:a|b|rc){_NUMBER})?(?:\.post{_NUMBER})?"
    rf"(?:\.dev{_NUMBER})?"
)
VARIANT_PATTERN = r"[a-z0-9]+(?:-[a-z0-9]+)*"
DATE_PATTERN = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
VERSION = re.compile(VERSION_PATTERN)
VARIANT = re.compile(VARIANT_PATTERN)
DATE = re.compile(DATE_PATTERN)
DATED_TAG = re.compile(rf"({DATE_PATTERN})-({VERSION_PATTERN})(?:-({VARIANT_PATTERN}))?")

# Docker's reference grammar (github.com/distribution/reference, regexp.go).  Go's \w is ASCII.
_DOMAIN_PART = r"(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])"
DOMAIN = re.compile(rf"(?:{_DOMAIN_PART}(?:\.{_DOMAIN_PART})*|\[[0-9a-fA-F:]+\])(?::[0-9]+)?")
_PATH_PART = r"[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*"
PATH = re.compile(rf"{_PATH_PART}(?:/{_PATH_PART})*")
NAME = re.compile(rf"(?:{DOMAIN.pattern}/)?{PATH.pattern}")
# A name to tag a local image with (fleet.yaml's image.repository, init --image): a first part is a
# registry host only as docker normalises it, with a dot, a port or as localhost ("Upper/case" is no
# host but a path, and an invalid one).  fleet.schema.json's pattern is this one (tests/test_names.py).
_HOST = rf"(?:localhost(?::[0-9]+)?|{_DOMAIN_PART}(?:\.{_DOMAIN_PART})+(?::[0-9]+)?|{_DOMAIN_PART}:[0-9]+)"
REPOSITORY = re.compile(rf"(?:{_HOST}/)?{PATH.pattern}")
NAME_MAX = 255  # the whole name, its registry host included
TAG = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")
DIGEST = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}")
# What a registry and the engine hand back, and what release records keep: one algorithm, lowercase.
SHA256_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
IMAGE_ID = re.compile(r"(?:sha256:)?[0-9a-f]{12,64}")

# How an upstream commit subject names its pull request when a fleet profile says nothing else:
# GitHub's squash-merge "title (#123)".  Group 1 is the number.
GITHUB_PR_SUBJECT = r"\(#(\d+)\)\s*$"


def names_a_registry(text: str) -> bool:
    """``REGISTRY/NAME`` whose first part is a registry host (a dot, a port or ``localhost``): a repository to
    publish to, where ``NAME`` alone is a local image name.  The registry adapter's parse and the pipeline's
    defaults ask the same (this module imports nothing heavy: a small merge's hint asks it)."""
    host, _, name = text.partition("/")
    looks_like_host = "." in host or ":" in host or host == "localhost"
    return looks_like_host and bool(DOMAIN.fullmatch(host) and PATH.fullmatch(name)) and len(text) <= NAME_MAX
