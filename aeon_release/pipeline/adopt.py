"""What a fork already is, read from its history: the first ledger, profile and rules for ``init``.

The fork branch is named PREFIX + the upstream tag it was last merged with (``myfork-v0.27.1``).  Its
own non-merge commits that neither upstream's branch nor that tag contains are the carries, except:
- cherry-picks of upstream commits (git's ``(cherry picked from commit ...)`` line, or a subject
  naming a pull request that upstream's branch has): the next release brings them;
- commits whose added lines are all gone from the branch (a later commit undid or rewrote them),
  and the commits that only took out lines the fork had added (reverts of fork commits).
Each carry gets a marker per file (one line it added that is still there exactly once), and the
functions and classes it added become a ``required-symbol`` rule: the checks a maintainer makes by
hand after every merge, written down once.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aeon_release.adapters import blobs
from aeon_release.adapters.git import PATCH_OPTIONS, SHALLOW_HINT, Commit, Git, read_blobs
from aeon_release.domain import profile as profile_mod
from aeon_release.domain.audits.source import parse_python
from aeon_release.errors import ConfigError, GitError, UsageError, quoted
from aeon_release.grammar import GITHUB_PR_SUBJECT
from aeon_release.pipeline import arch_baseline
from aeon_release.pipeline.arch_baseline import KernelBaseline
from aeon_release.pipeline.carry_evidence import parse_patch

RELEASE_TAG = re.compile(r"v[0-9]+\.[0-9]+\.[0-9]+(?:[.-][A-Za-z0-9.]+)?")
_PICKED = re.compile(r"^\(cherry picked from commit ([0-9a-f]{7,64})\)$", re.M)
_WORD = re.compile(r"[A-Za-z_]\w")
_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+([A-Za-z_]\w*)")
_SUBJECT_NOISE = re.compile(r"^(?:\[[^\]]*\]\s*|(?:carry|fork)\s*:\s*|carry\s+(?=\S))+", re.I)
MARKER_MAX = 100  # a longer line makes a brittle marker
PR_SHARE = 0.3  # this share of upstream subjects ending in "(#N)": the GitHub squash convention
SUBJECTS_SAMPLED = 500


@dataclass(frozen=True)
class Marker:
    path: str
    text: str


@dataclass(frozen=True)
class CarryGuess:
    id: str
    title: str
    commit: Commit
    markers: tuple[Marker, ...]
    symbols: dict[str, tuple[str, ...]]  # path -> functions/classes (Class.method) it added, still there
    upstream_pr: int | None = None


@dataclass(frozen=True)
class Skipped:
    commit: Commit
    why: str


@dataclass
class Fork:
    """Everything ``init`` learnt about the fork."""

    branch: str
    tag: str
    prefix: str
    upstream: str | None  # the upstream branch searched (remote/main), or None
    pr_subject: str | None  # the squash-merge subject convention, when upstream follows it
    dockerfile: str | None = None  # the serving image's Dockerfile on the branch, if it has one where forks keep it
    carries: list[CarryGuess] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    kernels: KernelBaseline | None = None  # the kernel groups its image compiles today (arch-coverage)
    kernels_note: str | None = None  # why there is no such baseline, when the fork seems to want one
    device: arch_baseline.DeviceGuess | None = None  # the one device its image is for (merge/device-gate)
    device_note: str | None = None  # why there is none, when the Dockerfile names an arch list
    arch: arch_baseline.ArchGuess | None = None  # what build holds its arch list to (fleet.yaml arch)
    dockerfile_note: str | None = None  # the branch's own commits change other Dockerfiles than the one taken
    own_prs: int = 0  # own commits whose subject's PR number upstream has for another change: the fork's own PRs


def read_fork(
    git: Git,
    branch: str | None,
    upstream_remote: str | None,
    ledger: Callable[[str], bool] = lambda path: False,
    dockerfile: str | None = None,
) -> Fork:
    """The fork branch (``branch`` or the checked-out one), its tag, prefix and carries.  ``ledger`` says
    which paths are aeon-release's own files (the ledger and its rules, committed on the branch): they
    are no patch of upstream's, and a commit of nothing else is no carry."""
    name = branch or _current_branch(git)
    head = git.resolve(f"refs/heads/{name}")
    if head is None:
        raise UsageError(f"branch {quoted(name)} does not exist in {git.path}", "pass --onto the fork branch")
    tag = _last_tag(git, name, head)
    upstream = _upstream_branch(git, upstream_remote)
    pr_subject = _pr_convention(git, upstream or tag)
    chosen = _named_dockerfile(git, head, name, dockerfile) if dockerfile is not None else _dockerfile(git, head)
    fork = Fork(name, tag, name[: -len(tag)], upstream, pr_subject, chosen)
    if dockerfile is None:
        fork.dockerfile_note = _dockerfile_note(git, head, tag, upstream, chosen)
    fork.kernels, fork.kernels_note = arch_baseline.read(git, head, fork.dockerfile)
    fork.device = arch_baseline.device(git, head, fork.dockerfile)
    if fork.device is None:
        fork.device_note = arch_baseline.device_note(git, head, fork.dockerfile)
    fork.arch = arch_baseline.arch_policy(git, head, fork.dockerfile)
    excluded = [f"^{tag}", *([f"^{upstream}"] if upstream else [])]
    own = [c for c in git.commits(head, *excluded, options=("--no-merges", "--reverse"))]
    upstream_prs = _upstream_prs(git, upstream, pr_subject) if upstream and pr_subject else {}
    theirs = _numbers_of_others(git, own, pr_subject, upstream_prs)
    fork.own_prs = len(theirs)
    taken: set[str] = set()
    # a marker is a line of a file: a symbolic link's text, a submodule's commit line or a path the branch
    # no longer has is none (the audit refused such a marker as "lost" on the very branch init read it from)
    files = {entry.path for entry in blobs.ls_tree(git.path, head) if entry.is_regular}
    for commit in own:
        guess, why = _read_carry(git, head, tag, commit, pr_subject, upstream_prs, theirs, taken, ledger, files)
        if guess is None:
            fork.skipped.append(Skipped(commit, why))
        else:
            taken.add(guess.id)
            fork.carries.append(guess)
    return fork


