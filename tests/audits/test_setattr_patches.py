"""Symbol drift: a fork's monkeypatch spelt ``setattr(owner, "name", value)`` with a literal name.

``setattr(mod, "fused_recurrent_gated_delta_rule", kernel)`` is the store ``mod.fused_recurrent_gated_delta_rule
= kernel`` (killers222, #35777: ``qwen3_next`` no longer imports nor calls the kernel, so the fork's patch, on
a module bound by ``importlib.import_module``, installs a name nothing reads).  Each store below is judged as its
``owner.name = value`` spelling is: found on a module imported as a name, one from its package, one bound by
``import_module``, a class and an annotated object.  A module's function patched with a function of the
file (``setattr(fp8_utils, "f", aeon_f)``) is drift/knobs.py's (test_dead_knobs): one finding a line.  Quiet: a name upstream kept, a name built at run time,
a store under ``if not hasattr(owner, "name"):`` (the fork fills a gap).  Quiet too (review128): a store the fork
guards by a presence test of the same name -- ``if hasattr(m, "f"):``, ``getattr(m, "f", None) is not None``,
``"f" in dir(m)``, after ``if not hasattr(m, "f"): return`` or after ``try: m.f`` / ``except AttributeError:
return`` -- patches only where the owner still has it, as the read it guards would.  Still found: a ``setattr``
in a ``try`` catching AttributeError with no read of the name before it (setattr raises nothing there), a
presence test of another name, a handler that does not leave.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "vllm/v1/worker/gpu_worker.py"
LIB_BASE = """from dataclasses import dataclass


@dataclass
class WorkerConfig:
    gpu_memory_utilization: float = 0.9


class Worker:
    def init_device(self) -> int:
        return 0


def compile_or_warm_up_model(n: int) -> int:
    return n


def profile(n: int) -> int:
    return n
