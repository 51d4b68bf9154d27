"""A class upstream swapped under the fork's code: a base rebased on abstract members (#39684), a holder retyped (#27041)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #39684 (2196bac135): ActivationQuantPattern(ABC) with an abstract register() rebased on
#    VllmPatternReplacement, whose pattern / replacement / get_inputs are abstract; register() removed
VIP = "vllm/compilation/vllm_inductor_pass.py"
ACT = "vllm/compilation/act_quant_fusion.py"
FORK = "vllm/aeon/patterns.py"
VIP_TEXT = (
    "from abc import ABC, abstractmethod\nfrom typing import Generic, TypeVar\n\nR = TypeVar('R')\n\n\n"
    "class VllmPatternReplacement(ABC, Generic[R]):\n"
    "    @property\n    @abstractmethod\n    def pattern(self):\n        ...\n\n"
    "    @property\n    @abstractmethod\n    def replacement(self):\n        ...\n\n"
    "    @abstractmethod\n    def get_inputs(self):\n        ...\n"
)
ACT_OLD = (
    "from abc import ABC, abstractmethod\n\n\n"
    "class ActivationQuantPattern(ABC):\n"
    "    def __init__(self, quant_key):\n        self.quant_key = quant_key\n\n"
    "    @abstractmethod\n    def register(self, pm_pass):\n        raise NotImplementedError\n"
)
ACT_NEW = (
    "from vllm.compilation.vllm_inductor_pass import VllmPatternReplacement\n\n\n"
    "class ActivationQuantPattern(VllmPatternReplacement):\n"
    "    def __init__(self, quant_key):\n        self.quant_key = quant_key\n"
)
BASE = {"vllm/compilation/__init__.py": "", VIP: VIP_TEXT, ACT: ACT_OLD}
UPSTREAM = {ACT: ACT_NEW}
HEAD = "from vllm.compilation.act_quant_fusion import ActivationQuantPattern\n\n\n"
OLD_CONTRACT = (
    "class AeonPattern(ActivationQuantPattern):\n"
    "    def get_inputs(self):\n        return []\n\n"
    "    def register(self, pm_pass):\n        pm_pass.append(self)\n"
)
BUILT = "\n\ndef aeon_register(pm_pass, key):\n    AeonPattern(key).register(pm_pass)\n"


def _found(
    repo: GitRepo,
    fork: str,
    upstream: dict[str, str | None] = UPSTREAM,
    says: str = "now requires",
    base: dict[str, str] = BASE,
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, base, {FORK: HEAD + fork}, [("[Compilation] Refactor SiluMul (#39684)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and (says in f.message or "builds AeonPattern" in f.message)
    ]


def test_a_fork_class_the_rebased_base_leaves_abstract(git_repo: GitRepo) -> None:
    found = sorted(_found(git_repo, OLD_CONTRACT + BUILT))
    assert [(line, severity) for line, severity, _ in found] == [(4, "error"), (4, "error"), (13, "error")]
    assert "builds AeonPattern, which lacks pattern, replacement (see its class): TypeError" in found[2][2]
    assert "AeonPattern does not implement pattern(), which VllmPatternReplacement now requires" in found[0][2]
    assert "upstream rebased ActivationQuantPattern on a base declaring it abstract" in found[0][2]
    assert "does not implement replacement()" in found[1][2]


NEW_CONTRACT = OLD_CONTRACT + (
    "\n    @property\n    def pattern(self):\n        return None\n"
    "\n    @property\n    def replacement(self):\n        return None\n"
)
OWN_ABSTRACT = OLD_CONTRACT.replace(
    "    def register(self, pm_pass):", "    @abstractmethod\n    def register(self, pm_pass):"
)


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork's pattern implements the new contract
        (NEW_CONTRACT + BUILT, UPSTREAM),
        # an abstract class of the fork's own: its subclasses implement
        ("from abc import abstractmethod\n\n\n" + OWN_ABSTRACT, UPSTREAM),
        # upstream changed the module but left the base's bases alone
        (OLD_CONTRACT + BUILT, {ACT: ACT_OLD + "\n\nFUSED_OPS = {}\n"}),
    ],
)
def test_a_fork_class_the_rebase_leaves_whole_stays_quiet(
    git_repo: GitRepo, fork: str, upstream: dict[str, str | None]
) -> None:
    assert _found(git_repo, fork, upstream) == []


# -- shaped like #27041 (11ae016bd7): VllmInductorPass.compilation_config, a proxy of the CompilationConfig, made
#    an InductorCompilationConfig (added in the change) holding two of its fields
PASS_OLD = (
    "import weakref\n\n\n"
    "class VllmInductorPass:\n"
    "    def __init__(self, config):\n"
    "        self.compilation_config = weakref.proxy(config.compilation_config)\n"
)
HOLDER = (
    "class InductorCompilationConfig:\n    splitting_ops: list | None = None\n    use_graph_partition: bool = False\n"
)
PASS_NEW = (
    "from dataclasses import dataclass\n\n\n@dataclass\n" + HOLDER + "\n\n"
    "class VllmInductorPass:\n"
    "    def __init__(self, config):\n"
    "        self.compilation_config = InductorCompilationConfig(config.compilation_config.splitting_ops)\n"
)
PASS_HEAD = "from vllm.compilation.vllm_inductor_pass import VllmInductorPass\n\n\n"


def _pass_fork(body: str) -> dict[str, str]:
    return {FORK: PASS_HEAD + "class AeonPass(VllmInductorPass):\n    def __call__(self, graph):\n" + body}


def _holder(
    repo: GitRepo, fork: dict[str, str], upstream: str = PASS_NEW, base: str = PASS_OLD
) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {"vllm/compilation/__init__.py": "", VIP: base},
        fork,
        [("[torch.compile] Passing only necessary compilation config (#27041)", {VIP: upstream})],
    )
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "upstream now makes" in f.message
    ]


def test_a_read_the_retyped_holder_lacks(git_repo: GitRepo) -> None:
    body = "        return '+aeon_quant' in self.compilation_config.custom_ops\n"
    assert _holder(git_repo, _pass_fork(body)) == [(6, "error")]


def test_a_holder_whose_class_upstream_already_had_is_a_warning(git_repo: GitRepo) -> None:
    body = "        return '+aeon_quant' in self.compilation_config.custom_ops\n"
    had = (
        "from dataclasses import dataclass\n\n\n@dataclass\n"
        + HOLDER
        + "\n\n"
        + PASS_OLD.replace("import weakref\n\n\n", "import weakref\n")
    )
    assert _holder(git_repo, _pass_fork(body), base=had) == [(6, "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # a field the new holder keeps
        "        return not self.compilation_config.splitting_ops\n",
        # the fork's module sets the member on the holder itself
        "        self.compilation_config.custom_ops = []\n        return self.compilation_config.custom_ops\n",
    ],
)
def test_a_read_the_retyped_holder_serves_stays_quiet(git_repo: GitRepo, body: str) -> None:
    assert _holder(git_repo, _pass_fork(body)) == []


def test_a_holder_the_fork_binds_itself_stays_quiet(git_repo: GitRepo) -> None:
    fork = {
        FORK: PASS_HEAD + "class AeonPass(VllmInductorPass):\n"
        "    def __init__(self, config):\n"
        "        super().__init__(config)\n"
        "        self.compilation_config = config.compilation_config\n\n"
        "    def __call__(self, graph):\n"
        "        return self.compilation_config.custom_ops\n"
    }
    assert _holder(git_repo, fork) == []


def test_a_rebase_on_abstract_members_without_an_abc_stays_quiet(git_repo: GitRepo) -> None:
    # @abstractmethod without ABC (or ABCMeta) anywhere in the order: Python builds the class all the same
    plain = {**BASE, VIP: VIP_TEXT.replace("from abc import ABC, abstractmethod", "from abc import abstractmethod")}
    plain[VIP] = plain[VIP].replace("(ABC, Generic[R])", "(Generic[R])")
    assert _found(git_repo, OLD_CONTRACT + BUILT, base=plain) == []


# -- killers98's review: reads of the retyped holder the fork guards or fills, and an upstream holder filled by
#    computed names (each an error before)
HELD = "self.compilation_config"


@pytest.mark.parametrize(
    "body",
    [
        f"        if hasattr({HELD}, 'custom_ops'):\n            return {HELD}.custom_ops\n        return []\n",
        f"        try:\n            return {HELD}.custom_ops\n        except AttributeError:\n            return []\n",
        "        from vllm.config import CompilationConfig\n"
        f"        if isinstance({HELD}, CompilationConfig):\n            return {HELD}.custom_ops\n        return []\n",
        f"        setattr({HELD}, 'custom_ops', [])\n        return {HELD}.custom_ops\n",
    ],
    ids=["hasattr", "try_except", "isinstance", "setattr"],
)
def test_a_guarded_or_filled_read_of_the_retyped_holder_is_no_error(git_repo: GitRepo, body: str) -> None:
    assert [f for f in _holder(git_repo, _pass_fork(body)) if f[1] == "error"] == []


def test_an_isinstance_of_the_new_holder_still_errs(git_repo: GitRepo) -> None:
    body = (
        "        from vllm.compilation.vllm_inductor_pass import InductorCompilationConfig\n"
        f"        if isinstance({HELD}, InductorCompilationConfig):\n            return {HELD}.custom_ops\n"
    )
    assert _holder(git_repo, _pass_fork(body)) == [(8, "error")]


def test_a_fork_shim_storing_the_member_on_the_new_class_is_no_error(git_repo: GitRepo) -> None:
    shim = (
        "from vllm.compilation.vllm_inductor_pass import InductorCompilationConfig\n\n"
        "InductorCompilationConfig.custom_ops = []\n"
    )
    fork = {**_pass_fork(f"        return {HELD}.custom_ops\n"), "vllm/aeon/shims.py": shim}
    assert _holder(git_repo, fork) == []


@pytest.mark.parametrize(
    "filled",
    [
        "    def __init__(self, **kw):\n        for k, v in kw.items():\n            setattr(self, k, v)\n",
        "    def __init__(self, **kw):\n        self.__dict__.update(kw)\n",
    ],
    ids=["setattr_loop", "dict_update"],
)
def test_a_new_holder_filled_by_computed_names_is_no_error(git_repo: GitRepo, filled: str) -> None:
    upstream = PASS_NEW.replace(
        "    use_graph_partition: bool = False\n", "    use_graph_partition: bool = False\n\n" + filled
    )
    assert _holder(git_repo, _pass_fork(f"        return {HELD}.custom_ops\n"), upstream=upstream) == []


# -- killers98's review: a fork base built only through subclasses that implement the new members, a call of
#    another thing of the class's name, a module setting ``__abstractmethods__`` (each an error before)
FILLED_BELOW = (
    OLD_CONTRACT + "\n\nclass AeonSilu(AeonPattern):\n"
    "    @property\n    def pattern(self):\n        return None\n\n"
    "    @property\n    def replacement(self):\n        return None\n\n\n"
    "def aeon_register(pm_pass, key):\n    AeonSilu(key).register(pm_pass)\n"
)


@pytest.mark.parametrize(
    "fork",
    [
        FILLED_BELOW,
        OLD_CONTRACT + "\n\ndef make():\n    def AeonPattern(k):\n        return k\n    return AeonPattern(1)\n",
        OLD_CONTRACT + "\n\nAeonPattern.__abstractmethods__ = frozenset()\n" + BUILT,
    ],
    ids=["intermediate_base", "other_scope_name", "abstractmethods_set"],
)
def test_a_fork_base_never_built_lacking_is_no_error(git_repo: GitRepo, fork: str) -> None:
    assert [f for f in _found(git_repo, fork) if f[1] == "error"] == []


def test_an_intermediate_base_built_itself_still_errs(git_repo: GitRepo) -> None:
    found = _found(git_repo, FILLED_BELOW + BUILT + "\n\ndef make():\n    def AeonPattern(k):\n        return k\n")
    assert sorted((line, severity) for line, severity, _ in found) == [(4, "error"), (4, "error"), (27, "error")]


# -- shaped like #28987 (fcbcba6c70): Worker.profiler, a ``torch.profiler.profile`` (an outside class), made the
#    project's TorchProfilerWrapper (added in the change), which has start/stop but no key_averages; a call of the
#    missing method is the read's drift (each below quiet on the engine before)
PROF = "vllm/profiler/gpu_profiler.py"
WORKER = "vllm/v1/worker/gpu_worker.py"
PROF_OLD = "class CudaProfilerWrapper:\n    def start(self):\n        pass\n\n    def stop(self):\n        pass\n"
PROF_NEW = PROF_OLD + (
    "\n\nclass TorchProfilerWrapper:\n    def __init__(self, worker_name):\n        self.worker_name = worker_name\n\n"
    "    def start(self):\n        pass\n\n    def stop(self):\n        pass\n"
)
WORKER_OLD = (
    "import torch\n\nfrom vllm.profiler.gpu_profiler import CudaProfilerWrapper\n\n\n"
    "class Worker:\n    def __init__(self, trace_dir, cuda):\n"
    "        if trace_dir:\n            self.profiler = torch.profiler.profile(on_trace_ready=trace_dir)\n"
    "        elif cuda:\n            self.profiler = CudaProfilerWrapper()\n"
    "        else:\n            self.profiler = None\n"
)
WORKER_NEW = WORKER_OLD.replace(
    "from vllm.profiler.gpu_profiler import CudaProfilerWrapper",
    "from vllm.profiler.gpu_profiler import CudaProfilerWrapper, TorchProfilerWrapper",
).replace("torch.profiler.profile(on_trace_ready=trace_dir)", "TorchProfilerWrapper(worker_name=trace_dir)")
PROF_FORK = "vllm/aeon/prof.py"
PROF_HEAD = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"


def _profiled(
    repo: GitRepo, body: str, worker_new: str = WORKER_NEW, prof_new: str = PROF_NEW
) -> list[tuple[int, str]]:
    base = {"vllm/__init__.py": "", PROF: PROF_OLD, WORKER: WORKER_OLD}
    sides = s.merge_case(
        repo,
        base,
        {PROF_FORK: PROF_HEAD + body},
        [
            (
                "[Feat] Iteration-level profiling for Torch and CUDA profiler (#28987)",
                {PROF: prof_new, WORKER: worker_new},
            )
        ],
    )
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "upstream now makes" in f.message
    ]


SUBCLASS = "class AeonWorker(Worker):\n    def aeon_table(self):\n"


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (SUBCLASS + "        return self.profiler.key_averages().table()\n", 6),
        ("def aeon_table(worker: Worker):\n    return worker.profiler.key_averages()\n", 5),
    ],
    ids=["subclass_self", "typed_receiver"],
)
def test_a_call_the_retyped_holder_lacks(git_repo: GitRepo, body: str, line: int) -> None:
    assert _profiled(git_repo, body) == [(line, "error")]


@pytest.mark.parametrize(
    "body",
    [
        # a method the new wrapper has
        SUBCLASS + "        self.profiler.start()\n",
        # the fork guards the call
        SUBCLASS
        + "        if hasattr(self.profiler, 'key_averages'):\n            return self.profiler.key_averages()\n",
        SUBCLASS + "        try:\n            return self.profiler.key_averages()\n"
        "        except AttributeError:\n            return None\n",
    ],
    ids=["kept_method", "hasattr", "try_except"],
)
def test_a_call_the_retyped_holder_serves_or_the_fork_guards_is_no_error(git_repo: GitRepo, body: str) -> None:
    assert [f for f in _profiled(git_repo, body) if f[1] == "error"] == []


def test_a_holder_another_branch_builds_with_the_member_stays_quiet(git_repo: GitRepo) -> None:
    # the CUDA branch's wrapper still has key_averages: the call may run on that one
    prof_new = PROF_NEW.replace(
        "class CudaProfilerWrapper:\n", "class CudaProfilerWrapper:\n    def key_averages(self):\n        return []\n\n"
    )
    body = SUBCLASS + "        return self.profiler.key_averages()\n"
    assert _profiled(git_repo, body, prof_new=prof_new) == []


def test_a_holder_another_branch_builds_from_outside_is_a_warning(git_repo: GitRepo) -> None:
    # the CUDA branch now builds an outside class the engine cannot read: the call may run on that one
    worker_new = WORKER_NEW.replace("CudaProfilerWrapper()", "torch.cuda.profiler.Profiler()")
    body = SUBCLASS + "        return self.profiler.key_averages()\n"
    assert _profiled(git_repo, body, worker_new=worker_new) == [(6, "warning")]


# -- #28987 too: a fork's ``isinstance(self.profiler, torch.profiler.profile)`` test, true only on the branch
#    upstream no longer builds: the fork's branch never runs (quiet on the engine before)
def _dead(repo: GitRepo, body: str, worker_new: str = WORKER_NEW, prof_new: str = PROF_NEW) -> list[tuple[int, str]]:
    base = {"vllm/__init__.py": "", PROF: PROF_OLD, WORKER: WORKER_OLD}
    sides = s.merge_case(
        repo,
        base,
        {PROF_FORK: "import torch\n\n" + PROF_HEAD + body},
        [
            (
                "[Feat] Iteration-level profiling for Torch and CUDA profiler (#28987)",
                {PROF: prof_new, WORKER: worker_new},
            )
        ],
    )
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "no longer builds" in f.message
    ]


TESTED = (
    "        if isinstance(self.profiler, torch.profiler.profile):\n            return self.profiler.key_averages()\n"
)


def test_a_test_for_the_class_upstream_no_longer_builds_errs(git_repo: GitRepo) -> None:
    assert _dead(git_repo, SUBCLASS + TESTED) == [(8, "error")]


@pytest.mark.parametrize(
    ("body", "worker_new", "prof_new"),
    [
        # an else handles what upstream builds now
        (SUBCLASS + TESTED + "        else:\n            self.profiler.stop()\n", WORKER_NEW, PROF_NEW),
        # a test for the class upstream builds now
        (SUBCLASS + TESTED.replace("torch.profiler.profile", "CudaProfilerWrapper"), WORKER_NEW, PROF_NEW),
        # another branch of upstream still builds the tested class
        (SUBCLASS + TESTED, WORKER_NEW.replace("CudaProfilerWrapper()", "torch.profiler.profile()"), PROF_NEW),
        # the new class derives from the tested one
        (
            SUBCLASS + TESTED,
            WORKER_NEW,
            "import torch\n\n\n"
            + PROF_NEW.replace("class TorchProfilerWrapper:", "class TorchProfilerWrapper(torch.profiler.profile):"),
        ),
        # the fork's module builds the holder itself
        (
            SUBCLASS + TESTED + "\n    def aeon_reset(self):\n        self.profiler = torch.profiler.profile()\n",
            WORKER_NEW,
            PROF_NEW,
        ),
    ],
    ids=["else_branch", "new_class", "still_built", "derived", "fork_builds"],
)
def test_a_test_the_holder_can_still_pass_stays_quiet(
    git_repo: GitRepo, body: str, worker_new: str, prof_new: str
) -> None:
    if "CudaProfilerWrapper" in body:  # the fork imports the class it tests for
        body = body.replace(SUBCLASS, "from vllm.profiler.gpu_profiler import CudaProfilerWrapper\n\n\n" + SUBCLASS)
    assert _dead(git_repo, body, worker_new=worker_new, prof_new=prof_new) == []


# -- #28987's CPUWorker(Worker) still builds ``self.profiler = torch.profiler.profile(...)``: a receiver typed as
#    the worker may hold one, so its use is a warning; ``self`` in the fork's own subclass of Worker is not one
CPU = "vllm/v1/worker/cpu_worker.py"
CPU_TEXT = (
    "import torch\n\nfrom vllm.v1.worker.gpu_worker import Worker\n\n\n"
    "class CPUWorker(Worker):\n    def __init__(self, trace_dir):\n"
    "        self.profiler = torch.profiler.profile(on_trace_ready=trace_dir)\n"
)


def _with_cpu(repo: GitRepo, body: str, says: str) -> list[tuple[int, str]]:
    base = {"vllm/__init__.py": "", PROF: PROF_OLD, WORKER: WORKER_OLD, CPU: CPU_TEXT}
    sides = s.merge_case(
        repo,
        base,
        {PROF_FORK: "import torch\n\n" + PROF_HEAD + body},
        [
            (
                "[Feat] Iteration-level profiling for Torch and CUDA profiler (#28987)",
                {PROF: PROF_NEW, WORKER: WORKER_NEW},
            )
        ],
    )
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and says in f.message
    ]


TYPED = "def aeon_dump(worker: Worker, path):\n"


@pytest.mark.parametrize(
    ("body", "says", "found"),
    [
        (TYPED + "    return worker.profiler.key_averages()\n", "upstream now makes", [(7, "warning")]),
        (
            TYPED
            + "    if isinstance(worker.profiler, torch.profiler.profile):\n        worker.profiler.export(path)\n",
            "no longer builds",
            [(7, "warning")],
        ),
        (SUBCLASS + "        return self.profiler.key_averages()\n", "upstream now makes", [(8, "error")]),
        (SUBCLASS + TESTED, "no longer builds", [(8, "error")]),
    ],
    ids=["typed_call", "typed_isinstance", "self_call", "self_isinstance"],
)
def test_a_receiver_that_may_hold_a_subclass_still_building_the_old_class_is_a_warning(
    git_repo: GitRepo, body: str, says: str, found: list[tuple[int, str]]
) -> None:
    assert _with_cpu(git_repo, body, says) == found


# -- review23: correct fork spellings of the dead test the first cut erred on, and what stays an error
@pytest.mark.parametrize(
    "body",
    [
        # the branch returns, and the rest of the block handles what upstream builds now
        SUBCLASS + TESTED + "        self.profiler.stop()\n",
        # a sibling test for what upstream builds now
        "from vllm.profiler.gpu_profiler import TorchProfilerWrapper\n\n\n"
        + SUBCLASS
        + "        if isinstance(self.profiler, torch.profiler.profile):\n            self.profiler.export(None)\n"
        + "        if isinstance(self.profiler, TorchProfilerWrapper):\n            self.profiler.stop()\n",
    ],
    ids=["handled_after_return", "sibling_test"],
)
def test_a_dead_test_beside_the_new_handling_is_quiet(git_repo: GitRepo, body: str) -> None:
    assert _dead(git_repo, body) == []


def test_a_dead_test_and_ed_with_the_forks_own_gate_is_a_warning(git_repo: GitRepo) -> None:
    gated = TESTED.replace("if isinstance(", "if _PRE_28987 and isinstance(")
    assert _dead(git_repo, "_PRE_28987 = False\n\n\n" + SUBCLASS + gated) == [(11, "warning")]


def test_a_dead_test_returning_with_nothing_after_it_using_the_holder_errs(git_repo: GitRepo) -> None:
    assert _dead(git_repo, SUBCLASS + TESTED + "        return None\n") == [(8, "error")]


def test_a_dead_test_beside_a_test_for_a_class_both_build_still_errs(git_repo: GitRepo) -> None:
    body = (
        "from vllm.profiler.gpu_profiler import CudaProfilerWrapper\n\n\n"
        + SUBCLASS
        + "        if isinstance(self.profiler, torch.profiler.profile):\n            self.profiler.export(None)\n"
        + "        if isinstance(self.profiler, CudaProfilerWrapper):\n            self.profiler.stop()\n"
    )
    assert _dead(git_repo, body) == [(11, "error")]
