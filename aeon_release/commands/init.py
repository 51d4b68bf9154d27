"""`aeon-release init`: the first fleet.yaml, ledger and rules of a fork, read from its history.

Everything written is checked the way every command reads it (the schemas, the rule loader) before
the first file is written; an existing file is never replaced without ``--force``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aeon_release import grammar
from aeon_release.adapters import files, yamlio
from aeon_release.adapters.console import emit, emit_json, plain, say, show
from aeon_release.adapters.git import Git
from aeon_release.domain import ledger, profile
from aeon_release.domain.audits.config import AUDITS_DIR, build_rules
from aeon_release.domain.canary import CANARY_FILE
from aeon_release.domain.loadbearing import LIST_FILE
from aeon_release.domain.release_record import RELEASES_FILE
from aeon_release.errors import AeonError, ConfigError, UsageError, printable, quoted, shell_word, stop_leaves
from aeon_release.pipeline import arch_baseline
from aeon_release.pipeline.adopt import OWN_NUMBERING, CarryGuess, Fork, config_folder, image_from_remote, read_fork
from aeon_release.pipeline.arch_baseline import ArchGuess, DeviceGuess, KernelBaseline

TREE_RULES = "tree.yaml"
CARRY_RULES = "carries.yaml"
BUILD_RULES = "build.yaml"
# what `init --dry-run` shows for an image repository it cannot guess: a placeholder under a domain that never
# resolves (RFC 2606's .invalid), so a copied file pushes nowhere; the real run asks for --image instead
IMAGE_PLACEHOLDER = "registry.invalid/owner/fork"
DEVICE_RULES = "device.yaml"


def run(
    repo: Path,
    config: Path | None,
    onto: str | None,
    upstream_remote: str | None,
    image: str | None,
    force: bool,
    dry_run: bool,
    json_out: bool,
    dockerfile: str | None = None,
) -> None:
    if image is not None and (not grammar.REPOSITORY.fullmatch(image) or len(image) > grammar.NAME_MAX):
        raise UsageError(
            f"--image {quoted(image)}: not an image repository name",
            f"lowercase path parts after an optional registry host, at most {grammar.NAME_MAX} characters, "
            "e.g. ghcr.io/me/myfork or localhost:5000/me/myfork",
        )
    git = Git(repo)
    folder = config_folder(git, config)
    fork = read_fork(git, onto, upstream_remote, _ledger_paths(git, folder), dockerfile)
    repository = image or _fleet_image(folder) or image_from_remote(git)
    if repository is None and not dry_run:
        raise UsageError(
            "no image repository: the checkout has no GitHub or GitLab remote named origin to take one from",
            "pass --image REGISTRY/OWNER/NAME (e.g. ghcr.io/me/myfork)",
        )
    if repository is None:  # a dry run shows the files; the one value it cannot guess is named a placeholder
        repository = IMAGE_PLACEHOLDER
        say(
            f"init: no image repository (no GitHub or GitLab remote named origin): fleet.yaml shows the placeholder "
            f"{IMAGE_PLACEHOLDER}; the real run needs --image REGISTRY/OWNER/NAME (e.g. ghcr.io/me/myfork)"
        )
    # image.dockerfile is relative to fleet.yaml: named only when the config sits at the checkout's top
    beside = folder.resolve() == git.toplevel.resolve()
    texts = _texts(fork, repository, fork.dockerfile if beside else None)
    if repository == IMAGE_PLACEHOLDER:
        said = f"repository: {IMAGE_PLACEHOLDER}\n"
        texts[profile.PROFILE_FILE] = texts[profile.PROFILE_FILE].replace(
            said, f"{said[:-1]}  # a placeholder: init --image REGISTRY/OWNER/NAME names the real one\n"
        )
    _check(texts, folder)
    if not dry_run:
        _write(texts, folder, force)
    if json_out:
        emit_json(_as_dict(fork, folder, texts, repository, dry_run))
    elif dry_run:
        emit("\n".join(f"# --- {name}\n{text}" for name, text in texts.items()))
    _report(fork, folder, texts, dry_run, json_out, _where(git, folder))


LEDGER_FILES = frozenset(
    {profile.PROFILE_FILE, ledger.CARRIES_FILE, ledger.PICKS_FILE, CANARY_FILE, RELEASES_FILE, LIST_FILE}
)


def _ledger_paths(git: Git, folder: Path) -> Callable[[str], bool]:
    """Which of the checkout's paths are the ledger's, when the config folder is inside the checkout:
    committed on the fork branch, they are aeon-release's files, not a carry."""
    try:
        inside = folder.resolve().relative_to(git.toplevel.resolve()).as_posix()
    except ValueError:
        return lambda path: False
    prefix = "" if inside == "." else inside + "/"
    named = LEDGER_FILES | _load_bearing_list(folder)

    def owned(path: str) -> bool:
        if not path.startswith(prefix):
            return False
        rest = path[len(prefix) :]
        return rest in named or rest.startswith(AUDITS_DIR + "/")

    return owned


