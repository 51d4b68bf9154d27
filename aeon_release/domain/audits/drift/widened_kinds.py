"""Keyword-only parameters a base method let callers pass by position too: an override that kept them keyword-only.

Upstream turned ``def _validate_model_input(self, prompt_inputs, *, prompt_type)`` into
``def _validate_model_input(self, prompt_inputs, prompt_type)`` (#34144) and went on calling it with
``prompt_type="decoder"``.  A fork's override with the old, keyword-only spelling still takes every call: each
caller wrote before the merge had to name the parameter, and only a call upstream writes that fills its slot by
position raises TypeError on the fork's class.  Symbol drift asks ``keyword_only_again`` whether that is the
override's only difference from the base, then searches upstream's added calls for such a positional one.
"""

from __future__ import annotations

from dataclasses import replace

from aeon_release.domain.audits.drift.signatures import Sig


def made_positional(old: Sig, new: Sig) -> list[str]:
    """``old``'s keyword-only parameters that ``new`` takes in a positional slot, in slot order."""
    return [p for p in new.positional if p in old.kwonly and p not in old.positional]


def keyword_only_again(sig: Sig, names: list[str]) -> Sig:
    """``sig`` with ``names`` (positional parameters of it) taken by keyword only, as they were."""
    optional = sig.positional[len(sig.positional) - sig.defaults :] if sig.defaults else ()
    required = [p for p in names if sig.required(p)]
    return replace(
        sig,
        positional=tuple(p for p in sig.positional if p not in names),
        posonly=sum(1 for p in sig.positional[: sig.posonly] if p not in names),
        defaults=sum(1 for p in optional if p not in names),
        kwonly=(*names, *sig.kwonly),
        kwonly_required=sig.kwonly_required | frozenset(required),
    )


def first_slot(sig: Sig, names: list[str]) -> int:
    """The 0-based positional slot of the first of ``names``: a call passing more arguments fills it."""
    return min(sig.positional.index(p) for p in names)
