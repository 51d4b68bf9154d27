"""Adversarial twins of a monkeypatched method read as an override, and of keys of ``dataclasses.asdict`` (mend53).

Each twin replays a real upstream commit under a fork carry that is correct after it (the merge base is the
commit's first parent, upstream the commit):

- a fork function put onto upstream's class (#29558 ``CompilationConfig.set_splitting_ops_for_v1(self)`` now takes
  ``all2all_backend=None, data_parallel_size=None``, which the engine config passes by keyword): a patch taking
  ``*args, **kwargs``, the new keywords or ``**kwargs`` alone, a lambda taking ``*args, **kwargs``, a teardown
  putting back the kept original, a patch of the sibling hook upstream left alone, a patch of a class of the
  fork's own;
- keys of ``dataclasses.asdict`` (#28733 ``SchedulerConfig.max_model_len`` made ``InitVar[int] = 8192``; #46384
  ``CacheConfig.hash_block_size`` renamed ``prefix_match_unit``): a key upstream keeps, the renamed field's new
  key, ``asdict`` of the fork's own dataclass, a read under ``except KeyError``, the model config's
  ``max_model_len`` (another object), and ``.get`` with the fork's default (a warning by design: the fork wrote
  that answer).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches.

Main's engine (5bedb5b1): 0 caught of 4; 0 false errors of 13 twins (0 warned).
This branch: 4 caught of 4; 0 false errors of 13 (1 warned: ``.get("max_model_len", 8192)``, by design).

  PYTHONPATH=.. python review67_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

COMP = "from vllm.config import CompilationConfig\n\n\n"
SCHED = "import dataclasses\n\nfrom vllm.config import SchedulerConfig\n\n\n"
CACHE = "from dataclasses import asdict\n\nfrom vllm.config import CacheConfig\n\n\n"
APPEND = '    self.splitting_ops.append("vllm::aeon_gb10_attention")\n'

# --- 17eb25e327 (#29558): set_splitting_ops_for_v1 handed all2all_backend=, data_parallel_size= by the engine config
SO = ("#29558", "17eb25e327", "CompilationConfig splitting-ops hooks changed")
CASES += [
    (
        "#29558 hook handed keywords",
        "a setattr of the fork's function",
        K(
            *SO,
            "vllm/aeon/r67so1.py",
            COMP + "def _aeon_splitting(self) -> None:\n" + APPEND + "\n\n"
            'setattr(CompilationConfig, "set_splitting_ops_for_v1", _aeon_splitting)\n',
            "def _aeon_splitting(self) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "a def inside the installing function",
        K(
            *SO,
            "vllm/aeon/r67so2.py",
            COMP + "def aeon_install() -> None:\n"
            "    original = CompilationConfig.set_splitting_ops_for_v1\n\n"
            "    def _splitting(self) -> None:\n        original(self)\n    " + APPEND + "\n"
            "    CompilationConfig.set_splitting_ops_for_v1 = _splitting\n",
            "def _splitting(self) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#29558 hook handed keywords",
        "twin: a patch taking *args, **kwargs",
        K(
            *SO,
            "vllm/aeon/r67so3.py",
            COMP + "_upstream = CompilationConfig.set_splitting_ops_for_v1\n\n\n"
            "def _aeon_splitting(self, *args, **kwargs) -> None:\n    _upstream(self, *args, **kwargs)\n"
            + APPEND
            + "\n\nCompilationConfig.set_splitting_ops_for_v1 = _aeon_splitting\n",
            "def _aeon_splitting(self, *args, **kwargs) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a patch taking the new keywords",
        K(
            *SO,
            "vllm/aeon/r67so4.py",
            COMP + "_upstream = CompilationConfig.set_splitting_ops_for_v1\n\n\n"
            "def _aeon_splitting(self, all2all_backend=None, data_parallel_size=None) -> None:\n"
            "    _upstream(self, all2all_backend, data_parallel_size)\n"
            + APPEND
            + "\n\nCompilationConfig.set_splitting_ops_for_v1 = _aeon_splitting\n",
            "def _aeon_splitting(self, all2all_backend=None, data_parallel_size=None) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a patch taking **kwargs alone",
        K(
            *SO,
            "vllm/aeon/r67so5.py",
            COMP + "_upstream = CompilationConfig.set_splitting_ops_for_v1\n\n\n"
            "def _aeon_splitting(self, **kwargs) -> None:\n    _upstream(self, **kwargs)\n"
            + APPEND
            + "\n\nCompilationConfig.set_splitting_ops_for_v1 = _aeon_splitting\n",
            "def _aeon_splitting(self, **kwargs) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a lambda taking *args, **kwargs",
        K(
            *SO,
            "vllm/aeon/r67so6.py",
            COMP + "_upstream = CompilationConfig.set_splitting_ops_for_v1\n"
            "CompilationConfig.set_splitting_ops_for_v1 = lambda self, *a, **k: _upstream(self, *a, **k)\n",
            "CompilationConfig.set_splitting_ops_for_v1 = lambda self, *a, **k: _upstream(self, *a, **k)",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a teardown putting the kept original back",
        K(
            *SO,
            "vllm/aeon/r67so7.py",
            COMP + "_original = CompilationConfig.set_splitting_ops_for_v1\n\n\n"
            "def aeon_restore() -> None:\n    CompilationConfig.set_splitting_ops_for_v1 = _original\n",
            "    CompilationConfig.set_splitting_ops_for_v1 = _original",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a patch of the sibling hook upstream left alone",
        K(
            *SO,
            "vllm/aeon/r67so8.py",
            COMP + "def _aeon_fusion(self) -> None:\n" + APPEND + "\n\n"
            "CompilationConfig.set_splitting_ops_for_attn_fusion = _aeon_fusion\n",
            "def _aeon_fusion(self) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a patch of the fork's own class",
        K(
            *SO,
            "vllm/aeon/r67so9.py",
            "class AeonGraphPlan:\n    def __init__(self) -> None:\n        self.splitting_ops: list[str] = []\n\n"
            "    def set_splitting_ops_for_v1(self) -> None:\n        self.splitting_ops = []\n\n\n"
            "def _aeon_splitting(self) -> None:\n" + APPEND + "\n\n"
            "AeonGraphPlan.set_splitting_ops_for_v1 = _aeon_splitting\n",
            "def _aeon_splitting(self) -> None:",
        ),
    ),
]

# --- 638e4196d1 (#28733): SchedulerConfig.max_model_len made InitVar (asdict holds no key for it)
ML = ("#28733", "638e4196d1", "SchedulerConfig.max_model_len made init-only")
# --- 481e481be7 (#46384): CacheConfig.hash_block_size renamed prefix_match_unit
HB = ("#46384", "481e481be7", "CacheConfig.hash_block_size -> prefix_match_unit")
CASES += [
    (
        "#28733 field made init-only",
        "a .get of the field's key off asdict",
        K(
            *ML,
            "vllm/aeon/r67ml1.py",
            "from dataclasses import asdict\n\nfrom vllm.config import SchedulerConfig\n\n\n"
            "def aeon_status(scheduler_config: SchedulerConfig) -> dict[str, object]:\n"
            '    return {"max_len": asdict(scheduler_config).get("max_model_len")}\n',
            '    return {"max_len": asdict(scheduler_config).get("max_model_len")}',
        ),
    ),
    (
        "#46384 field renamed",
        "a key of asdict of a typed config",
        K(
            *HB,
            "vllm/aeon/r67hb1.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int:\n"
            '    return asdict(cache_config)["hash_block_size"] or cache_config.block_size\n',
            '    return asdict(cache_config)["hash_block_size"] or cache_config.block_size',
        ),
    ),
]
TWINS += [
    (
        "#28733 field made init-only",
        "twin: a key upstream keeps",
        K(
            *ML,
            "vllm/aeon/r67ml2.py",
            SCHED + "def aeon_seqs(scheduler_config: SchedulerConfig) -> int:\n"
            '    return dataclasses.asdict(scheduler_config)["max_num_seqs"]\n',
            '    return dataclasses.asdict(scheduler_config)["max_num_seqs"]',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: asdict of the fork's own dataclass",
        K(
            *ML,
            "vllm/aeon/r67ml3.py",
            "import dataclasses\n\n\n@dataclasses.dataclass\nclass AeonLimits:\n    max_model_len: int = 4096\n\n\n"
            "def aeon_limit(scheduler_config: AeonLimits) -> int:\n"
            '    return dataclasses.asdict(scheduler_config)["max_model_len"]\n',
            '    return dataclasses.asdict(scheduler_config)["max_model_len"]',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: a read under except KeyError",
        K(
            *ML,
            "vllm/aeon/r67ml4.py",
            SCHED + "def aeon_limit(scheduler_config: SchedulerConfig, model_len: int) -> int:\n"
            "    try:\n"
            '        return dataclasses.asdict(scheduler_config)["max_model_len"]\n'
            "    except KeyError:\n        return model_len\n",
            '        return dataclasses.asdict(scheduler_config)["max_model_len"]',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: the model config's max_model_len",
        K(
            *ML,
            "vllm/aeon/r67ml5.py",
            "import dataclasses\n\nfrom vllm.config import VllmConfig\n\n\n"
            "def aeon_limit(vllm_config: VllmConfig) -> int:\n"
            '    return dataclasses.asdict(vllm_config.model_config)["max_model_len"]\n',
            '    return dataclasses.asdict(vllm_config.model_config)["max_model_len"]',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: a .get with the fork's default (a warning by design)",
        K(
            *ML,
            "vllm/aeon/r67ml6.py",
            SCHED + "def aeon_limit(scheduler_config: SchedulerConfig) -> int:\n"
            '    return dataclasses.asdict(scheduler_config).get("max_model_len", 8192)\n',
            '    return dataclasses.asdict(scheduler_config).get("max_model_len", 8192)',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: the renamed field's new key",
        K(
            *HB,
            "vllm/aeon/r67hb2.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int:\n"
            '    return asdict(cache_config)["prefix_match_unit"] or cache_config.block_size\n',
            '    return asdict(cache_config)["prefix_match_unit"] or cache_config.block_size',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review67-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
