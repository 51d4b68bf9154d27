"""A key looked up on the very registry whose registration upstream removed (drift/registry_lookups.py).

Shaped like vLLM #44126 (f8e9c56d15): ``@VIDEO_LOADER_REGISTRY.register("glm4_6v")`` became
``@VIDEO_LOADER_REGISTRY.register(\\n    "glmga",\\n    video_processor=...,\\n)``, and a fork's
``VIDEO_LOADER_REGISTRY.load("glm4_6v")`` finds no entry (``ExtensionManager.load`` asserts).  A def named
``load`` elsewhere that looks a method up by name made the string read as a method's name, and the lookup
stayed quiet; without one it was a warning (a value passed).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift.names import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

REGISTRY = "vllm/utils/registry.py"
REGISTRY_TEXT = """class ExtensionManager:
    def __init__(self):
        self.name2class = {}

    def register(self, name, **kwargs):
        def wrap(cls):
            self.name2class[name] = cls
            return cls

        return wrap

    def load(self, cls_name, *args, **kwargs):
        cls = self.name2class.get(cls_name)
        assert cls is not None, f"Extension class {cls_name} not found"
        return cls(*args, **kwargs)
"""
# a def of the lookup's bare name that calls a method by the name it is handed (a dispatcher)
RUNNER = "vllm/worker/runner.py"
RUNNER_TEXT = "def load(worker, method):\n    return getattr(worker, method)()\n"
VIDEO = "vllm/mm/video.py"
VIDEO_BASE = """from vllm.utils.registry import ExtensionManager

LOADERS = ExtensionManager()


@LOADERS.register("opencv")
class OpenCVBackend:
    pass


@LOADERS.register("glm4_6v")
class GLMBackend:
    pass