"""
RENAMED = (
    LIB_BASE.replace("def init_device(", "def initialize_device(")
    .replace("def compile_or_warm_up_model(", "def warm_up_model(")
    .replace("gpu_memory_utilization:", "memory_fraction:")
)
FORK = "vllm/v1/worker/aeon_patches.py"
SUBJECT = "[Worker] Rename the warm-up entry points (#53100)"
WARM = "def aeon_warm_up(n: int) -> int:\n    return n + 1\n\n\n"
PATCHES = {
    "module, imported as a name": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n"
        "def aeon_install(kernel) -> None:\n"
        '    setattr(gpu_worker, "compile_or_warm_up_model", kernel)  # AEON: GB10 warm-up\n',
        "sets gpu_worker.compile_or_warm_up_model, which upstream renamed compile_or_warm_up_model to warm_up_model",
    ),
    "module, imported from its package": (
        "import functools\n\nfrom vllm.v1.worker import gpu_worker\n\n\n" + WARM + "def aeon_install() -> None:\n"
        '    setattr(gpu_worker, "compile_or_warm_up_model", functools.partial(aeon_warm_up))  # AEON: GB10\n',
        "sets gpu_worker.compile_or_warm_up_model, which upstream renamed",
    ),
    "module bound by import_module": (
        "import importlib\n\n\n" + WARM + "def aeon_install() -> None:\n"
        '    mod = importlib.import_module("vllm.v1.worker.gpu_worker")\n'
        '    setattr(mod, "compile_or_warm_up_model", aeon_warm_up)  # AEON: GB10 warm-up\n',
        "sets mod.compile_or_warm_up_model, which upstream renamed",
    ),
    "class": (
        "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
        "def aeon_init_device(self) -> int:\n    return 1\n\n\n"
        'setattr(Worker, "init_device", aeon_init_device)  # AEON: GB10 device\n',
        "sets Worker.init_device, which upstream renamed Worker.init_device to Worker.initialize_device",
    ),
    "field of an annotated object": (
        "from vllm.v1.worker.gpu_worker import WorkerConfig\n\n\n"
        "def aeon_config(config: WorkerConfig) -> None:\n"
        '    setattr(config, "gpu_memory_utilization", 0.8)  # AEON: unified memory\n',
        "sets config.gpu_memory_utilization",
    ),
    "in a try with no read before it": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + "def aeon_install(kernel) -> None:\n"
        "    try:\n"
        '        setattr(gpu_worker, "compile_or_warm_up_model", kernel)\n'
        "    except AttributeError:\n"
        "        pass\n",
        "sets gpu_worker.compile_or_warm_up_model, which upstream renamed",
    ),
    "under a presence test of another name": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + "def aeon_install(kernel) -> None:\n"
        '    if hasattr(gpu_worker, "profile"):\n'
        '        setattr(gpu_worker, "compile_or_warm_up_model", kernel)\n',
        "sets gpu_worker.compile_or_warm_up_model, which upstream renamed",
    ),
    "after a try whose handler does not leave": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + "def aeon_install(kernel) -> None:\n"
        "    try:\n"
        "        gpu_worker.profile  # noqa: B018\n"
        "    except AttributeError:\n"
        "        pass\n"
        '    setattr(gpu_worker, "compile_or_warm_up_model", kernel)\n',
        "sets gpu_worker.compile_or_warm_up_model, which upstream renamed",
    ),
}
QUIET = {
    "a name upstream kept": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + WARM + 'setattr(gpu_worker, "profile", aeon_warm_up)\n'
    ),
    "a name built at run time": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + WARM + "def aeon_install(name: str) -> None:\n"
        "    setattr(gpu_worker, name, aeon_warm_up)\n"
    ),
    "a gap filled": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n"
        + WARM
        + 'if not hasattr(gpu_worker, "compile_or_warm_up_model"):\n'
        '    setattr(gpu_worker, "compile_or_warm_up_model", aeon_warm_up)\n'
    ),
    "under hasattr": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + "def aeon_install(kernel) -> None:\n"
        '    if hasattr(gpu_worker, "compile_or_warm_up_model"):\n'
        '        setattr(gpu_worker, "compile_or_warm_up_model", kernel)\n'
    ),
    "under getattr is not None": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + "def aeon_install(kernel) -> None:\n"
        '    if getattr(gpu_worker, "compile_or_warm_up_model", None) is not None:\n'
        '        setattr(gpu_worker, "compile_or_warm_up_model", kernel)\n'
    ),
    "under a test of dir": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + "def aeon_install(kernel) -> None:\n"
        '    if "compile_or_warm_up_model" in dir(gpu_worker):\n'
        '        setattr(gpu_worker, "compile_or_warm_up_model", kernel)\n'
    ),
    "after an early return": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + "def aeon_install(kernel) -> None:\n"
        '    if not hasattr(gpu_worker, "compile_or_warm_up_model"):\n'
        "        return\n"
        '    setattr(gpu_worker, "compile_or_warm_up_model", kernel)\n'
    ),
    "after a try that reads it and leaves": (
        "import functools\n"
        + "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n"
        + "def aeon_install(kernel) -> None:\n"
        "    try:\n"
        "        original = gpu_worker.compile_or_warm_up_model\n"
        "    except AttributeError:\n"
        "        return\n"
        '    setattr(gpu_worker, "compile_or_warm_up_model", functools.partial(kernel, original))\n'
    ),
    "in a try behind a read": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n" + "def aeon_install(kernel) -> None:\n"
        "    try:\n"
        "        gpu_worker.compile_or_warm_up_model  # noqa: B018\n"
        '        setattr(gpu_worker, "compile_or_warm_up_model", kernel)\n'
        "    except AttributeError:\n"
        "        return\n"
    ),
}


def patched(repo: GitRepo, config: Path, fork: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {LIB: LIB_BASE, "vllm/v1/worker/__init__.py": ""}, {FORK: fork}, [(SUBJECT, {LIB: RENAMED})]
    )
    report = repo.audit(config, merge=sides)
    return [
        (f.line, f.message)
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"
    ]


@pytest.mark.parametrize("case", sorted(PATCHES))
def test_a_setattr_of_a_renamed_name_is_the_store(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    fork, said = PATCHES[case]
    line = next(n for n, text in enumerate(fork.splitlines(), 1) if "setattr(" in text)
    found = patched(git_repo, no_rules, fork)
    assert [n for n, _ in found] == [line] and said in found[0][1], found


@pytest.mark.parametrize("case", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    assert patched(git_repo, no_rules, QUIET[case]) == []