def _fleet_image(folder: Path) -> str | None:
    """The image repository an existing fleet.yaml names (``init --force`` over a ledger, after new carries): a
    second init asked for --image again when origin was no GitHub or GitLab remote, a value fleet.yaml held."""
    if not (folder / profile.PROFILE_FILE).is_file():
        return None
    try:
        return profile.load(folder).repository
    except ConfigError:
        return None  # init replaces it; the schema's error is the merge's and audit's to give


def _load_bearing_list(folder: Path) -> frozenset[str]:
    """The load-bearing list an existing fleet.yaml names (``init --force`` over a committed ledger)."""
    if not (folder / profile.PROFILE_FILE).is_file():
        return frozenset()
    try:
        named = profile.load(folder).load_bearing
    except ConfigError:
        return frozenset()  # init replaces it; the schema's error is the merge's and audit's to give
    return frozenset({named.relative_to(folder).as_posix()}) if named is not None else frozenset()


# -- the files -----------------------------------------------------------------------------------
def _texts(fork: Fork, repository: str, image_dockerfile: str | None) -> dict[str, str]:
    """Every file init writes, by its path in the config folder: the profile, the ledger, the rules."""
    return {
        profile.PROFILE_FILE: _yaml(_fleet(fork, repository, image_dockerfile), _fleet_comment(fork)),
        ledger.CARRIES_FILE: _yaml(
            {"carries": [_carry(c) for c in fork.carries]},
            f"The fork's own patches on {fork.branch}, one per commit (written by aeon-release init):\n"
            "merge related ones, name them, add upstream_pr where one is open.",
        ),
        ledger.PICKS_FILE: _yaml(
            {"releases": {}},
            "Upstream commits to pick onto a release, by PR number or commit, e.g.\n"
            "releases:\n  v0.30.0:\n    pick:\n      - {pr: 12345, reason: why}\n    skip:\n"
            "      - {pr: 23456, reason: why not}",
        ),
        **_rule_texts(fork),
    }


def _rule_texts(fork: Fork) -> dict[str, str]:
    """The audits/ files: the tree's hygiene always; the carries', the kernels' and the device's when
    init found what they check."""
    texts = {
        f"{AUDITS_DIR}/{TREE_RULES}": _yaml(
            {
                "rules": [
                    {
                        "id": "tree/conflict-markers",
                        "kind": "conflict-markers",
                        "message": "a conflict marker was left",
                    },
                    {"id": "tree/py-compile", "kind": "py-compile", "message": "a Python file does not compile"},
                ]
            },
            "Every text file is free of conflict markers and every Python file compiles.",
        ),
    }
    if rules := _carry_rules(fork.carries):
        texts[f"{AUDITS_DIR}/{CARRY_RULES}"] = _yaml(
            {"rules": rules},
            "What the carries define must still exist after every merge (aeon-release init).\n"
            "carry: the carry a rule guards; it runs while carries.yaml has that carry active.",
        )
    if fork.kernels is not None:
        k = fork.kernels
        texts[f"{AUDITS_DIR}/{BUILD_RULES}"] = _yaml(
            {"rules": [_kernels_rule(k)]},
            f"The kernel groups {arch_baseline.CMAKE_FILE} compiles today for {k.dockerfile}'s\n"
            f"TORCH_CUDA_ARCH_LIST={k.arch_list} with CUDA {k.cuda_version} (aeon-release init): each must still\n"
            "hold an arch after every merge, or a kernel silently stops being compiled. Drop the groups\n"
            "the image does not need; rename one when upstream renames it.",
        )
    if fork.device is not None:
        texts[f"{AUDITS_DIR}/{DEVICE_RULES}"] = _yaml(
            {"settings": {"device": _device(fork.device)}, "rules": []},
            f"The one device {fork.dockerfile}'s TORCH_CUDA_ARCH_LIST builds for, and the calls the tree asks it\n"
            "with (aeon-release init: has_... at least, is_..._family the major version, is_... exactly,\n"
            "get_... the capability, capability_types the classes it is passed as, capability_numbers the\n"
            "parameters that hold it as major * 10 + minor; check them): after every\n"
            "merge, each capability check upstream changed is evaluated for this device before and after\n"
            "(merge/device-gate).",
        )
    return texts