"""
WRAPPED = VIDEO_BASE.replace(
    '@LOADERS.register("glm4_6v")\nclass GLMBackend:',
    '@LOADERS.register(\n    "glmga",\n    video_processor="GlmgaVideoProcessor",\n)\nclass GLMGABackend:',
)
ONE_LINE = VIDEO_BASE.replace('"glm4_6v"', '"glmga"')
FORK = "vllm/aeon/loaders.py"
HEAD = "from vllm.mm.video import LOADERS\n\n\n"
SUBJECT = "[Multimodal] Automatically select registered video loader for VLM (#44126)"


def audited(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, dispatcher: bool = True) -> AuditReport:
    base = {REGISTRY: REGISTRY_TEXT, VIDEO: VIDEO_BASE, **({RUNNER: RUNNER_TEXT} if dispatcher else {})}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, {VIDEO: upstream})])
    return git_repo.audit(no_rules, merge=sides)


def errors(report: AuditReport) -> list[tuple[str, int, str]]:
    return [
        (f.path, f.line, f.message)
        for f in report.findings
        if (f.rule_id == RULE or RULE in f.also) and f.severity.value == "error"
    ]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("fork", "upstream", "dispatcher"),
    [
        (HEAD + 'def aeon_glm():\n    return LOADERS.load("glm4_6v")\n', WRAPPED, True),
        (HEAD + 'def aeon_glm():\n    return LOADERS.load("glm4_6v")\n', WRAPPED, False),
        (HEAD + 'def aeon_glm():\n    return LOADERS.load("glm4_6v")\n', ONE_LINE, True),
        (
            "from vllm.mm import video\n\n\ndef aeon_glm(fps: int):\n"
            '    return video.LOADERS.load("glm4_6v", fps=fps)\n',
            WRAPPED,
            True,
        ),
        (HEAD + 'def aeon_glm():\n    return LOADERS.load(cls_name="glm4_6v")\n', WRAPPED, True),
    ],
    ids=[
        "wrapped decorator, a dispatcher of the name",
        "no dispatcher",
        "renamed on one line",
        "module attribute",
        "by keyword",
    ],
)
def test_a_lookup_of_a_key_the_registry_lost(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, dispatcher: bool
) -> None:
    [(path, line, message)] = errors(audited(git_repo, no_rules, fork, upstream, dispatcher))
    assert (path, line) == (FORK, line_of(fork, '"glm4_6v"'))
    assert "key 'glm4_6v'" in message and "finds no entry" in message and "#44126" in message


@pytest.mark.parametrize(
    "fork",
    [
        # a key the registry keeps
        HEAD + 'def aeon_default():\n    return LOADERS.load("opencv")\n',
        # the fork registers the key itself
        HEAD + '@LOADERS.register("glm4_6v")\nclass AeonGLM:\n    pass\n\n\n'
        'def aeon_glm():\n    return LOADERS.load("glm4_6v")\n',
        # the miss handled
        HEAD + 'def aeon_glm():\n    try:\n        return LOADERS.load("glm4_6v")\n'
        "    except AssertionError:\n        return None\n",
        # another registry of the fork's own, of the same key
        "from vllm.utils.registry import ExtensionManager\n\nAEON = ExtensionManager()\n\n\n"
        'def aeon_glm():\n    return AEON.load("glm4_6v")\n',
        # a constant the fork binds again: it picks the key at runtime
        HEAD + 'AEON_LOADER = "glm4_6v"\n\n\ndef aeon_glm(new: bool):\n    global AEON_LOADER\n'
        '    if new:\n        AEON_LOADER = "glmga"\n    return LOADERS.load(AEON_LOADER)\n',
    ],
    ids=["kept key", "the fork's own registration", "except AssertionError", "another registry", "rebound constant"],
)
def test_a_lookup_the_registry_still_answers_has_no_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert errors(audited(git_repo, no_rules, fork, WRAPPED)) == []


# mend48: the key handed through a module constant, the fork's own module's or imported from another fork module
KEYS = "vllm/aeon/keys.py"


def audited_two(git_repo: GitRepo, no_rules: Path, keys: str, fork: str) -> AuditReport:
    base = {REGISTRY: REGISTRY_TEXT, VIDEO: VIDEO_BASE, RUNNER: RUNNER_TEXT}
    sides = s.merge_case(git_repo, base, {KEYS: keys, FORK: fork}, [(SUBJECT, {VIDEO: WRAPPED})])
    return git_repo.audit(no_rules, merge=sides)


@pytest.mark.parametrize(
    "fork",
    [
        HEAD + 'AEON_LOADER = "glm4_6v"\n\n\ndef aeon_glm():\n    return LOADERS.load(AEON_LOADER)\n',
        HEAD + 'AEON_LOADER: str = "glm4_6v"  # the fleet pins it\n\n\ndef aeon_glm():\n'
        "    return LOADERS.load(cls_name=AEON_LOADER)\n",
    ],
    ids=["a constant", "an annotated constant by keyword"],
)
def test_a_key_handed_through_a_module_constant_is_looked_up(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    [(path, line, message)] = errors(audited(git_repo, no_rules, fork, WRAPPED))
    assert (path, line) == (FORK, line_of(fork, "LOADERS.load("))
    assert "key 'glm4_6v'" in message and "finds no entry" in message and "AEON_LOADER" in message


def test_a_key_handed_through_a_constant_imported_from_a_fork_module_is_looked_up(
    git_repo: GitRepo, no_rules: Path
) -> None:
    fork = HEAD.replace("\n\n\n", "\n") + "from vllm.aeon.keys import AEON_LOADER\n\n\n"
    fork += "def aeon_glm():\n    return LOADERS.load(AEON_LOADER)\n"
    found = errors(audited_two(git_repo, no_rules, 'AEON_LOADER = "glm4_6v"\n', fork))
    assert [(p, line) for p, line, _ in found] == [(FORK, line_of(fork, "LOADERS.load("))]


@pytest.mark.parametrize(
    "fork",
    [
        # the constant rebound, or shadowed by a parameter of the name
        HEAD
        + 'AEON_LOADER = "glm4_6v"\nAEON_LOADER = "glmga"\n\n\ndef aeon_glm():\n    return LOADERS.load(AEON_LOADER)\n',
        HEAD + 'AEON_LOADER = "glm4_6v"\n\n\ndef aeon_glm(AEON_LOADER):\n    return LOADERS.load(AEON_LOADER)\n',
        # a constant of a key the registry keeps, or handed to a call that is no lookup of the registry
        HEAD + 'AEON_LOADER = "opencv"\n\n\ndef aeon_glm():\n    return LOADERS.load(AEON_LOADER)\n',
        HEAD + 'AEON_LOADER = "glm4_6v"\n\n\ndef aeon_glm(log):\n    return log.info(AEON_LOADER)\n',
        # the fork registers the key itself, through the constant
        HEAD + 'AEON_LOADER = "glm4_6v"\nLOADERS.name2class[AEON_LOADER] = object\n'
        "\n\ndef aeon_glm():\n    return LOADERS.load(AEON_LOADER)\n",
        HEAD + 'AEON_LOADER = "glm4_6v"\n\n\n@LOADERS.register(AEON_LOADER)\nclass AeonGLM:\n    pass\n\n\n'
        "def aeon_glm():\n    return LOADERS.load(AEON_LOADER)\n",
        # the lookup under a membership test of the constant
        HEAD + 'AEON_LOADER = "glm4_6v"\n\n\ndef aeon_glm():\n    if AEON_LOADER in LOADERS.name2class:\n'
        "        return LOADERS.load(AEON_LOADER)\n    return None\n",
    ],
    ids=[
        "rebound",
        "a parameter of the name",
        "a kept key",
        "no lookup",
        "a store of the constant",
        "a registration of the constant",
        "a membership test of the constant",
    ],
)
def test_a_constant_that_holds_no_removed_key_at_the_lookup_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    assert [e for e in errors(audited(git_repo, no_rules, fork, WRAPPED)) if e[0] == FORK] == []
