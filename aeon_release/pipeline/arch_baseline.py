"""The kernel groups a fork's image compiles today, read for ``init``'s ``arch-coverage`` rule.

The Dockerfile says what the image is built for (``TORCH_CUDA_ARCH_LIST`` and the CUDA version, from
an ``ARG``/``ENV`` default or the ``nvidia/cuda:X.Y`` base image); the top-level ``CMakeLists.txt``
and the ``.cmake`` files it includes say which variables ending in ``_ARCHS`` hold an arch for that
(the pure part of the CMake, run as the rule runs it).  Those groups are the baseline: after every
merge each must still hold one, or a kernel the image had silently stopped being compiled.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from aeon_release.adapters.git import Git
from aeon_release.domain.audits import cmake

CMAKE_FILE = "CMakeLists.txt"
# `ARG NAME=value`, `ENV NAME=value` or `ENV NAME value`, quoted or not
_INSTRUCTION = re.compile(r"^[ \t]*(ARG|ENV)[ \t]+(.*)$", re.M | re.I)  # instructions are case-blind
_FROM = re.compile(r"^[ \t]*FROM[ \t]+(\S+)", re.M | re.I)
_CUDA_IMAGE = re.compile(r"(?:^|/)nvidia/cuda:([0-9]{1,3}\.[0-9]{1,3})", re.I)
_CUDA_VERSION = re.compile(r"([0-9]{1,3}\.[0-9]{1,3})(?:\.[0-9]+)*")
_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)")
# a condition that picks the CUDA branch: `if(GPU_LANG STREQUAL "CUDA")`
_PICKS_CUDA = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s+STREQUAL\s+\"?(CUDA|cuda)\"?(?=[\s)]|$)")


@dataclass(frozen=True)
class KernelBaseline:
    dockerfile: str
    arch_list: str
    cuda_version: str
    define: dict[str, str]
    groups: tuple[str, ...]


def read(git: Git, head: str, dockerfile: str | None) -> tuple[KernelBaseline | None, str | None]:
    """The baseline, or None with why not (None too when the fork builds no CUDA kernels with CMake)."""
    docker = git.blob_text(head, dockerfile) if dockerfile else None
    settings = _settings(docker or "")
    main = git.blob_text(head, CMAKE_FILE)
    if docker is None or "TORCH_CUDA_ARCH_LIST" not in settings or main is None:
        return None, None
    arch_list = settings["TORCH_CUDA_ARCH_LIST"].strip()
    try:
        cmake.gencode_flags(arch_list)
    except ValueError as exc:
        return None, f"{dockerfile}: TORCH_CUDA_ARCH_LIST: {exc}"
    cuda = _cuda_version(docker, settings)
    if cuda is None:
        return None, f"{dockerfile} names no CUDA version (ARG CUDA_VERSION=X.Y, or FROM nvidia/cuda:X.Y-...)"
    try:
        cmds = cmake.commands(main)
        define = {m[1]: m[2] for c in cmds if c.name in ("if", "elseif") for m in _PICKS_CUDA.finditer(c.args)}
        run = cmake.evaluate(
            CMAKE_FILE, cmds, [], arch_list, cuda, define, ["*_ARCHS"], read=lambda p: git.blob_text(head, p)
        )
    except cmake.CMakeSyntaxError as exc:
        return None, f"{CMAKE_FILE} or a file it includes, line {exc.line}: {exc.what}"
    if run.problem is not None:
        return None, run.problem
    # a kernel group is what a function computes (an intersection), not a list the file writes out
    computed = [n for n, places in run.assigned.items() if any(run.setters.get(p) not in cmake.PURE for p in places)]
    groups = tuple(sorted(name for name in computed if run.holding(name)))
    if not groups:
        return None, f"no variable of {CMAKE_FILE} ending in _ARCHS holds an arch of {arch_list} with CUDA {cuda}"
    return KernelBaseline(dockerfile or "", arch_list, cuda, define, groups), None


def _settings(docker: str) -> dict[str, str]:
    """The Dockerfile's ARG and ENV defaults (the first of each name), with ``${NAME}`` of earlier ones
    resolved (``ENV TORCH_CUDA_ARCH_LIST=${torch_cuda_arch_list}``): ``ARG N=v``, ``ENV N=v M="w x"``,
    the legacy ``ENV N v``, lines continued with a backslash."""
    found: dict[str, str] = {}
    for _, rest in _INSTRUCTION.findall(re.sub(r"\\[ \t]*\r?\n", " ", docker)):
        for name, value in _assignments(rest):
            if name not in found:
                found[name] = _REFERENCE.sub(lambda m: found.get(m[1] or m[2], m[0]), value)
    return found


def _assignments(rest: str) -> list[tuple[str, str]]:
    first = rest.split(None, 1)[0] if rest.strip() else ""
    if "=" not in first:  # `ENV NAME value` (an `ARG NAME` without a default has no value)
        name, _, value = rest.strip().partition(" ")
        return [(name, value.strip().strip("\"'"))] if cmake.NAME.fullmatch(name) and value.strip() else []
    try:
        words = shlex.split(rest, comments=True)
    except ValueError:  # an unclosed quote: Docker refuses the file
        return []
    pairs = [word.partition("=") for word in words]
    return [(name, value) for name, _, value in pairs if cmake.NAME.fullmatch(name)]


def _cuda_version(docker: str, settings: dict[str, str]) -> str | None:
    """``CUDA_VERSION``'s major.minor, else that of the first ``nvidia/cuda:X.Y`` base image."""
    version = _CUDA_VERSION.fullmatch(settings.get("CUDA_VERSION", "").strip())
    if version is not None:
        return version[1]
    for image in _FROM.findall(docker):
        cuda = _CUDA_IMAGE.search(_REFERENCE.sub(lambda m: settings.get(m[1] or m[2], m[0]), image))
        if cuda is not None:
            return cuda[1]
    return None