DOCKERFILES = ("docker/Dockerfile", "Dockerfile")


def _dockerfile(git: Git, head: str) -> str | None:
    listed = set(git.run("ls-tree", "--name-only", "-z", head, "--", *DOCKERFILES).split("\0"))
    return next((name for name in DOCKERFILES if name in listed), None)


_DOCKERFILE_HINT = (
    "name the Dockerfile the fork's image is built from, from the top of the checkout (docker/Dockerfile.rocm)"
)


def _named_dockerfile(git: Git, head: str, branch: str, path: str) -> str:
    """``path`` as a file of the branch, from the top: ``../x`` or ``/etc/x`` was git's "outside repository" said as
    a failed ls-tree with a hint about revisions, a folder (``src``) was taken as the Dockerfile into fleet.yaml,
    and ``./Dockerfile`` was "no such file"."""
    name = posixpath.normpath(path) if path else path
    if name.startswith(("/", "../")) or name in ("..", "."):
        raise UsageError(f"--dockerfile {quoted(path)}: not a file inside the checkout", _DOCKERFILE_HINT)
    listed = git.run("ls-tree", "-z", "--full-tree", head, "--", f":(literal){name}").split("\0")
    blobs_listed = {entry.partition("\t")[2] for entry in listed if entry.split(" ", 2)[1:2] == ["blob"]}
    if name not in blobs_listed:
        raise UsageError(f"--dockerfile {quoted(path)}: no such file on branch {quoted(branch)}", _DOCKERFILE_HINT)
    return name