def _device(d: DeviceGuess) -> dict[str, Any]:
    data: dict[str, Any] = {"capability": f"{d.capability[0]}.{d.capability[1]}"}
    for key in ("at_least", "equals", "family", "getters", "capability_types", "capability_numbers"):
        if getattr(d, key):
            data[key] = list(getattr(d, key))
    return data


def _kernels_rule(k: KernelBaseline) -> dict[str, Any]:
    rule: dict[str, Any] = {
        "id": "build/kernels-compiled",
        "kind": "arch-coverage",
        "message": "a kernel group the image compiled no longer compiles for its archs",
        "paths": [arch_baseline.CMAKE_FILE],
    }
    rule |= {"arch_list": k.arch_list, "cuda_version": k.cuda_version, "groups": list(k.groups)}
    if k.define:
        rule["define"] = dict(k.define)
    return rule


def _fleet(fork: Fork, repository: str, dockerfile: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {"branch_prefix": fork.prefix}
    if fork.pr_subject:
        data["upstream"] = {"pr_subject": fork.pr_subject}
    data["image"] = {"repository": repository, **({"dockerfile": dockerfile} if dockerfile else {})}
    if fork.arch is not None:
        data["arch"] = _arch(fork.arch)
    return data


def _fleet_comment(fork: Fork) -> str:
    """What each field written means (the file had a title only: a stranger asked what ``arch`` and
    its ``example`` do); every field: ``aeon-release ledger schema fleet``."""
    lines = [
        "The fleet profile (written by aeon-release init; every field: aeon-release ledger schema fleet).",
        f"branch_prefix: the fork's branches are PREFIX + upstream's tag ({fork.branch}).",
    ]
    if fork.pr_subject:
        lines.append("upstream.pr_subject: where upstream's commit subjects name their PR (group 1), for picks by PR.")
    lines.append(
        "image: where build and publish put the image; build and release also need image.load_bearing, by hand."
    )
    if fork.arch is not None:
        lines += [
            "arch: build refuses a TORCH_CUDA_ARCH_LIST with a target of an fp4_majors major that lacks its",
            "a/f suffix (its FP4 kernels would silently not compile) and, when every target is of only_major,",
            "an ENABLE_NVFP4_SM100 other than 0; example is what the refusal's hint shows; devices, the",
            "one device the list builds for, is one a later list must keep a target for.",
        ]
    return "\n".join(lines)


def _arch(a: ArchGuess) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if a.fp4_majors:
        data["fp4_majors"] = list(a.fp4_majors)
    if a.only_major is not None:
        data["only_major"] = a.only_major
    if a.arch_list:
        data["example"] = f"{a.arch_list} as {a.dockerfile} builds it"
    if a.devices:
        data["devices"] = list(a.devices)
    return data


def _carry(c: CarryGuess) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": c.id, "title": c.title}
    if c.upstream_pr is not None:
        entry["upstream_pr"] = c.upstream_pr
    entry["status"] = "active"
    entry["commits"] = [c.commit.sha]
    entry["markers"] = [{"path": m.path, "text": m.text} for m in c.markers]
    return entry


def _carry_rules(carries: list[CarryGuess]) -> list[dict[str, Any]]:
    return [
        {
            "id": f"carry/{c.id}-{index}" if len(c.symbols) > 1 else f"carry/{c.id}",
            "kind": "required-symbol",
            "message": f"what carry {c.id} defines must still exist",
            "carry": c.id,  # runs while the carry is active: status dropped retires it
            "paths": [path],
            "symbols": list(names),
        }
        for c in carries
        for index, (path, names) in enumerate(sorted(c.symbols.items()), 1)
    ]


def _yaml(data: dict[str, Any], comment: str) -> str:
    head = "".join(f"# {line}".rstrip() + "\n" for line in comment.splitlines())
    return head + yamlio.dump(data, sort_keys=False, width=1000, default_flow_style=False)


def _check(texts: dict[str, str], folder: Path) -> None:
    """Read back what would be written, as every command will read it."""
    from aeon_release.adapters.yamlio import parse_yaml

    parsed = {name: parse_yaml(text, name) for name, text in texts.items()}
    profile.parse(parsed[profile.PROFILE_FILE], folder)
    carries = ledger.parse_carries(parsed[ledger.CARRIES_FILE], ledger.CARRIES_FILE, folder)
    ledger.parse_picks(parsed[ledger.PICKS_FILE], ledger.PICKS_FILE)
    build_rules(
        [(name, data) for name, data in parsed.items() if name.startswith(f"{AUDITS_DIR}/")],
        carries,
        fleet_pr_subject=(parsed[profile.PROFILE_FILE].get("upstream") or {}).get("pr_subject"),
    )


def _write(texts: dict[str, str], folder: Path, force: bool) -> None:
    _refuse_no_folder(folder)
    existing = [name for name in texts if (folder / name).exists() or (folder / name).is_symlink()]
    if existing and not force:
        raise UsageError(
            f"{folder / existing[0]}: already exists ({len(existing)} of the files init writes do)",
            "keep them (aeon-release ledger check), pass --config another folder, or --force to replace them",
        )
    for name in texts:  # before the first write: a folder linked elsewhere took init's files out of the fork
        link = files.linked_below(folder, name)
        if link is not None:
            raise UsageError(
                f"{link}: a symbolic link; init writes {name} into a folder under {folder}, never through a link",
                "replace the link by a folder, or pass --config a folder of its own",
            )
    _write_all_or_none(texts, folder, force)


_TO_MAKE = "does not exist"


def _refuse_no_folder(folder: Path) -> None:
    """A FIFO or a file at --config (or on its way) was "init FOLDER/fleet.yaml: cannot be written: Not a directory
    (hint: pass a writable file path)": it is the folder that is none."""
    if folder.is_dir():
        return
    # a name that does not exist is a folder to make; a link to one that does not was a garbled "a symbolic link
    # to X, which ; init writes..." (absent's words with none of its own)
    why = "not a folder" if folder.exists() else files.absent(folder, _TO_MAKE)
    if why != _TO_MAKE:
        raise UsageError(
            f"--config {printable(str(folder))}: {why}; init writes its files into a folder",
            "pass --config a folder (init makes one that does not exist yet)",
        )


def _write_all_or_none(texts: dict[str, str], folder: Path, force: bool = False) -> None:
    """Every file, or none: a write that fails (a full disk) or a run stopped by Ctrl-C or a signal between two
    files left the first ones behind, and init run again refused them ("already exists ... or --force"), with a
    ledger and no fleet.yaml that every other command refused too.  What this run wrote is taken back (a file it
    replaced with ``--force`` put back as it was), then the run stops with its error."""
    before: dict[str, bytes | None] = {}
    made = not folder.exists()
    for name in texts:
        place = folder / name
        before[name] = place.read_bytes() if place.is_file() and not place.is_symlink() else None
    written: list[str] = []
    stop_leaves(
        f"init stopped before it had written all its files in {folder}, and took back what it had", "run it again"
    )
    try:
        for name, text in texts.items():
            written.append(name)
            try:
                # without --force, only where nothing stands as the file appears: two inits of one folder at once
                # each found it empty, and the second replaced the first's files, both saying "wrote"
                files.write_text(
                    folder / name, text, what="init", named_by_user=True, replaces_input=True, exclusive=not force
                )
            except files.Exists:
                written.pop()  # the other run's file: not this run's to take back
                raise UsageError(
                    f"{folder / name}: made by another process while init wrote its files",
                    "another init (or an editor) wrote into the folder at the same time: see what is there, then "
                    "run init again (--force to replace it)",
                ) from None
    except BaseException:
        _take_back(folder, written, before, made)
        raise
    stop_leaves(None)


def _take_back(folder: Path, written: list[str], before: dict[str, bytes | None], made: bool) -> None:
    for name in reversed(written):
        place, held = folder / name, before[name]
        with contextlib.suppress(OSError, AeonError):
            if held is None:
                place.unlink(missing_ok=True)
            else:
                files.replace_file(place, held, what="init")
    for made_here in (folder / AUDITS_DIR, folder) if made else (folder / AUDITS_DIR,):
        with contextlib.suppress(OSError):
            made_here.rmdir()  # left empty (one holding anything else stays)


# -- what was done ---------------------------------------------------------------------------------
def _as_dict(fork: Fork, folder: Path, texts: dict[str, str], repository: str, dry_run: bool) -> dict[str, Any]:
    return {
        "config": str(folder),
        "dry_run": dry_run,
        "files": list(texts),
        "branch": fork.branch,
        "tag": fork.tag,
        "branch_prefix": fork.prefix,
        "upstream_branch": fork.upstream,
        "pr_subject": fork.pr_subject,
        "image": repository,
        "image_placeholder": repository == IMAGE_PLACEHOLDER,
        "carries": [
            {**_carry(c), "symbols": {path: list(names) for path, names in c.symbols.items()}} for c in fork.carries
        ],
        "skipped": [{"commit": s.commit.sha, "subject": s.commit.subject, "why": s.why} for s in fork.skipped],
        "kernels": _kernels_rule(fork.kernels) if fork.kernels is not None else None,
        "kernels_note": fork.kernels_note,
        "device": _device(fork.device) if fork.device is not None else None,
        "arch": _arch(fork.arch) if fork.arch is not None else None,
        "own_pr_numbers": fork.own_prs,
    }


def _where(git: Git, folder: Path) -> str:
    """The options the next commands need, run from here, to find this checkout and this ledger."""
    args = []
    if Path.cwd().resolve() != git.toplevel.resolve():
        args += ["--repo", str(git.toplevel)]
    try:
        found = ledger.discover_config_dir().resolve() == folder.resolve()
    except ConfigError:
        found = False  # $AEON_RELEASE_CONFIG names no folder: the next command says so, with its hint
    if not found:
        args += ["--config", str(folder)]
    return "".join(f" {plain(shell_word(a))}" for a in args)


def _report(fork: Fork, folder: Path, texts: dict[str, str], dry_run: bool, json_out: bool, args: str = "") -> None:
    verb = "would write" if dry_run else "wrote"
    quiet = json_out or dry_run  # the primary output is the JSON or the files themselves
    line = show if not quiet else lambda text, _=False: say(text)
    line(
        f"init: {verb} {len(texts)} file(s) in {plain(str(folder))} for {plain(fork.branch)} ({fork.tag}): "
        + ", ".join(texts)
    )
    for c in fork.carries:
        where = ", ".join(sorted({m.path for m in c.markers})) or "no marker: no line of its own is left to look for"
        line(f"  carry {plain(c.id)}: {c.commit.sha[:12]} {plain(c.title)} ({plain(where)})")
    for s in fork.skipped:
        say(f"  not a carry: {s.commit.sha[:12]} {plain(s.commit.subject)}: {s.why}")
    if fork.kernels is not None:
        k = fork.kernels
        line(f"  kernels: {len(k.groups)} group(s) compile for {plain(k.arch_list)} with CUDA {plain(k.cuda_version)}")
    elif fork.kernels_note is not None:
        say(f"  no kernel rule: {plain(fork.kernels_note)}")
    if fork.device is not None:
        d = fork.device
        calls = len(d.at_least) + len(d.equals) + len(d.family) + len(d.getters)
        line(f"  device: capability {d.capability[0]}.{d.capability[1]}, {calls} call(s) that ask for it")
    elif fork.device_note is not None:
        say(f"  no device gates: {plain(fork.device_note)}")
    if fork.dockerfile_note is not None:
        say(f"  dockerfile: {plain(fork.dockerfile_note)}")
    if fork.arch is not None:
        a = fork.arch
        held = [f"an a/f suffix on every {' and '.join(f'{m}.x' for m in a.fp4_majors)} target"] if a.fp4_majors else []
        held += [f"ENABLE_NVFP4_SM100=0 for a {a.only_major}.x-only list"] if a.only_major is not None else []
        held += [f"a target for the device {', '.join(a.devices)}"] if a.devices else []
        today = f" ({plain(a.arch_list)} today)" if a.arch_list else ""
        line(f"  arch: build holds TORCH_CUDA_ARCH_LIST to {' and '.join(held)}{today}")
    if fork.own_prs >= OWN_NUMBERING:
        say(
            f"  pull requests: {fork.own_prs} of the branch's subjects name a PR number upstream has for another "
            "change: the fork numbers its own, so no carry got upstream_pr (add upstream's where one is open)"
        )
    # a real fork's list runs to hundreds of lines: the counts, last, where a person looks
    bare = sum(1 for c in fork.carries if not c.markers)
    line(
        f"init: {len(fork.carries)} carr{'y' if len(fork.carries) == 1 else 'ies'}"
        + (f" ({bare} without a marker)" if bare else "")
        + f", {len(fork.skipped)} commit(s) not carries (each listed above with why)"
    )
    if not fork.upstream:
        say("hint: no upstream remote: git remote add upstream <url>, so that picks by PR number resolve")
    if not dry_run:
        say(
            f"next: aeon-release audit{args}, then aeon-release merge <tag>{args} --dry-run"
            f" (branches {plain(fork.prefix)}<tag>)"
        )
