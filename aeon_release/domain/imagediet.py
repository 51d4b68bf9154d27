"""The image diet: where an image's bytes go, from its `docker save` stream.

Walks the saved image (a tar of layer tars) in one streaming pass with ``tarfile``'s ``r|`` mode,
never holding a layer in memory, then replays the layers in order:

* **layer sizes**: each layer tar's size (what a pull unpacks) and the step that made it;
* **dead bytes**: regular-file bytes shipped in a layer and then deleted (a ``.wh.`` whiteout, an
  opaque ``.wh..wh..opq`` directory, a file replaced by a directory) or overwritten by a later
  layer.  Every pull still downloads them; the first fork image hid ~28 GB this way;
* **duplicate shared libraries**: the same ``.so`` (same file name, same sha256) live at two or
  more paths in the final file system.

Numbers are exact: bytes are tar member sizes, not estimates.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import posixpath
import re
import tarfile
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from aeon_release.adapters import files, jsonio
from aeon_release.errors import AeonError, printable, quoted

WHITEOUT = ".wh."
OPAQUE = ".wh..wh..opq"
_SHARED_LIB = re.compile(r"\.so(\.\d+)*$")
TOP = 10


@dataclass(frozen=True)
class LayerEntry:
    """One layer of the saved image, oldest first."""

    index: int
    digest: str  # the layer's directory in the save archive
    size: int  # bytes of the layer tar
    files: int
    created_by: str


@dataclass(frozen=True)
class DeadFile:
    path: str
    size: int
    shipped_in: int  # layer index that shipped the bytes
    killed_in: int  # layer index whose whiteout / overwrite made them dead
    how: str  # "deleted" or "overwritten"


@dataclass(frozen=True)
class DuplicateLib:
    name: str
    sha256: str
    size: int
    paths: tuple[str, ...]

    @property
    def wasted(self) -> int:
        return self.size * (len(self.paths) - 1)


@dataclass(frozen=True)
class DietReport:
    image: str
    layers: tuple[LayerEntry, ...]
    dead_bytes: int
    dead_files: int
    largest_dead: tuple[DeadFile, ...]
    live_bytes: int
    duplicate_libs: tuple[DuplicateLib, ...]

    @property
    def total_layer_bytes(self) -> int:
        return sum(layer.size for layer in self.layers)

    @property
    def duplicate_lib_bytes(self) -> int:
        return sum(dup.wasted for dup in self.duplicate_libs)

    def as_dict(self) -> dict[str, Any]:
        return {
            "image": self.image,
            "total_layer_bytes": self.total_layer_bytes,
            "live_bytes": self.live_bytes,
            "dead_bytes": self.dead_bytes,
            "dead_files": self.dead_files,
            "largest_dead": [asdict(d) for d in self.largest_dead],
            "duplicate_lib_bytes": self.duplicate_lib_bytes,
            "duplicate_libs": [{**asdict(d), "wasted": d.wasted} for d in self.duplicate_libs],
            "layers": [asdict(layer) for layer in self.layers],
        }


# -- reading the save stream -------------------------------------------------------------------
@dataclass
class _Member:
    """What one layer says about one path."""

    kind: str  # "file", "dir", "other" (symlink, hardlink, device), "whiteout", "opaque"
    size: int = 0
    sha256: str = ""


@dataclass
class _Scan:
    """Everything one pass over an image archive or layout found, by member name."""

    layers: dict[str, tuple[int, dict[str, _Member]]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # a layer.tar that links to another
    documents: dict[str, bytes] = field(default_factory=dict)  # manifest.json, index.json, configs, manifests
    unread: set[str] = field(default_factory=set)  # members that are none of those: named in errors as what they are

    def missing(self, name: str, what: str) -> str:
        """Why ``name``, which ``what`` names, is not there to read: a member of another kind was "not in
        the archive" (a layer that is no tar, a manifest.json that starts with a byte-order mark)."""
        if name in self.unread:
            return f"{what} {_named(name)} is in the archive but is neither JSON nor a tar layer (plain or gzip)"
        return f"{what} {_named(name)} is named by the manifest but is not in the archive"

    @property
    def manifest(self) -> list[dict[str, Any]]:
        """The legacy ``manifest.json`` (also written beside the OCI layout by Docker 25+)."""
        raw = self.documents.get("manifest.json")
        return _dicts(_document(raw, "manifest.json"), "manifest.json") if raw else []


