"""Hostile-input sweep 18: the run record ``notes`` reads, edited by hand; a registry whose digest headers
lie to ``releases``, ``rollback`` and ``verify``; ``audit --repo /`` (a folder that is no checkout, of the
whole file system); ``demo`` or ``keygen`` where no folder can be made; an empty path option; and a pull
request's ways around the gate: a coding cookie under which Python reads other text, names Python folds
(NFKC), a getattr string built from parts, a comment silencing the engine's tree rules, a file padded
past the read cap, a ``.py`` committed as a link.  Real git, real processes, a real HTTP server; one line
and a documented exit code, never a traceback, and the user's checkout, index and branches as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import build_example, run_cli
from tests.hostile.conftest import QuietHandler, release_stopped_at_build
from tests.hostile.test_config_files import one_error_line


def alarm_line(run: object) -> str:
    """A run's one error line at exit 1 (an alarm for a person), checked like ``one_error_line``."""
    from dataclasses import replace

    assert getattr(run, "code", None) == 1, run
    return one_error_line(replace(run, code=2))  # type: ignore[type-var]


# -- the run record notes reads, edited by hand ---------------------------------------------------------------
@pytest.fixture(scope="module")
def merged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A real merge run that finished, and its run record."""
    ex = build_example(tmp_path_factory.mktemp("rec") / "ex")
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert done.code == 0, done.err
    return ex.fork, ex.config


def test_a_run_record_edited_by_hand_makes_no_notes(merged: tuple[Path, Path], tmp_path: Path) -> None:
    """record.json was not sealed: a carry the merge lost, marked ``kept`` by hand (or an audit of no
    errors), went into the release notes as the run's word.  ``--record FILE`` is still read as given."""
    fork, config = merged
    path = fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "record.json"
    good = path.read_text()
    assert run_cli("notes", "v0.29.0", "--repo", fork, "--config", config).code == 0
    record = json.loads(good)
    record["merge"]["carries"][0]["title"] = "reviewed by security: nothing to see"
    try:
        path.write_text(json.dumps(record))
        line = one_error_line(run_cli("notes", "v0.29.0", "--repo", fork, "--config", config))
        assert "record.json: not the run record the v0.29.0 runs last wrote" in line and "--record" in line, line
        (tmp_path / "mine.json").write_text(json.dumps(record))
        given = run_cli("notes", "v0.29.0", "--record", tmp_path / "mine.json", "--config", config)
        assert given.code == 0 and "nothing to see" in given.out, given.err
        path.write_text(json.dumps(json.loads(good), indent=4))  # its own, in any layout
        assert run_cli("notes", "v0.29.0", "--repo", fork, "--config", config).code == 0
    finally:
        path.write_text(good)


def test_a_run_record_edited_by_hand_is_never_sealed_by_the_next_stage(tmp_path: Path) -> None:
    """``release`` adds its build and publish sections to the record the merge wrote: adding them to an
    edited one sealed the edit as the runs' word."""
    from aeon_release.adapters.store import RunStore
    from aeon_release.errors import StateError

    store = RunStore(tmp_path / ".git", "v1.0.0")
    store.folder.mkdir(parents=True)
    store.update_record({"merge": {"upstream_commits": 3}})
    assert store.load_record() == {"tag": "v1.0.0", "merge": {"upstream_commits": 3}}
    store.record_file.write_text(json.dumps({"tag": "v1.0.0", "merge": {"upstream_commits": 0}}))
    with pytest.raises(StateError, match=r"not the run record the v1\.0\.0 runs last wrote: it was edited since"):
        store.update_record({"build": {"seconds": 1}})
    (store.folder / "record.sealed").unlink()
    with pytest.raises(StateError, match="it has no seal"):
        store.load_record()


# -- a registry whose digest headers lie -----------------------------------------------------------------------
MEDIA = "application/vnd.oci.image.manifest.v1+json"


