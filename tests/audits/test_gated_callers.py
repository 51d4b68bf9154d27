"""Gated callers (drift/gated_callers.py): a fork call of a function in which upstream added a raise the device meets.

Shaped like #43669 (fe32e7830b): ``FlashInferMetadataBuilder.__init__`` gained, under ``if self.is_kvcache_nvfp4:``,
``if not current_platform.is_device_capability_family(100): raise ValueError(...)``; a fork builder subclass's
``super().__init__(...)`` on a 12.1 device now raises whenever the cache is NVFP4.
"""

from __future__ import annotations

from aeon_release.domain.audits.merge_rules import DEVICE_GATE
from aeon_release.domain.audits.model import DeviceGates, Finding, MergeSides, Settings, Severity
from tests.audits.conftest import GitRepo
from tests.audits.drift_shapes import merge_case, merged_findings

GB10 = DeviceGates(
    (12, 1),
    at_least=("has_device_capability",),
    equals=("is_device_capability",),
    family=("is_device_capability_family",),
    getters=("get_device_capability",),
)
FI = "vllm/v1/attention/backends/flashinfer.py"
BASE = """from vllm.platforms import current_platform


class FlashInferMetadataBuilder:
    def __init__(self, spec, names, config, device):
        self.cache_dtype = config.cache_dtype
        self.is_kvcache_nvfp4 = self.cache_dtype == "nvfp4"
        if self.is_kvcache_nvfp4:
            self.kv_cache_dtype = self.cache_dtype

    def build(self, common):
        return common


def pick_backend(dtype):
    return "flashinfer"
"""
RAISING = BASE.replace(
    "        if self.is_kvcache_nvfp4:\n",
    "        if self.is_kvcache_nvfp4:\n"
    "            if not current_platform.is_device_capability_family(100):\n"
    '                raise ValueError("--kv-cache-dtype nvfp4 requires sm100f")\n',
).replace(
    '    return "flashinfer"\n',
    '    if dtype == "nvfp4":\n'
    "        if not current_platform.is_device_capability_family(100):\n"
    '            raise NotImplementedError("nvfp4 needs sm100f")\n'
    '    return "flashinfer"\n',
)
RETURNING = BASE.replace(
    '    return "flashinfer"\n',
    '    if dtype == "nvfp4":\n'
    "        if not current_platform.is_device_capability_family(100):\n"
    "            return None\n"
    '    return "flashinfer"\n',
)
IMPORT = "from vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder\n\n\n"


def _fork_findings(repo: GitRepo, fork: str, after: str = RAISING) -> list[Finding]:
    sides: MergeSides = merge_case(
        repo, {FI: BASE}, {"vllm/aeon/nv.py": fork}, [("fail fast on nvfp4 (#43669)", {FI: after})]
    )
    found = merged_findings(repo, sides, Settings(device=GB10))
    return [f for f in found if f.rule_id == DEVICE_GATE and f.path == "vllm/aeon/nv.py"]


def test_a_subclass_super_init_reaching_the_new_raise_is_warned(git_repo: GitRepo) -> None:
    fork = (
        IMPORT + "class AeonBuilder(FlashInferMetadataBuilder):\n"
        "    def __init__(self, spec, names, config, device):\n"
        "        super().__init__(spec, names, config, device)\n"
        "        self.aeon = True\n"
    )
    [finding] = _fork_findings(git_repo, fork)
    assert (finding.severity, finding.line) == (Severity.WARNING, 6)
    assert "FlashInferMetadataBuilder.__init__" in finding.message and "`raise ValueError`" in finding.message
    assert "12.1" in finding.message and "#43669" in finding.message


def test_a_construction_and_a_module_function_call_are_warned(git_repo: GitRepo) -> None:
    fork = (
        "from vllm.v1.attention.backends import flashinfer as fi\n\n\n"
        "def aeon_make(spec, names, config, device):\n"
        "    builder = fi.FlashInferMetadataBuilder(spec, names, config, device)\n"
        '    return builder, fi.pick_backend("nvfp4")\n'
    )
    found = _fork_findings(git_repo, fork)
    assert sorted(f.line for f in found) == [5, 6]
    assert all(f.severity is Severity.WARNING for f in found)
    assert any("`raise NotImplementedError`" in f.message for f in found)


def test_a_caught_raise_another_member_and_an_override_without_super_stay_quiet(git_repo: GitRepo) -> None:
    fork = (
        IMPORT + "class AeonBuilder(FlashInferMetadataBuilder):\n"
        "    def __init__(self, spec, names, config, device):\n"
        "        try:\n"
        "            super().__init__(spec, names, config, device)\n"
        "        except ValueError:\n"
        "            self.aeon = False\n\n"
        "    def build(self, common):\n"
        "        return super().build(common)\n\n\n"
        "class AeonOwn(FlashInferMetadataBuilder):\n"
        "    def __init__(self, spec):\n"
        "        self.spec = spec\n"
    )
    assert _fork_findings(git_repo, fork) == []


def test_a_new_refusal_by_return_leaves_the_fork_call_quiet(git_repo: GitRepo) -> None:
    fork = (
        "from vllm.v1.attention.backends.flashinfer import pick_backend\n\n\n"
        "def aeon_backend():\n"
        '    return pick_backend("nvfp4")\n'
    )
    assert _fork_findings(git_repo, fork, RETURNING) == []


def test_the_same_call_where_upstream_raises_is_warned(git_repo: GitRepo) -> None:
    fork = "from vllm.v1.attention.backends.flashinfer import pick_backend\n\n\nAEON = pick_backend('nvfp4')\n"
    [finding] = _fork_findings(git_repo, fork)
    assert finding.line == 4 and "`pick_backend(...)`" in finding.message
