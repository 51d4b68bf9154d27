"""Adversarial twins of the monkeypatch-as-override check and of keys of ``dataclasses.asdict`` (revCH).

Each twin replays a real upstream commit under a fork carry that is correct after it (the merge base is the
commit's first parent, upstream the commit), shaped like what a maintainer writes rather than like the checks'
own killers:

- a fork function put onto upstream's class (#29558 ``CompilationConfig.set_splitting_ops_for_v1(self)`` now
  takes ``all2all_backend=None, data_parallel_size=None``, passed by keyword; the same commit removed
  ``set_splitting_ops_for_inductor_graph_partition``): a patch on one instance (no ``self``: an instance's
  attribute is not bound), a patch taking the new parameters keyword-only, an old-signature patch under a test
  of upstream's signature (with the new-signature patch beside it), a patch under ``hasattr`` of the removed
  hook, ``functools.partialmethod``/``staticmethod`` values, a ``functools.wraps`` wrapper forwarding
  ``*args, **kwargs``, a fork class named like upstream's, a patch of the sibling hook upstream left alone;
- keys of ``dataclasses.asdict`` (#28733 ``SchedulerConfig.max_model_len`` made ``InitVar[int] = 8192``; #46384
  ``CacheConfig.hash_block_size`` renamed ``prefix_match_unit``): the read under ``hasattr`` of the old field,
  under a test that the key is in the dict, ``.get(k) or <the new field>``, under ``except LookupError`` and a
  tuple with KeyError, a fork subclass re-declaring the old field, a receiver named like upstream's object but
  typed or built as the fork's own dataclass, a module whose own ``asdict`` helper is no ``dataclasses.asdict``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches.

Main's engine (71d8e885), round 1 (4 cases, 23 twins): 4 caught of 4; 7 false errors of 23 (1 warned: the
new parameters keyword-only, an override's warning by design): the monkeypatch check on a patch put on one
instance (its function takes no ``self``), and on the old-signature patch an ``if`` over upstream's signature
picks only on the old tree; the asdict key check on the old key under ``hasattr`` of the old field, under
``"hash_block_size" in asdict(cache_config)`` (a statement and a conditional expression), and on ``.get(old)
or <the new field>`` (symbol drift), and init-only drift on ``.get("max_model_len") or <the model config's>``.
Round 2 (after the mends; 2 cases kept to show the reach: an old-signature patch on one instance, which main
missed, and a patch under a test of something else; 1 twin: init-only drift's key under ``"max_model_len" in
asdict(...)``, false on main too).  Main (71d8e885): 5 caught of 6; 8 false errors of 24.
This branch: 6 caught of 6; 0 false errors of 24 (4 warned: the keyword-only parameters, the old patch an ``if``
over upstream's signature picks, and both ``.get(k) or d``, which read as ``.get(k, d)``).
Round 3 (other real commits of the kinds: #26681 b59dd19b55 ``InductorPass.is_applicable_for_shape`` renamed
``is_applicable``; #22779 c5830381af ``SchedulerConfig.num_scheduler_steps`` removed): 4 cases, 5 twins (a patch of
the new name with its signature, both names patched under ``hasattr`` of the new, a patch on one pass instance,
``.get`` of the removed key with the old default, ``asdict`` of ``self.scheduler_config`` annotated as the fork's own
dataclass): 0 false errors on main and here.  Two first-written twins (the removed key under
``contextlib.suppress(KeyError)`` and under ``"num_scheduler_steps" not in asdict(...)``) draw name drift's error,
which its entry documents as designed (a read by string of a name gone everywhere upstream takes its fallback every
time, the fork's feature silently off): kept as CASES of that design, not counted as false.
All rounds, main (71d8e885): 9 caught of 10; 8 false errors of 29 twins (3 warned).
This branch: 10 caught of 10; 0 false errors of 29 (6 warned: the four above, a removed key's ``.get`` with the
old default, and the old name patched under ``hasattr`` of the new, another check's warning).

  PYTHONPATH=.. python review74_twins.py [--only TEXT ...] [--show]
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
        "the old hook patched on the class, original kept",
        K(
            *SO,
            "vllm/aeon/r74so1.py",
            COMP + "_upstream_split = CompilationConfig.set_splitting_ops_for_v1\n\n\n"
            "def _aeon_split(self) -> None:\n    _upstream_split(self)\n" + APPEND + "\n\n"
            "CompilationConfig.set_splitting_ops_for_v1 = _aeon_split\n",
            "def _aeon_split(self) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "a lambda of the old signature by setattr",
        K(
            *SO,
            "vllm/aeon/r74so2.py",
            COMP + 'setattr(CompilationConfig, "set_splitting_ops_for_v1", lambda self: None)\n',
            'setattr(CompilationConfig, "set_splitting_ops_for_v1", lambda self: None)',
        ),
    ),
]
CASES += [
    (
        "#29558 hook handed keywords",
        "an old-signature patch on one instance",
        K(
            *SO,
            "vllm/aeon/r74so13.py",
            COMP + "def aeon_install(config: CompilationConfig) -> None:\n"
            "    def _split() -> None:\n"
            '        config.splitting_ops.append("vllm::aeon_gb10_attention")\n\n'
            "    config.set_splitting_ops_for_v1 = _split\n",
            "    def _split() -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "an old-signature patch under a test of something else",
        K(
            *SO,
            "vllm/aeon/r74so14.py",
            "import os\n\n" + COMP + "def _aeon_split(self) -> None:\n" + APPEND + "\n\n"
            'if os.environ.get("AEON_SPLIT"):\n    CompilationConfig.set_splitting_ops_for_v1 = _aeon_split\n',
            "def _aeon_split(self) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#29558 hook handed keywords",
        "twin: a patch on one instance (no self: an instance attribute is not bound)",
        K(
            *SO,
            "vllm/aeon/r74so3.py",
            COMP + "def aeon_install(config: CompilationConfig) -> None:\n"
            "    def _split(all2all_backend=None, data_parallel_size=None) -> None:\n"
            '        config.splitting_ops.append("vllm::aeon_gb10_attention")\n\n'
            "    config.set_splitting_ops_for_v1 = _split\n",
            "    def _split(all2all_backend=None, data_parallel_size=None) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: the new parameters keyword-only",
        K(
            *SO,
            "vllm/aeon/r74so4.py",
            COMP
            + "def _aeon_split(self, *, all2all_backend=None, data_parallel_size=None) -> None:\n"
            + APPEND
            + "\n\n"
            "CompilationConfig.set_splitting_ops_for_v1 = _aeon_split\n",
            "def _aeon_split(self, *, all2all_backend=None, data_parallel_size=None) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: old and new patch chosen by a test of upstream's signature",
        K(
            *SO,
            "vllm/aeon/r74so5.py",
            "import inspect\n\n" + COMP + "def _aeon_split_old(self) -> None:\n" + APPEND + "\n\n"
            "def _aeon_split_new(self, all2all_backend=None, data_parallel_size=None) -> None:\n" + APPEND + "\n\n"
            'if "all2all_backend" in inspect.signature(CompilationConfig.set_splitting_ops_for_v1).parameters:\n'
            "    CompilationConfig.set_splitting_ops_for_v1 = _aeon_split_new\n"
            "else:\n    CompilationConfig.set_splitting_ops_for_v1 = _aeon_split_old\n",
            "def _aeon_split_old(self) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: the removed hook patched under hasattr",
        K(
            *SO,
            "vllm/aeon/r74so6.py",
            COMP + "def _aeon_partition(self) -> None:\n" + APPEND + "\n\n"
            'if hasattr(CompilationConfig, "set_splitting_ops_for_inductor_graph_partition"):\n'
            "    CompilationConfig.set_splitting_ops_for_inductor_graph_partition = _aeon_partition\n",
            "    CompilationConfig.set_splitting_ops_for_inductor_graph_partition = _aeon_partition",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a functools.wraps wrapper forwarding *args, **kwargs",
        K(
            *SO,
            "vllm/aeon/r74so7.py",
            "import functools\n\n" + COMP + "_orig = CompilationConfig.set_splitting_ops_for_v1\n\n\n"
            "@functools.wraps(_orig)\ndef _aeon_split(self, *args, **kwargs) -> None:\n"
            "    _orig(self, *args, **kwargs)\n" + APPEND + "\n\n"
            "CompilationConfig.set_splitting_ops_for_v1 = _aeon_split\n",
            "def _aeon_split(self, *args, **kwargs) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a partialmethod binding the old call's keywords",
        K(
            *SO,
            "vllm/aeon/r74so8.py",
            "import functools\n\n" + COMP + "def _aeon_split(self, all2all_backend=None, data_parallel_size=None, "
            "extra=True) -> None:\n" + APPEND + "\n\n"
            "CompilationConfig.set_splitting_ops_for_v1 = functools.partialmethod(_aeon_split, extra=False)\n",
            "def _aeon_split(self, all2all_backend=None, data_parallel_size=None, extra=True) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: the fork's own class named CompilationConfig",
        K(
            *SO,
            "vllm/aeon/r74so9.py",
            "class CompilationConfig:\n    def set_splitting_ops_for_v1(self) -> None:\n        pass\n\n\n"
            "def _aeon_split(self) -> None:\n    pass\n\n\n"
            "CompilationConfig.set_splitting_ops_for_v1 = _aeon_split\n",
            "def _aeon_split(self) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: the sibling hook upstream left alone",
        K(
            *SO,
            "vllm/aeon/r74so10.py",
            COMP + "def _aeon_attn_fusion(self) -> None:\n" + APPEND + "\n\n"
            "CompilationConfig.set_splitting_ops_for_attn_fusion = _aeon_attn_fusion\n",
            "def _aeon_attn_fusion(self) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: the old signature patched on a test double only",
        K(
            *SO,
            "vllm/aeon/r74so11.py",
            COMP + "class _FakeConfig(CompilationConfig):\n    pass\n\n\n"
            "def _aeon_split(self, all2all_backend=None, data_parallel_size=None) -> None:\n" + APPEND + "\n\n"
            "_FakeConfig.set_splitting_ops_for_v1 = _aeon_split\n",
            "def _aeon_split(self, all2all_backend=None, data_parallel_size=None) -> None:",
        ),
    ),
    (
        "#29558 hook handed keywords",
        "twin: a staticmethod taking whatever it is handed",
        K(
            *SO,
            "vllm/aeon/r74so12.py",
            COMP + "def _aeon_noop(*args, **kwargs) -> None:\n    return None\n\n\n"
            "CompilationConfig.set_splitting_ops_for_v1 = staticmethod(_aeon_noop)\n",
            "def _aeon_noop(*args, **kwargs) -> None:",
        ),
    ),
]

# --- 638e4196d1 (#28733): SchedulerConfig.max_model_len made InitVar[int] = 8192
ML = ("#28733", "638e4196d1", "SchedulerConfig.max_model_len made init-only")
# --- 481e481be7 (#46384): CacheConfig.hash_block_size renamed prefix_match_unit
HB = ("#46384", "481e481be7", "CacheConfig.hash_block_size -> prefix_match_unit")
CASES += [
    (
        "#28733 field made init-only",
        "a key of asdict(scheduler_config)",
        K(
            *ML,
            "vllm/aeon/r74ml1.py",
            SCHED + "def aeon_limit(scheduler_config: SchedulerConfig) -> int:\n"
            '    return dataclasses.asdict(scheduler_config)["max_model_len"]\n',
            '    return dataclasses.asdict(scheduler_config)["max_model_len"]',
        ),
    ),
    (
        "#46384 field renamed",
        "the renamed field's old key by .get",
        K(
            *HB,
            "vllm/aeon/r74hb1.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    return asdict(cache_config).get("hash_block_size")\n',
            '    return asdict(cache_config).get("hash_block_size")',
        ),
    ),
]
TWINS += [
    (
        "#46384 field renamed",
        "twin: the old key under hasattr of the old field",
        K(
            *HB,
            "vllm/aeon/r74hb2.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    if hasattr(cache_config, "hash_block_size"):\n'
            '        return asdict(cache_config)["hash_block_size"]\n'
            "    return cache_config.prefix_match_unit\n",
            '        return asdict(cache_config)["hash_block_size"]',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: the old key under a test that the dict holds it",
        K(
            *HB,
            "vllm/aeon/r74hb3.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    if "hash_block_size" in asdict(cache_config):\n'
            '        return asdict(cache_config)["hash_block_size"]\n'
            "    return cache_config.prefix_match_unit\n",
            '        return asdict(cache_config)["hash_block_size"]',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: a conditional expression testing the key",
        K(
            *HB,
            "vllm/aeon/r74hb4.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    return (\n        asdict(cache_config)["hash_block_size"]\n'
            '        if "hash_block_size" in asdict(cache_config)\n'
            "        else cache_config.prefix_match_unit\n    )\n",
            '        asdict(cache_config)["hash_block_size"]',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: .get of the old key or the new field",
        K(
            *HB,
            "vllm/aeon/r74hb5.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    return asdict(cache_config).get("hash_block_size") or cache_config.prefix_match_unit\n',
            '    return asdict(cache_config).get("hash_block_size") or cache_config.prefix_match_unit',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: the old key under except LookupError",
        K(
            *HB,
            "vllm/aeon/r74hb6.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    try:\n        return asdict(cache_config)["hash_block_size"]\n'
            "    except LookupError:\n        return cache_config.prefix_match_unit\n",
            '        return asdict(cache_config)["hash_block_size"]',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: the old key under except (KeyError, TypeError)",
        K(
            *HB,
            "vllm/aeon/r74hb7.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    try:\n        return asdict(cache_config)["hash_block_size"]\n'
            "    except (KeyError, TypeError):\n        return cache_config.prefix_match_unit\n",
            '        return asdict(cache_config)["hash_block_size"]',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: a fork subclass re-declaring the old field",
        K(
            *HB,
            "vllm/aeon/r74hb8.py",
            "from dataclasses import asdict, dataclass\n\nfrom vllm.config import CacheConfig\n\n\n"
            "@dataclass\nclass AeonCacheConfig(CacheConfig):\n    hash_block_size: int = 16\n\n\n"
            "def aeon_hash_unit(cache_config: AeonCacheConfig) -> int:\n"
            '    return asdict(cache_config)["hash_block_size"]\n',
            '    return asdict(cache_config)["hash_block_size"]',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: the module's own asdict helper",
        K(
            *HB,
            "vllm/aeon/r74hb9.py",
            "from vllm.config import CacheConfig\n\n\n"
            "def asdict(cache_config: CacheConfig) -> dict[str, int | None]:\n"
            '    return {"hash_block_size": cache_config.prefix_match_unit}\n\n\n'
            "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    return asdict(cache_config)["hash_block_size"]\n',
            '    return asdict(cache_config)["hash_block_size"]',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: the key of the new field",
        K(
            *HB,
            "vllm/aeon/r74hb10.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int | None:\n"
            '    return asdict(cache_config).get("prefix_match_unit")\n',
            '    return asdict(cache_config).get("prefix_match_unit")',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: .get of the key or the model config's length",
        K(
            *ML,
            "vllm/aeon/r74ml2.py",
            "import dataclasses\n\nfrom vllm.config import VllmConfig\n\n\n"
            "def aeon_limit(vllm_config: VllmConfig) -> int:\n"
            '    return (\n        dataclasses.asdict(vllm_config.scheduler_config).get("max_model_len")\n'
            "        or vllm_config.model_config.max_model_len\n    )\n",
            '        dataclasses.asdict(vllm_config.scheduler_config).get("max_model_len")',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: a parameter named scheduler_config typed as the fork's own dataclass",
        K(
            *ML,
            "vllm/aeon/r74ml3.py",
            "import dataclasses\n\n\n@dataclasses.dataclass\nclass AeonSchedulerSnapshot:\n"
            "    max_model_len: int = 0\n    max_num_seqs: int = 0\n\n\n"
            "def aeon_limit(scheduler_config: AeonSchedulerSnapshot) -> int:\n"
            '    return dataclasses.asdict(scheduler_config)["max_model_len"]\n',
            '    return dataclasses.asdict(scheduler_config)["max_model_len"]',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: self.scheduler_config built as the fork's own dataclass",
        K(
            *ML,
            "vllm/aeon/r74ml4.py",
            "import dataclasses\n\n\n@dataclasses.dataclass\nclass AeonSchedulerSnapshot:\n"
            "    max_model_len: int = 0\n\n\nclass AeonStatus:\n    def __init__(self, limit: int) -> None:\n"
            "        self.scheduler_config = AeonSchedulerSnapshot(max_model_len=limit)\n\n"
            "    def limit(self) -> int:\n"
            '        return dataclasses.asdict(self.scheduler_config)["max_model_len"]\n',
            '        return dataclasses.asdict(self.scheduler_config)["max_model_len"]',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: the key under a test that the dict holds it",
        K(
            *ML,
            "vllm/aeon/r74ml6.py",
            SCHED + "def aeon_limit(scheduler_config: SchedulerConfig, fallback: int) -> int:\n"
            '    if "max_model_len" in dataclasses.asdict(scheduler_config):\n'
            '        return dataclasses.asdict(scheduler_config)["max_model_len"]\n'
            "    return fallback\n",
            '        return dataclasses.asdict(scheduler_config)["max_model_len"]',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: the key under except KeyError",
        K(
            *ML,
            "vllm/aeon/r74ml5.py",
            SCHED + "def aeon_limit(scheduler_config: SchedulerConfig, fallback: int) -> int:\n"
            '    try:\n        return dataclasses.asdict(scheduler_config)["max_model_len"]\n'
            "    except KeyError:\n        return fallback\n",
            '        return dataclasses.asdict(scheduler_config)["max_model_len"]',
        ),
    ),
]


# --- round 3: other real commits of the kinds
# b59dd19b55 (#26681): InductorPass.is_applicable_for_shape(self, shape) renamed is_applicable(self, shape)
IA = ("#26681", "b59dd19b55", "InductorPass.is_applicable_for_shape -> is_applicable")
PASS = "from vllm.compilation.inductor_pass import InductorPass\n\n\n"
APPLIES = "    return shape is None or shape % 8 == 0\n"
# c5830381af (#22779): SchedulerConfig.num_scheduler_steps (and multi_step_stream_outputs) removed
MS = ("#22779", "c5830381af", "SchedulerConfig.num_scheduler_steps removed")
CASES += [
    (
        "#26681 method renamed",
        "the old name patched, which upstream no longer calls (another check)",
        K(
            *IA,
            "vllm/aeon/r74ia1.py",
            PASS + "def _aeon_applies(self, shape: int | None) -> bool:\n" + APPLIES + "\n\n"
            "InductorPass.is_applicable_for_shape = _aeon_applies\n",
            "InductorPass.is_applicable_for_shape = _aeon_applies",
        ),
    ),
    (
        "#22779 field removed",
        "the removed field's key",
        K(
            *MS,
            "vllm/aeon/r74ms1.py",
            SCHED + "def aeon_steps(scheduler_config: SchedulerConfig) -> int:\n"
            '    return dataclasses.asdict(scheduler_config)["num_scheduler_steps"]\n',
            '    return dataclasses.asdict(scheduler_config)["num_scheduler_steps"]',
        ),
    ),
]
CASES += [
    (
        "#22779 field removed",
        "name drift by design: the key under contextlib.suppress(KeyError)",
        K(
            *MS,
            "vllm/aeon/r74ms3.py",
            "import contextlib\n" + SCHED + "def aeon_steps(scheduler_config: SchedulerConfig) -> int:\n"
            "    steps = 1\n    with contextlib.suppress(KeyError):\n"
            '        steps = dataclasses.asdict(scheduler_config)["num_scheduler_steps"]\n    return steps\n',
            '        steps = dataclasses.asdict(scheduler_config)["num_scheduler_steps"]',
        ),
    ),
]
CASES += [
    (
        "#22779 field removed",
        "name drift by design: the key under a test of the dict's keys",
        K(
            *MS,
            "vllm/aeon/r74ms5.py",
            SCHED + "def aeon_steps(scheduler_config: SchedulerConfig) -> int:\n"
            '    if "num_scheduler_steps" not in dataclasses.asdict(scheduler_config):\n        return 1\n'
            '    return dataclasses.asdict(scheduler_config)["num_scheduler_steps"]\n',
            '    return dataclasses.asdict(scheduler_config)["num_scheduler_steps"]',
        ),
    ),
]
TWINS += [
    (
        "#26681 method renamed",
        "twin: a patch of the new name with its signature",
        K(
            *IA,
            "vllm/aeon/r74ia2.py",
            PASS + "def _aeon_applies(self, shape: int | None) -> bool:\n" + APPLIES + "\n\n"
            "InductorPass.is_applicable = _aeon_applies\n",
            "def _aeon_applies(self, shape: int | None) -> bool:",
        ),
    ),
    (
        "#26681 method renamed",
        "twin: new and old names patched under hasattr of the new",
        K(
            *IA,
            "vllm/aeon/r74ia3.py",
            PASS + "def _aeon_applies(self, shape: int | None) -> bool:\n" + APPLIES + "\n\n"
            'if hasattr(InductorPass, "is_applicable"):\n    InductorPass.is_applicable = _aeon_applies\n'
            "else:\n    InductorPass.is_applicable_for_shape = _aeon_applies\n",
            "    InductorPass.is_applicable_for_shape = _aeon_applies",
        ),
    ),
    (
        "#26681 method renamed",
        "twin: a patch on one pass instance taking the shape alone",
        K(
            *IA,
            "vllm/aeon/r74ia4.py",
            PASS + "def aeon_gate(inductor_pass: InductorPass) -> None:\n"
            "    def _applies(shape: int | None) -> bool:\n        return shape is None\n\n"
            "    inductor_pass.is_applicable = _applies\n",
            "    def _applies(shape: int | None) -> bool:",
        ),
    ),
    (
        "#22779 field removed",
        "twin: .get of the removed key with the old default",
        K(
            *MS,
            "vllm/aeon/r74ms2.py",
            SCHED + "def aeon_steps(scheduler_config: SchedulerConfig) -> int:\n"
            '    return dataclasses.asdict(scheduler_config).get("num_scheduler_steps", 1)\n',
            '    return dataclasses.asdict(scheduler_config).get("num_scheduler_steps", 1)',
        ),
    ),
    (
        "#22779 field removed",
        "twin: self.scheduler_config annotated as the fork's own dataclass",
        K(
            *MS,
            "vllm/aeon/r74ms4.py",
            "import dataclasses\n\n\n@dataclasses.dataclass\nclass AeonSchedulerConfig:\n"
            "    num_scheduler_steps: int = 1\n\n\nclass AeonRunner:\n"
            "    def __init__(self, steps: int) -> None:\n"
            "        self.scheduler_config: AeonSchedulerConfig = AeonSchedulerConfig(steps)\n\n"
            "    def steps(self) -> int:\n"
            '        return dataclasses.asdict(self.scheduler_config)["num_scheduler_steps"]\n',
            '        return dataclasses.asdict(self.scheduler_config)["num_scheduler_steps"]',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review74-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
