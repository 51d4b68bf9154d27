"""The pull-request gate on arbitrary trees: any file names git accepts, any contents, symlinks.

Whatever the pull request holds, the gate (and the same audit of the work tree) exits 0, 1 or 2, writes SARIF that parses, changes
nothing outside the repository, and finishes in bounded time and memory (the gate runs in a child
process under RLIMIT_AS, so a regression fails this test instead of the machine).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from tests.hostile.conftest import config_with, git, run_limited

# A few examples in every run (the suite stays fast); AEON_HOSTILE_EXAMPLES=200 for a long random hunt.
EXAMPLES = int(os.environ.get("AEON_HOSTILE_EXAMPLES", "8"))
MiB = 1024 * 1024


def _component_ok(raw: bytes) -> bool:
    lowered = raw.lower()
    return (
        b"/" not in raw
        and b"\0" not in raw
        and raw not in (b".", b"..")
        and not lowered.startswith(b".git")
        and b"~1" not in raw
        and not raw.endswith((b".", b" "))
        and raw != b"aeon-audit.sarif"
    )


component = st.binary(min_size=1, max_size=40).filter(_component_ok)
path = st.lists(component, min_size=1, max_size=3).map(lambda parts: b"/".join(parts))

DEEP = [
    b"x = " + b"-" * 150_000 + b"1\n",
    b"x = " + b"+".join([b"1"] * 60_000) + b"\n",
    b"x = " + b"[" * 3_000 + b"]" * 3_000 + b"\n",
    b"x = (\n" * 500,
]
content = st.one_of(
    st.binary(max_size=3000),
    st.sampled_from(DEEP),
    st.integers(min_value=1, max_value=3 * MiB).map(lambda n: b"a" * n + b"\n"),  # one huge line
    st.binary(max_size=200).map(lambda b: b"\xff\xfe\x80" + b + b"\n" + b"<" * 7 + b" HEAD\n"),
    st.text(max_size=300).map(lambda t: ("def f(:\n" + t).encode("utf-8", "surrogatepass")),
    st.sampled_from([b"# aeon-audit: ignore[" * 2000, b"<" * 7 + b"\n" + b"=" * 7 + b"\n" * 3000]),
)
LINK_TARGETS = ["/dev/zero", "/dev/urandom", "/etc/passwd", "OUTSIDE/bashrc", "OUTSIDE", "../../outside/bashrc"]
entry = st.one_of(content.map(lambda c: ("file", c)), st.sampled_from(LINK_TARGETS).map(lambda t: ("link", t)))
tree = st.dictionaries(path, entry, min_size=1, max_size=6)


def _fingerprint(folder: Path) -> list[tuple[str, str]]:
    out = []
    for root, dirs, files in os.walk(folder):
        for name in sorted(dirs + files):
            full = Path(root) / name
            digest = hashlib.sha256(full.read_bytes()).hexdigest() if full.is_file() and not full.is_symlink() else ""
            out.append((str(full.relative_to(folder)), digest))
    return sorted(out)


def _write(repo: Path, outside: Path, files: dict[bytes, tuple[str, object]]) -> None:
    root = os.fsencode(repo)
    for raw, (kind, value) in files.items():
        if any(other != raw and other.startswith(raw + b"/") for other in files):
            continue  # a name that is also a folder of another name
        target = os.path.join(root, raw)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if kind == "link":
            os.symlink(str(value).replace("OUTSIDE", str(outside)), target)
        else:
            with open(target, "wb") as handle:
                handle.write(value)  # type: ignore[arg-type]


@settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=90),
    derandomize="AEON_HOSTILE_EXAMPLES" not in os.environ,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(files=tree, sarif_link=st.booleans())
def test_the_gate_holds_on_any_tree(
    tmp_path_factory,
    files: dict[bytes, tuple[str, object]],  # type: ignore[no-untyped-def]
    sarif_link: bool,
) -> None:
    base = tmp_path_factory.mktemp("gate")
    outside = base / "outside"
    outside.mkdir()
    (outside / "bashrc").write_text("export TOKEN=do-not-touch\n")
    repo = base / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "README").write_text("fork\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    start = git(repo, "rev-parse", "HEAD")
    _write(repo, outside, files)
    if sarif_link:
        os.symlink(outside / "bashrc", repo / "aeon-audit.sarif")
    try:
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "pull request")
    except subprocess.CalledProcessError:
        reject()  # a name this git refuses is not something a pull request can hold
    before = _fingerprint(outside)

    done = run_limited(
        "audit",
        "--repo",
        ".",
        "--config",
        config_with(base),
        "--changed-since",
        start,
        "--format",
        "sarif",
        "--output",
        "aeon-audit.sarif",
        cwd=repo,
        memory=1280 * MiB,
        timeout=90,
    )

    assert done.code in (0, 1, 2), done.err[-2000:]
    assert "Traceback" not in done.err, done.err[-2000:]
    if done.code in (0, 1):
        log = json.loads((repo / "aeon-audit.sarif").read_text())
        assert log["version"] == "2.1.0"
    assert _fingerprint(outside) == before
    assert done.cpu < 60

    # The same tree as a work tree (the pre-commit hook's audit): symlinks and devices on disk.
    done = run_limited(
        "audit",
        "--repo",
        ".",
        "--config",
        config_with(base),
        "--format",
        "json",
        cwd=repo,
        memory=1280 * MiB,
        timeout=90,
    )
    assert done.code in (0, 1, 2) and "Traceback" not in done.err, done.err[-2000:]
    if done.code in (0, 1):
        json.loads(done.out)
    assert _fingerprint(outside) == before
    assert done.cpu < 60
