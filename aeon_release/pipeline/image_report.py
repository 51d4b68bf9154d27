"""`aeon-release image-report IMAGE`: the image diet, from the engine or from an image on disk.

IMAGE is an engine image (name or id: its `docker save` stream), or a transport reference as
skopeo writes them: ``docker-archive:PATH`` (a `docker save` / skopeo docker-archive tar),
``oci-archive:PATH`` (a tar of an OCI layout), ``oci:DIR`` (an OCI layout directory).  Both the
legacy layout and the OCI layout (what Docker 25+ `docker save` writes) are read, layers plain or
gzip.  Size per layer, dead bytes (shipped in a layer, then deleted by a whiteout or overwritten
by a later layer: every pull still downloads them) with the largest paths, and shared libraries
present twice with the same name and content.  See ``aeon_release.domain.imagediet`` for how
bytes are counted.
"""

from __future__ import annotations

import contextlib
import gzip
import tarfile
import zlib
from collections.abc import Iterator
from pathlib import Path

from aeon_release.adapters import files
from aeon_release.adapters.console import emit_json, plain, show
from aeon_release.adapters.docker import Engine
from aeon_release.domain import imagediet
from aeon_release.domain.names import human_size
from aeon_release.errors import UsageError

TRANSPORTS = ("docker-archive", "oci-archive", "oci")
_HINT = "e.g. docker-archive:/tmp/image.tar, oci-archive:/tmp/image.oci.tar, oci:/tmp/layout, or an engine image"


def _chunks(path: Path, image: str) -> Iterator[bytes]:
    handle = files.open_regular(path, image)  # a FIFO there held the report for good
    if handle is None:
        raise UsageError(f"{image}: {files.absent(path, 'no such file')}", _HINT)
    with handle:
        yield from iter(lambda: handle.read(1 << 20), b"")


def _on_disk(transport: str, rest: str) -> Path:
    """The path of a transport reference (skopeo's optional ``:REF`` suffix is allowed and ignored)."""
    path = Path(rest)
    if not path.exists() and ":" in rest:
        path = Path(rest.rsplit(":", 1)[0])
    want_dir = transport == "oci"
    kind = "directory" if want_dir else "file"
    if not path.exists():
        raise UsageError(f"{transport}:{rest}: {files.absent(path, f'no such {kind}')}", _HINT)
    if path.is_dir() != want_dir:  # `oci-archive:/tmp` said "no such file"
        raise UsageError(f"{transport}:{rest}: {'not a folder' if want_dir else 'a folder, not a file'}", _HINT)
    return path


def image_report(image: str) -> imagediet.DietReport:
    """Analyse an engine image (streamed `docker save`) or an archive / layout on disk, never all in memory."""
    transport, sep, rest = image.partition(":")
    if sep and transport in TRANSPORTS:
        path = _on_disk(transport, rest)
        with _unreadable(f"{image} is not a readable image archive", _HINT, OSError, zstd=_ZSTD_FILE_HINT):
            if transport == "oci":
                return imagediet.report_of(image, imagediet.scan_directory(path))
            return imagediet.analyse(image, _chunks(path, image))
    what = f"the engine's `docker save` of {image} is unreadable"
    unreadable = _unreadable(what, _ENGINE_HINT, zstd=_ZSTD_ENGINE_HINT)
    with Engine.connect() as engine, unreadable:
        return imagediet.analyse(image, engine.save(image))


# What the engine saves is read as an archive on disk is: a containerd image store's `docker save` of a
# multi-platform image lacks the other platforms' layers, a zstd image is zstd (a traceback, both)
_ENGINE_HINT = (
    "save it (`docker save IMAGE -o image.tar`) and check the archive with `image-report docker-archive:image.tar`"
)

# A zstd archive: a file is decompressed by hand; an engine's save stream never is zstd (the engine's
# /images/get answers a plain tar), so "zstd -d" there sent the user to a file they did not have
_ZSTD_FILE_HINT = "decompress it first (zstd -d FILE) and pass docker-archive:FILE"
_ZSTD_ENGINE_HINT = (
    "a Docker engine saves a plain tar: check that DOCKER_HOST names a Docker engine, or save the image "
    "another way and pass docker-archive:FILE"
)


@contextlib.contextmanager
def _unreadable(what: str, hint: str, also: type[Exception] = gzip.BadGzipFile, *, zstd: str) -> Iterator[None]:
    """An archive that is no image (a ValueError of the reading, a broken tar or gzip stream) as one line;
    ``also``: the OSErrors that say so too (a file on disk that cannot be read is, as before); ``zstd``: the
    hint for an archive compressed whole with zstd."""
    try:
        yield
    except imagediet.ZstdArchive as exc:
        raise UsageError(f"{what}: {exc}", zstd) from None
    except (ValueError, EOFError, tarfile.TarError, zlib.error, also) as exc:
        raise UsageError(f"{what}: {exc}", hint) from None


def run(image: str, json_out: bool) -> None:
    """The report: as text on stdout, or with ``--json`` as JSON alone (stderr had the text copy beside
    it, which a CI step capturing both streams showed twice; only an error or progress goes there)."""
    report = image_report(image)
    if json_out:
        emit_json(report.as_dict())
    else:
        _say(report)


def _say(report: imagediet.DietReport) -> None:
    def say(line: str) -> None:
        show(line)

    say(
        f"[bold]{report.image}[/]: {len(report.layers)} layers, {_size(report.total_layer_bytes)} in layer tars, "
        f"{_size(report.live_bytes)} live file bytes"
    )
    for layer in report.layers:
        say(f"  layer {layer.index:>2} {_size(layer.size):>24}  {layer.files:>7} files  {plain(layer.created_by[:80])}")
    say(f"dead bytes: {_size(report.dead_bytes)} in {report.dead_files} file(s) shipped then deleted or overwritten")
    for dead in report.largest_dead:
        say(
            f"  {_size(dead.size):>24}  {plain(dead.path)}  (layer {dead.shipped_in}, {dead.how} in layer {dead.killed_in})"
        )
    say(f"duplicate shared libraries: {len(report.duplicate_libs)}, {_size(report.duplicate_lib_bytes)} wasted")
    for dup in report.duplicate_libs[: imagediet.TOP]:
        say(f"  {dup.name} x{len(dup.paths)} ({_size(dup.size)} each): {plain(', '.join(dup.paths))}")


def _size(value: int) -> str:
    return f"{human_size(value)} ({value} bytes)"
