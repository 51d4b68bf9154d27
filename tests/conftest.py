"""Shared fixtures: git is isolated from the machine's configuration in every test."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from aeon_release.adapters.sandbox import RegistryProcess
from tests.helpers import Result, run_cli

TMPFS = Path("/dev/shm")
TMPFS_MIN_FREE = 2 * 1024**3
TMPFS_MIN_FILES = 600_000  # inodes: the suite's git repositories are many small files (a whole run left
# 465,000 behind when it failed; at 200,000 free a run beside another began on tmpfs and ran out midway)
TMPFS_PREFIX = "aeon-test-"
STALE = 3600  # seconds: a folder of a session killed before it could clean up, or of one that failed (six
# hours of failed and stopped runs beside each other filled 3 million inodes: the next run's 202 errors)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    _bytecode_outside_the_checkout()
    _rewrite_once_for_the_workers(config)
    _tmp_path_on_tmpfs(config)
    _ctrl_c_heard()
    _no_deadlines()
    _the_tools_collector_pace()


def _the_tools_collector_pace() -> None:
    """The collector at the pace the console script and the merge's checks set (aeon_release/gcpace.py), in
    every process of the session: the tests run the engine in-process (``run_cli`` calls ``main``, not the
    console script's ``run``, which sets the pace), so a worker walked its long-lived parses, collected items
    and memos at CPython's default pace, which the command itself never runs at.  Measured on 216 audit and
    merge tests beside the whole collection (gc.callbacks): 784 young and 8 full collections, 1.0-1.2 CPU-s,
    against 76 and 3, 0.6-0.9 CPU-s; what the tests find is the same, as cycles are still collected, later."""
    from aeon_release.gcpace import pace

    pace()


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the collection built (every module, item, fixture and parametrized value: the whole suite's in each
    xdist worker) lives to the session's end, and every full collection walked it again.  Collected once more,
    then frozen (``gc.freeze``: left out of later collections), the full collections walk only what the tests
    make.  Cyclic garbage made before this point is collected here, finalizers and all; the rest is alive.  With
    the pace above, on ~750 audit tests beside the whole collection: the collector's 2.1 CPU-s became 0.9."""
    import gc

    gc.collect()
    gc.freeze()


def _no_deadlines() -> None:
    """Hypothesis fails an example that takes over 200 ms: a timed assertion, which a loaded two-core machine
    broke (``test_deltas_are_never_negative`` failed under four engineers' runs).  No test asserts a speed."""
    from hypothesis import settings

    settings.register_profile("aeon", deadline=None)
    settings.load_profile("aeon")


def _ctrl_c_heard() -> None:
    """A suite started in the background by a shell without job control (`cmd &` in a script, a CI
    step's wrapper) inherits SIGINT ignored, and so does every program a test starts: the Ctrl-C tests'
    runs never hear their Ctrl-C and hang or finish.  Here SIGINT is Python's own again, so children
    start with the default disposition, as under a terminal."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _bytecode_outside_the_checkout() -> None:
    """With PYTHONDONTWRITEBYTECODE set, every xdist worker re-compiles (and assert-rewrites) every
    test module, and every `python -m aeon_release` child the package, on every run: seconds per
    worker.  The bytecode goes to a cache folder instead (PYTHONPYCACHEPREFIX), so the checkout
    stays as free of __pycache__ as that setting keeps it.  Workers and children inherit it.
    AEON_TEST_PYCACHE=0 leaves the setting alone."""
    import os
    import sys

    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("AEON_TEST_PYCACHE") == "0":
        return
    prefix = os.environ.get("PYTHONPYCACHEPREFIX") or str(
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "aeon-release-test" / "pycache"
    )
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    sys.dont_write_bytecode = False
    sys.pycache_prefix = prefix


def _rewrite_once_for_the_workers(config: pytest.Config) -> None:
    """Every xdist worker imports every test module through pytest's assertion rewriting, and the package
    and the tests' helpers through Python's own compiler; both keep their output in the bytecode cache (a
    folder per checkout path: a fresh clone's is empty).  Cold, the three workers each compiled the same
    600 files at once, ~10 CPU-seconds a worker before the first test, on 2 cores.  Here the controller
    writes those cache files once, on as many processes as it has cores, before it starts the workers;
    they then read them as on any later run.  The files are what the workers would write (pytest's rewrite
    of the same source with the same configuration; py_compile's timestamped file, as an import writes);
    a file whose cached copy is newer than its source is left alone, and if anything here fails a worker
    compiles as before."""
    import sys

    workers = config.getoption("numprocesses", None)
    if (
        hasattr(config, "workerinput")
        or not isinstance(workers, int)
        or workers < 2
        or config.getoption("dist", "no") == "no"
        or config.getoption("assertmode", "rewrite") != "rewrite"
        or sys.dont_write_bytecode
    ):
        return
    try:
        from _pytest.assertion import assertstate_key
        from _pytest.assertion.rewrite import PYC_TAIL, _rewrite_test, _write_pyc, get_cache_dir
    except ImportError:  # another pytest's internals: the workers rewrite for themselves
        return
    stale = _stale_caches(config, get_cache_dir, PYC_TAIL)
    if stale:
        _on_each_core(stale, _compiler(config, _rewrite_test, _write_pyc, config.stash[assertstate_key]))


_Stale = tuple[Path, Path, bool]  # a source, its cache file, and whether pytest rewrites it


def _stale_caches(config: pytest.Config, cache_dir: Callable[[Path], Path], tail: str) -> list[_Stale]:
    """The files a worker would compile: its rewritten test modules and conftests, the package and the tests'
    helpers, each whose cache file is missing or older than its source."""
    import importlib.util

    rewritten = [(path, cache_dir(path) / (path.name[:-3] + tail), True) for path in _test_modules(config)]
    compiled = [(path, Path(importlib.util.cache_from_source(str(path))), False) for path in _imported_modules(config)]
    return [(path, pyc, rewrite) for path, pyc, rewrite in rewritten + compiled if not _newer(pyc, path)]


def _compiler(config: pytest.Config, rewrite_test: Any, write_pyc: Any, state: Any) -> Callable[[_Stale], None]:
    """One file's cache written: pytest's rewrite (``rewrite_test``, ``write_pyc`` and the session's assertion
    state), or py_compile's timestamped file, the kind an import writes."""
    import os
    import py_compile

    def compile_one(stale: _Stale) -> None:
        path, pyc, rewrite = stale
        try:
            if rewrite:
                source_hash, code = rewrite_test(path, config)
                os.makedirs(pyc.parent, exist_ok=True)
                write_pyc(state, code, source_hash, pyc)
            else:
                timestamped = py_compile.PycInvalidationMode.TIMESTAMP
                py_compile.compile(str(path), str(pyc), doraise=True, invalidation_mode=timestamped)
        except Exception:  # noqa: BLE001 - a file that does not compile: its importer reports it as it always did
            pass

    return compile_one


def _on_each_core(work: list[_Stale], compile_one: Callable[[_Stale], None]) -> None:
    """``work`` split over as many processes as this one may use: forks of it, and itself."""
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    parts = [work[i::cores] for i in range(min(cores, len(work)))]
    children = []
    for part in parts[1:]:
        pid = os.fork()
        if pid == 0:  # a child: its share, then gone without the parent's exit handlers
            code = 1
            try:
                for one in part:
                    compile_one(one)
                code = 0
            finally:
                os._exit(code)
        children.append(pid)
    for one in parts[0]:
        compile_one(one)
    for pid in children:
        os.waitpid(pid, 0)


def _test_modules(config: pytest.Config) -> list[Path]:
    """The files pytest rewrites on import under the paths it was given: test modules and conftests, outside
    the folders it does not collect (``norecursedirs``)."""
    tops = [(config.invocation_params.dir / arg.split("::")[0]).resolve() for arg in config.args]
    return _python_files(config, tops, [*config.getini("python_files"), "conftest.py"])


def _imported_modules(config: pytest.Config) -> list[Path]:
    """The package and the tests' other modules (helpers, shapes), which the workers import through Python's
    own compiler."""
    from fnmatch import fnmatch

    rewritten = [*config.getini("python_files"), "conftest.py"]
    tops = [config.rootpath / "aeon_release", config.rootpath / "tests"]
    return [p for p in _python_files(config, tops, ["*.py"]) if not any(fnmatch(p.name, g) for g in rewritten)]


def _python_files(config: pytest.Config, tops: list[Path], patterns: list[str]) -> list[Path]:
    from fnmatch import fnmatch

    skipped = config.getini("norecursedirs")
    found: set[Path] = set()
    for top in tops:
        candidates = top.rglob("*.py") if top.is_dir() else [top]
        for path in candidates:
            parts = path.relative_to(top).parts[:-1] if top.is_dir() else ()
            if any(fnmatch(part, glob) for part in parts for glob in skipped):
                continue
            if path.is_file() and any(fnmatch(path.name, glob) for glob in patterns):
                found.add(path)
    return sorted(found)


def _newer(pyc: Path, source: Path) -> bool:
    try:
        return pyc.stat().st_mtime_ns >= source.stat().st_mtime_ns
    except OSError:
        return False


def _tmp_path_on_tmpfs(config: pytest.Config) -> None:
    """tmp_path on tmpfs when the machine has one with room to spare: the suite makes about 100 MB
    of small git repositories and the engine fsyncs every record it writes, which on a shared disk
    costs seconds per worker.  The tests are the same; only where tmp_path lives moves, and its
    paths get shorter than /tmp/pytest-of-USER/pytest-N.  --basetemp wins; AEON_TEST_TMPFS=0 keeps
    pytest's default.  xdist's workers get their folders inside this one."""
    import os
    import tempfile

    if hasattr(config, "workerinput") or config.option.basetemp or os.environ.get("AEON_TEST_TMPFS") == "0":
        return
    try:
        stat = os.statvfs(TMPFS)
    except OSError:
        return
    # room in bytes and in files: a tmpfs of 17 GB free and no inode left made every test's tmp_path an
    # INTERNALERROR ("No space left on device") while other sessions filled it with small files
    if (
        stat.f_bavail * stat.f_frsize < TMPFS_MIN_FREE
        or stat.f_favail < TMPFS_MIN_FILES
        or not os.access(TMPFS, os.W_OK)
    ):
        return
    _remove_stale(TMPFS)
    config.option.basetemp = tempfile.mkdtemp(prefix=TMPFS_PREFIX, dir=TMPFS)
    config.stash[_ON_TMPFS] = Path(config.option.basetemp)


_ON_TMPFS = pytest.StashKey[Path]()
_PASSED = pytest.StashKey[bool]()


def _remove_stale(folder: Path) -> None:
    import shutil
    import time

    for old in folder.glob(TMPFS_PREFIX + "*"):
        try:
            if time.time() - old.stat().st_mtime > STALE:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            pass


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    session.config.stash[_PASSED] = exitstatus == 0


def pytest_unconfigure(config: pytest.Config) -> None:
    """tmpfs is memory: a passing session's folders go; a failing one's stay for a look (pytest
    keeps them too), until they are an hour old."""
    import shutil

    folder = config.stash.get(_ON_TMPFS, None)
    if folder is not None and config.stash.get(_PASSED, False):
        shutil.rmtree(folder, ignore_errors=True)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (pyproject's addopts): one worker more than the cores this process may use.  A
    worker spends much of its time waiting on git, the engine and the registry, not on a core.
    Measured on 2 shared cores, runs taken in turn: the whole suite 121-141 s with 3 workers,
    158-162 s with 2."""
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With pytest-xdist (--dist loadgroup), the tests of a module with module-scoped fixtures (the
    fixture images) run on one worker, so each image is built once; every other test is balanced.
    The hostile-input cases are `slow`: the fast lane (`-m "not docker and not slow"`) leaves them out.

    First of the hooks, before the mark plugin deselects by -m, and before xdist's worker reads the
    xdist_group marks into the test ids (its scheduler groups by an ``@GROUP`` suffix of the id)."""
    grouped = hasattr(config, "workerinput") and bool(config.getvalue("loadgroup"))
    for item in items:
        if "/tests/hostile/" in str(item.path):  # real subprocesses under memory limits: seconds each
            item.add_marker(pytest.mark.slow)
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if any(d.scope == "module" for chain in defs for d in chain):
            group = item.module.__name__ if item.module else item.nodeid
            item.add_marker(pytest.mark.xdist_group(group))
            if grouped:
                _group_in_the_id(item, group)
    _longest_first(items)


def _group_in_the_id(item: pytest.Item, group: str) -> None:
    """The ``@GROUP`` suffix xdist's worker means to write: xdist 3.8 writes it to ``item._nodeid``, which
    pytest 9.2's ids no longer read (``nodeid`` is ``str(item._id)``), so every id went without its group
    and each worker that drew a test of such a module built its images again (test_check_script's image
    three times over, 5-6 s each; test_image_report's three).  With a pytest whose ids xdist writes, it
    writes the suffix itself."""
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # a pytest before 9.2: xdist's own hook writes it
        return
    if not item.nodeid.endswith("@" + group):
        item._id = NodeId.parse(f"{item.nodeid}@{group}")  # type: ignore[attr-defined]


def _longest_first(items: list[pytest.Item]) -> None:
    """Hand xdist the long modules first (the stock-Debian container, the hostile subprocesses, the
    engine's builds): started last, one of them would run on alone while the other workers idle.
    Whole modules move, in their order, so a module-scoped fixture is still set up once.  xdist keeps
    this order (--no-loadscope-reorder in pyproject's addopts): by default it hands out the groups
    of many tests first, ahead of the one long stock-Debian test."""
    rank: dict[str, int] = {}
    for item in items:
        slow, docker = item.get_closest_marker("slow"), item.get_closest_marker("docker")
        weight = 0 if slow and docker else 1 if slow else 2 if docker else 3
        key = str(item.path)
        rank[key] = min(rank.get(key, weight), weight)
    items.sort(key=lambda item: rank[str(item.path)])


@pytest.fixture(scope="session")
def signing_key(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fleet's ed25519 signing key for this session (publish signs every attestation)."""
    from aeon_release.adapters import signing

    path = tmp_path_factory.mktemp("keys") / "fleet.key"
    signing.generate(path)
    return path


@pytest.fixture(scope="session")
def homes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The folder every test's own HOME is made in (one mktemp per session: mktemp per test lists
    every earlier numbered folder, quadratic over a worker's hundreds of tests)."""
    yield tmp_path_factory.mktemp("homes")


_HOME_NUMBERS = itertools.count()


@pytest.fixture(scope="session", autouse=True)
def example_templates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Where tests.helpers.build_example keeps the demo example it copies (one per worker)."""
    from tests import helpers

    helpers.TEMPLATES[:] = [tmp_path_factory.mktemp("examples")]
    yield
    helpers.TEMPLATES.clear()


@pytest.fixture(scope="session")
def git_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What every test's ``git init`` and ``git clone`` copy into a new ``.git``: git's own template
    without its inert ``hooks/*.sample`` scripts (13 files, about a third of a small init's CPU, in
    thousands of inits a run).  ``description``, ``info/exclude``, ``branches/`` and an empty ``hooks/``
    are there as in any repository git makes."""
    import shutil
    import subprocess

    made = tmp_path_factory.mktemp("git-template")
    probe = made / "probe"
    subprocess.run(["git", "init", "--quiet", str(probe)], check=True, capture_output=True, env=_plain_git_env(made))
    template = made / "template"
    shutil.copytree(
        probe / ".git", template, ignore=shutil.ignore_patterns("*.sample", "objects", "refs", "HEAD", "config")
    )
    shutil.rmtree(probe)
    return template


def _plain_git_env(home: Path) -> dict[str, str]:
    """git with no configuration but its own defaults (the machine's template folder among them)."""
    import os

    return {**os.environ, "HOME": str(home), "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


@pytest.fixture(autouse=True)
def isolated_git(homes: Path, git_template: Path, monkeypatch: pytest.MonkeyPatch, signing_key: Path) -> Iterator[None]:
    home = homes / str(next(_HOME_NUMBERS))
    home.mkdir()
    gitconfig = home / ".gitconfig"
    # maintenance.auto: every commit, merge, am and fetch of a test's git starts one more git, `git
    # maintenance run --auto`, which finds nothing to do in a repository of a few dozen objects (half a
    # small commit's CPU; the suite makes thousands of commits).  fastimport.unpackLimit: a `git fast-import`
    # of under 100 objects (each audit test's three-way fixture) starts `git unpack-objects` to turn its pack
    # into loose files; at 0 the pack is kept as written (the same objects and ids, read the same way)
    gitconfig.write_text(
        f"[init]\n\tdefaultBranch = main\n\ttemplateDir = {git_template}\n[advice]\n\tdetachedHead = false\n"
        "[maintenance]\n\tauto = false\n[fastimport]\n\tunpackLimit = 0\n"
    )
    env = {
        "HOME": str(home),
        "GIT_CONFIG_GLOBAL": str(gitconfig),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Aeon Test",
        "GIT_AUTHOR_EMAIL": "test@aeon.invalid",
        "GIT_COMMITTER_NAME": "Aeon Test",
        "GIT_COMMITTER_EMAIL": "test@aeon.invalid",
        "GIT_AUTHOR_DATE": "2026-08-16T12:00:00+00:00",
        "GIT_COMMITTER_DATE": "2026-08-16T12:00:00+00:00",
        "GIT_TERMINAL_PROMPT": "0",
        "AEON_SIGNING_KEY": str(signing_key),
    }
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    yield


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """Run ``aeon-release ARGS`` in-process through the real entry point and error handler."""

    def run(*args: str | Path) -> Result:
        return run_cli(*args)

    return run


@pytest.fixture
def repo_root() -> Path:
    return Path(__file__).resolve().parent.parent


# -- Docker ----------------------------------------------------------------------------------
BUSYBOX_IMAGE = "aeon-test/busybox:1"


def _require(reason: str) -> None:
    """Skip locally, but fail in CI: a suite that silently skips its real-engine tests lies."""
    import os

    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def docker_available() -> bool:
    import gc
    import warnings

    import docker

    reason = ""
    try:
        client = docker.from_env()
        client.ping()
        client.close()
    except Exception as exc:  # noqa: BLE001 - any failure means no engine
        reason = f"no Docker engine: {exc}"
    if reason:
        # docker.from_env() leaves the half-built client's socket to the traceback's frames: close it here,
        # quietly, or its ResourceWarning surfaces at the session's end as an unraisable error.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()
        _require(reason)
    return True


@pytest.fixture(scope="session")
def busybox_image(docker_available: bool) -> str:
    """A local base image: the busybox-static rootfs imported into the engine (no internet), by the
    same launcher `aeon-release demo --docker` uses."""
    from aeon_release.adapters import sandbox
    from aeon_release.adapters.docker import Engine
    from aeon_release.errors import ServiceError

    with Engine.connect() as engine:
        if engine.exists(BUSYBOX_IMAGE):
            return BUSYBOX_IMAGE
        try:
            rootfs = sandbox.busybox_rootfs()
        except ServiceError as missing:
            _require(missing.message)
        engine.import_rootfs(rootfs, BUSYBOX_IMAGE, changes=['CMD ["/bin/sh"]'])
    return BUSYBOX_IMAGE


# -- the registry ----------------------------------------------------------------------------
REGISTRY_BIN = "docker-registry"


@pytest.fixture(scope="session")
def shared_registry(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RegistryProcess]:
    """One open docker-registry on 127.0.0.1 for the session (per xdist worker), by the launcher
    `aeon-release demo --docker` uses; tests keep apart by repository name."""
    import shutil

    from aeon_release.adapters.sandbox import local_registry

    if shutil.which(REGISTRY_BIN) is None:
        pytest.skip("docker-registry is not installed (Debian package docker-registry)")
    with local_registry(tmp_path_factory.mktemp("registry")) as registry:
        yield registry


@pytest.fixture
def registry(shared_registry: RegistryProcess) -> Iterator[RegistryProcess]:
    """The session's registry, running: a test may stop() it (the registry-down cases); it is
    started again before the next test."""
    if not shared_registry.running:
        shared_registry.start()
    yield shared_registry
    if not shared_registry.running:
        shared_registry.start()


# -- arm64 through QEMU ----------------------------------------------------------------------
ARM64_BUSYBOX_IMAGE = "aeon-test/busybox-arm64:1"
DEB_CACHE = Path("/var/tmp/aeon-release-test-debs")  # survives sessions: apt is asked once per machine


def _root(argv: list[str], what: str) -> None:
    """Run a machine-setup command; without root (or when it fails) the arm64 tests cannot run."""
    import os
    import subprocess

    if os.geteuid() != 0:
        _require(f"{what} needs root")
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        _require(f"{what} failed: {(done.stderr or done.stdout).strip()[-300:]}")


def _arm64_busybox_deb() -> Path:
    """Debian's busybox-static for arm64 (``dpkg --add-architecture arm64`` once, then apt)."""
    import subprocess

    found = sorted(DEB_CACHE.glob("busybox-static_*_arm64.deb"))
    if found:
        return found[-1]
    DEB_CACHE.mkdir(parents=True, exist_ok=True)
    download = ["sh", "-c", f"cd {DEB_CACHE} && apt-get download -qq busybox-static:arm64"]
    if subprocess.run(download, capture_output=True).returncode != 0:
        _root(["dpkg", "--add-architecture", "arm64"], "dpkg --add-architecture arm64")
        _root(["apt-get", "update", "-qq"], "apt-get update")
        _root(download, "apt-get download busybox-static:arm64")
    return sorted(DEB_CACHE.glob("busybox-static_*_arm64.deb"))[-1]


def register_qemu_aarch64() -> None:
    """binfmt_misc mounted, qemu-aarch64 registered: arm64 binaries run on this amd64 machine."""
    binfmt = Path("/proc/sys/fs/binfmt_misc")
    if not (binfmt / "register").exists():
        _root(["mount", "-t", "binfmt_misc", "binfmt_misc", str(binfmt)], "mounting binfmt_misc")
    entry = binfmt / "qemu-aarch64"
    if not entry.exists() or not entry.read_text().startswith("enabled"):
        _root(["update-binfmts", "--enable", "qemu-aarch64"], "update-binfmts --enable qemu-aarch64 (qemu-user-static)")


def docker_archive(layer: bytes, architecture: str, ref: str, cmd: list[str]) -> bytes:
    """A one-layer `docker save` archive whose config names the architecture (`docker import`
    ignores --platform on this engine; `docker load` keeps what the config says)."""
    import hashlib
    import io
    import json
    import tarfile

    config = json.dumps(
        {
            "architecture": architecture,
            "os": "linux",
            "config": {"Cmd": cmd, "Env": ["PATH=/usr/bin:/bin"]},
            "rootfs": {"type": "layers", "diff_ids": ["sha256:" + hashlib.sha256(layer).hexdigest()]},
            "history": [{"created_by": f"busybox-static:{architecture} (aeon-release tests)"}],
        }
    ).encode()
    config_name = hashlib.sha256(config).hexdigest() + ".json"
    manifest = json.dumps([{"Config": config_name, "RepoTags": [ref], "Layers": ["layer/layer.tar"]}]).encode()
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w") as tar:
        for name, data in ((config_name, config), ("layer/layer.tar", layer), ("manifest.json", manifest)):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


@pytest.fixture(scope="session")
def arm64_busybox_image(docker_available: bool, tmp_path_factory: pytest.TempPathFactory) -> str:
    """An arm64 base image from Debian's busybox-static:arm64, with QEMU registered to run it."""
    import subprocess

    import docker

    from aeon_release.adapters import sandbox

    register_qemu_aarch64()
    client = docker.from_env()
    try:
        try:
            if client.api.inspect_image(ARM64_BUSYBOX_IMAGE).get("Architecture") == "arm64":
                return ARM64_BUSYBOX_IMAGE
        except docker.errors.ImageNotFound:
            pass
        work = tmp_path_factory.mktemp("arm64")
        subprocess.run(["dpkg-deb", "-x", str(_arm64_busybox_deb()), str(work / "deb")], check=True)
        layer = sandbox.busybox_rootfs(work / "deb" / "bin" / "busybox")
        client.api.load_image(docker_archive(layer, "arm64", ARM64_BUSYBOX_IMAGE, ["/bin/sh"]))
    finally:
        client.close()
    return ARM64_BUSYBOX_IMAGE
