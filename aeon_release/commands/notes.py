"""`aeon-release notes TAG`: find the run record, render it, write or print it."""

from __future__ import annotations

import json
from pathlib import Path

from aeon_release.adapters.console import emit, plain, say
from aeon_release.adapters.git import Git, validate_ref_name
from aeon_release.adapters.store import RunStore
from aeon_release.domain import ledger, notes, profile
from aeon_release.errors import UsageError, quoted
from aeon_release.pipeline.outputs import refuse_over_inputs

FORMATS = ("markdown", "json")


def find_record(tag: str, repo: Path, record: Path | None) -> Path:
    """``--record FILE`` as given, else the pipeline's record in the fork's git common dir."""
    if record is not None:
        return record
    return RunStore(Git(repo).common_dir, validate_ref_name(tag, "tag")).record_file


def read_record(tag: str, repo: Path, record: Path | None) -> notes.Record:
    """``--record FILE`` read as given (the person's word), else the runs' record, only as they sealed it: a
    section edited by hand (a lost carry marked kept, an audit of no errors) went into the notes."""
    if record is None:
        RunStore(Git(repo).common_dir, validate_ref_name(tag, "tag")).load_record()
    return notes.load_record(find_record(tag, repo, record), tag)


def run(tag: str, config_dir: Path, repo: Path, record: Path | None, fmt: str, output: Path | None) -> None:
    if fmt not in FORMATS:
        raise UsageError(f"unknown --format {quoted(fmt)}", f"use one of {', '.join(FORMATS)}")
    if output is not None and str(output) == "-":  # `--output -` is stdout, as for audit (was a file named -)
        output = None
    if output is not None:  # the notes, and the audit report beside markdown notes when they are split
        for place in (output,) if fmt == "json" else (output, notes.audit_file_for(output)):
            refuse_over_inputs(repo, config_dir, place, "--output", "notes", "fork's checkout")
    data = read_record(tag, repo, record)
    loaded = ledger.load(config_dir)
    fleet = profile.load(config_dir)
    if output is not None:
        for written in notes.write_notes(data, loaded, output, fmt, fleet):
            # stderr, as audit and keygen say what they wrote: with --output, stdout carries nothing (a path of
            # `[red]` lost its brackets, one of a newline broke the line: plain() says it whole)
            say(f"wrote {plain(written)}")
        return
    content = notes.content(data, loaded)
    if fmt == "json":
        emit(json.dumps(content, indent=2))
        return
    rendered = notes.render(content, "audit.md", fleet)
    if rendered.audit_report is not None:
        raise UsageError(
            f"the notes of {tag} exceed GitHub's {notes.GITHUB_BODY_LIMIT:,}-character limit",
            "pass --output FILE so the full audit report can be written beside it",
        )
    emit(rendered.body)