def _manifest(n: str) -> tuple[bytes, str]:
    import hashlib

    body = json.dumps({"schemaVersion": 2, "mediaType": MEDIA, "n": n}).encode()
    return body, "sha256:" + hashlib.sha256(body).hexdigest()


class LyingRegistry:
    """A real HTTP server on 127.0.0.1: ``tags`` maps a tag (or a digest) to the bytes it serves, ``claims``
    a tag to the digest its HEAD and GET headers say instead.  The registry binary never lies, so a lying
    one has to be written; it speaks only what the client asks of it."""

    def __init__(self) -> None:
        import threading
        from http.server import ThreadingHTTPServer

        self.tags: dict[str, bytes] = {}
        self.claims: dict[str, str] = {}
        self.puts: list[str] = []
        owner = self

        class Handler(QuietHandler):
            def do_GET(self) -> None:
                if self.path.startswith("/v2/team/app/tags/list"):
                    tags = [t for t in owner.tags if not t.startswith("sha256:")]
                    self._send(200, json.dumps({"name": "team/app", "tags": tags}).encode())
                    return
                ref = self.path.rsplit("/", 1)[-1]
                body = owner.tags.get(ref)
                if body is None:
                    self._send(404)
                    return
                said = owner.claims.get(ref, _digest_of(body))
                self._send(200, body, {"Content-Type": MEDIA, "Docker-Content-Digest": said})

            do_HEAD = do_GET  # noqa: N815

            def do_PUT(self) -> None:
                owner.puts.append(self.path)
                self.rfile.read(int(self.headers["Content-Length"]))
                self._send(201)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.repository = f"127.0.0.1:{self.server.server_address[1]}/team/app"

    def __enter__(self) -> LyingRegistry:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def _digest_of(body: bytes) -> str:
    import hashlib

    return "sha256:" + hashlib.sha256(body).hexdigest()


def _recorded(config: Path, repository: str, *published: tuple[str, str, str | None]) -> None:
    """releases.yaml as publish writes it: (dated tag, digest, :latest before) each."""
    from aeon_release.domain import release_record
    from aeon_release.domain.release_record import Action, Release

    config.mkdir(exist_ok=True)
    for dated, digest, before in published:
        version = dated[11:]
        entry = Release(
            Action.PUBLISH, repository, version, None, dated, digest, dated[:10], f"{dated[:10]}T00:00:00Z",
            before, digest, {"status": "passed", "detail": "x", "revision": "0" * 40},
        )  # fmt: skip
        release_record.append(config, entry)


def test_releases_hashes_what_a_dated_tag_serves(tmp_path: Path) -> None:
    """``releases`` compared each dated tag by its HEAD's digest header: a registry that named the recorded
    digest and served other bytes (a retagged release) had the cross-check pass, exit 0."""
    _, ours_digest = _manifest("ours")
    theirs, _ = _manifest("theirs")
    with LyingRegistry() as registry:
        registry.tags |= {"2026-12-01-v0.29.0": theirs, "latest": theirs}
        registry.claims |= {"2026-12-01-v0.29.0": ours_digest, "latest": ours_digest}
        _recorded(tmp_path / "cfg", registry.repository, ("2026-12-01-v0.29.0", ours_digest, None))
        run = run_cli("releases", "--repository", registry.repository, "--config", tmp_path / "cfg")
    line = alarm_line(run)
    assert "2026-12-01-v0.29.0 is changed" in line and f"recorded {ours_digest}" in line, line


