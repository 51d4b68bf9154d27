"""Everything `merge` checks and decides before it touches anything.

Preconditions come first (tbump's executor does the same): the names are valid, the tag exists,
the previous fork branch exists, the target branch does not, the ledger validates and every pick
resolves to a commit.  Only then does `merge` create its worktree.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

from aeon_release.adapters import files
from aeon_release.adapters.blobs import FSCK_HINT, damaged, no_commit
from aeon_release.adapters.git import SHALLOW_HINT, Commit, Git, validate_ref_name
from aeon_release.adapters.store import RunStore
from aeon_release.domain import ledger as ledger_mod
from aeon_release.domain import names
from aeon_release.domain import profile as profile_mod
from aeon_release.domain.diffpaths import header_path
from aeon_release.domain.ledger import Carry, Ledger, PickRef
from aeon_release.errors import AeonError, ConfigError, GitError, UsageError, printable, quoted
from aeon_release.grammar import GITHUB_PR_SUBJECT
from aeon_release.pipeline.carry_evidence import (
    UpstreamRange,
    added_lines,
    carry_diff,
    probably_upstreamed,
    significant,
)


@dataclass(frozen=True)
class PickPlan:
    ref: PickRef
    sha: str
    subject: str
    in_tag: bool

    @property
    def key(self) -> str:
        return self.ref.label


@dataclass(frozen=True)
class CarryPlan:
    carry: Carry
    upstreamed: str | None  # evidence that upstream already has it, or None
    files: tuple[str, ...]  # files the carry touches (for conflict reports)
    review: str | None = None  # "probably upstreamed": most of its lines are in upstream's diff, no PR or patch-id


@dataclass(frozen=True)
class MergePlan:
    tag: str
    tag_sha: str
    branch: str
    previous_branch: str
    previous_sha: str
    merge_base: str
    upstream_branch: str | None
    upstream_commits: int
    tag_on_upstream_branch: bool | None
    carries: tuple[CarryPlan, ...]
    picks: tuple[PickPlan, ...]
    skips: tuple[PickRef, ...]
    ledger: Ledger
    config_dir: Path
    notes: tuple[str, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, object]:
        return {
            "tag": self.tag,
            "tag_sha": self.tag_sha,
            "branch": self.branch,
            "previous_branch": self.previous_branch,
            "previous_sha": self.previous_sha,
            "merge_base": self.merge_base,
            "upstream_commits": self.upstream_commits,
            "tag_on_upstream_branch": self.tag_on_upstream_branch,
            "carries": [
                {
                    "id": c.carry.id,
                    "title": c.carry.title,
                    "plan": "upstreamed: drop it" if c.upstreamed else "verify or apply",
                    "evidence": c.upstreamed,
                    **({"review": c.review} if c.review else {}),
                }
                for c in self.carries
            ],
            "picks": [
                {
                    "ref": p.key,
                    "sha": p.sha,
                    "subject": p.subject,
                    "plan": "already in tag" if p.in_tag else "cherry-pick",
                    "reason": p.ref.reason,
                }
                for p in self.picks
            ],
            "skips": [{"ref": s.label, "reason": s.reason} for s in self.skips],
            "notes": list(self.notes),
        }


def find_previous_branch(git: Git, tag: str, prefix: str) -> str | None:
    """The highest ``PREFIXv*`` branch whose version is below the tag's."""
    target = names.parse_version(tag)
    if target is None:
        return None
    candidates = []
    for name in git.local_branches(f"{prefix}v*"):
        key = names.branch_version(prefix, name)
        # exactly PREFIX + a release tag: PREFIXv0.27.1-backup or -wip is never silently the base
        if key is not None and key < target:
            candidates.append((key, name))
    return max(candidates)[1] if candidates else None


