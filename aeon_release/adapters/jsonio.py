"""JSON the tool reads from a file or a socket: a registry's answers, an attestation, a run record a
person names, an image archive's documents, and the tool's own files, which a crash, a disk or a
person can damage too (run state, the release pipeline's state, the audit caches, docker's config.json)."""

from __future__ import annotations

import json
from typing import Any


def loads(text: str | bytes) -> Any:
    """``json.loads``, with a document nested past Python's recursion limit a ``JSONDecodeError`` (a
    ``ValueError``) like any other malformed one: ``[`` 100,000 times in a run record, an attestation
    or an image archive was a RecursionError traceback where every caller handles a ValueError."""
    try:
        return json.loads(text)
    except RecursionError:
        doc = text if isinstance(text, str) else text[:200].decode("utf-8", "replace")
        raise json.JSONDecodeError("nested too deeply", doc, 0) from None


def kind(value: Any) -> str:
    """What a JSON value is, in words, never the value: a field of another shape in a file that holds
    credentials (docker's config.json) is named by its kind, its text may be a token."""
    kinds = {dict: "an object", list: "a list", bool: "a boolean", int: "a number", float: "a number"}
    return kinds.get(type(value), "a string" if isinstance(value, str) else "null")
