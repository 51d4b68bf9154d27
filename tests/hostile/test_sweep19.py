"""Hostile-input sweep 19: a pull request's ways around the gate that sweep 18 left: a folder committed as a
symbolic link or a submodule in place of the files a rule reads, a forbidden name reached through an alias
or a string, a file past the parse cap under a coding cookie; and what runs against what was audited: the
build's context made by ``git archive``, which applies the commit's own ``.gitattributes`` (``export-subst``
wrote a commit subject into the code, ``export-ignore`` left a carried file out of the image).  Real git,
real processes; one line and a documented exit code, never a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import run_cli
from tests.hostile.conftest import config_with, git, make_repo

RULES = """rules:
  - id: t/never-as-strided
    kind: forbidden-call
    message: never re-stride
    paths: ["pkg/**/*.py"]
    calls: [as_strided]
"""
SCOPES = ((), ("--rev", "HEAD"), ("--changed-since", "HEAD~1"))


def _found(run: object) -> set[tuple[str, str, str]]:
    out = getattr(run, "out", "")
    return {(f["rule"], f["path"], f["severity"]) for f in json.loads(out)["findings"]}


def _pkg(tmp_path: Path) -> Path:
    """A fork whose ``pkg/`` the rule reads: ``pkg/__init__.py`` and ``pkg/sub/m.py``."""
    return make_repo(tmp_path / "repo", {"pkg/__init__.py": "x = 1\n", "pkg/sub/m.py": "x = 1\n"})


# -- a folder committed as a symbolic link or a submodule ------------------------------------------------------
def test_a_folder_committed_as_a_link_fails_the_gate(tmp_path: Path) -> None:
    """``pkg/sub`` replaced by a link to ``../third/`` (a folder no rule reads, or one outside the checkout):
    Python imports ``pkg.sub.m`` through it, the rule's ``pkg/**/*.py`` matched no file there, and the link
    was an ``audit/not-audited`` warning: the forbidden call passed, exit 0, in every scope."""
    repo = _pkg(tmp_path)
    git(repo, "rm", "-rq", "pkg/sub")
    (repo / "third").mkdir()
    (repo / "third" / "m.py").write_text("def f(t):\n    return t.as_strided(1)\n")
    os.symlink("../third", repo / "pkg" / "sub")
    os.symlink("/etc", repo / "pkg" / "etc")  # outside the checkout: the same
    make_repo(repo, {})
    config = config_with(tmp_path, RULES)
    for scope in SCOPES:
        run = run_cli("audit", "--repo", repo, "--config", config, *scope, "--format", "json")
        found = _found(run)
        assert run.code == 1 and ("audit/not-audited", "pkg/sub", "error") in found, (scope, found, run.err)
        assert ("audit/not-audited", "pkg/etc", "error") in found, (scope, found)


def test_a_link_no_rule_reads_under_stays_a_warning(tmp_path: Path) -> None:
    """A link outside every rule's paths, a link to a file of the tree (it holds no folder), a folder under
    a rule's ``exclude``, and a link to a folder of the tree whose files the rule reads where they are:
    nothing hidden, so a warning as before."""
    repo = _pkg(tmp_path)
    (repo / "docs").mkdir()
    (repo / "pkg" / "notes.txt").write_text("notes\n")
    os.symlink("../pkg", repo / "docs" / "pkg")
    os.symlink("notes.txt", repo / "pkg" / "NOTES")
    os.symlink("../docs", repo / "pkg" / "tests")
    os.symlink("sub", repo / "pkg" / "alias")  # the rule reads pkg/sub/m.py where it is
    make_repo(repo, {})
    rules = RULES.replace("calls: [as_strided]", 'calls: [as_strided]\n    exclude: ["pkg/tests/**"]')
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, rules), "--format", "json")
    assert run.code == 0 and _found(run) == {
        ("audit/not-audited", "docs/pkg", "warning"),
        ("audit/not-audited", "pkg/NOTES", "warning"),
        ("audit/not-audited", "pkg/tests", "warning"),
        ("audit/not-audited", "pkg/alias", "warning"),
    }, (_found(run), run.err)


def test_a_submodule_in_place_of_a_folder_fails_the_gate(tmp_path: Path) -> None:
    """A gitlink (``git submodule add``, or an index entry of mode 160000) at ``pkg/sub``: a checkout with
    ``submodules: true`` holds another repository's files there, which Python imports.  The audit left it
    out without a word (no finding, not even a warning), exit 0."""
    repo = _pkg(tmp_path)
    git(repo, "rm", "-rq", "pkg/sub")
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{git(repo, 'rev-parse', 'HEAD')},pkg/sub")
    git(repo, "commit", "-qm", "a submodule")
    (repo / "pkg" / "sub").mkdir()
    config = config_with(tmp_path, RULES)
    for scope in SCOPES:
        run = run_cli("audit", "--repo", repo, "--config", config, *scope, "--format", "json")
        found = _found(run)
        assert run.code == 1 and ("audit/not-audited", "pkg/sub", "error") in found, (scope, found, run.err)
    outside = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path / "x"), "--format", "json")
    assert outside.code == 0 and ("audit/not-audited", "pkg/sub", "warning") in _found(outside), outside.out


@pytest.mark.parametrize(
    ("folder", "include", "exclude", "held"),
    [
        ("pkg/sub", ["pkg/**/*.py"], [], True),
        ("pkg", ["**/*.py"], [], True),
        ("pkg", ["pkg/runner.py"], [], True),
        ("p1", ["p?/*.py"], [], True),
        ("pkg/sub", ["pkg/*.py"], [], False),
        ("pkg", ["tests/*.py"], [], False),
        ("pkg", ["pkg"], [], False),
        ("tests/x", ["**/*.py"], ["tests/**"], False),
        ("tests/x", ["**/*.py"], ["tests/**.txt"], True),
    ],
)
def test_which_folders_a_rule_reads_under(folder: str, include: list[str], exclude: list[str], held: bool) -> None:
    from aeon_release.domain.audits.source import may_hold

    assert may_hold(folder, include, exclude) is held


# -- the build's context against what the audit read -----------------------------------------------------------
ATTRIBUTES = """m.py export-subst
carried.py export-ignore
crlf.py eol=crlf
ident.py ident
utf16.py working-tree-encoding=UTF-16LE
"""


def test_the_build_context_is_the_audited_blobs(tmp_path: Path) -> None:
    """The build's context was ``git archive`` of the revision, which applies the commit's own
    ``.gitattributes``: ``export-subst`` wrote the commit's subject into ``x = "$Format:%s$"`` (a subject
    ``"; import os; os.system(...) #`` is code the audit never read), ``export-ignore`` left a carried file
    (its marker audited) out of the image, and ``eol``, ``ident`` and ``working-tree-encoding`` rewrote
    files.  The context is the blobs the audit read, byte for byte: links as links, modes kept."""
    import subprocess

    from aeon_release.pipeline.build import BuildRequest, _context_dir, plan
    from tests.helpers import build_example

    ex = build_example(tmp_path / "ex")
    files: dict[str, str] = {
        ".gitattributes": ATTRIBUTES,
        "m.py": 'x = "$Format:%s$"\n',
        "carried.py": "# AEON keep-me\n",
        "crlf.py": "a = 1\nb = 2\n",
        "ident.py": "# $Id$\n",
        "utf16.py": "s = 'é'\n",
        "run.sh": "#!/bin/sh\n",
    }
    # the checkout's side of working-tree-encoding: git stores it as UTF-8
    on_disk = {**files, "utf16.py": files["utf16.py"].encode("utf-16-le")}
    from tests.hostile.conftest import write_files

    write_files(ex.fork, on_disk)
    (ex.fork / "run.sh").chmod(0o755)
    os.symlink("m.py", ex.fork / "link.py")
    make_repo(ex.fork, {}, message='"; import os; os.system("id") #')
    archived = subprocess.run(["git", "-C", str(ex.fork), "archive", "HEAD", "m.py"], capture_output=True).stdout
    assert b"import os" in archived  # what git archive made of it
    (tmp_path / "work").mkdir()
    context = _context_dir(plan(BuildRequest(ex.fork, "v0.27.1", config_dir=ex.config)), tmp_path / "work")
    for name, text in files.items():
        assert (context / name).read_bytes() == text.encode(), name
    assert os.readlink(context / "link.py") == "m.py"
    assert os.access(context / "run.sh", os.X_OK) and not os.access(context / "m.py", os.X_OK)
    listed = git(ex.fork, "ls-tree", "-r", "--name-only", "HEAD").splitlines()
    written = {p.relative_to(context).as_posix() for p in context.rglob("*") if not p.is_dir() or p.is_symlink()}
    assert written - {p for p in written if p.startswith(".aeon-release/")} == set(listed)


def test_a_tree_holding_a_path_out_of_it_is_refused(tmp_path: Path) -> None:
    """A tree object git's own commands would never make (``git mktree`` takes any name): one line, and
    nothing written outside the context."""
    from aeon_release.adapters.blobs import write_tree
    from aeon_release.errors import GitError

    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    blob = git(repo, "rev-parse", "HEAD:a.py")
    inner = git(repo, "mktree", input=f"100644 blob {blob}\tevil.py\n".encode())
    outer = git(repo, "mktree", input=f"040000 tree {inner}\t..\n".encode())
    (tmp_path / "ctx").mkdir()
    with pytest.raises(GitError, match="leads out of its tree"):
        write_tree(repo, outer, tmp_path / "ctx" / "context")
    assert not (tmp_path / "ctx" / "evil.py").exists()


# -- a forbidden name reached through an alias or a string --------------------------------------------------------
CALLS = """rules:
  - id: t/never-as-strided
    kind: forbidden-call
    message: never re-stride
    paths: ["**/*.py"]
    calls: [as_strided, evil_mod]