def test_rollback_never_trusts_a_dated_tags_digest_header(tmp_path: Path) -> None:
    """``rollback`` checks that the dated tag it goes back to still holds the recorded digest: by its HEAD
    header, a registry that named that digest while the tag served other bytes had :latest moved."""
    old, old_digest = _manifest("old")
    new, new_digest = _manifest("new")
    other, _ = _manifest("retagged")
    with LyingRegistry() as registry:
        registry.tags |= {"2026-11-01-v0.27.1": other, "2026-12-01-v0.29.0": new, "latest": new, old_digest: old}
        registry.claims |= {"2026-11-01-v0.27.1": old_digest}
        _recorded(
            tmp_path / "cfg", registry.repository,
            ("2026-11-01-v0.27.1", old_digest, None), ("2026-12-01-v0.29.0", new_digest, old_digest),
        )  # fmt: skip
        before = (tmp_path / "cfg" / "releases.yaml").read_text()
        run = run_cli("rollback", "--repository", registry.repository, "--config", tmp_path / "cfg")
        assert registry.puts == []
    line = alarm_line(run)
    assert "2026-11-01-v0.27.1 serves sha256:" in line and ":latest was not moved" in line, line
    assert (tmp_path / "cfg" / "releases.yaml").read_text() == before


# -- a folder that is no checkout, of the whole file system ----------------------------------------------------
def test_audit_of_the_whole_file_system_is_refused_quickly() -> None:
    """``audit --repo /`` walked the whole file system as a plain folder (/proc and /sys with it), and read
    every file it found: still running at 100 s.  A folder that is no checkout is walked up to 100,000
    files and folders; past that it is one line, in the time the walk takes to get there."""
    from tests.hostile.conftest import ROOT, run_limited

    run = run_limited("audit", "--repo", "/", "--config", ROOT, timeout=30)
    line = one_error_line(run)
    assert "/: a folder that is no git checkout and holds over 100,000 files and folders" in line, line
    assert run.cpu < 15, run.cpu


def test_a_plain_folder_under_the_bound_is_audited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from aeon_release.domain.audits import source

    monkeypatch.setattr(source, "MAX_WALKED", 30)  # the bound, made small: 100,000 files take seconds to write
    folder = tmp_path / "plain"
    for n in range(10):
        (folder / f"d{n}").mkdir(parents=True)
        (folder / f"d{n}" / "m.py").write_text("x = 1\n")
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    assert run_cli("audit", "--repo", folder, "--config", config).code == 0
    for n in range(10, 21):
        (folder / f"e{n}").mkdir()
    line = one_error_line(run_cli("audit", "--repo", folder, "--config", config))
    assert "holds over 30 files and folders: not audited" in line and "--repo the fork's git checkout" in line, line


# -- a folder the tool makes where none can be ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("demo", "/proc/aeon-x"), "the demo's folder /proc/aeon-x: cannot be made there"),
        (("keygen", "/proc/aeon-x/key"), "the key's folder /proc/aeon-x: cannot be made there"),
        (("demo", "/proc/self/status/x"), "the demo's folder /proc/self/status/x: cannot be made there"),
        (("demo", "/proc/self/status"), "the demo's folder /proc/self/status: is a file, not a folder"),
    ],
)
def test_a_folder_that_cannot_be_made_there_says_so(argv: tuple[str, ...], said: str) -> None:
    """The kernel answers a folder made under /proc with ENOENT: ``demo /proc/x`` was "No such file or
    directory (hint: check that it exists ...)" after it printed its first step, which reads as a missing
    input.  A folder a person named is made before anything runs, and a failure says it cannot be made."""
    run = run_cli(*argv)
    line = one_error_line(run)
    assert said in line and "check that it exists" not in line and run.out == "", (line, run.out)


# -- an empty path ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ("audit", "--output", ""),
        ("audit", "--repo", ""),
        ("audit", "--config", ""),
        ("notes", "v0.29.0", "--record", ""),
        ("demo", ""),
        ("ledger", "check", "--config", ""),
    ],
)
def test_an_empty_path_is_no_path(argv: tuple[str, ...], tmp_path: Path) -> None:
    """pathlib reads ``''`` as ``.``: ``--output ''`` was reported as "--output . is a directory", and
    ``--repo ''`` or ``--config ''`` quietly meant the folder the shell was in."""
    line = one_error_line(run_cli(*argv, cwd=tmp_path))
    assert "an empty path names no file or folder" in line and " . " not in line, line
    assert list(tmp_path.iterdir()) == []