def _dockerfile_note(git: Git, head: str, tag: str, upstream: str | None, chosen: str | None) -> str | None:
    """The branch's own Dockerfiles, when its commits never change the one taken: a ROCm fork's image is
    ``docker/Dockerfile.rocm``, and init took upstream's CUDA ``docker/Dockerfile`` as it is (its arch list
    became eight arch-coverage rules for kernels the fork never builds)."""
    out = git.run(
        "log", "--no-merges", "--format=", "--name-only", "-z", head, f"^{tag}", *([f"^{upstream}"] if upstream else []),
        "--", ":(glob)Dockerfile*", ":(glob)docker/Dockerfile*",
    )  # fmt: skip
    changed = {name.strip("\n") for name in out.split("\0") if name.strip("\n")}
    if chosen in changed:
        return None
    present = (
        set(git.run("ls-tree", "-z", "--name-only", head, "--", *sorted(changed)).split("\0")) if changed else set()
    )
    own = sorted(changed & present)
    if not own:
        return None
    taken = f"{chosen} is upstream's as it is" if chosen else "no docker/Dockerfile or Dockerfile"
    return (
        f"{taken}, and the branch's own commits change {', '.join(own[:4])}{' ...' if len(own) > 4 else ''}: "
        "pass --dockerfile the one the fork's image is built from"
    )


def _current_branch(git: Git) -> str:
    status, out, _ = git.try_run("symbolic-ref", "--quiet", "--short", "HEAD")
    if status != 0 or not out.strip():
        raise UsageError(f"{git.path}: HEAD is detached", "check out the fork branch, or pass --onto BRANCH")
    return out.strip()


def _last_tag(git: Git, branch: str, head: str) -> str:
    """The release tag the branch is named after: PREFIX + TAG, TAG an ancestor of the branch."""
    tags = [t for t in git.run("tag", "--list", "--merged", head).split() if RELEASE_TAG.fullmatch(t)]
    named = _names(branch, tags)
    if not named:
        raise _unnamed(git, branch, tags)
    prefix = branch[: -len(named[0])]
    try:
        profile_mod.parse({"branch_prefix": prefix, "image": {"repository": "x"}}, git.path)
    except ConfigError:
        raise UsageError(
            f"branch {quoted(branch)}: its prefix {quoted(prefix)} is not a valid branch_prefix",
            "letters, digits and . _ / - only, at most 40 characters, starting with a letter or digit",
        ) from None
    return named[0]


def _unnamed(git: Git, branch: str, merged: list[str]) -> UsageError:
    """The branch names no release tag it contains.  In a shallow clone that is the cut-off history's doing
    (actions/checkout's depth 1) when no release tag is merged at all, or the tag its name ends in is there but not
    merged: renaming is no cure.  A shallow clone of a branch named otherwise (``feature-x``, its tag merged) was
    told to unshallow, which changes nothing: it is told to rename."""
    near = ", ".join(sorted(merged)[-3:]) or "none"
    if git.is_shallow() and (not merged or _names(branch, git.run("tag", "--list").split())):
        return UsageError(
            f"branch {quoted(branch)}: no upstream release tag it contains is in this clone (tags there: {near})",
            SHALLOW_HINT,
        )
    return UsageError(
        f"branch {quoted(branch)} is not named PREFIX + an upstream release tag it contains (tags there: {near})",
        "name the fork branch after the release it was merged with (git branch -m myfork-v0.27.1), "
        "or pass --onto that branch",
    )


def _names(branch: str, tags: list[str]) -> list[str]:
    """The release tags ``branch`` is named PREFIX + (a prefix of one character at least), longest first."""
    found = (t for t in tags if RELEASE_TAG.fullmatch(t) and branch.endswith(t) and len(branch) > len(t))
    return sorted(found, key=len, reverse=True)


def _upstream_branch(git: Git, remote: str | None) -> str | None:
    remotes = git.remotes()
    name = remote or ("upstream" if "upstream" in remotes else None)
    if name is None:
        return None
    if name not in remotes:
        raise UsageError(f"no git remote named {quoted(name)}", f"the remotes are: {', '.join(remotes) or 'none'}")
    for candidate in (f"{name}/main", f"{name}/HEAD", f"{name}/master"):
        if git.resolve(f"refs/remotes/{candidate}") is not None:
            return f"refs/remotes/{candidate}"  # by its whole name: a tag of the short one comes first to git
    return None


