"""The commits a merge run makes: in the object database, through the repository's commit hooks.

Nothing is checked out to make a commit: ``git merge-tree`` gives the tree and ``git commit-tree``
the commit (it honours ``commit.gpgSign``).  The hooks git runs for the same commit still run, and
are never skipped (no ``--no-verify``, on ``--continue`` either):

* ``pre-merge-commit`` on the merge commit.  It looks at a work tree, so a repository that has
  one pays for a checkout of the merged tree into the run's worktree, where the hook runs as it
  would under ``git merge``;
* ``prepare-commit-msg`` and ``commit-msg`` on every commit, on a message file in the run's folder.
  They need no work tree: they run in an empty folder, with GIT_DIR set and GIT_INDEX_FILE holding
  the commit's tree (and a picked commit's GIT_AUTHOR_* in the environment).

A hook that fails stops the run (exit 1) naming the hook and what it printed.  The message file
stays: a person edits it (say, adds the sign-off a DCO hook asks for) or fixes the hook, and
``--continue`` makes the commit again, hooks and all.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from aeon_release.adapters import files
from aeon_release.adapters import git as git_adapter
from aeon_release.adapters.git import Git, HookResult
from aeon_release.adapters.process import TIMED_OUT
from aeon_release.adapters.store import PendingCommit, RunStore, read_state_file
from aeon_release.errors import GitError, NeedsHuman, quoted, shell_word

MESSAGE_FILE = "COMMIT_EDITMSG"
_TRAILER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*:\s")


class CommitRefused(NeedsHuman):
    """A commit hook, or commit signing, refused a commit; the run can continue once that is fixed."""

    def __init__(self, message: str, hint: str, in_worktree: bool) -> None:
        super().__init__(message, hint)
        self.in_worktree = in_worktree


@dataclass(frozen=True)
class Draft:
    """A commit about to be made."""

    item: str  # the run item it belongs to: "merge", "picks:#52816", "carries:ID:SHA", "audit"
    kind: str  # "merge" (pre-merge-commit runs too) or "commit"
    tree: str
    parents: tuple[str, ...]
    message: str
    author: dict[str, str] = field(default_factory=dict)  # GIT_AUTHOR_*; empty: the user's identity

    def pending(self, in_worktree: bool | None = None) -> PendingCommit:
        """What the run state keeps so that a person (or --continue) can conclude this commit."""
        return PendingCommit(self.item, self.kind, self.parents, self.message, dict(self.author), in_worktree)

    @classmethod
    def from_pending(cls, pending: PendingCommit, tree: str) -> Draft:
        return cls(pending.item, pending.kind, tree, pending.parents, pending.message, dict(pending.author))


def make(
    git: Git,
    draft: Draft,
    run_dir: Path,
    *,
    edited: bool,
    worktree: Git | None = None,
    checkout: Callable[[Draft], Git] | None = None,
) -> str:
    """Make the commit: hooks first, then `git commit-tree`.

    ``edited``: the message file holds this commit's message as a person may have edited it after a
    refusal; use it.  ``worktree``: the commit's tree is staged there (a person concluded a stop);
    ``checkout`` makes such a worktree when a hook needs one.
    """
    message_file = run_dir / MESSAGE_FILE
    # in the run's folder, as its state: a link planted there was written through (the message over a file outside
    # the repository) and a FIFO held the run; a link or a FIFO is refused where it is read (``read_state_file``)
    if not (edited and os.path.lexists(message_file)):
        message_file.parent.mkdir(parents=True, exist_ok=True)
        data = draft.message.encode("utf-8", "surrogateescape")
        files.write_bytes(message_file, data, "commit message file", durable=False)
    tree = draft.tree
    if draft.kind == "merge" and git.hook("pre-merge-commit") is not None:
        if worktree is None:
            assert checkout is not None, "a pre-merge-commit hook needs a worktree"
            worktree = checkout(draft)
        tree = _pre_merge_commit(draft, worktree)
    _message_hooks(git, draft, tree, message_file, worktree)
    message = _message(git, draft, message_file, worktree is not None)
    try:
        sha = git.commit_tree(
            tree, draft.parents, message if message.endswith(b"\n") else message + b"\n", env=draft.author
        )
    except GitError as exc:
        if "gpg" in exc.message.lower():
            raise _signing_error(exc, worktree is not None) from None
        raise
    message_file.unlink(missing_ok=True)
    return sha


def _message(git: Git, draft: Draft, message_file: Path, in_worktree: bool) -> bytes:
    """The message the hooks left: one they removed or emptied stops the commit, as git's ``Aborting commit due to
    empty commit message`` does (a removed file read as no message, and the commit was written with none)."""
    message = read_state_file(message_file, "commit message file")
    if message is not None and message.strip():
        return message
    what = "the merge commit" if draft.kind == "merge" else f"the commit for {draft.item}"
    hooks = " and ".join(h for h in ("prepare-commit-msg", "commit-msg") if git.hook(h) is not None) or "no hook"
    left = "removed" if message is None else "emptied"
    raise CommitRefused(
        f"empty commit message for {what}: {message_file} was {left} (hooks run: {hooks}); git commits no empty message",
        f"write the message in {message_file} (or fix the hook), then `aeon-release merge --continue` (the hooks run "
        "again)",
        in_worktree,
    )


def _pre_merge_commit(draft: Draft, worktree: Git) -> str:
    """Run pre-merge-commit in a worktree holding the merged tree; the tree it leaves staged is committed."""
    _check(worktree.run_hook("pre-merge-commit", cwd=worktree.path, env=draft.author), draft, True)
    return worktree.write_tree()


def _message_hooks(git: Git, draft: Draft, tree: str, message_file: Path, worktree: Git | None) -> None:
    hooks = [h for h in ("prepare-commit-msg", "commit-msg") if git.hook(h) is not None]
    if not hooks:
        return
    if worktree is not None:
        cwd, env, index = worktree.path, dict(draft.author), None
    else:
        cwd = _empty_folder(RunStore.place(git.common_dir, "hook-cwd"))
        env, index = git.index_env(tree)
        env |= {"GIT_DIR": str(git.common_dir)} | draft.author
    try:
        source = ("merge",) if draft.kind == "merge" else ("message",)
        for name in hooks:
            args = (str(message_file), *source) if name == "prepare-commit-msg" else (str(message_file),)
            _check(git.run_hook(name, *args, cwd=cwd, env=env), draft, worktree is not None, message_file)
    finally:
        if index is not None:
            index.unlink(missing_ok=True)


def _empty_folder(path: Path) -> Path:
    """Hooks that need no work tree run here: whatever they write lands nowhere that matters."""
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def _check(result: HookResult | None, draft: Draft, in_worktree: bool, message_file: Path | None = None) -> None:
    if result is None or result.ok:
        return
    what = "the merge commit" if draft.kind == "merge" else f"the commit for {draft.item}"
    if result.status == TIMED_OUT:
        raise CommitRefused(
            f"the {result.name} hook did not finish within {git_adapter.PROGRAM_SECONDS:g} s for {what} "
            "and was stopped",
            "make the hook end (or remove it), then `aeon-release merge --continue` (the hooks run again)",
            in_worktree,
        )
    output = " / ".join(line.strip() for line in result.output.strip().splitlines()[-8:] if line.strip())
    fix = (
        f"edit the message in {message_file} or fix what the hook reports"
        if message_file is not None
        else "fix what the hook reports in the merge worktree and `git add` it"
    )
    raise CommitRefused(
        f"the {result.name} hook refused {what} (exit {result.status}): {output or 'no output'}",
        f"{fix}, then `aeon-release merge --continue` (the hooks run again)",
        in_worktree,
    )


def _signing_error(exc: GitError, in_worktree: bool) -> CommitRefused:
    return CommitRefused(
        f"git could not sign the commit with gpg (commit.gpgSign is on): {exc.message}",
        "install gpg or set gpg.program to it, or turn commit.gpgSign off for this repository; "
        "then `aeon-release merge --continue`",
        in_worktree,
    )


# -- what `git merge` would refuse ------------------------------------------------------------
_SIGNATURE_SAYS = {
    "N": "does not have a GPG signature",
    "B": "has a bad GPG signature allegedly by {signer}",
    "E": "has a signature that cannot be checked (the signer's key is missing?)",
    "X": "has a good signature that has expired, by {signer}",
    "Y": "has a good signature by {signer}, made by an expired key",
    "R": "has a good signature by {signer}, made by a revoked key",
}


def refuse_what_git_merge_would(git: Git, tag: str, sha: str, branches: Sequence[str] = ()) -> None:
    """The merge commit is made with ``git merge-tree`` and ``git commit-tree``, which read none of the settings
    ``git merge`` honours, so those a maintainer relies on are checked here, before anything is made:

    * ``merge.verifySignatures``: ``git merge`` refuses a commit without a good signature by a trusted key
      (untrusted: below ``gpg.minTrustLevel``, marginal when unset).  The worktree-less merge made the merge of
      an unsigned (or forged) tag silently; only a conflicted one, merged again in a worktree, stopped;
    * ``merge.ff=only``: ``git merge`` refuses every merge that is not a fast-forward, and the merge of an
      upstream tag onto the fork never is one.  ``merge.ff=false`` is what the run does anyway (a merge commit).

    * ``branch.NAME.mergeOptions`` of the fork branch (``branches``: the one merged onto, the one made): the
      options ``git merge`` adds on that branch (``-X ours``, ``-s ours``, ``--squash``, ``--ff-only``...), none of
      which merge-tree takes; only those that leave the merge as it is (``--no-ff``, ``--stat``...) go by, and
      ``--log``/``--log=N``/``--no-log``, which the merge message honours over ``merge.log`` as git merge does
      (``log_limit``; two branches that disagree on it are refused).

    ``commit.gpgSign`` is honoured where the commits are made (``Git.commit_tree``); a fork's ``.gitattributes``
    and ``merge.renormalize`` where the merge is made (``Git.merge_tree``)."""
    settings = git.merge_settings()
    for branch in dict.fromkeys(branches):
        _refuse_merge_options(branch, settings.get(f"branch.{branch}.mergeoptions"), tag)
    log_limit(git, branches)  # a merge.log git merge dies on is refused before anything is made, not at the merge
    if settings.get("merge.ff", "").lower() == "only":
        raise GitError(
            f"git config sets merge.ff=only: git merge would refuse to merge {tag}, which is no "
            "fast-forward (the release merge is always a merge commit)",
            "allow merge commits in this repository: `git config merge.ff true` (a global merge.ff=only still "
            "holds for your other repositories)",
        )
    if "merge.verifysignatures" not in settings or git.config_value("merge.verifySignatures", "bool") != "true":
        return  # (git's word on what is true: yes, on, 1, a bare key)
    signature = git.merge_signature(sha)
    if signature.good:
        return
    says = _SIGNATURE_SAYS.get(signature.result, "has an untrusted GPG signature, allegedly by {signer}")
    raise GitError(
        f"merge.verifySignatures is on: {tag}'s commit {sha[:12]} {says.format(signer=signature.signer or '?')}, "
        "and git merge would refuse it; nothing was merged",
        "check where the tag comes from, then trust the key that signed it (gpg --import KEY; gpg --edit-key KEY "
        "trust) or turn the check off for this repository (`git config merge.verifySignatures false`)",
    )


def with_merge_log(git: Git, message: str, tag: str, head: str, sha: str, branches: Sequence[str] = ()) -> str:
    """The merge message as ``git merge -m MESSAGE`` makes it under ``merge.log``: the tag's own message, then
    ``* tag 'TAG':`` and the merged commits' one-line summaries (at most the setting's number, then ``...``, the
    count in the heading).  merge-tree and commit-tree read no merge.log, so the worktree-less merge's message
    left them out where the maintainer's git merge put them in.  ``branches``: the fork branches whose
    ``mergeOptions`` (``--log``, ``--no-log``) git merge would read over merge.log (``log_limit``)."""
    limit = log_limit(git, branches)
    if not limit:
        return message
    subjects, count = git.merged_subjects(head, sha, limit)
    heading = f"* tag '{tag}':" + (f" ({count} commits)" if count > limit else "")
    lines = [heading, *(f"  {subject}" for subject in subjects), *(["  ..."] if count > limit else [])]
    tag_message = git.tag_message(tag)
    tag_message = tag_message if not tag_message or tag_message.endswith("\n") else tag_message + "\n"
    return message.rstrip("\n") + "\n" + tag_message + "\n" + "\n".join(lines) + "\n"


# git's DEFAULT_MERGE_LOG_LEN: what ``--log`` with no number (and ``merge.log=true``) means
_DEFAULT_LOG = 20
_LOG_WORD = re.compile(r"--(?:no-log|log(?:=(.*))?)\Z", re.DOTALL)


def log_limit(git: Git, branches: Sequence[str]) -> int:
    """How many merged commits' summaries ``git merge`` on the fork branch puts in the merge message: the last
    ``--log``, ``--log=N`` or ``--no-log`` of ``branch.NAME.mergeOptions``, which git parses after the config and
    so over ``merge.log`` (builtin/merge.c; a negative N leaves it to merge.log), else merge.log.  git dies on a
    bad merge.log whatever the options say, and on a ``--log=`` that is no number; two of ``branches`` that ask
    for different logs are refused, as no one git merge would make that message."""
    configured = git.merge_log_limit()
    settings = git.merge_settings()
    asked: dict[str, int] = {}
    for branch in dict.fromkeys(branches):
        key = f"branch.{branch}.mergeoptions"
        own = _options_log(f"branch.{branch}.mergeOptions", settings.get(key))
        if own is not None:
            asked[branch] = own if own >= 0 else configured
    if len(set(asked.values())) > 1:
        said = " and ".join(f"branch.{b}.mergeOptions asks for {_log_words(n)}" for b, n in asked.items())
        raise GitError(
            f"git config: {said}: git merge on one would write another merge message than on the other",
            "make them agree, or drop --log/--no-log from one (`git config --unset branch.NAME.mergeOptions`)",
        )
    return next(iter(asked.values()), configured)


def _options_log(key: str, value: str | None) -> int | None:
    """The log length the last log word of a mergeOptions value asks for (-1: merge.log's), None without one."""
    if value is None:
        return None
    try:
        words = shlex.split(value)
    except ValueError:
        return None  # _refuse_merge_options names the open quote
    limit: int | None = None
    for word in words:
        match = _LOG_WORD.match(word)
        if match is None:
            continue
        number = match[1]
        if word == "--no-log" or number is None:
            limit = 0 if word == "--no-log" else _DEFAULT_LOG
        elif re.fullmatch(r"[+-]?[0-9]+", number.strip()):
            limit = max(int(number), -1)
        else:  # git merge: "option `log' expects a numerical value"
            raise GitError(
                f"git config sets {key}={quoted(value)}: {quoted(word)} is no number of commits, and git merge "
                "dies on it",
                f"write --log=N, --log or --no-log (`git config {shell_word(key)} '--log=20'`), or unset it",
            )
    return limit


def _log_words(limit: int) -> str:
    return "no log" if limit == 0 else f"a log of {limit} commit(s)"


# the options of ``git merge`` that leave the merge commit's tree and parents as the release merge makes them
# (it is never a fast-forward, never squashed, always committed; what git prints is not the merge)
_SAME_MERGE = frozenset(
    {
        "--no-ff", "--ff", "--commit", "--no-squash", "--no-edit", "--edit", "-e", "--stat", "-n", "--no-stat",
        "--summary", "--no-summary", "--progress", "--no-progress", "-q", "--quiet", "-v", "--verbose",
        "--autostash", "--no-autostash", "--rerere-autoupdate", "--no-rerere-autoupdate", "--verify",
        "--no-verify-signatures", "--no-log", "--no-signoff", "--overwrite-ignore",
    }
)  # fmt: skip
_WITH_VALUE = frozenset({"-X", "-s", "-m", "-F", "-S", "--strategy", "--strategy-option", "--file", "--message"})


def _refuse_merge_options(branch: str, value: str | None, tag: str) -> None:
    """GitError naming the first of a branch's ``mergeOptions`` that would make `git merge` on it differ from
    the release merge (git splits the value like a shell: quotes group, a backslash escapes)."""
    if value is None or not value.strip():
        return
    key = f"branch.{branch}.mergeOptions"
    hint = (
        f"drop it (`git config --unset {shell_word(key)}`): the release merge takes no options; keep only those "
        "that leave the merge as it is (--no-ff, --no-edit, --stat, --progress) if you want them for git merge"
    )
    try:
        words = shlex.split(value)
    except ValueError:
        raise GitError(
            f"git config sets {key} to {quoted(value)}, which git cannot split (an open quote)", hint
        ) from None
    for i, word in enumerate(words):
        if word in _SAME_MERGE or _LOG_WORD.match(word):  # the log: the message honours it (log_limit)
            continue
        shown = f"{word} {words[i + 1]}" if word in _WITH_VALUE and i + 1 < len(words) else word
        raise GitError(
            f"git config sets {key}={quoted(value)}: git merge on {branch} would merge {tag} with {shown}, which "
            "the worktree-less merge does not do; nothing was merged",
            hint,
        )


# -- cherry-picks ----------------------------------------------------------------------------
def pick_draft(git: Git, item: str, sha: str, tree: str, parent: str) -> Draft:
    """What `git cherry-pick -x` would commit: the original message and author, and where it came from."""
    raw = git.commit_object(sha).decode("utf-8", "surrogateescape")
    header, _, message = raw.partition("\n\n")
    return Draft(item, "commit", tree, (parent,), with_provenance(message, sha), _author(header))


def with_provenance(message: str, sha: str) -> str:
    """Append ``(cherry picked from commit SHA)`` as `git cherry-pick -x` does: in the trailer block
    when the message ends with one, else as a paragraph of its own."""
    body = message.rstrip("\n") + "\n"
    paragraphs = body.strip("\n").split("\n\n")
    last = [line for line in paragraphs[-1].splitlines() if line.strip()]
    in_trailers = (
        len(paragraphs) > 1
        and bool(last)
        and all(_TRAILER.match(line) or line.startswith("(cherry picked from commit ") for line in last)
    )
    return body + ("" if in_trailers else "\n") + f"(cherry picked from commit {sha})\n"


def _author(header: str) -> dict[str, str]:
    line = next((h for h in header.splitlines() if h.startswith("author ")), "")
    match = re.match(r"author (.*) <(.*)> (\d+ [+-]\d{4})$", line)
    if match is None:
        return {}
    return {"GIT_AUTHOR_NAME": match[1], "GIT_AUTHOR_EMAIL": match[2], "GIT_AUTHOR_DATE": match[3]}