def pr_index(
    commits: list[Commit], subject: re.Pattern[str], wanted: Collection[int] | None = None
) -> dict[int, Commit]:
    """PR number -> squash commit, by the profile's upstream subject convention (oldest wins); with
    ``wanted``, only those numbers.

    A PR number is group 1 of the pattern, in ASCII digits.  The subjects of a large release are
    thousands, and each search is a call into re2: with ``wanted``, only a subject holding one of
    those numbers' digits is searched (3,500 subjects in 60 ms -> 2 ms)."""
    digits = [str(number) for number in wanted] if wanted is not None else None
    index: dict[int, Commit] = {}
    for commit in reversed(commits):
        if digits is not None and not any(d in commit.subject for d in digits):
            continue
        match = subject.search(commit.subject)
        number = match[1] if match else None
        if number and number.isascii() and number.isdigit():
            if wanted is None or int(number) in wanted:
                index.setdefault(int(number), commit)
    return index


@dataclass(frozen=True)
class Options:
    tag: str
    config_dir: Path
    onto: str | None = None
    upstream_remote: str | None = None  # None: "upstream" when that remote exists
    upstream_branch: str | None = None  # None: "refs/remotes/<remote>/main"
    fetch: bool = True


def check_names(opts: Options) -> None:
    validate_ref_name(opts.tag, "tag")
    if names.parse_version(opts.tag) is None:
        raise UsageError(f"tag {quoted(opts.tag)} is not a release tag", names.version_hint(opts.tag))
    for value, what in (
        (opts.onto, "branch"),
        (opts.upstream_remote, "remote"),
        (opts.upstream_branch, "upstream branch"),
    ):
        if value is not None:
            validate_ref_name(value, what)


def resolve_remote(git: Git, opts: Options) -> str | None:
    remotes = git.remotes()
    if opts.upstream_remote is not None:
        if opts.upstream_remote not in remotes:
            raise UsageError(
                f"remote {quoted(opts.upstream_remote)} does not exist in {git.path}",
                f"known remotes: {', '.join(remotes) or 'none'}",
            )
        return opts.upstream_remote
    return "upstream" if "upstream" in remotes else None


# git fetch's line for a tag upstream moved: " ! [rejected]  v0.29.0 -> v0.29.0  (would clobber existing tag)"
_CLOBBER = re.compile(r"^\s*!\s+\[rejected\]\s+(\S+)\s.*\(would clobber existing tag\)\s*$")


def fetch_upstream(git: Git, remote: str | None, tag: str) -> tuple[str, ...]:
    """``git fetch --tags REMOTE +refs/heads/*:refs/remotes/REMOTE/*``, not --quiet: quiet, a tag upstream moved
    failed it with no word at all ("git fetch failed: exit 1", hint: the network), and git's own reason is the line
    to show.  Returns the other tags the remote moved: git fetched the rest and kept the local ones, so the merge
    of ``tag`` goes on (a real fork often has its own tag of an old upstream name: one fork's ``v0.4.0`` stopped
    every merge)."""
    if remote is None:
        return ()
    # upstream's branches into refs/remotes/REMOTE/ only, whatever the remote's own refspec says: with
    # `remote.upstream.fetch = +refs/heads/*:refs/heads/*` (a mirror's), `merge --dry-run` force-moved the person's
    # local branches of upstream's names and made others, and said "nothing was changed".  An empty --refmap
    # leaves out the configured refspec's "opportunistic" updates too, and --no-prune its pruning (of tags as well
    # under fetch.pruneTags).
    # No FETCH_HEAD: the merge reads the refs the fetch moves, and git opens that file for writing with a blocking
    # open: a FIFO at .git/FETCH_HEAD held `merge` and `merge --dry-run` for good.
    refspec = f"+refs/heads/*:refs/remotes/{remote}/*"
    status, _, err = git.try_run(
        "fetch", "--tags", "--no-prune", "--no-write-fetch-head", "--refmap=", "--end-of-options", remote, refspec
    )
    if status == 0:
        return ()
    # git's own hints (this tool's empty graft file draws a deprecation hint from git 2.39) are no reason
    said = [line.strip() for line in err.splitlines() if line.strip() and not line.startswith(("From ", "hint:"))]
    moved = [found[1] for found in map(_CLOBBER.match, said) if found is not None]
    if moved and len(moved) == len(said) and tag not in moved:
        return tuple(moved)
    if moved:
        name = quoted(tag if tag in moved else moved[0])
        raise GitError(
            f"remote {quoted(remote)} moved tag {name}: the local one points elsewhere, and git fetch will not replace it",
            f"compare them (git rev-parse {name}; git ls-remote {remote} {name}); to take the remote's: "
            f"git fetch --tags --force {remote}; to keep the local one: pass --no-fetch",
        )
    reason = next((line for line in said if line.startswith(("fatal:", "error:", "!"))), said[-1] if said else "")
    raise GitError(
        f"cannot fetch from remote {quoted(remote)}: {printable(reason)[:200] or f'exit {status}'}",
        FSCK_HINT if damaged(reason) else "check the network or pass --no-fetch to use the local tags",
    )