# -- a source encoding under which Python reads other text than the audit ------------------------------------
RULES = """rules:
  - id: t/no-global-layer-type
    kind: pattern
    message: one layer type for every layer
    paths: ["**/*.py"]
    regex: 'layer_types\\[\\s*0\\s*\\]'
    expect: absent
  - id: t/never-as-strided
    kind: forbidden-call
    message: never re-stride
    paths: ["**/*.py"]
    calls: [as_strided]
"""
HIDDEN = {
    "unicode_escape": b"# coding: unicode_escape\ndef f(layer_types, t):\n    return t.as\\x5fstrided(layer_types\\x5b0\\x5d)\n",
    "raw_unicode_escape": b"# coding: raw-unicode-escape\ndef f(layer_types, t):\n    return t.as\\u005fstrided(layer_types\\u005b0\\u005d)\n",
    "utf-7": b"# -*- coding: utf-7 -*-\ndef f(layer_types, t):\n    return t.as+AF8-strided(layer_types+AFs-0+AF0-)\n",
}


@pytest.mark.parametrize("encoding", sorted(HIDDEN))
def test_a_coding_cookie_cannot_hide_code_from_the_gate(tmp_path: Path, encoding: str) -> None:
    """Every rule reads a file as UTF-8, Python as its coding cookie says: under ``unicode_escape``,
    ``raw-unicode-escape`` or ``utf-7`` a pull request's ``t.as\\x5fstrided(layer_types\\x5b0\\x5d)`` is
    ``t.as_strided(layer_types[0])`` to Python, and the file compiled: the gate passed, exit 0.  Such a
    file is a py-compile finding (a tree rule: every config gets it)."""
    from tests.hostile.conftest import config_with, git, make_repo

    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {"m.py": HIDDEN[encoding]})
    scope: dict[str, object] = {}
    exec(compile(HIDDEN[encoding], "m.py", "exec"), scope)  # what Python runs: both forbidden things
    assert "as_strided" in scope["f"].__code__.co_names  # type: ignore[attr-defined]
    config = config_with(tmp_path, RULES)
    run = run_cli("audit", "--repo", repo, "--config", config, "--changed-since", base, "--format", "json")
    assert run.code == 1, (run.out, run.err)
    found = [(f["rule"], f["line"]) for f in json.loads(run.out)["findings"] if f["severity"] == "error"]
    assert ("baseline/py-compile", 1) in found, found


def test_a_file_in_an_ascii_compatible_encoding_is_audited_as_before(tmp_path: Path) -> None:
    from tests.hostile.conftest import config_with, make_repo

    latin = "# -*- coding: latin-1 -*-\nNAME = 'café'\n".encode("latin-1")
    repo = make_repo(tmp_path / "repo", {"m.py": latin, "n.py": "# coding: utf-8\nx = 1\n"})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, RULES))
    assert run.code == 0, (run.out, run.err)


# -- names Python folds (NFKC) ---------------------------------------------------------------------------------
FULLWIDTH = "def f(layer_types, t):\n    a = \uff4cayer_types[0]\n    return t.\uff41s_strided(a)  # \uff02\n"


def test_a_name_python_folds_cannot_hide_code_from_the_gate(tmp_path: Path) -> None:
    """Python reads identifiers in NFKC: ``\\uff4cayer_types[0]`` and ``t.\\uff41s_strided(a)`` (fullwidth
    letters) run as ``layer_types[0]`` and ``t.as_strided(a)``, and both rules passed them.  Names are read
    folded; the comment's fullwidth quote is left as written (folded, it would open a string)."""
    from tests.hostile.conftest import config_with, git, make_repo

    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {"m.py": FULLWIDTH})
    scope: dict[str, object] = {}
    exec(compile(FULLWIDTH, "m.py", "exec"), scope)
    code = scope["f"].__code__  # type: ignore[attr-defined]
    assert "as_strided" in code.co_names and "layer_types" in code.co_varnames
    config = config_with(tmp_path, RULES)
    run = run_cli("audit", "--repo", repo, "--config", config, "--changed-since", base, "--format", "json")
    found = {(f["rule"], f["line"]) for f in json.loads(run.out)["findings"] if f["severity"] == "error"}
    assert run.code == 1 and found == {("t/no-global-layer-type", 2), ("t/never-as-strided", 3)}, (found, run.err)