"""
REACHED = [
    'g = getattr\n    return g(t, "as_strided")(1)',
    'return vars(t)["as_strided"]',
    'return t.__getattribute__("as_strided")',
    'import operator\n    return operator.attrgetter("x.as_strided")(t)',
    'import importlib\n    return importlib.import_module("evil_mod")',
    'return __import__("evil_mod")',
    "from torch import as_strided as s\n    return s(t)",
    "import evil_mod as e\n    return e",
    'g = getattr\n    return g(t, "as_" + "str" + "ided")',
    "g = getattr\n    return g(t, f\"as_{'strided'}\")",
    'g = getattr\n    return g(t, "as\\u005fstrided")',
    'exec("t.as_" + "strided(1)")',
    'return eval("t.as_strided")',
    'return getattr(t, b"as_" b"strided".decode())',
]


@pytest.mark.parametrize("body", REACHED)
def test_a_name_reached_through_an_alias_or_a_string_is_a_use(tmp_path: Path, body: str) -> None:
    """The call rule read ``getattr(t, "NAME")`` (and ``hasattr``) as a use, and nothing else that reaches
    the name: ``getattr`` under another name, ``vars(t)[...]``, ``__getattribute__``, ``attrgetter``,
    ``import_module``/``__import__`` of a forbidden module, an import alias (``from torch import
    as_strided as s``), a string joined by ``+`` or an f-string of literals.  The class: every string
    Python's compiler builds that spells the name (or a dotted path holding it) is a use, and so is an
    import of it; each passed the gate, exit 0."""
    source = f"import torch\n\n\ndef f(t):\n    {body}\n"
    compile(source, "m.py", "exec")  # it is Python
    repo = make_repo(tmp_path / "repo", {"m.py": source})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, CALLS), "--format", "json")
    found = {(f["rule"], f["line"]) for f in json.loads(run.out)["findings"] if f["severity"] == "error"}
    assert run.code == 1 and found and {rule for rule, _ in found} == {"t/never-as-strided"}, (found, run.err)


def test_prose_and_names_built_while_the_code_runs_are_not_uses(tmp_path: Path) -> None:
    """A message naming the call is prose, not a use; a name built while the code runs (``"".join``) no
    reading of the source can know (README says so)."""
    source = (
        "def f(t):\n    if t is None:\n        raise ValueError('as_strided is not allowed here')\n"
        "    return getattr(t, ''.join(['as_', 'strided']))\n"
    )
    repo = make_repo(tmp_path / "repo", {"m.py": source})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, CALLS))
    assert run.code == 0, (run.out, run.err)


def test_the_prefilter_keeps_every_file_a_string_can_spell_the_name_in() -> None:
    from aeon_release.domain.audits.kinds.forbidden_call import _may_use

    calls = ("as_strided",)
    for text in (
        '"as_" "strided"',
        "'as_' +\n 'strided'",
        "f\"as_{'strided'}\"",
        '"as\\x5fstrided"',
        'rb"as_" f"strided"',
    ):
        assert _may_use(text, calls), text
    assert not _may_use("x = t.shape\nprint('strides')\n", calls)


# -- a file past the parse cap ----------------------------------------------------------------------------------
CAPPED = """settings: {max_parse_bytes: 2048}
rules:
  - id: t/no-global-layer-type
    kind: pattern
    message: one layer type for every layer
    paths: ["**/*.py"]
    regex: 'layer_types\\\\[\\\\s*0\\\\s*\\\\]'
    expect: absent
  - id: t/never-as-strided
    kind: forbidden-call
    message: never re-stride
    paths: ["m.py"]
    calls: [as_strided]
  - id: t/splitter-never-as-strided
    kind: forbidden-call
    message: never re-stride
    paths: ["s.py"]
    functions: [split]
    calls: [as_strided]
  - id: t/keep
    kind: marker
    message: the carry's marker
    paths: ["k.py"]
    text: AEON keep-me
