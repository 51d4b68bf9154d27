"""The dataclasses' compiled methods kept across runs (aeon_release/methodcache.py): a kept code is the one
``exec`` compiles from the text, and a cache that is missing, damaged, foreign or not writable changes nothing."""

from __future__ import annotations

import dataclasses
import importlib.util
import marshal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release import methodcache


@pytest.fixture
def cache_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache of its own, and ``dataclasses`` as it was once the test is done."""
    path = tmp_path / "__pycache__" / "methods.bin"
    monkeypatch.setattr(methodcache, "_FILE", path)
    monkeypatch.setattr(methodcache, "_CACHE", None)
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)  # undone: the builtin again
    yield path
    monkeypatch.setattr(methodcache, "_CACHE", None)


def _new_process() -> None:
    """What a new run sees: nothing installed yet, the file as the last one left it."""
    methodcache._CACHE = None
    methodcache.install()


def _point(frozen: bool = True) -> type:
    # make_dataclass's annotations are the types themselves (this module's future import does not reach them)
    return dataclasses.make_dataclass(
        "Point", [("x", int), ("y", "list[str]", dataclasses.field(default_factory=list))], frozen=frozen
    )


def _cached() -> methodcache._Cache:
    assert methodcache._CACHE is not None
    return methodcache._CACHE


def test_kept_methods_are_the_ones_exec_compiles(cache_file: Path) -> None:
    plain = _point()
    methodcache.install()
    _point()
    assert _cached().new
    methodcache.save()
    _new_process()
    kept = _point()
    assert not _cached().new  # every method came from the file
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert getattr(kept, name).__code__ == getattr(plain, name).__code__, name
    # compiled without this module's `annotations` future flag, as dataclasses' own exec compiles it
    assert (
        kept.__init__.__annotations__ == plain.__init__.__annotations__ == {"x": int, "y": "list[str]", "return": None}
    )
    a, b = kept(1, ["s"]), kept(1, ["s"])
    assert a == b and repr(a) == "Point(x=1, y=['s'])" and kept(2).y == []
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 3  # type: ignore[attr-defined]


def test_nothing_is_written_when_every_text_was_kept(cache_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    methodcache.install()
    _point()
    methodcache.save()
    _new_process()
    _point()
    written: list[Path] = []
    monkeypatch.setattr(methodcache, "_write", lambda path, data: written.append(path))
    methodcache.save()
    assert written == []


def test_a_save_keeps_what_another_process_kept_meanwhile(cache_file: Path) -> None:
    methodcache.install()
    _point()
    methodcache.save()
    _new_process()  # two processes read the same file ...
    other = methodcache._read(cache_file)
    _point(frozen=False)  # ... this one compiles the unfrozen class's methods
    cache_file.write_bytes(
        importlib.util.MAGIC_NUMBER + marshal.dumps(other | {"pass": compile("pass", "<string>", "exec")})
    )
    methodcache.save()
    kept = methodcache._read(cache_file)
    assert "pass" in kept and set(_cached().codes) <= set(kept)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"not a cache",
        b"\0\0\r\n" + marshal.dumps({"pass": compile("pass", "<string>", "exec")}),  # another interpreter's
        importlib.util.MAGIC_NUMBER + b"\xff\x00broken",
        importlib.util.MAGIC_NUMBER + marshal.dumps(["pass"]),
    ],
)
def test_a_damaged_or_foreign_cache_is_passed_over(cache_file: Path, data: bytes) -> None:
    cache_file.parent.mkdir()
    cache_file.write_bytes(data)
    methodcache.install()
    assert _cached().codes == {}
    point = _point()
    assert point(1) == point(1) and _cached().new  # compiled, as without a cache


def test_a_file_larger_than_any_this_writes_is_not_read_whole(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_file.parent.mkdir()
    cache_file.write_bytes(importlib.util.MAGIC_NUMBER + marshal.dumps({"pass": compile("pass", "<string>", "exec")}))
    assert list(methodcache._read(cache_file)) == ["pass"]
    monkeypatch.setattr(methodcache, "_MOST_BYTES", cache_file.stat().st_size - 1)
    assert methodcache._read(cache_file) == {}


def test_a_kept_value_that_is_no_code_is_passed_over(cache_file: Path) -> None:
    cache_file.parent.mkdir()
    cache_file.write_bytes(
        importlib.util.MAGIC_NUMBER + marshal.dumps({"pass": "print('no')", 1: compile("pass", "<string>", "exec")})
    )
    assert methodcache._read(cache_file) == {}


def test_no_bytecode_writing_and_an_unwritable_folder_write_nothing(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    methodcache.install()
    _point()
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    methodcache.save()
    assert not cache_file.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (tmp_path / "file").write_text("")
    monkeypatch.setattr(methodcache, "_FILE", tmp_path / "file" / "methods.bin")  # its folder is a file
    methodcache.save()  # no error: the next run compiles again
    assert not list(tmp_path.glob("**/*.tmp"))


def test_the_cache_is_where_python_keeps_this_modules_bytecode(tmp_path: Path) -> None:
    """Beside the package's bytecode: under PYTHONPYCACHEPREFIX when set (the tests keep the checkout free of
    ``__pycache__`` that way, tests/conftest.py), not in the checkout."""
    code = "from aeon_release import methodcache; print(methodcache._FILE)"
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(methodcache.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env | {"PYTHONPYCACHEPREFIX": str(tmp_path)}, capture_output=True, text=True
    )
    assert Path(done.stdout.strip()).is_relative_to(tmp_path), done.stderr
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert Path(done.stdout.strip()).parent == Path(methodcache.__file__).parent / "__pycache__", done.stderr


def test_past_the_bound_only_this_runs_texts_are_kept(cache_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache_file.parent.mkdir()
    cache_file.write_bytes(importlib.util.MAGIC_NUMBER + marshal.dumps({"pass": compile("pass", "<string>", "exec")}))
    monkeypatch.setattr(methodcache, "_MOST", 1)
    methodcache.install()
    _point()
    methodcache.save()
    kept = methodcache._read(cache_file)
    assert "pass" not in kept and set(kept) == _cached().used and len(kept) > 1