class ChunkReader(io.RawIOBase):
    """A read-only file over an iterator of byte chunks (the engine's save stream)."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self._chunks: Iterator[bytes] = iter(chunks)
        self._buffer = b""

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        """Close the chunk source too (a generator: its cleanup runs now, not at garbage collection)."""
        close = getattr(self._chunks, "close", None)
        if close is not None and not self.closed:
            close()
        super().close()

    def readinto(self, target: Any) -> int:
        while not self._buffer:
            chunk = next(self._chunks, None)
            if chunk is None:
                return 0
            self._buffer = chunk
        size = min(len(target), len(self._buffer))
        target[:size] = self._buffer[:size]
        self._buffer = self._buffer[size:]
        return size


def _scan_layer(stream: IO[bytes]) -> dict[str, _Member]:
    members: dict[str, _Member] = {}
    with tarfile.open(fileobj=stream, mode="r|") as layer:
        for info in layer:
            path = _abs(info.name)
            directory, base = posixpath.split(path)
            if base == OPAQUE:
                members[path] = _Member("opaque")  # keyed by the marker: the directory has its own entry
            elif base.startswith(WHITEOUT):
                members[posixpath.join(directory, base[len(WHITEOUT) :])] = _Member("whiteout")
            elif info.isreg():
                members[path] = _Member("file", info.size, _digest(layer, info) if _is_lib(base) else "")
            else:
                members[path] = _Member("dir" if info.isdir() else "other")
    return members


def _abs(name: str) -> str:
    """A tar member name (``./usr/lib/``, ``usr/lib``) as an absolute path (``/usr/lib``)."""
    name = name[2:] if name.startswith("./") else name
    normal = posixpath.normpath("/" + name)
    return "/" + normal.lstrip("/")


def _is_lib(name: str) -> bool:
    return bool(_SHARED_LIB.search(name))


def _digest(layer: tarfile.TarFile, info: tarfile.TarInfo) -> str:
    digest = hashlib.sha256()
    handle = layer.extractfile(info)
    if handle is not None:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


_GZIP, _ZSTD = b"\x1f\x8b", b"\x28\xb5\x2f\xfd"
_DOCUMENT_LIMIT = 8 << 20  # JSON documents (configs, manifests) are small; layers are not


class _Prefixed(io.RawIOBase):
    """A stream with bytes already read put back in front of it."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self._head, self._rest = head, rest

    def readable(self) -> bool:
        return True

    def readinto(self, target: Any) -> int:
        if self._head:
            size = min(len(target), len(self._head))
            target[:size] = self._head[:size]
            self._head = self._head[size:]
            return size
        data = self._rest.read(len(target))
        target[: len(data)] = data
        return len(data)


def _add_member(result: _Scan, name: str, size: int, handle: IO[bytes]) -> None:
    """One file of the archive or layout: a JSON document, a layer tar (plain or gzip), or noise."""
    name = name[2:] if name.startswith("./") else name
    head = handle.read(512)
    if head.lstrip()[:1] in (b"{", b"[") and size <= _DOCUMENT_LIMIT:  # JSON may start with whitespace
        result.documents[name] = head + handle.read()
    elif head[:2] == _GZIP:
        with gzip.GzipFile(fileobj=io.BufferedReader(_Prefixed(head, handle), 1 << 20)) as plain:
            result.layers[name] = (size, _scan_layer(plain))  # type: ignore[arg-type]
    elif head[:4] == _ZSTD:
        raise ValueError(
            f"{name}: zstd-compressed layers are not supported; copy the image with skopeo --dest-compress-format gzip"
        )
    elif len(head) == 512 and head[257:262] == b"ustar":
        result.layers[name] = (size, _scan_layer(io.BufferedReader(_Prefixed(head, handle), 1 << 20)))
    else:
        result.unread.add(name)