def _moved_notes(remote: str | None, moved: tuple[str, ...]) -> tuple[str, ...]:
    if not moved:
        return ()
    shown = ", ".join(quoted(name) for name in moved[:5]) + (f" and {len(moved) - 5} more" if len(moved) > 5 else "")
    return (
        f"remote {quoted(remote or '')} moved tag(s) {shown}: the local one(s) kept (this merge does not read them; "
        f"git fetch --tags --force {remote} takes the remote's)",
    )


def resolve_tag(git: Git, tag: str, remote: str | None, fetched: bool = True) -> str:
    """The tag's commit.  Missing, the line says where it was looked for: the remote's tags only when they were
    fetched (``--no-fetch`` said "looked in remote 'upstream'" of a remote never asked), and the hint adds the
    remote only when there is none (it said "git remote add upstream" to a fork that had one)."""
    sha = git.resolve(f"refs/tags/{tag}")
    if sha is None and git.try_run("rev-parse", "--verify", "--quiet", f"refs/tags/{tag}")[0] == 0:
        # git's reason: a tree or a file, or objects it cannot read (that was "a tree or a file" too)
        raise no_commit(git.path, f"refs/tags/{tag}", "tag", f"a release tag names a commit: `git cat-file -t {tag}`")
    if sha is None:
        if remote and fetched:
            where, way = f"local tags and remote {remote!r}, fetched now", " (upstream may not have tagged it yet)"
        elif remote:
            where, way = (
                f"local tags; --no-fetch: remote {remote!r} not asked",
                ", or drop --no-fetch to fetch its tags",
            )
        else:
            where, way = (
                "local tags (no upstream remote)",
                ", or add the upstream remote: git remote add upstream <url>",
            )
        # the release tags nearest the one asked for (a typo'd v0.10.1 beside v0.10.0, v0.10.0rc1)
        near = difflib.get_close_matches(tag, git.run("tag", "--list", "v*").split(), n=3, cutoff=0.8)
        near.sort(key=lambda name: -_shared_start(name, tag))  # v0.10.0 before v0.1.1
        raise GitError(
            f"tag {quoted(tag)} does not exist (looked in {where})",
            (f"the nearest: {', '.join(near)}; " if near else "") + f"check the spelling{way}",
        )
    return sha


def _shared_start(a: str, b: str) -> int:
    """How many leading characters two names share."""
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def resolve_previous(git: Git, opts: Options, prefix: str) -> tuple[str, str]:
    previous = opts.onto or find_previous_branch(git, opts.tag, prefix)
    if previous is None:
        raise GitError(
            f"no previous fork branch ({prefix}v* below {opts.tag}) in {git.path}",
            "pass --onto BRANCH to name the branch to merge onto",
        )
    sha = git.branch_sha(previous)
    if sha is None and git.try_run("rev-parse", "--verify", "--quiet", f"refs/heads/{previous}")[0] == 0:
        raise no_commit(git.path, f"refs/heads/{previous}", "branch", "pass --onto an existing local branch")
    if sha is None:
        raise GitError(
            f"branch {quoted(previous)} does not exist in {git.path}", "pass --onto an existing local branch"
        )
    return previous, sha


def resolve_upstream_branch(git: Git, opts: Options, remote: str | None) -> str | None:
    # the remote's branch by its whole name: a tag `upstream/main` (fetch --tags brings any) is what git
    # reads first for the short one, and picks by PR number would resolve in its history
    name = opts.upstream_branch or (f"refs/remotes/{remote}/main" if remote else None)
    if name is None:
        return None
    if git.resolve(name) is None:
        if opts.upstream_branch is not None:
            raise GitError(f"upstream branch {quoted(name)} does not exist", "fetch it, or pass --upstream-branch REF")
        return None
    return name


