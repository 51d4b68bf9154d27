"""Hostile-input sweep 20: programs of the repository's config that ran although the tool only reads or
merges in its object database (a partial clone's lazy fetch runs the promisor remote's transport,
``$GIT_DIR/info/attributes`` gave the tool's own merge-tree a merge driver or ``merge=union``), and a
parameter given both by position and by keyword in symbol drift.  Real git, real processes; one line
and a documented exit code, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.helpers import build_example, run_cli
from tests.hostile.conftest import config_with, git, make_repo
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep19 import RULES


# -- a partial clone's lazy fetch ------------------------------------------------------------------------------
def test_a_partial_clone_fetches_nothing_and_runs_no_program_of_its_config(tmp_path: Path) -> None:
    """A blobless clone (``--filter=blob:none``) lacks old blobs; git fetches one from the promisor remote
    the moment a command reads it, and that fetch runs ``remote.origin.uploadpack`` (or ``core.sshCommand``,
    a ``NAME::`` helper) of the repository's config: ``audit --rev HEAD~1`` ran the program (git 2.39 has
    no GIT_NO_LAZY_FETCH; ``protocol.file.allow=always`` in the config defeats ``protocol.allow``).  Now
    no git of the tool's but a fetch or clone may use a transport: one line naming the missing object and
    the partial clone, exit 2; the audit of what the clone holds still passes."""
    up = make_repo(tmp_path / "up", {"pkg/a.py": "x = 1\n"})
    make_repo(up, {"pkg/a.py": "x = 2\n"})
    git(up, "config", "uploadpack.allowFilter", "true")
    fork = tmp_path / "fork"
    subprocess.run(
        ["git", "clone", "-q", "--filter=blob:none", f"file://{up}", str(fork)], check=True, capture_output=True
    )
    marker = tmp_path / "ran"
    git(fork, "config", "remote.origin.uploadpack", f"touch {marker}; git-upload-pack")
    git(fork, "config", "protocol.file.allow", "always")
    config = config_with(tmp_path, RULES)
    assert run_cli("audit", "--repo", fork, "--config", config).code == 0
    line = one_error_line(run_cli("audit", "--repo", fork, "--config", config, "--rev", "HEAD~1"))
    assert "from promisor remote" in line and "partial clone" in line and "git fetch --refetch" in line, line
    assert not marker.exists()


# -- $GIT_DIR/info/attributes and the tool's own merge ---------------------------------------------------------
def test_info_attributes_give_the_tools_merge_no_union(tmp_path: Path) -> None:
    """The merge runs git merge-tree in a scratch folder, where no checkout's ``.gitattributes`` applies,
    but git 2.39 reads ``$GIT_DIR/info/attributes`` for it (no ``--attr-source``): ``* merge=union`` wrote
    both sides of a conflict with no marker and the merge went on clean.  Now that file giving a changed
    path ``merge=union`` is refused, naming it, before anything is written.  A merge driver the config
    defines is the person's own program and runs as the merge's hooks do (tests/merge/test_no_checkout.py
    kills a run inside one); the global and system attribute files are not read by the tool's merge."""
    ex = build_example(tmp_path / "ex")
    info = Path(git(ex.fork, "rev-parse", "--git-common-dir"))
    info = (info if info.is_absolute() else ex.fork / info) / "info"
    info.mkdir(exist_ok=True)
    before = git(ex.fork, "for-each-ref")
    argv = ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config)
    for line in ("* merge=union", "[attr]both merge=union\n*.py both"):
        (info / "attributes").write_text(line + "\n")
        error = one_error_line(run_cli(*argv))
        assert "info/attributes" in error and "merge=union" in error, error
        assert git(ex.fork, "for-each-ref") == before
        assert run_cli("merge", "v0.29.0", "--abort", "--repo", ex.fork).code == 0
    (info / "attributes").write_text("* -merge\n*.bin -diff\n")  # no union: the conflicts are reported
    run = run_cli(*argv)
    assert run.code in (0, 1), run.err
    assert "info/attributes" not in run.err