def scan(chunks: Iterable[bytes]) -> _Scan:
    """One streaming pass over an image archive (`docker save`, skopeo docker-archive or oci-archive)."""
    result = _Scan()
    with (
        io.BufferedReader(ChunkReader(chunks), 1 << 20) as stream,
        tarfile.open(fileobj=_tar_of(stream), mode="r|") as archive,
    ):
        for info in archive:
            if info.issym() or info.islnk():
                # docker save links a layer that appears twice to its first copy.
                base = posixpath.dirname(info.name) if info.issym() else ""
                result.aliases[info.name] = posixpath.normpath(posixpath.join(base, info.linkname))
                continue
            handle = archive.extractfile(info) if info.isreg() else None
            if handle is not None:
                _add_member(result, info.name, info.size, handle)
    return result


class ZstdArchive(ValueError):
    """A whole archive compressed with zstd: what to do differs between a file (decompress it) and an engine's
    save stream (no Docker engine's save is compressed), so the caller says it."""


def _tar_of(stream: Any) -> Any:
    """The archive's tar stream: ``docker save | gzip > image.tar.gz`` (which ``docker load`` reads) was
    "truncated header"; a zstd one is named as such."""
    head = stream.peek(4)[:4]
    if head[:2] == _GZIP:
        return gzip.GzipFile(fileobj=stream)
    if head == _ZSTD:
        raise ZstdArchive("the archive is zstd-compressed")
    return stream


def scan_directory(root: Path) -> _Scan:
    """The same, for an OCI layout directory (skopeo ``oci:DIR``): its regular files, each opened without
    following a link (``open_regular`` refuses a FIFO or a device).  A blob that was a symbolic link to a file
    outside the layout was read as the image's (a config link to ``~/x.json`` printed its ``created_by``
    lines); a link is refused, naming it, and a folder link is not descended."""
    result = _Scan()
    top = os.fspath(root)
    for folder, dirs, names in os.walk(top, onerror=_raise):
        dirs.sort()
        for name in sorted(names):
            path = Path(folder, name)
            member = path.relative_to(root).as_posix()
            if path.is_symlink():
                raise ValueError(
                    f"{member} is a symbolic link (to {printable(os.readlink(path))[:120]}), not a file of the layout"
                )
            try:
                handle = files.open_regular(path, member)
            except AeonError as refused:  # a FIFO, a device: named with the image by image_report
                raise ValueError(refused.message) from None
            if handle is None:  # gone since the listing
                continue
            with handle:
                _add_member(result, member, os.fstat(handle.fileno()).st_size, handle)
    return result


def _named(value: object) -> str:
    """A digest or member name the archive gives, for an error line: a short printable one as it is, any other
    quoted and cut (a digest of 100,000 characters was repeated whole)."""
    text = str(value)
    return text if len(text) <= 80 and text.isascii() and text.isprintable() else quoted(value)


def _raise(error: OSError) -> None:
    raise error


def _blob(digest: str) -> str:
    algorithm, _, hexdigest = digest.partition(":")
    return f"blobs/{algorithm}/{hexdigest}"