def _reachable(history: list[tuple[Commit, tuple[str, ...]]], tip: str) -> list[Commit] | None:
    """The commits of ``history`` (a walk of ``X ^base``) that ``tip`` reaches, in the walk's order:
    ``git log tip ^base`` when ``tip`` is among them (a parent outside the walk is the base's
    ancestor, and so is all it reaches); None when it is not."""
    parents = {c.sha: ps for c, ps in history}
    if tip not in parents:
        return None
    seen, todo = {tip}, [tip]
    while todo:
        for parent in parents[todo.pop()]:
            if parent in parents and parent not in seen:
                seen.add(parent)
                todo.append(parent)
    return [c for c, _ in history if c.sha in seen]


def plan_picks(
    git: Git,
    ledger: Ledger,
    tag: str,
    tag_sha: str,
    base: str,
    upstream: str | None,
    in_tag: dict[int, Commit],
    subject: re.Pattern[str],
    tag_shas: frozenset[str] = frozenset(),
    upstream_commits: list[Commit] | None = None,
) -> tuple[PickPlan, ...]:
    """``upstream_commits``: ``upstream``'s commits since ``base`` when the caller walked them already."""
    release = ledger.plan_for(tag)
    if not release.picks:
        return ()
    # A PR's commit inside the tag wins over its original on upstream main: a release-branch tag
    # carries backports, which are different commits with the same "(#NNNNN)" subject.
    if upstream and upstream_commits is None:
        upstream_commits = git.commits(upstream, f"^{base}")
    wanted = {ref.pr for ref in release.picks if ref.pr is not None}
    index = pr_index(upstream_commits or [], subject, wanted) if upstream else {}
    index.update(in_tag)
    return tuple(
        _plan_pick(git, ref, i, tag, tag_sha, index, upstream, tag_shas) for i, ref in enumerate(release.picks)
    )


def _plan_pick(
    git: Git,
    ref: PickRef,
    i: int,
    tag: str,
    tag_sha: str,
    index: dict[int, Commit],
    upstream: str | None,
    tag_shas: frozenset[str],
) -> PickPlan:
    where = f"{ledger_mod.PICKS_FILE}: releases.{tag}.pick[{i}]"
    if ref.pr is not None:
        commit = index.get(ref.pr)
        if commit is None:
            searched = f"{tag} and {upstream}" if upstream else f"{tag} (no upstream branch to search)"
            raise ConfigError(
                f"{where}: PR #{ref.pr} has no commit ending in '(#{ref.pr})' in {searched}",
                "fetch upstream, pass --upstream-branch, or pick by commit",
            )
        # The index holds commits since the base (the tag's, then upstream's): one of them is in the
        # tag exactly when it is among the tag's, with no ancestry walk (0.2 s each on a large history).
        in_tag = commit.sha in tag_shas if tag_shas else git.is_ancestor(commit.sha, tag_sha)
        return PickPlan(ref, commit.sha, commit.subject, in_tag)
    else:
        resolved = git.resolve(str(ref.commit))
        if resolved is None:
            # git's reason: the id of a tree or a file (a `rev-parse X^{tree}` pasted) was "does not exist, fetch
            # upstream first", and so was an object the store cannot read
            why = no_commit(
                git.path, str(ref.commit), "commit", "name the commit's own id (`git log` shows it), or its pr"
            )
            if why.message.endswith(f"does not exist in {git.path}"):
                raise ConfigError(
                    f"{where}: commit {ref.commit} does not exist in the fork repository", "fetch upstream first"
                )
            raise ConfigError(f"{where}: {why.message}", why.hint)
        sha, subject = resolved, git.subject(resolved)
    return PickPlan(ref, sha, subject, git.is_ancestor(sha, tag_sha))