def test_only_names_are_folded() -> None:
    from aeon_release.domain.audits.source import python_names

    text = 'x\u00b2 = "\uff02\uff4c"  # \uff4c\n\uff4c = 1\n'
    assert python_names(text) == 'x2 = "\uff02\uff4c"  # \uff4c\nl = 1\n'
    assert python_names("def (\uff4c\n") == "def (\uff4c\n"  # does not tokenize: as written


@pytest.mark.parametrize("spelt", ['"as\\x5fstrided"', '"as_" "strided"', "'as\\u005fstrided'", '"as_str" r"ided"'])
def test_a_getattr_string_built_from_parts_is_a_use(tmp_path: Path, spelt: str) -> None:
    """The call rule reads ``getattr(t, NAME)`` as a use of NAME, but its plain-text prefilter skipped any
    file whose text lacks the name: a string Python builds from an escape or from parts passed."""
    from tests.hostile.conftest import config_with, make_repo

    source = f"def f(t):\n    return getattr(t, {spelt})(1)\n"
    repo = make_repo(tmp_path / "repo", {"m.py": source})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, RULES), "--format", "json")
    found = {(f["rule"], f["line"]) for f in json.loads(run.out)["findings"] if f["severity"] == "error"}
    assert run.code == 1 and found == {("t/never-as-strided", 2)}, (found, run.err)


# -- a comment that silences what settings: severity cannot lower ---------------------------------------------
def test_no_comment_silences_the_engines_tree_rules(tmp_path: Path) -> None:
    """``settings: severity`` never lowers the engine's tree rules (sweep 17), but a comment in the pull
    request did: ``# aeon-audit: ignore[baseline/py-compile] generated`` above a SyntaxError, or one above
    each conflict marker of a YAML file, and the gate passed, exit 0.  The finding stays an error and the
    comment is a warning saying why."""
    from tests.hostile.conftest import config_with, make_repo

    files = {
        "bad.py": "x = 1\n# aeon-audit: ignore[baseline/py-compile] generated, never imported\ndef f(:\n",
        "c.yaml": "".join(
            f"# aeon-audit: ignore[baseline/conflict-markers] resolved upstream\n{marker}\nb: {n}\n"
            for n, marker in enumerate(("<<<<<<< HEAD", "=======", ">>>>>>> theirs"))
        ),
    }
    repo = make_repo(tmp_path / "repo", files)
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path), "--format", "json")
    findings = json.loads(run.out)["findings"]
    blocking = sorted(
        (f["rule"], f["path"], f["line"]) for f in findings if f["severity"] == "error" and not f["suppressed"]
    )
    assert run.code == 1 and blocking == [
        ("baseline/conflict-markers", "c.yaml", 2), ("baseline/conflict-markers", "c.yaml", 5),
        ("baseline/conflict-markers", "c.yaml", 8), ("baseline/py-compile", "bad.py", 3),
    ], blocking  # fmt: skip
    refused = [f for f in findings if f["rule"] == "suppression/refused"]
    assert len(refused) == 4 and all("take no suppression" in f["message"] for f in refused), refused


def test_a_rule_files_own_tree_rule_stays_its_authors_to_suppress(tmp_path: Path) -> None:
    from tests.hostile.conftest import config_with, make_repo

    rules = "rules:\n  - id: tree/py-compile\n    kind: py-compile\n    message: does not compile\n"
    repo = make_repo(tmp_path / "repo", {"gen.py": "# aeon-audit: ignore[tree/py-compile] a template\ndef f(:\n"})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, rules))
    assert run.code == 0, (run.out, run.err)