# -- the build context streamed from one cat-file --------------------------------------------------------------
def test_the_build_context_streamed_is_the_blobs_byte_for_byte(tmp_path: Path) -> None:
    """``blobs.write_tree`` asked cat-file for one blob at a time (vLLM's 6,600: 1.55 s); now one
    ``cat-file --batch --buffer`` fed by a thread.  What is written is unchanged: every regular file its
    blob and mode, a link its text (made last), a submodule an empty folder, a name of any bytes; a blob
    the repository lacks, or a tree naming a file and a folder alike, is one GitError, never a traceback
    or a cat-file left running."""
    from aeon_release.adapters.blobs import write_tree
    from aeon_release.errors import GitError

    big = bytes(range(256)) * 9000  # over the reader's 1 MiB chunk
    files: dict[bytes | str, bytes | str] = {
        "a/b/c.py": "x = 1\n", "run.sh": "#!/bin/sh\n", b"caf\xe9.txt": b"\xff\x00", "big.bin": big, "empty": "",
    }  # fmt: skip
    repo = make_repo(tmp_path / "repo", files)
    (repo / "run.sh").chmod(0o755)
    (repo / "link").symlink_to("a/b")
    make_repo(repo, {})
    sub = make_repo(tmp_path / "sub", {"s": "s\n"})
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{git(sub, 'rev-parse', 'HEAD')},mod")
    git(repo, "commit", "-qm", "a submodule")
    ctx = tmp_path / "ctx"
    assert write_tree(repo, "HEAD", ctx) == 6
    for name, content in files.items():
        raw = name if isinstance(name, bytes) else name.encode()
        want = content if isinstance(content, bytes) else content.encode()
        assert (Path(os.fsdecode(bytes(ctx) + b"/" + raw))).read_bytes() == want, name
    assert os.access(ctx / "run.sh", os.X_OK) and not os.access(ctx / "empty", os.X_OK)
    assert os.readlink(ctx / "link") == "a/b" and (ctx / "mod").is_dir() and not any((ctx / "mod").iterdir())

    blob = git(repo, "rev-parse", "HEAD:empty")
    lacking = "1" * 40
    shapes = {
        "missing": f"100644 blob {blob}\tok\n100644 blob {lacking}\tgone\n",
        "file and folder": f"100644 blob {blob}\tx\n040000 tree {git(repo, 'rev-parse', 'HEAD:a')}\tx\n",
    }
    for shape, listing in shapes.items():
        tree = git(repo, "mktree", "--missing", input=listing.encode())
        commit = git(repo, "commit-tree", tree, "-m", shape)
        with pytest.raises(GitError) as caught:
            write_tree(repo, commit, tmp_path / shape.replace(" ", "-"))
        assert repr("gone" if shape == "missing" else "x") in str(caught.value), (shape, caught.value)


# -- a parameter given both by position and by keyword ---------------------------------------------------------
ROPE = "def apply_rope(q, k, cache, pos=None, scale=1.0):\n    return q\n"
FORK_CALL = "from pkg.rope import apply_rope\n\n\ndef f(q, k, c, p):\n    return apply_rope(q, k, c, p, pos=p)\n"


def test_a_call_that_already_gave_a_parameter_twice_is_no_drift(tmp_path: Path) -> None:
    """``apply_rope(q, k, c, p, pos=p)`` passes ``pos`` as argument 4 and as ``pos=``: a TypeError before
    the merge.  The binding check did not see it, so symbol drift took the call as fitting the old
    signature and, upstream inserting a parameter before ``pos``, said the 4th argument "now fills"
    another one: a finding about a call that never ran.  It fits neither; a call that only becomes
    twice-given with upstream's change (``apply_rope(q, k, c, p, scale=s)`` once ``scale`` is 4th) is
    reported as the argument that moved."""
    import ast

    from aeon_release.domain.audits.drift.signatures import call_problem, signature

    def sig(src: str) -> object:
        return signature(ast.parse(src).body[0], bound=False)

    def call(src: str) -> ast.Call:
        node = ast.parse(src).body[0]
        assert isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
        return node.value

    old = sig(ROPE)
    assert old is not None
    assert call_problem(call("apply_rope(q, k, c, p, pos=p)"), old) == "passes pos as argument 4 and as pos=: twice"  # type: ignore[arg-type]
    assert call_problem(call("apply_rope(q, k, c, pos=p)"), old) is None  # type: ignore[arg-type]
    only = sig("def g(a, /, **kw):\n    pass\n")
    assert call_problem(call("g(1, a=2)"), only) is None  # type: ignore[arg-type]  # a goes to **kw

    repo = tmp_path / "repo"
    base_fork = "from pkg.rope import apply_rope\n"
    make_repo(repo, {"pkg/__init__.py": "", "pkg/rope.py": ROPE, "pkg/fork.py": base_fork})
    base = git(repo, "rev-parse", "HEAD")
    inserted = ROPE.replace("cache, pos=None", "cache, layout=None, pos=None")
    swapped = ROPE.replace("pos=None, scale=1.0", "scale=1.0, pos=None")
    config = config_with(tmp_path)
    cases = (
        (FORK_CALL, inserted, None),
        (FORK_CALL.replace("pos=p", "scale=p"), swapped, "filled pos and now fills scale"),
    )
    for fork, upstream, flagged in cases:
        git(repo, "checkout", "-q", "--detach", base)
        make_repo(repo, {"pkg/rope.py": upstream}, "Change apply_rope (#7)")
        theirs = git(repo, "rev-parse", "HEAD")
        git(repo, "checkout", "-q", "--detach", base)
        make_repo(repo, {"pkg/fork.py": fork}, "fork")
        ours = git(repo, "rev-parse", "HEAD")
        git(repo, "merge", "-q", "--no-edit", theirs)
        sides = ("--base", base, "--ours", ours, "--theirs", theirs)
        run = run_cli("audit", "--repo", repo, "--config", config, *sides, "--format", "json")
        drift = [f["message"] for f in json.loads(run.out)["findings"] if f["path"] == "pkg/fork.py"]
        if flagged is None:
            assert drift == [], drift
        else:
            assert len(drift) == 1 and flagged in drift[0], drift