def _image_manifest(result: _Scan, digest: str, platform: str | None, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """Follow an OCI index (nested ones too) down to one image manifest.  A layout's blob names are not checked
    against their bytes, so an index may list itself: that loop was "not JSON: nested too deeply"."""
    if digest in seen or len(seen) >= _INDEX_DEPTH:
        loop = digest in seen
        raise ValueError(
            f"the index {_named(seen[-1])} "
            + ("lists itself, directly or through another index" if loop else f"nests more than {_INDEX_DEPTH} deep")
        )
    document = _document(result.documents.get(_blob(digest), b"null"), digest)
    if not isinstance(document, dict):
        raise ValueError(f"the layout names {_named(digest)} but does not hold it")
    if document.get("manifests") is None:
        return document
    entries = _dicts(document["manifests"], f"{digest}: manifests")
    images = [e for e in entries if _platform_of(e).partition("/")[2] != "unknown"]  # attestations
    wanted = [e for e in images if platform is None or _platform_of(e) == platform] or images
    if not wanted:
        raise ValueError("the index lists no image manifest")
    return _image_manifest(result, str(wanted[0]["digest"]), platform, (*seen, digest))


_INDEX_DEPTH = 8  # an index of indexes is one level (buildx's attestations); no builder nests eight


def _platform_of(entry: dict[str, Any]) -> str:
    data = entry.get("platform") or {}
    if not isinstance(data, dict):
        raise ValueError(f"a platform that is no mapping: {str(data)[:60]}")
    return f"{data.get('os', '')}/{data.get('architecture', '')}"


def _entry(result: _Scan, platform: str | None = None) -> tuple[list[str], str]:
    """(layer member names oldest first, config member name) from whichever layout the archive has."""
    if "manifest.json" in result.documents:
        manifests = result.manifest
        if len(manifests) != 1:
            raise ValueError(f"expected one image in the archive, found {len(manifests)}")
        layers, config = manifests[0].get("Layers") or [], manifests[0].get("Config") or ""
        return _names(layers, "manifest.json: Layers"), _name(config, "manifest.json: Config")
    index = _document(result.documents.get("index.json", b"null"), "index.json")
    if not isinstance(index, dict):
        for name in ("manifest.json", "index.json"):
            if name in result.unread:
                raise ValueError(result.missing(name, "the image's"))
        raise ValueError("neither manifest.json nor index.json: not a docker-archive, oci-archive or OCI layout")
    manifests = _dicts(index.get("manifests") or [], "index.json: manifests")
    if not manifests:
        raise ValueError("index.json lists no image")
    manifest = _image_manifest(result, _top(manifests, platform), platform)
    layers = [_blob(str(layer["digest"])) for layer in _dicts(manifest.get("layers") or [], "a manifest's layers")]
    config = manifest.get("config") or {}
    return layers, _blob(str(config.get("digest", "") if isinstance(config, dict) else ""))


def _top(manifests: list[dict[str, Any]], platform: str | None) -> str:
    wanted = [m for m in manifests if platform is None or _platform_of(m) == platform] or manifests
    return str(wanted[0]["digest"])


# -- replaying the layers ----------------------------------------------------------------------
@dataclass
class _Live:
    """The file system as the layers so far leave it: path -> (layer, member), plus a child index
    so that deleting a directory costs its size, not the size of the whole tree."""

    entries: dict[str, tuple[int, _Member]] = field(default_factory=dict)
    children: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    dead: list[DeadFile] = field(default_factory=list)

    def add(self, path: str, layer: int, member: _Member) -> None:
        self.entries[path] = (layer, member)
        if path != "/":
            self.children[posixpath.dirname(path)].add(path)

    def kill(self, path: str, layer: int, how: str) -> None:
        """Remove ``path`` and everything below it; regular-file bytes become dead."""
        old = self.entries.pop(path, None)
        self.children[posixpath.dirname(path)].discard(path)
        if old is not None and old[1].kind == "file":
            self.dead.append(DeadFile(path, old[1].size, old[0], layer, how))
        self.kill_below(path, layer)

    def kill_below(self, directory: str, layer: int) -> None:
        for child in sorted(self.children.pop(directory, set())):
            self.kill(child, layer, "deleted")

    def apply(self, index: int, members: dict[str, _Member]) -> None:
        # Whiteouts and opaque markers hide what earlier layers had; then this layer's own entries.
        for path, member in members.items():
            if member.kind == "whiteout":
                self.kill(path, index, "deleted")
            elif member.kind == "opaque":
                self.kill_below(posixpath.dirname(path), index)
        for path, member in members.items():
            if member.kind in ("whiteout", "opaque"):
                continue
            old = self.entries.get(path)
            if not (member.kind == "dir" and old is not None and old[1].kind == "dir"):
                self.kill(path, index, "overwritten")
            self.add(path, index, member)


def _history(scan_result: _Scan, config_name: str) -> list[str]:
    """The steps that made a layer, oldest first (empty_layer steps left out)."""
    raw = scan_result.documents.get(config_name)
    if raw is None:
        if config_name in scan_result.unread:  # a config that is not JSON: a history of nothing, said nowhere
            raise ValueError(scan_result.missing(config_name, "the image config"))
        return []
    config = _document(raw, config_name)
    history = _dicts((config.get("history") if isinstance(config, dict) else None) or [], f"{config_name}: history")
    return [str(h.get("created_by", "")) for h in history if not h.get("empty_layer")]


def _document(raw: bytes, name: str) -> Any:
    """A JSON document of the archive, or a ValueError naming it (nesting past the recursion limit too)."""
    try:
        return jsonio.loads(raw)
    except ValueError as exc:
        raise ValueError(f"{name}: not JSON: {exc}") from None


def _dicts(value: Any, what: str) -> list[dict[str, Any]]:
    """A list of JSON objects, or a ValueError naming ``what``: a manifest.json of ``[1]``, a history
    of ``5`` were tracebacks."""
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ValueError(f"{what}: expected a list of objects")
    return value


def _names(value: Any, what: str) -> list[str]:
    """A list of member names, or a ValueError naming ``what``: a ``Layers`` that was an object was read by its
    keys (a report of layers no manifest listed), a number was a TypeError."""
    if not isinstance(value, list):
        raise ValueError(f"{what}: expected a list of member names, found {jsonio.kind(value)}")
    return [_name(item, what) for item in value]


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what}: expected a member name, found {jsonio.kind(value)}")
    return value