"""


def test_a_file_padded_past_the_parse_cap_hides_nothing(tmp_path: Path) -> None:
    """A Python file over ``settings.max_parse_bytes`` is not compiled (a warning): the call rule says it
    cannot parse it (an error), a function it names is parsed alone, a marker is text.  But the coding
    cookie was read only when the file compiled: padded past the cap, a file under ``# coding:
    unicode_escape`` carried ``layer_types\\x5b0\\x5d`` (Python's ``layer_types[0]``) past the pattern rule
    with a warning, exit 0.  The cap is made small (2 KiB) so the test writes kilobytes."""
    pad = "#" * 3000 + "\n"
    cases = {
        "e.py": "# coding: unicode_escape\ndef f(layer_types):\n    return layer_types\\x5b0\\x5d\n" + pad,
        "m.py": "def f(t):\n    return t.as_strided(1)\n" + pad,
        "s.py": "def split(t):\n    return t.as_strided(1)\n" + pad,
        "k.py": "x = 1\n" + pad,
    }
    for name, text in cases.items():
        others = {other: "# AEON keep-me\n" if other == "k.py" else "def split(t):\n    return t\n" for other in cases}
        repo = make_repo(tmp_path / name, {**others, name: text})
        run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, CAPPED), "--format", "json")
        errors = {(f["rule"], f["path"]) for f in json.loads(run.out)["findings"] if f["severity"] == "error"}
        assert run.code == 1 and {path for _, path in errors} == {name}, (name, errors, run.err)


# -- a tree's .gitattributes against the patches the merge-aware checks read ------------------------------------
def _drift_merge(repo: Path, files: dict[str, str], fork: str) -> tuple[str, ...]:
    """Upstream flips a config field's default; the fork reads it (``fork``): a merge whose audit has a
    ``merge/default-drift`` finding at pkg/fork.py:2.  The ``--base/--ours/--theirs`` arguments."""
    config = "class ModelConfig:\n    disable_cascade_attn: bool = False\n"
    make_repo(repo, {**files, "pkg/__init__.py": "", "pkg/config.py": config})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {"pkg/config.py": config.replace("= False", "= True")}, "Flip it (#1)")
    theirs = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", base)
    make_repo(repo, {"pkg/fork.py": fork}, "fork")
    ours = git(repo, "rev-parse", "HEAD")
    git(repo, "merge", "-q", "--no-edit", theirs)
    return ("--base", base, "--ours", ours, "--theirs", theirs)


READS = "def f(model_config):\n    return model_config.disable_cascade_attn\n"


@pytest.mark.parametrize("attribute", ["*.py -diff", "*.py binary", "pkg/** diff=nothing"])
def test_a_tree_marking_python_binary_hides_no_change_from_the_merge_checks(tmp_path: Path, attribute: str) -> None:
    """Every patch the merge-aware checks parse (and ``git grep``, ``log -G``) takes a file the tree's
    ``.gitattributes`` marks ``-diff`` or ``binary`` for a binary one: "Binary files a/pkg/config.py and
    b/pkg/config.py differ", no line, so a pull request adding ``*.py -diff`` passed ``audit --base/--ours/
    --theirs`` with the drift it holds (exit 0).  Patches are made with ``--text``."""
    repo = tmp_path / "repo"
    sides = _drift_merge(repo, {".gitattributes": attribute + "\n"}, READS)
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path), *sides, "--format", "json")
    found = {(f["rule"], f["path"], f["line"]) for f in json.loads(run.out)["findings"]}
    assert ("merge/default-drift", "pkg/fork.py", 2) in found, (found, run.err)


def test_a_fork_file_padded_past_the_parse_cap_hides_no_drift(tmp_path: Path) -> None:
    """The merge-aware checks parse no file over ``settings.max_parse_bytes``: a pull request padding the
    fork's file past it with one comment line (1 MiB by default; 2 KiB here, so the test writes kilobytes)
    hid the drift it holds, and ``audit --base/--ours/--theirs`` passed with a py-compile warning."""
    repo = tmp_path / "repo"
    sides = _drift_merge(repo, {}, READS + "#" * 3000 + "\n")
    config = config_with(tmp_path, "settings: {max_parse_bytes: 2048}\n")
    run = run_cli("audit", "--repo", repo, "--config", config, *sides, "--format", "json")
    errors = {(f["rule"], f["path"], f["line"]) for f in json.loads(run.out)["findings"] if f["severity"] == "error"}
    assert run.code == 1 and errors == {("audit/not-audited", "pkg/fork.py", 0)}, (errors, run.err)
    roomy = config_with(tmp_path / "roomy", "settings: {max_parse_bytes: 8192}\n")
    found = {
        (f["rule"], f["path"])
        for f in json.loads(run_cli("audit", "--repo", repo, "--config", roomy, *sides, "--format", "json").out)[
            "findings"
        ]
    }
    assert ("merge/default-drift", "pkg/fork.py") in found and ("audit/not-audited", "pkg/fork.py") not in found, found


# -- the rules' folder committed as a link ------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["outside", ".git", ".git/hooks", "rules.yaml"])
def test_the_rules_folder_or_a_rule_file_leading_out_of_the_config_is_refused(tmp_path: Path, target: str) -> None:
    """A ledger committed in the fork is the pull request's own copy: ``audits`` committed as a link to a
    folder outside the config folder (the runner's home, another checkout) or into ``.git`` took the rules
    from where no review of the ledger looks (``audits -> .git``: no rules, a warning, exit 0).  A rule file
    linked out is the same.  One line, exit 2; a link inside the config folder is read as before."""
    from tests.hostile.test_config_files import one_error_line

    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n", "carries.yaml": "carries: []\n", "inner/r.yaml": CALLS})
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "rules.yaml").write_text("rules: []\n")
    if target == "rules.yaml":
        (repo / "audits").mkdir()
        os.symlink(tmp_path / "outside" / "rules.yaml", repo / "audits" / "r.yaml")
    else:
        os.symlink(tmp_path / "outside" if target == "outside" else target, repo / "audits")
    make_repo(repo, {})
    line = one_error_line(run_cli("audit", "--repo", repo, "--config", repo, "--rev", "HEAD"))
    assert "a symbolic link leading" in line and "keep the rules themselves in the config folder" in line, line
    (repo / "audits").unlink() if (repo / "audits").is_symlink() else (repo / "audits" / "r.yaml").unlink()
    if (repo / "audits").is_dir():
        (repo / "audits").rmdir()
    os.symlink("inner", repo / "audits")
    make_repo(repo, {})
    run = run_cli("audit", "--repo", repo, "--config", repo, "--format", "json")
    assert run.code == 0 and _found(run) == {("audit/not-audited", "audits", "warning")}, (run.out, run.err)


# -- a name that is a tag and a branch ---------------------------------------------------------------------------
@pytest.mark.parametrize("option", ["--rev", "--changed-since", "--base"])
def test_a_revision_naming_a_tag_and_a_branch_is_refused(tmp_path: Path, option: str) -> None:
    """git reads a tag before a branch of the same name and only warns (``--quiet`` hides even that, and
    ``core.warnAmbiguousRefs=false`` too): with a tag ``main`` that one ``fetch --tags`` brought, ``audit
    --rev main`` audited the tag's tree and passed while the branch held a SyntaxError.  A name git finds
    twice is one line naming both spellings, whatever the user's config; the full name is audited."""
    from tests.hostile.test_config_files import one_error_line

    repo = make_repo(tmp_path / "repo", {"m.py": "def f(:\n"})
    git(repo, "branch", "-M", "main")
    bad = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-qb", "other")
    make_repo(repo, {"m.py": "x = 1\n"})
    git(repo, "tag", "main")
    argv = [option, "main"] if option != "--base" else ["--base", "main", "--ours", bad, "--theirs", bad]
    config = config_with(tmp_path)
    env = {"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.warnAmbiguousRefs", "GIT_CONFIG_VALUE_0": "false"}
    line = one_error_line(run_cli("audit", "--repo", repo, "--config", config, *argv, env=env))
    assert f"{option} 'main' names more than one ref" in line and "refs/heads/main or refs/tags/main" in line, line
    assert run_cli("audit", "--repo", repo, "--config", config, "--rev", "refs/heads/main").code == 1


# -- a program of the repository's config ------------------------------------------------------------------------
def test_the_gate_runs_no_filter_of_the_repositorys_config(tmp_path: Path) -> None:
    """``audit --changed-since`` asked ``git status`` whether the checkout was clean and ``git diff REV`` what
    changed: both hash a tracked file whose stat changed (a touch, a fresh clone's racy timestamps) through
    the clean filter the tree's ``.gitattributes`` names, and ran ``filter.X.clean`` from the repository's
    config.  Stat data is compared instead (a file whose stat changed counts as changed: audited, never
    hashed by git)."""
    import time

    ran = tmp_path / "ran"
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n", ".gitattributes": "*.py filter=x diff=x\n"})
    git(repo, "config", "filter.x.clean", f"touch {ran}; cat")
    git(repo, "config", "filter.x.smudge", f"touch {ran}; cat")
    git(repo, "config", "diff.x.textconv", f"touch {ran}; cat")
    config = config_with(tmp_path)
    time.sleep(0.01)
    os.utime(repo / "m.py", (time.time() + 5, time.time() + 5))  # its stat changed, not its bytes
    for extra in ({}, {"n.py": "y = 2\n"}):
        for name, text in extra.items():
            (repo / name).write_text(text)
        run = run_cli("audit", "--repo", repo, "--config", config, "--changed-since", "HEAD")
        assert run.code == 0 and not ran.exists(), (run.out, run.err)


# -- conflict markers after a lone CR ------------------------------------------------------------------------------
def test_conflict_markers_in_a_file_of_cr_line_ends_are_found(tmp_path: Path) -> None:
    """YAML, C++ and Python end a line at a lone CR (old Mac line ends), but the conflict-marker check
    looked for markers after a LF only: a config of CR line ends holding a whole conflict passed, exit 0.
    (Its findings are all on line 1: lines are counted at LF.)"""
    ours, theirs = "<" * 7, ">" * 7
    text = f"port: 1\r{ours} HEAD\rport: 8000\r{'=' * 7}\rport: 8001\r{theirs} upstream\r"
    repo = make_repo(tmp_path / "repo", {"serve.yaml": text, "README.rst": "Title\r=======\r"})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path), "--format", "json")
    found = [(f["rule"], f["path"]) for f in json.loads(run.out)["findings"] if f["severity"] == "error"]
    assert run.code == 1 and found == [("baseline/conflict-markers", "serve.yaml")] * 3, (found, run.err)