def _pr_convention(git: Git, rev: str) -> str | None:
    subjects = [c.subject for c in git.commits(rev, options=("--no-merges", f"--max-count={SUBJECTS_SAMPLED}"))]
    pattern = re.compile(GITHUB_PR_SUBJECT)
    hits = sum(1 for s in subjects if pattern.search(s))
    return GITHUB_PR_SUBJECT if subjects and hits >= PR_SHARE * len(subjects) else None


def _upstream_prs(git: Git, upstream: str, pattern: str) -> dict[int, Commit]:
    """Upstream's commit of each PR number its subjects name (the newest, where two do)."""
    compiled = re.compile(pattern)
    found: dict[int, Commit] = {}
    for commit in git.commits(upstream, options=("--no-merges",)):
        if (m := compiled.search(commit.subject)) and m[1].isdigit():
            found.setdefault(int(m[1]), commit)
    return found


# fewer than this many own commits numbered like another upstream change is a port's edited subject, not a
# fork that numbers its own pull requests
OWN_NUMBERING = 3


def _numbers_of_others(git: Git, own: list[Commit], pattern: str | None, upstream: dict[int, Commit]) -> set[str]:
    """The own commits whose subject's PR number is upstream's number of another change: a fork that squash-merges
    its own pull requests on the same forge numbers them from 1 too (one fork's #38, an attention kernel, is
    upstream's #38 of 2023, block sizes), and 75 of its carries were left out as "a cherry-pick the next release
    brings".  Another change: neither subject holds the other, and the commits share under half of the files
    either changes."""
    found = set()
    for commit in own:
        pr = _pr_number(commit.subject, pattern)
        if pr is not None and pr in upstream and not _same_change(git, commit, upstream[pr], pattern):
            found.add(commit.sha)
    return found


def _same_change(git: Git, ours: Commit, theirs: Commit, pattern: str | None) -> bool:
    a, b = _bare_subject(ours.subject, pattern), _bare_subject(theirs.subject, pattern)
    if a == b or (min(len(a), len(b)) >= 12 and (a in b or b in a)):
        return True
    mine, upstream = set(git.changed_files(ours.sha)), set(git.changed_files(theirs.sha))
    return len(mine & upstream) * 2 >= len(mine | upstream) > 0


def _bare_subject(subject: str, pattern: str | None) -> str:
    """A subject without its PR number, in lower case, its runs of white space one space."""
    text = re.sub(pattern, "", subject) if pattern else subject
    return " ".join(text.split()).casefold()


def _read_carry(git: Git, head: str, tag: str, commit: Commit, *rest: Any) -> tuple[CarryGuess | None, str]:
    """:func:`_carry`, a commit git cannot read named with its subject: a ROCm fork's 2024 commit of a binary
    whose blob the clone lacked stopped init on "git show failed in .: fatal: unable to read 7153008...", one
    commit of 630 and none named."""
    try:
        return _carry(git, head, tag, commit, *rest)
    except GitError as exc:
        raise GitError(
            f"init cannot read the branch's commit {commit.sha[:12]} {quoted(commit.subject)}: {exc.message}",
            exc.hint,
        ) from None