def plan_carries(
    git: Git,
    ledger: Ledger,
    merged: dict[int, Commit],
    base: str,
    tag_sha: str,
    pr_pattern: str = GITHUB_PR_SUBJECT,
) -> tuple[CarryPlan, ...]:
    active = ledger.active_carries
    if not active:
        return ()
    rng = UpstreamRange(git, base, tag_sha, pr_pattern)
    # the commits whose lines are looked for in upstream's diff (no PR of theirs in the range), read ahead
    rng.read_ahead(sha for carry in active if carry.upstream_pr not in merged for sha in carry.commits)
    plans = [_plan_carry(git, ledger, carry, merged, rng) for carry in active]
    return tuple(_with_review(git, ledger, plan, rng) for plan in plans)


def _with_review(git: Git, ledger: Ledger, plan: CarryPlan, rng: UpstreamRange) -> CarryPlan:
    """A carry whose PR number is not in the range and that no patch-id matches may still have been taken,
    modified (or under another PR): most of its added lines are then in upstream's diff."""
    if plan.upstreamed:
        return plan
    try:
        evidence = probably_upstreamed(carry_diff(git, ledger, plan.carry, rng), rng)
    except GitError:  # a review hint never stops the merge
        return plan
    return dataclasses.replace(plan, review=f"probably upstreamed: review ({evidence})") if evidence else plan


def _plan_carry(git: Git, ledger: Ledger, carry: Carry, merged: dict[int, Commit], rng: UpstreamRange) -> CarryPlan:
    files = {m.path for m in carry.markers}
    for sha in carry.commits:
        if git.resolve(sha) is None:
            raise ConfigError(
                f"{ledger_mod.CARRIES_FILE}: carry {carry.id}: commit {sha} does not exist in {git.path}",
                "fetch the fork's history, or fix the SHA in the ledger",
            )
        files.update(git.changed_files(sha))
    patch = ledger.patch_path(carry)
    if patch is not None:
        files.update(_patch_files(patch))
    return CarryPlan(carry, _upstream_evidence(git, carry, merged, rng), tuple(sorted(files)))


def _upstream_evidence(git: Git, carry: Carry, merged: dict[int, Commit], rng: UpstreamRange) -> str | None:
    if carry.upstream_pr is not None and carry.upstream_pr in merged:
        commit = merged[carry.upstream_pr]
        return f"PR #{carry.upstream_pr} is in the merged range as {commit.sha[:12]} '{commit.subject}'"
    if carry.commits:
        return _patch_id_evidence(git, carry, rng)
    return None


def _patch_id_evidence(git: Git, carry: Carry, rng: UpstreamRange) -> str | None:
    """Patch-id equivalence (what `git cherry` matches on), comparing each carry commit only with
    the upstream commits that touch the same files: `git cherry` itself would hash every commit in
    the merged range, which is seconds on a large release.

    First, without walking history: a twin in the range leaves the commit's added lines in the
    tag, so a commit with an added line that upstream's diff (base..tag) lacks has no twin there
    that still counts (one that upstream later reverted or rewrote leaves the carry to apply, and
    to review).  That is every carry not upstreamed, and the walk is 0.4 s on 2,000 commits."""
    shas = [git.resolve(s) for s in carry.commits]
    if any(s is None for s in shas):
        return None
    matches = []
    for sha in shas:
        assert sha is not None
        if not _lines_in_range(git, sha, rng):
            return None
        twin = git.patch_twin(sha, f"{rng.base}..{rng.tag}")
        if twin is None:
            return None
        matches.append(f"{sha[:12]} = {twin[:12]}")
    return f"patch-id equivalent in {', '.join(matches)} (git patch-id --stable)"


def _lines_in_range(git: Git, sha: str, rng: UpstreamRange) -> bool:
    """Does upstream's diff of the range add every line of substance that commit ``sha`` adds?  (A
    bare ``)`` or ``pass`` may show as kept rather than added, where the diff aligns it elsewhere.)
    Comments count, but in the tag's file: a commit that adds only a marker comment has a twin that
    still counts only if the tag has the comment, and the range's diff may show a comment kept (aligned
    with an identical one upstream removed) where its twin added it."""
    added = added_lines(git, sha, rng)
    upstream = rng.added(list(added))
    if not all(line in upstream[path] for path, lines in added.items() for line in significant(lines)):
        return False
    comments = {
        path: {t for t in significant(lines, comments=True) if t.startswith("#")} for path, lines in added.items()
    }
    unseen = [path for path, texts in comments.items() if not texts <= upstream[path]]
    tag_files = {p: git.blob_text(rng.tag, p) for p in unseen}  # through the plan's one cat-file
    return all(
        text is not None and comments[p] <= {line.strip() for line in text.splitlines()}
        for p, text in tag_files.items()
    )


