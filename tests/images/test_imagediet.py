"""The diet analysis on hand-made `docker save` archives: the cases an engine rarely produces."""

from __future__ import annotations

import io
import json
import tarfile

from aeon_release.domain import imagediet


def _layer(entries: list[tuple[str, bytes | str | None]]) -> bytes:
    """A layer tar: bytes -> file, None -> directory, str -> symlink target."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for name, content in entries:
            info = tarfile.TarInfo(name)
            if content is None:
                info.type = tarfile.DIRTYPE
                tar.addfile(info)
            elif isinstance(content, str):
                info.type, info.linkname = tarfile.SYMTYPE, content
                tar.addfile(info)
            else:
                info.size = len(content)
                tar.addfile(info, io.BytesIO(content))
    return buffer.getvalue()


def _saved(layers: list[bytes | str]) -> bytes:
    """A save archive; a str layer is a symlink to an earlier layer dir, as docker save writes it."""
    buffer = io.BytesIO()
    names = []
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for index, layer in enumerate(layers):
            name = f"l{index}/layer.tar"
            names.append(name)
            info = tarfile.TarInfo(name)
            if isinstance(layer, str):
                info.type, info.linkname = tarfile.SYMTYPE, f"../{layer}/layer.tar"
                tar.addfile(info)
            else:
                info.size = len(layer)
                tar.addfile(info, io.BytesIO(layer))
        config = json.dumps({"history": [{"created_by": f"step {i}"} for i in range(len(layers))]}).encode()
        manifest = json.dumps([{"Config": "cfg.json", "RepoTags": ["t:1"], "Layers": names}]).encode()
        for name, data in (("cfg.json", config), ("manifest.json", manifest)):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _chunks(data: bytes, size: int = 7) -> list[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)]


def test_relinked_layer_whiteout_and_dir_replaced_by_file() -> None:
    first = _layer([("./a/", None), ("./a/f", b"0123456789"), ("./x", b"12345"), ("./.dotfile", b"abc")])
    archive = _saved(
        [
            first,
            _layer([("./.wh.x", b"")]),  # x deleted: 5 dead
            "l0",  # the first layer again (docker save links it): a/f, .dotfile overwritten; x comes back
            _layer([("./a", b"new")]),  # directory a replaced by a file: a/f (from layer 2) dead
        ]
    )
    report = imagediet.analyse("t:1", _chunks(archive))
    dead = [(d.path, d.size, d.shipped_in, d.killed_in, d.how) for d in report.largest_dead]
    assert sorted(dead) == [
        ("/.dotfile", 3, 0, 2, "overwritten"),  # a leading dot is part of the name, not of "./"
        ("/a/f", 10, 0, 2, "overwritten"),
        ("/a/f", 10, 2, 3, "deleted"),
        ("/x", 5, 0, 1, "deleted"),
    ]
    assert report.dead_bytes == 3 + 10 + 10 + 5
    assert report.live_bytes == len(b"new") + 5 + 3  # /a, /x (back in layer 2), /.dotfile
    assert [layer.created_by for layer in report.layers] == ["step 0", "step 1", "step 2", "step 3"]
    assert report.layers[2].size == report.layers[0].size


def test_opaque_directory_hides_only_earlier_layers() -> None:
    archive = _saved(
        [
            _layer([("etc/", None), ("etc/app/", None), ("etc/app/old.conf", b"x" * 100), ("etc/keep", b"k")]),
            _layer([("etc/app/", None), ("etc/app/new.conf", b"y" * 7), ("etc/app/.wh..wh..opq", b"")]),
        ]
    )
    report = imagediet.analyse("t:1", _chunks(archive, 4096))
    assert [(d.path, d.size) for d in report.largest_dead] == [("/etc/app/old.conf", 100)]
    assert report.live_bytes == 7 + 1


def test_duplicate_libs_need_the_same_name_and_content() -> None:
    lib = b"\x7fELF" + b"\x01" * 60
    archive = _saved(
        [
            _layer(
                [
                    ("usr/lib/libcudart.so.13", lib),
                    ("opt/venv/nvidia/lib/libcudart.so.13", lib),
                    ("opt/other/libcudart.so.13", lib + b"!"),
                    ("opt/renamed/libfoo.so", lib),
                    ("opt/venv/x.py", lib),
                ]
            )
        ]
    )
    report = imagediet.analyse("t:1", _chunks(archive, 1000))
    (dup,) = report.duplicate_libs
    assert dup.paths == ("/opt/venv/nvidia/lib/libcudart.so.13", "/usr/lib/libcudart.so.13")
    assert dup.wasted == len(lib) and report.dead_bytes == 0