def _carry(
    git: Git,
    head: str,
    tag: str,
    commit: Commit,
    pr_subject: str | None,
    upstream_prs: dict[int, Commit],
    others: set[str],
    taken: set[str],
    ledger: Callable[[str], bool],
    files: set[str],
) -> tuple[CarryGuess | None, str]:
    message = git.message(commit.sha)
    if _PICKED.search(message):
        return None, "a cherry-pick of an upstream commit"
    pr = _pr_number(commit.subject, pr_subject)
    if pr is not None and pr in upstream_prs and commit.sha not in others:
        return None, f"upstream has PR #{pr}: a cherry-pick the next release brings"
    # -D: a deleted file's lines are not read (a fork dropping a tree of assets; a blobless clone would
    # fetch each one): _undoes_own_lines takes a deletion of a file the tag has for a carry either way
    patch = parse_patch(git.run("show", "--format=", *PATCH_OPTIONS, "-U0", "-D", "--no-renames", commit.sha))
    if _ledger_only(git, commit, patch.added.keys() | patch.context.keys(), ledger):
        # the maintainer committing what init wrote became a carry of its own on the next init
        return None, "it changes only aeon-release's own files (the ledger and its rules)"
    # with -U0 the patch's other lines are the ones it took out
    added = {path: lines for path, lines in patch.added.items() if not ledger(path)}
    if not any(_telling(lines) for lines in added.values()) and _undoes_own_lines(git, tag, commit, patch.context):
        return None, "it only takes out lines the fork added (a revert): nothing of upstream's is changed"
    now = read_blobs(git.path, head, sorted(added))
    upstream = read_blobs(git.path, tag, sorted(added))
    told = {path: _telling(lines) for path, lines in added.items()}  # once: a commit can add millions of lines
    kept = {path: set(told[path]) & set(_telling(_lines(now[path] or ""))) for path in added}
    if any(told.values()) and not any(kept.values()):
        return None, "none of the lines it added is on the branch any more"
    theirs = {path: set(_telling(_lines(upstream[path] or ""))) for path in added}
    if any(kept.values()) and all(lines <= theirs[path] for path, lines in kept.items()):
        return None, f"{tag} has every line of it that is left: upstream took it"
    regular = [path for path in sorted(added) if path in files]
    markers = tuple(m for path in regular if (m := _marker(path, told[path], now[path], theirs[path])) is not None)
    symbols = {path: names for path in regular if (names := _symbols(path, added[path], now[path], upstream[path]))}
    title = _SUBJECT_NOISE.sub("", commit.subject).strip() or commit.subject
    # a number upstream has for another change is the fork's own, and so is every number of a fork that has such
    upstream_pr = pr if len(others) < OWN_NUMBERING and pr not in upstream_prs else None
    return CarryGuess(_unique(_slug(commit.subject), taken), title, commit, markers, symbols, upstream_pr), ""


def _ledger_only(git: Git, commit: Commit, with_lines: Iterable[str], ledger: Callable[[str], bool]) -> bool:
    """Whether ``commit`` changes the ledger's files and nothing else.  The patch's lines name no deleted
    file (-D), nor an empty or binary one, nor a mode change: asked of git's names when the lines say so
    (a commit dropping a module and noting it in carries.yaml was no carry)."""
    lined = set(with_lines)
    if not lined or not all(ledger(path) for path in lined):
        return False
    names = git.run("show", "--format=", "--name-only", "-z", "--no-renames", "--no-ext-diff", commit.sha)
    return all(ledger(path) for path in names.split("\0") if path)


def _undoes_own_lines(git: Git, tag: str, commit: Commit, removed: dict[str, list[str]]) -> bool:
    """Whether a commit that adds nothing takes out only lines the tag has in none of its files (a
    revert of a fork commit): no line of upstream's is changed, so there is nothing to carry.  A file
    the tag has that the commit deletes, or a line of the tag's it takes out, is a carry (the fork
    dropping something of upstream's)."""
    out = git.run("diff-tree", "--no-commit-id", "--name-only", "-r", "-z", "--no-renames", commit.sha)
    touched = sorted(p for p in out.split("\0") if p)
    if not touched:
        return False
    upstream = read_blobs(git.path, tag, touched)
    for path in touched:
        theirs = upstream[path]
        if theirs is None:
            continue  # a file the tag lacks is the fork's own
        if path not in removed or set(_telling(removed[path])) & set(_telling(_lines(theirs))):
            return False  # deleted a file of upstream's, or took out a line of it
    return True


def _pr_number(subject: str, pattern: str | None) -> int | None:
    match = re.search(pattern, subject) if pattern else None
    return int(match[1]) if match and match[1].isdigit() else None


def _marker(path: str, told: Sequence[str], text: str | None, upstream: set[str]) -> Marker | None:
    """The carry's line in ``path`` to look for after every merge: one of the telling lines it added
    (``told``) that is there exactly
    once now and that upstream's version lacks (a line upstream has too would survive the carry's
    loss); the fork's marker comment when there is one, else a definition line, else the longest."""
    if text is None or not _unicode(path):
        return None  # a name that is no UTF-8 (git's bytes): the ledger, YAML, cannot hold it
    counts: dict[str, int] = {}
    for line in _lines(text):
        stripped = line.strip()
        counts[stripped] = counts.get(stripped, 0) + 1
    lines = [
        line
        for line in told
        if counts.get(line) == 1 and len(line) <= MARKER_MAX and line not in upstream and _unicode(line)
    ]
    if not lines:
        return None
    comments = [line for line in lines if line.startswith("#")]  # forks tag their patches with one
    defs = [line for line in lines if _DEF.match(line)]
    return Marker(path, (comments or defs or [max(lines, key=len)])[0])