def analyse(image: str, chunks: Iterable[bytes]) -> DietReport:
    """The diet report of one saved image (``chunks``: a `docker save` / skopeo archive byte stream)."""
    return report_of(image, scan(chunks))


def report_of(image: str, result: _Scan) -> DietReport:
    """The diet report from a scanned archive or layout, legacy or OCI."""
    try:
        names, config = _entry(result)
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{image}: {exc}") from None
    _refuse_repeats(image, names, result)
    steps = _history(result, config)
    live = _Live()
    layers = []
    for index, name in enumerate(names):
        found = result.layers.get(result.aliases.get(name, name))
        if found is None:
            raise ValueError(f"{image}: {result.missing(result.aliases.get(name, name), 'layer')}")
        size, members = found
        live.apply(index, members)
        created_by = steps[index] if index < len(steps) else ""
        files = sum(1 for m in members.values() if m.kind == "file")
        layers.append(LayerEntry(index, _layer_id(name), size, files, created_by))
    return _report(image, tuple(layers), live)


# The entries a manifest may replay again by naming a layer it already named (docker save names an identical
# layer twice, a COPY repeated after an `rm`): a 100 KB archive naming its one 200-file layer 20,000 times was
# 4,000,000 replays, 60 s and 930 MB before its first line.
REPLAY_AGAIN_LIMIT = 250_000


def _refuse_repeats(image: str, names: list[str], result: _Scan) -> None:
    """A ValueError when the layers named more than once hold more than REPLAY_AGAIN_LIMIT entries in all (each
    naming counts at least one: an empty layer still makes a line of the report)."""
    seen: set[str] = set()
    again = times = 0
    for name in names:
        key = result.aliases.get(name, name)
        found = result.layers.get(key)
        if key in seen and found is not None:
            again, times = again + max(1, len(found[1])), times + 1
        seen.add(key)
    if again > REPLAY_AGAIN_LIMIT:
        raise ValueError(
            f"{image}: its manifest names layers it already named {times:,} more time(s), {again:,} file entries "
            f"to replay again (over the {REPLAY_AGAIN_LIMIT:,} a real image's repeated layers come to)"
        )


def _layer_id(name: str) -> str:
    """``<id>/layer.tar`` (legacy), ``<hex>.tar`` (skopeo), ``blobs/sha256/<hex>`` (OCI) -> the id."""
    if name.startswith("blobs/"):
        return name.rsplit("/", 1)[-1]
    return name.split("/")[0].removesuffix(".tar")


def _report(image: str, layers: tuple[LayerEntry, ...], live: _Live) -> DietReport:
    dead = sorted(live.dead, key=lambda d: (-d.size, d.path))
    live_bytes = sum(m.size for _, m in live.entries.values() if m.kind == "file")
    return DietReport(
        image=image,
        layers=layers,
        dead_bytes=sum(d.size for d in dead),
        dead_files=len(dead),
        largest_dead=tuple(dead[:TOP]),
        live_bytes=live_bytes,
        duplicate_libs=_duplicates(live),
    )


def _duplicates(live: _Live) -> tuple[DuplicateLib, ...]:
    groups: dict[tuple[str, str], list[str]] = defaultdict(list)
    sizes: dict[tuple[str, str], int] = {}
    for path, (_, member) in live.entries.items():
        if member.kind == "file" and member.sha256:
            key = (posixpath.basename(path), member.sha256)
            groups[key].append(path)
            sizes[key] = member.size
    dups = [
        DuplicateLib(name, sha, sizes[(name, sha)], tuple(sorted(paths)))
        for (name, sha), paths in groups.items()
        if len(paths) > 1
    ]
    return tuple(sorted(dups, key=lambda d: (-d.wasted, d.name)))