def _patch_files(patch: Path) -> set[str]:
    paths = set()
    raw = files.read_capped(patch, f"patch {patch}", error=ConfigError) or b""
    for line in raw.decode("utf-8", "surrogateescape").split("\n"):
        side = {"+++ ": "b/", "--- ": "a/"}.get(line[:4])
        path = header_path(line[4:].rstrip("\r"), side) if side is not None else None
        if path is not None:
            paths.add(path)
    return paths


def build_plan(git: Git, opts: Options, on_sides: Callable[[str, str, str], None] | None = None) -> MergePlan:
    """Check every precondition and decide what the merge will do; changes nothing but fetches.

    ``on_sides(base, ours, theirs)`` hears the three commits as soon as they are known (the merge
    starts the audit's diffs then, on the other core, while the plan goes on)."""
    early = _sides_early(git, opts, on_sides) if on_sides is not None and not opts.fetch else None
    ledger, fleet = check_config(opts, RunStore.cache_of(git.common_dir))
    remote = resolve_remote(git, opts)
    moved = fetch_upstream(git, remote, opts.tag) if opts.fetch else ()
    branch = fleet.branch_for(opts.tag)
    # after a fetch, read anew; else the early reads stand (nothing was fetched in between)
    tag_sha, previous, previous_sha, base = early or _sides(git, opts, remote, fleet.branch_prefix, on_sides)
    upstream = resolve_upstream_branch(git, opts, remote)
    walk = _walk_upstream(git, upstream, base, tag_sha)
    # the PRs the ledger names (carries upstreamed, picks): a large release's other subjects are not searched
    named = {c.upstream_pr for c in ledger.carries if c.upstream_pr is not None}
    named |= {ref.pr for ref in ledger.plan_for(opts.tag).picks if ref.pr is not None}
    merged = pr_index(walk.in_tag, fleet.pr_subject, named)
    return MergePlan(
        tag=opts.tag,
        tag_sha=tag_sha,
        branch=branch,
        previous_branch=previous,
        previous_sha=previous_sha,
        merge_base=base,
        upstream_branch=upstream,
        upstream_commits=len(walk.in_tag),
        tag_on_upstream_branch=walk.on_main,
        carries=plan_carries(git, ledger, merged, base, tag_sha, fleet.pr_subject.pattern),
        picks=plan_picks(
            git,
            ledger,
            opts.tag,
            tag_sha,
            base,
            upstream,
            merged,
            fleet.pr_subject,
            frozenset(c.sha for c in walk.in_tag),
            walk.upstream,
        ),
        skips=ledger.plan_for(opts.tag).skips,
        ledger=ledger,
        config_dir=opts.config_dir,
        notes=_moved_notes(remote, moved)
        + _trap_notes(opts.tag, upstream, walk.on_main)
        + _old_tag_notes(git, previous, fleet.branch_prefix, base, opts.tag, tag_sha),
    )


def _sides(
    git: Git, opts: Options, remote: str | None, prefix: str, on_sides: Callable[[str, str, str], None] | None
) -> tuple[str, str, str, str]:
    """The tag's commit, the fork branch before it (name and commit) and their true merge base."""
    tag_sha = resolve_tag(git, opts.tag, remote, opts.fetch)
    previous, previous_sha = resolve_previous(git, opts, prefix)
    base = _merge_base(git, previous, previous_sha, opts.tag, tag_sha)
    if on_sides is not None:
        on_sides(base, previous_sha, tag_sha)
    return tag_sha, previous, previous_sha, base


@dataclass(frozen=True)
class _Walk:
    """One walk of upstream's branch since the base answers three questions."""

    in_tag: list[Commit]  # the tag's own commits since the base: what this merge brings in
    on_main: bool | None  # whether the tag is on upstream's branch (None: no branch known)
    upstream: list[Commit] | None  # the branch's commits since the base (the picks' PR index)