def _lines(text: str) -> list[str]:
    """A file's lines as the patch reader splits a patch's (``carry_evidence.parse_patch``): at newlines only.
    ``splitlines()`` also breaks at a form feed or a U+2028 inside a line, and a line the patch kept whole was
    then on the branch no more."""
    return text.split("\n")


def _unicode(text: str) -> bool:
    """Text YAML can hold: git's bytes that were not UTF-8 arrive as lone surrogates."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _telling(lines: Sequence[str]) -> list[str]:
    """Lines that say something: a name in them, six characters at least (comments too)."""
    return [t for line in lines if len(t := line.strip()) >= 6 and _WORD.search(t)]


def _symbols(path: str, added: Sequence[str], text: str | None, tag_text: str | None) -> tuple[str, ...]:
    """Functions and classes whose ``def``/``class`` line the carry added, that are still defined, and that
    the tag's file does not define: upstream's own (a fork's squash of an upstream merge re-adds hundreds)
    guard no carry, and upstream removing one stopped the next merge ("ReLU is not defined in qwen2_rm.py")."""
    if text is None or not path.endswith(".py") or not _unicode(path):
        return ()
    names = {m[1] for line in added if (m := _DEF.match(line))}
    if not names:
        return ()
    module = parse_python(text, path)  # capped: a carry's module nested 200,000 deep was "out of memory"
    if module is None:
        return ()
    theirs = parse_python(tag_text, path) if tag_text is not None else None
    upstream = set(_defined(theirs.body, "")) if theirs is not None else set()
    return tuple(sorted(q for q in _defined(module.body, "") if q.rsplit(".", 1)[-1] in names and q not in upstream))


def _defined(body: Iterable[ast.stmt], prefix: str) -> Iterable[str]:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name
        elif isinstance(node, ast.ClassDef):
            yield prefix + node.name
            if not prefix:  # Class.method: what required-symbol names; deeper nesting is not named
                yield from _defined(node.body, f"{node.name}.")


def _slug(subject: str) -> str:
    words = re.findall(r"[a-z0-9]+", _SUBJECT_NOISE.sub("", subject).lower())
    slug = ""
    for word in words:
        if len(slug) + len(word) + 1 > 40:
            break
        slug = f"{slug}-{word}" if slug else word
    return slug or "carry"


def _unique(slug: str, taken: set[str]) -> str:
    candidate, n = slug, 2
    while candidate in taken:
        candidate, n = f"{slug}-{n}", n + 1
    return candidate


# A forge's own registry for a project hosted there: GitHub's (where its Actions publish), GitLab's
# (``registry.gitlab.com/group/subgroup/project``, where its CI publishes).
_FORGES = (
    (re.compile(r"github\.com[:/]+([A-Za-z0-9-]+)/([A-Za-z0-9._-]+?)(?:\.git)?/?$"), "ghcr.io"),
    (re.compile(r"gitlab\.com[:/]+((?:[A-Za-z0-9_.-]+/)+)([A-Za-z0-9._-]+?)(?:\.git)?/?$"), "registry.gitlab.com"),
)


def image_from_remote(git: Git, remote: str = "origin") -> str | None:
    """The registry of the forge ``origin`` is hosted on, for its project (ghcr.io/OWNER/NAME for
    GitHub, registry.gitlab.com/GROUP/NAME for GitLab), else None."""
    status, url, _ = git.try_run("remote", "get-url", remote)
    if status != 0:
        return None
    for pattern, registry in _FORGES:
        match = pattern.search(url.strip())
        if match is not None:
            return f"{registry}/{match[1].strip('/').lower()}/{match[2].lower()}"
    return None


def config_folder(git: Git, config: Path | None) -> Path:
    return config if config is not None else git.toplevel