# -- a file padded past the read cap --------------------------------------------------------------------------
def test_a_file_padded_past_the_read_cap_fails_the_gate(tmp_path: Path) -> None:
    """A file over ``settings.max_file_bytes`` is not read, and that was a warning: a pull request's Python
    file padded past the cap (8 MiB by default; GitHub takes 100 MB) with one comment line carried
    ``t.as_strided(layer_types[0])`` through the gate, exit 0.  Over the cap and read by a rule, it is an
    error; a data file no rule but the conflict-marker check reads stays a warning.  The cap is made
    small here (4 KiB) so the test writes kilobytes, not megabytes."""
    from tests.hostile.conftest import config_with, git, make_repo

    config = config_with(tmp_path, "settings: {max_file_bytes: 4096}\n" + RULES)
    repo = make_repo(tmp_path / "repo", {"ok.py": "x = 1\n"})
    base = git(repo, "rev-parse", "HEAD")
    padded = "def f(layer_types, t):\n    return t.as_strided(layer_types[0])\n" + "#" * 5000 + "\n"
    make_repo(repo, {"m.py": padded, "weights.bin": "\0" * 5000})
    for scope in ((), ("--changed-since", base)):
        run = run_cli("audit", "--repo", repo, "--config", config, *scope, "--format", "json")
        found = {(f["rule"], f["path"], f["severity"]) for f in json.loads(run.out)["findings"]}
        assert run.code == 1, (scope, run.out, run.err)
        assert ("audit/not-audited", "m.py", "error") in found and (
            "audit/not-audited",
            "weights.bin",
            "warning",
        ) in found


def test_a_python_file_committed_as_a_link_fails_the_gate(tmp_path: Path) -> None:
    """A ``.py`` committed as a symbolic link to a ``.txt`` of the same code: Python imports through the
    link, no ``**/*.py`` rule reads a .txt, and the link itself was only an ``audit/not-audited`` warning:
    the forbidden call passed the gate, exit 0.  A link a rule reads by its path is an error now; a link
    to a README that only the conflict-marker check reads stays a warning."""
    import os

    from tests.hostile.conftest import config_with, git, make_repo

    repo = make_repo(tmp_path / "repo", {"ok.py": "x = 1\n"})
    base = git(repo, "rev-parse", "HEAD")
    (repo / "impl.txt").write_text("def f(t):\n    return t.as_strided(1)\n")
    os.symlink("impl.txt", repo / "a.py")
    os.symlink("impl.txt", repo / "README")
    make_repo(repo, {})
    config = config_with(tmp_path, RULES)
    for scope in (("--changed-since", base), ("--rev", "HEAD"), ()):
        run = run_cli("audit", "--repo", repo, "--config", config, *scope, "--format", "json")
        found = {(f["rule"], f["path"], f["severity"]) for f in json.loads(run.out)["findings"]}
        assert run.code == 1 and ("audit/not-audited", "a.py", "error") in found, (scope, found, run.err)
        assert ("audit/not-audited", "README", "warning") in found, (scope, found)


def test_a_release_over_an_edited_run_record_stops_before_any_stage(tmp_path: Path) -> None:
    """The notes stage adds the build and publish sections to the record the merge wrote: an edited one is
    refused there, after the push and :latest's move.  It is checked when the release opens.  The run
    stops at its build here (no Docker engine answers), as a real one does."""
    ex, argv, no_docker = release_stopped_at_build(tmp_path)
    record = ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "record.json"
    data = json.loads(record.read_text())
    record.write_text(json.dumps(data | {"merge": data["merge"] | {"upstream_commits": 1}}))
    line = one_error_line(run_cli(*argv, env=no_docker))
    assert "record.json: not the run record the v0.29.0 runs last wrote" in line, line