def _walk_upstream(git: Git, upstream: str | None, base: str, tag_sha: str) -> _Walk:
    history = git.history(upstream, f"^{base}") if upstream and base != tag_sha else None
    on_branch = _reachable(history, tag_sha) if history is not None else None
    on_main: bool | None = None
    if upstream:  # (the tag is the base itself: nothing of it to walk)
        on_main = on_branch is not None if history is not None else git.is_ancestor(tag_sha, upstream)
    in_tag = on_branch if on_branch is not None else git.commits(tag_sha, f"^{base}")
    return _Walk(in_tag, on_main, [c for c, _ in history] if history is not None else None)


def _merge_base(git: Git, previous: str, previous_sha: str, tag: str, tag_sha: str) -> str:
    base = git.merge_base(previous_sha, tag_sha)
    if base is None:
        hint = SHALLOW_HINT if git.is_shallow() else "is --repo the fork of this upstream?"
        raise GitError(f"{previous} and {tag} share no history", hint)
    return base


def _sides_early(
    git: Git, opts: Options, on_sides: Callable[[str, str, str], None]
) -> tuple[str, str, str, str] | None:
    """The audit's diffs are the longest path of a large merge: they may start before the config's
    checks (the profile's schema alone is 0.1 s to import) when the three commits are known without
    a fetch.  Read-only: what fails here is left to fail below, in its order (None); what succeeds
    (the tag's commit, the previous branch and its commit, the merge base) the plan reuses."""
    check_names(opts)
    prefix = "" if opts.onto is not None else profile_mod.branch_prefix_of(opts.config_dir)
    if prefix is None:
        return None
    try:
        tag_sha = resolve_tag(git, opts.tag, None)
        previous, previous_sha = resolve_previous(git, opts, prefix)
        base = _merge_base(git, previous, previous_sha, opts.tag, tag_sha)
    except AeonError:
        return None
    on_sides(base, previous_sha, tag_sha)
    return tag_sha, previous, previous_sha, base


def check_config(opts: Options, stamps: Path | None = None) -> tuple[Ledger, profile_mod.Profile]:
    """The names, the ledger, the fleet profile and the audit rules: checked without touching git
    (``stamps``: where the profile texts that passed its schema are remembered, see profile.load)."""
    check_names(opts)
    ledger = ledger_mod.load(opts.config_dir)
    fleet = profile_mod.load(opts.config_dir, stamps)
    _check_audit_rules(opts.config_dir, ledger)
    return ledger, fleet


def _check_audit_rules(config_dir: Path, ledger: Ledger) -> None:
    """The audit rules must load before the merge starts, not after the work is done."""
    from aeon_release.domain.audits.config import load_rules

    load_rules(config_dir, ledger.active_carries)


def _old_tag_notes(git: Git, previous: str, prefix: str, base: str, tag: str, tag_sha: str) -> tuple[str, ...]:
    """The fork branch was merged from a release-branch tag the new one does not contain (``myfork-v0.9.2`` from
    v0.9.2, cut on releases/v0.9.2, then v0.10.0 from main): that tag's backports meet their originals in the new
    one and conflict in files no carry touches, which a first merge of a real fork met with no word of why.  The
    usual case (the old tag is the merge base) costs one lookup in the long-lived cat-file."""
    old_tag = previous.removeprefix(prefix) if prefix and previous.startswith(prefix) else ""
    old = git.resolve(f"refs/tags/{old_tag}") if old_tag else None
    if old is None or old == base or git.is_ancestor(old, tag_sha):
        return ()
    return (
        f"{previous} was merged from {old_tag}, which {tag} does not contain (a release-branch tag): its "
        f"backports meet their originals in {tag} and may conflict in files the fork never touched; there, "
        f"{tag}'s side is upstream's own",
    )


def _trap_notes(tag: str, upstream: str | None, on_main: bool | None) -> tuple[str, ...]:
    if on_main is False:
        # A release-branch tag (v0.25.1) is not on upstream main: its backports look like "ours"
        # and conflict in files the fork never touched: the true merge base matters.
        return (
            f"{tag} is not on {upstream}: it is a release-branch tag; backports may conflict "
            "in files the fork never touched",
        )
    return ()
