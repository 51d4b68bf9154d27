"""`aeon-release image-report IMAGE`: the image diet, from the image's `docker save` stream.

Size per layer, dead bytes (shipped in a layer, then deleted by a whiteout or overwritten by a
later layer: every pull still downloads them) with the largest paths, and shared libraries present
twice with the same name and content.  See ``aeon_release.domain.imagediet`` for how bytes are counted.
"""
from __future__ import annotations

from aeon_release.domain import imagediet
from aeon_release.adapters.console import emit_json, plain, show
from aeon_release.adapters.docker import Engine
from aeon_release.pipeline.build import human_size


def image_report(image: str) -> imagediet.DietReport:
    """Stream `docker save IMAGE` from the engine and analyse it (never all in memory)."""
    with Engine.connect() as engine:
        return imagediet.analyse(image, engine.save(image))


def run(image: str, json_out: bool) -> None:
    report = image_report(image)
    if json_out:
        emit_json(report.as_dict())
    _say(report, json_out)


def _say(report: imagediet.DietReport, json_out: bool) -> None:
    def say(line: str) -> None:
        show(line, json_out)

    say(f"[bold]{report.image}[/]: {len(report.layers)} layers, {_size(report.total_layer_bytes)} in layer tars, "
        f"{_size(report.live_bytes)} live file bytes")
    for layer in report.layers:
        say(f"  layer {layer.index:>2} {_size(layer.size):>24}  {layer.files:>7} files  {plain(layer.created_by[:80])}")
    say(f"dead bytes: {_size(report.dead_bytes)} in {report.dead_files} file(s) shipped then deleted or overwritten")
    for dead in report.largest_dead:
        say(f"  {_size(dead.size):>24}  {plain(dead.path)}  (layer {dead.shipped_in}, {dead.how} in layer {dead.killed_in})")
    say(f"duplicate shared libraries: {len(report.duplicate_libs)}, {_size(report.duplicate_lib_bytes)} wasted")
    for dup in report.duplicate_libs[:imagediet.TOP]:
        say(f"  {dup.name} x{len(dup.paths)} ({_size(dup.size)} each): {plain(', '.join(dup.paths))}")


def _size(value: int) -> str:
    return f"{human_size(value)} ({value} bytes)"