# -- the guarded function replaced where it is defined ------------------------------------------------------------
SCOPED = """rules:
  - id: t/split
    kind: forbidden-call
    message: never re-stride
    paths: ["s.py"]
    functions: [split, K.meth]
    calls: [as_strided]
"""
CLEAN = "def split(t):\n    return t[..., :1]\n\n\nclass K:\n    @staticmethod\n    def meth(t):\n        return t\n"
REPLACED = {
    "rebound": CLEAN + "\n\nsplit = lambda t: t.as_strided(1)\n",
    "imported over": CLEAN + "\n\nfrom fast import split\n",
    "through globals()": CLEAN + "\n\nglobals()['split'] = None\n",
    "a method set on its class": CLEAN + "\n\nK.meth = None\n",
    "setattr": CLEAN + "\n\nsetattr(K, 'meth', None)\n",
    "decorated": "def swap(f):\n    return lambda t: t.as_strided(1)\n\n\n@swap\n" + CLEAN,
}


@pytest.mark.parametrize("how", sorted(REPLACED))
def test_a_guarded_function_replaced_where_it_is_defined_fails_the_rule(tmp_path: Path, how: str) -> None:
    """A call rule scoped to ``functions`` checked the def's body only: a clean ``def split`` followed by
    ``split = <one that re-strides>`` (or an import over it, ``globals()[...]``, ``K.meth = ...``,
    ``setattr``), or a decorator returning another function, passed the rule while the name ran other
    code.  Each is a finding of the rule; ``@staticmethod`` and a local of the same name are not."""
    repo = make_repo(tmp_path / "repo", {"s.py": REPLACED[how]})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, SCOPED), "--format", "json")
    found = [f["message"] for f in json.loads(run.out)["findings"] if f["rule"] == "t/split"]
    assert run.code == 1 and found and all("bound again" in m or "decorated" in m for m in found), (found, run.err)


