"""A receiver named after a class: the hint an untyped call's name leaves of which definition it reaches.

``coordinator.get_num_blocks_to_allocate(request_id=r, num_tokens=n, new_computed_blocks=b)`` on a parameter
with no annotation: symbol drift finds the method by its name alone, and the fork tree defines it on two
classes (``KVCacheCoordinator`` and ``SingleTypeKVCacheManager``).  When upstream made a parameter of one
required and the call still fits the other, which one the call reaches is the run's -- but a receiver
spelled ``coordinator``, ``self.coordinator`` or ``kv_coord`` is named after ``KVCacheCoordinator``, and not
after ``SingleTypeKVCacheManager``: a warning then, never an error (a name is no type).
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.source import lazy_pattern

_WORDS = lazy_pattern(r"[A-Z]+(?=[A-Z][a-z]|\b|[0-9])|[A-Z]?[a-z]+|[0-9]+|[A-Z]+")
_SHORTEST_STEM = 4  # ``coord`` names a Coordinator, ``mgr`` or ``c`` names nothing


def receiver_words(receiver: ast.expr) -> list[str]:
    """The snake-case words of the last name a receiver is spelled with (``self.kv_coordinator``: kv,
    coordinator); none for a call's or a subscript's result."""
    name = (
        receiver.attr if isinstance(receiver, ast.Attribute) else receiver.id if isinstance(receiver, ast.Name) else ""
    )
    return [word for word in name.lower().split("_") if word]


def named_after(words: list[str], owner: str) -> bool:
    """The receiver's words name the class ``owner`` (a qualname): its last word is the class's last word
    (or a stem of it, four letters or more) and each other word is one of the class's."""
    if not words or words[-1] in ("self", "cls"):
        return False
    own = [word.lower() for word in _WORDS.findall(owner.rpartition(".")[2])]
    if not own:
        return False
    last = words[-1]
    stem = len(last) >= _SHORTEST_STEM and own[-1].startswith(last)
    return (last == own[-1] or stem) and all(word in own for word in words[:-1])