def test_a_guarded_function_kept_as_it_is_passes(tmp_path: Path) -> None:
    source = CLEAN + "\n\ndef use(t):\n    split = 1\n    self = t\n    self.split = split\n    return split\n"
    repo = make_repo(tmp_path / "repo", {"s.py": source})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, SCOPED))
    assert run.code == 0, (run.out, run.err)


@pytest.mark.parametrize("shape", ["a link to a folder", "a link inside"])
def test_a_committed_support_folder_is_never_written_through(tmp_path: Path, shape: str) -> None:
    """The build copies its support files into the context's ``.aeon-release/``: a commit holding
    ``.aeon-release`` as a link to a folder outside (or a ``Dockerfile`` link inside it) had the copies
    written through the link, outside the context.  The commit's ``.aeon-release`` is replaced."""
    from aeon_release.pipeline.build import BuildRequest, _context_dir, plan
    from tests.helpers import build_example

    ex = build_example(tmp_path / "ex")
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "Dockerfile").write_text("mine\n")
    if shape == "a link to a folder":
        os.symlink(victim, ex.fork / ".aeon-release")
    else:
        (ex.fork / ".aeon-release").mkdir()
        os.symlink(victim / "Dockerfile", ex.fork / ".aeon-release" / "Dockerfile")
    make_repo(ex.fork, {})
    (tmp_path / "work").mkdir()
    context = _context_dir(plan(BuildRequest(ex.fork, "v0.27.1", config_dir=ex.config)), tmp_path / "work")
    assert (
        sorted(p.name for p in victim.iterdir()) == ["Dockerfile"] and (victim / "Dockerfile").read_text() == "mine\n"
    )
    support = context / ".aeon-release"
    assert support.is_dir() and not support.is_symlink() and not (support / "Dockerfile").is_symlink()
