"""Adversarial twins of frozen-dataclass drift and empty-to-raise drift: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- read-only drift's field of a dataclass made frozen (#21791, 755fa8b657: the KV-cache specs made
  ``@dataclass(frozen=True)``): the write under a ``try`` catching ``FrozenInstanceError`` (or its base
  ``AttributeError``) with a ``dataclasses.replace`` fallback, ``object.__setattr__``, a write to a class
  of the module upstream left unfrozen (``KVCacheGroupSpec``, ``KVCacheConfig``), a class default patched on
  the class itself, the fork's own namesake class, a fork subclass routing writes through its own
  ``__setattr__``, a receiver of the fork's own class;
- the fork ``@dataclass`` left unfrozen over a class made frozen: the fork's subclass frozen, frozen by a
  version check (``frozen=_SPECS_FROZEN``), by a keyword mapping (``**_SPEC_KW``), a plain subclass that is
  no dataclass, a dataclass over a class upstream left unfrozen, over the fork's own namesake;
- empty-to-raise drift (#47058, 1ab9522935: ``get_moe_expert_mapping`` raises ``ValueError`` where it
  returned ``[]``; #48064, 75fe92a316: ``get_fi_ar_quant_workspace`` raises ``ValueError`` for multi-node
  trtllm, and still answers ``None`` when the workspace fails; #36xxx 7bd42e609d: ``InputPreprocessor.
  get_decoder_start_token_id`` raises ``RuntimeError`` where it answered ``None``): a handler of a tuple
  holding the kind, of ``Exception``, ``contextlib.suppress``, ``assert`` of a non-empty answer, the
  fork's own def and method of the name, an answer only iterated, ``pytest.raises`` in a test, the
  ``is None`` test of a workspace upstream still answers ``None`` for (upstream's own caller does it).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (241b356), round 1 (5 cases, 26 twins): 5 caught of 5; 10 false errors of 26: frozen
fields on a write under a ``try`` catching ``FrozenInstanceError`` (1) or ``AttributeError`` (1), on
``self.x = ...`` in a fork subclass with its own ``__setattr__`` (1); the unfrozen-subclass error on
``@dataclass(frozen=<computed>)`` (1) and ``@dataclass(**kw)`` (1); empty-to-raise on an ``assert`` of a
non-empty answer (1), on the fork's own empty branch that raises (1), in ``pytest.raises(ValueError)`` (1),
and on both ``is None`` tests of ``get_fi_ar_quant_workspace``, which upstream still answers ``None`` from
a name its body tests against ``None`` (2).
This branch, round 2: 5 caught of 5; 0 false errors of 26.  The mends: read-only drift leaves a write under a
handler of what it raises now (``AttributeError``; ``FrozenInstanceError`` for a frozen class) and one on a
fork class of its own ``__setattr__``; the unfrozen-subclass error needs ``frozen`` absent or a literal;
empty-to-raise drift leaves a def that returns a name its body keeps empty (bound to the literal, or tested
for it with no raise on the test's branches), a test whose empty branch fails itself (an ``assert`` false
for the empty answer, an ``if`` whose branch for it raises), and a call under ``pytest.raises(K)``.
Round 3 (other real commits of the kinds: #32567 5a93b9162b ``Fp8MoEMethod.maybe_make_prepare_finalize``
None -> ValueError, a case and a fork override; da364615fc ``SharedResizableBuffer.get`` None for ``()`` ->
``assert``, three ``get`` namesakes; and more spellings of #21791 and #47058): on the round-2 engine, 1
false error of 9 new twins (a frozen field written under ``if not type(spec).__dataclass_params__.frozen``)
and 3 warnings (``dict.get`` of a receiver annotated ``dict[...]``, ``os.environ.get``, ``self._cache.get``).
Mended: a write under a test of the freeze; a method called on a receiver annotated as a builtin container
or off another package's module.
All rounds, main (241b356): 6 caught of 6; 11 false errors of 35 twins (3 warned).  This branch: 6 caught
of 6; 0 false errors of 35 (1 warned: ``self._cache.get(shape)``, a receiver the file does not read).

  PYTHONPATH=.. python review20_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 755fa8b657 (#21791): the KV-cache specs made @dataclass(frozen=True)
FZ = ("#21791", "755fa8b657", "KV-cache specs made frozen dataclasses")
KVM = "from vllm.v1.kv_cache_interface import FullAttentionSpec, KVCacheConfig, KVCacheGroupSpec, KVCacheSpec\n\n\n"
DKVM = "import dataclasses\n\n" + KVM
CASES += [
    (
        "#21791 dataclass made frozen",
        "setattr on a typed receiver",
        K(
            *FZ,
            "vllm/aeon/r20fz0.py",
            KVM + "def aeon_cap_window(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            '    setattr(spec, "sliding_window", window)  # AEON: the Spark caps the window\n'
            "    return spec\n",
            '    setattr(spec, "sliding_window", window)  # AEON: the Spark caps the window',
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "a fork @dataclass left unfrozen over FullAttentionSpec",
        K(
            *FZ,
            "vllm/aeon/r20fz1.py",
            "from dataclasses import dataclass\n\n" + KVM + "@dataclass\n"
            "class AeonNvfp4Spec(FullAttentionSpec):\n"
            "    scale_bytes: int = 0  # AEON: the NVFP4 scales beside each page\n",
            "class AeonNvfp4Spec(FullAttentionSpec):",
        ),
    ),
]
TWINS += [
    (
        "#21791 dataclass made frozen",
        "twin: the write under a try catching FrozenInstanceError, replace() in the handler",
        K(
            *FZ,
            "vllm/aeon/r20fz2.py",
            DKVM + "def aeon_cap_window(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            "    try:\n"
            "        spec.sliding_window = window  # AEON: older upstreams' specs take the write\n"
            "    except dataclasses.FrozenInstanceError:\n"
            "        spec = dataclasses.replace(spec, sliding_window=window)\n"
            "    return spec\n",
            "        spec.sliding_window = window  # AEON: older upstreams' specs take the write",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: the write under a try catching AttributeError (FrozenInstanceError's base)",
        K(
            *FZ,
            "vllm/aeon/r20fz3.py",
            DKVM + "def aeon_cap_window(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            "    try:\n"
            "        spec.sliding_window = window\n"
            "        return spec\n"
            "    except AttributeError:  # AEON: frozen specs refuse it\n"
            "        return dataclasses.replace(spec, sliding_window=window)\n",
            "        spec.sliding_window = window",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: object.__setattr__, the frozen class's own escape hatch",
        K(
            *FZ,
            "vllm/aeon/r20fz4.py",
            KVM + "def aeon_cap_window(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            '    object.__setattr__(spec, "sliding_window", window)  # AEON: in place, before the spec is hashed\n'
            "    return spec\n",
            '    object.__setattr__(spec, "sliding_window", window)  # AEON: in place, before the spec is hashed',
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: a write to KVCacheGroupSpec, a class of the module upstream left unfrozen",
        K(
            *FZ,
            "vllm/aeon/r20fz5.py",
            KVM + "def aeon_swap_spec(group: KVCacheGroupSpec, spec: KVCacheSpec) -> None:\n"
            "    group.kv_cache_spec = spec  # AEON: the NVFP4 spec replaces the group's\n",
            "    group.kv_cache_spec = spec  # AEON: the NVFP4 spec replaces the group's",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: a write to KVCacheConfig.num_blocks (left unfrozen)",
        K(
            *FZ,
            "vllm/aeon/r20fz6.py",
            KVM + "def aeon_trim(config: KVCacheConfig, reserve: int) -> KVCacheConfig:\n"
            "    config.num_blocks -= reserve  # AEON: blocks held back for the offload staging ring\n"
            "    return config\n",
            "    config.num_blocks -= reserve  # AEON: blocks held back for the offload staging ring",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: a class default patched on the class itself (no instance's __setattr__)",
        K(
            *FZ,
            "vllm/aeon/r20fz7.py",
            KVM + "def aeon_defaults() -> None:\n"
            "    FullAttentionSpec.attention_chunk_size = None  # AEON: the Spark never chunks full attention\n",
            "    FullAttentionSpec.attention_chunk_size = None  # AEON: the Spark never chunks full attention",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: the fork's own namesake class FullAttentionSpec",
        K(
            *FZ,
            "vllm/aeon/r20fz8.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class FullAttentionSpec:\n"
            "    # AEON: the offload tier's own description of a layer\n"
            "    sliding_window: int | None = None\n\n\n"
            "def aeon_cap_window(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            "    spec.sliding_window = window\n"
            "    return spec\n",
            "    spec.sliding_window = window",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: a fork subclass routing its writes through its own __setattr__",
        K(
            *FZ,
            "vllm/aeon/r20fz9.py",
            KVM + "class AeonMutableSpec(FullAttentionSpec):\n"
            "    # AEON: the planner tunes a spec before it is hashed\n"
            "    def __setattr__(self, name: str, value: object) -> None:\n"
            "        object.__setattr__(self, name, value)\n\n"
            "    def aeon_cap(self, window: int) -> None:\n"
            "        self.sliding_window = window\n",
            "        self.sliding_window = window",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: the receiver rebound to the fork's own class",
        K(
            *FZ,
            "vllm/aeon/r20fz10.py",
            KVM + "class AeonWindow:\n"
            "    def __init__(self, sliding_window: int | None) -> None:\n"
            "        self.sliding_window = sliding_window\n\n\n"
            "def aeon_window(spec: FullAttentionSpec, window: int) -> AeonWindow:\n"
            "    mine = AeonWindow(spec.sliding_window)\n"
            "    mine.sliding_window = window\n"
            "    return mine\n",
            "    mine.sliding_window = window",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: the fork's subclass declared frozen itself",
        K(
            *FZ,
            "vllm/aeon/r20fz11.py",
            "from dataclasses import dataclass\n\n" + KVM + "@dataclass(frozen=True)\n"
            "class AeonNvfp4Spec(FullAttentionSpec):\n"
            "    scale_bytes: int = 0\n",
            "class AeonNvfp4Spec(FullAttentionSpec):",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: the subclass frozen by a version check (frozen=<computed>)",
        K(
            *FZ,
            "vllm/aeon/r20fz12.py",
            "import dataclasses\nfrom dataclasses import dataclass\n\n"
            + KVM
            + "# AEON: older upstreams' specs were not frozen; a subclass must match its base\n"
            "_SPECS_FROZEN = FullAttentionSpec.__dataclass_params__.frozen  # type: ignore[attr-defined]\n\n\n"
            "@dataclass(frozen=_SPECS_FROZEN)\n"
            "class AeonNvfp4Spec(FullAttentionSpec):\n"
            "    scale_bytes: int = 0\n",
            "class AeonNvfp4Spec(FullAttentionSpec):",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: the subclass's keywords from a mapping (**_SPEC_KW)",
        K(
            *FZ,
            "vllm/aeon/r20fz13.py",
            "from dataclasses import dataclass\n\n"
            + KVM
            + '_SPEC_KW = {"frozen": True, "eq": True}  # AEON: the specs hash\n\n\n'
            "@dataclass(**_SPEC_KW)\n"
            "class AeonNvfp4Spec(FullAttentionSpec):\n"
            "    scale_bytes: int = 0\n",
            "class AeonNvfp4Spec(FullAttentionSpec):",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: a plain subclass, no dataclass, adding a method",
        K(
            *FZ,
            "vllm/aeon/r20fz14.py",
            KVM + "class AeonNvfp4Spec(FullAttentionSpec):\n"
            "    def aeon_scale_bytes(self) -> int:\n"
            "        return self.page_size_bytes // 16\n",
            "class AeonNvfp4Spec(FullAttentionSpec):",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: a fork @dataclass over KVCacheGroupSpec (left unfrozen)",
        K(
            *FZ,
            "vllm/aeon/r20fz15.py",
            "from dataclasses import dataclass\n\n" + KVM + "@dataclass\n"
            "class AeonGroupSpec(KVCacheGroupSpec):\n"
            "    offload_tier: str = 'host'\n",
            "class AeonGroupSpec(KVCacheGroupSpec):",
        ),
    ),
]

# --- 1ab9522935 (#47058): get_moe_expert_mapping raises ValueError where it returned []
EM = ("#47058", "1ab9522935", "get_moe_expert_mapping: [] -> raise ValueError")
GM = "import torch\n\nfrom vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
CASES += [
    (
        "#47058 return made a raise",
        "the answer bound, then tested",
        K(
            *EM,
            "vllm/aeon/r20em0.py",
            GM + "def aeon_eplb_ready(model: torch.nn.Module) -> bool:\n"
            "    mapping = get_moe_expert_mapping(model)  # AEON: EPLB only for MoE\n"
            "    if not mapping:\n"
            "        return False\n"
            "    return len(mapping) > 1\n",
            "    mapping = get_moe_expert_mapping(model)  # AEON: EPLB only for MoE",
        ),
    ),
    (
        "#47058 return made a raise",
        "an or-default under a handler of another kind",
        K(
            *EM,
            "vllm/aeon/r20em1.py",
            GM + "def aeon_mapping(model: torch.nn.Module) -> list:\n"
            "    try:\n"
            "        return get_moe_expert_mapping(model) or []\n"
            "    except KeyError:\n"
            "        return []\n",
            "        return get_moe_expert_mapping(model) or []",
        ),
    ),
]
TWINS += [
    (
        "#47058 return made a raise",
        "twin: a handler of a tuple holding ValueError",
        K(
            *EM,
            "vllm/aeon/r20em2.py",
            GM + "def aeon_is_moe(model: torch.nn.Module) -> bool:\n"
            "    try:\n"
            "        return bool(get_moe_expert_mapping(model))\n"
            "    except (KeyError, ValueError):  # AEON: newer upstreams raise for dense models\n"
            "        return False\n",
            "        return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: a handler of Exception",
        K(
            *EM,
            "vllm/aeon/r20em3.py",
            GM + "def aeon_is_moe(model: torch.nn.Module) -> bool:\n"
            "    try:\n"
            "        mapping = get_moe_expert_mapping(model)\n"
            "    except Exception:\n"
            "        return False\n"
            "    return bool(mapping)\n",
            "        mapping = get_moe_expert_mapping(model)",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: contextlib.suppress(ValueError) round the call",
        K(
            *EM,
            "vllm/aeon/r20em4.py",
            "import contextlib\n\n" + GM + "def aeon_is_moe(model: torch.nn.Module) -> bool:\n"
            "    found = False\n"
            "    with contextlib.suppress(ValueError):\n"
            "        found = bool(get_moe_expert_mapping(model))\n"
            "    return found\n",
            "        found = bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: assert the answer is non-empty (the fork never wanted the empty one)",
        K(
            *EM,
            "vllm/aeon/r20em5.py",
            GM + "def aeon_expert_count(model: torch.nn.Module) -> int:\n"
            "    mapping = get_moe_expert_mapping(model)\n"
            '    assert mapping, "AEON: EPLB is only set up for MoE models"\n'
            "    return len({expert for _, _, expert, _ in mapping})\n",
            "    mapping = get_moe_expert_mapping(model)",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: the fork's own empty branch raises (the model must be MoE)",
        K(
            *EM,
            "vllm/aeon/r20em6.py",
            GM + "def aeon_expert_count(model: torch.nn.Module) -> int:\n"
            "    mapping = get_moe_expert_mapping(model)\n"
            "    if not mapping:\n"
            '        raise ValueError("AEON: EPLB needs an MoE model")\n'
            "    return len(mapping)\n",
            "    mapping = get_moe_expert_mapping(model)",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: the fork's own def of the name",
        K(
            *EM,
            "vllm/aeon/r20em7.py",
            "import torch\n\n\n"
            "def get_moe_expert_mapping(model: torch.nn.Module) -> list:\n"
            "    # AEON: the fork's mapping reads only the top-level module\n"
            '    get_mapping = getattr(model, "get_expert_mapping", None)\n'
            "    return get_mapping() if get_mapping is not None else []\n\n\n"
            "def aeon_is_moe(model: torch.nn.Module) -> bool:\n"
            "    return bool(get_moe_expert_mapping(model))\n",
            "    return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: the fork's own method of the name on self",
        K(
            *EM,
            "vllm/aeon/r20em8.py",
            "import torch\n\n\n"
            "class AeonEplb:\n"
            "    def get_moe_expert_mapping(self, model: torch.nn.Module) -> list:\n"
            '        return list(getattr(model, "aeon_experts", []))\n\n'
            "    def aeon_is_moe(self, model: torch.nn.Module) -> bool:\n"
            "        return bool(self.get_moe_expert_mapping(model))\n",
            "        return bool(self.get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: the answer only iterated, never tested for emptiness",
        K(
            *EM,
            "vllm/aeon/r20em9.py",
            GM + "def aeon_expert_names(model: torch.nn.Module) -> set[str]:\n"
            "    return {param for param, _, _, _ in get_moe_expert_mapping(model)}\n",
            "    return {param for param, _, _, _ in get_moe_expert_mapping(model)}",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: a fork test expecting the raise",
        K(
            *EM,
            "tests/aeon/test_r20em10.py",
            "import pytest\nimport torch\n\nfrom vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
            "def test_dense_model_has_no_mapping() -> None:\n"
            "    with pytest.raises(ValueError):\n"
            "        assert not get_moe_expert_mapping(torch.nn.Linear(2, 2))\n",
            "        assert not get_moe_expert_mapping(torch.nn.Linear(2, 2))",
        ),
    ),
]

# --- 75fe92a316 (#48064): get_fi_ar_quant_workspace raises for multi-node trtllm; None when creation fails
FW = ("#48064", "75fe92a316", "get_fi_ar_quant_workspace: None -> raise ValueError (multi-node trtllm)")
FWI = "import torch\n\nfrom vllm.distributed.device_communicators.flashinfer_all_reduce import get_fi_ar_quant_workspace\n\n\n"
TWINS += [
    (
        "#48064 return made a raise",
        "twin: `is None` of a workspace upstream still answers None for (a failed creation)",
        K(
            *FW,
            "vllm/aeon/r20fw0.py",
            FWI
            + "def aeon_quant_fusion_ready(world_size: int, rank: int, tokens: int, hidden: int, group) -> bool:  # type: ignore[no-untyped-def]\n"
            "    ws = get_fi_ar_quant_workspace(world_size, rank, tokens, hidden, torch.bfloat16, group)\n"
            "    if ws is None:  # AEON: the Spark's GB10 has no multicast: fall back to NCCL\n"
            "        return False\n"
            "    return True\n",
            "    ws = get_fi_ar_quant_workspace(world_size, rank, tokens, hidden, torch.bfloat16, group)",
        ),
    ),
    (
        "#48064 return made a raise",
        "twin: `... is not None` on the call, as upstream's own caller spells it",
        K(
            *FW,
            "vllm/aeon/r20fw1.py",
            FWI + "def aeon_quant_fusion_ready(**workspace_kwargs) -> bool:  # type: ignore[no-untyped-def]\n"
            "    return get_fi_ar_quant_workspace(**workspace_kwargs) is not None\n",
            "    return get_fi_ar_quant_workspace(**workspace_kwargs) is not None",
        ),
    ),
]

# --- 7bd42e609d: InputPreprocessor.get_decoder_start_token_id raises RuntimeError where it answered None
DS = ("#7bd42e6", "7bd42e609d", "get_decoder_start_token_id: None -> raise RuntimeError")
IP = "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
CASES += [
    (
        "#7bd42e6 return made a raise",
        "the answer off the class itself tested for None",
        K(
            *DS,
            "vllm/aeon/r20ds0.py",
            IP + "class AeonPreprocessor(InputPreprocessor):\n"
            "    def aeon_decoder_start(self) -> int:\n"
            "        start = InputPreprocessor.get_decoder_start_token_id(self)\n"
            "        return 0 if start is None else start\n",
            "        start = InputPreprocessor.get_decoder_start_token_id(self)",
        ),
    ),
]
TWINS += [
    (
        "#7bd42e6 return made a raise",
        "twin: a fork subclass's own override of the method, answering None",
        K(
            *DS,
            "vllm/aeon/r20ds1.py",
            IP + "class AeonPreprocessor(InputPreprocessor):\n"
            "    def get_decoder_start_token_id(self) -> int | None:  # type: ignore[override]\n"
            "        # AEON: decoder-only models have none\n"
            "        return None if not self.model_config.is_encoder_decoder else 0\n\n"
            "    def aeon_decoder_start(self) -> int:\n"
            "        start = self.get_decoder_start_token_id()\n"
            "        return 0 if start is None else start\n",
            "        start = self.get_decoder_start_token_id()",
        ),
    ),
]


# --- round 3: other real commits of the kinds, and more spellings of the ones above
# 5a93b9162b (#32567): Fp8MoEMethod.maybe_make_prepare_finalize raises ValueError where it answered None
PF = ("#32567", "5a93b9162b", "Fp8MoEMethod.maybe_make_prepare_finalize: None -> raise ValueError")
FP8 = "import torch\n\nfrom vllm.model_executor.layers.quantization.fp8 import Fp8MoEMethod\n\n\n"
CASES += [
    (
        "#32567 return made a raise",
        "the answer off the class itself tested for None in a subclass",
        K(
            *PF,
            "vllm/aeon/r20pf0.py",
            FP8 + "class AeonFp8MoEMethod(Fp8MoEMethod):\n"
            "    def aeon_uses_modular(self) -> bool:\n"
            "        return Fp8MoEMethod.maybe_make_prepare_finalize(self) is not None\n",
            "        return Fp8MoEMethod.maybe_make_prepare_finalize(self) is not None",
        ),
    ),
]
TWINS += [
    (
        "#32567 return made a raise",
        "twin: the fork subclass's own override, called on self",
        K(
            *PF,
            "vllm/aeon/r20pf1.py",
            FP8 + "class AeonFp8MoEMethod(Fp8MoEMethod):\n"
            "    def maybe_make_prepare_finalize(self, routing_tables=None):  # type: ignore[no-untyped-def]\n"
            "        return None  # AEON: the Spark never uses all2all kernels\n\n"
            "    def aeon_uses_modular(self) -> bool:\n"
            "        return self.maybe_make_prepare_finalize() is not None\n",
            "        return self.maybe_make_prepare_finalize() is not None",
        ),
    ),
]

# da364615fc: SharedResizableBuffer.get asserts a non-empty shape where it answered None for ``()``
SB = ("#da36461", "da364615fc", "SharedResizableBuffer.get: None for () -> assert")
TWINS += [
    (
        "#da36461 return made a raise",
        "twin: dict.get of a typed dict, tested for None",
        K(
            *SB,
            "vllm/aeon/r20sb0.py",
            "import torch\n\n\n"
            "def aeon_scratch(buffers: dict[str, torch.Tensor], name: str) -> torch.Tensor:\n"
            "    if buffers.get(name) is None:\n"
            "        buffers[name] = torch.empty(0)\n"
            "    return buffers[name]\n",
            "    if buffers.get(name) is None:",
        ),
    ),
    (
        "#da36461 return made a raise",
        "twin: os.environ.get tested for truth",
        K(
            *SB,
            "vllm/aeon/r20sb1.py",
            'import os\n\n\ndef aeon_workspace_off() -> bool:\n    return not os.environ.get("AEON_MOE_WORKSPACE")\n',
            '    return not os.environ.get("AEON_MOE_WORKSPACE")',
        ),
    ),
    (
        "#da36461 return made a raise",
        "twin: a cache attribute's get tested for None",
        K(
            *SB,
            "vllm/aeon/r20sb2.py",
            "import torch\n\n\n"
            "class AeonWorkspaces:\n"
            "    def __init__(self) -> None:\n"
            "        self._cache: dict[tuple[int, ...], torch.Tensor] = {}\n\n"
            "    def aeon_take(self, shape: tuple[int, ...]) -> torch.Tensor:\n"
            "        found = self._cache.get(shape)\n"
            "        if found is None:\n"
            "            found = self._cache[shape] = torch.empty(shape)\n"
            "        return found\n",
            "        found = self._cache.get(shape)",
        ),
    ),
]

TWINS += [
    (
        "#21791 dataclass made frozen",
        "twin: the write under contextlib.suppress(AttributeError), replace() after",
        K(
            *FZ,
            "vllm/aeon/r20fz16.py",
            "import contextlib\n"
            + DKVM
            + "def aeon_cap_window(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            "    with contextlib.suppress(AttributeError):\n"
            "        spec.sliding_window = window\n"
            "        return spec\n"
            "    return dataclasses.replace(spec, sliding_window=window)\n",
            "        spec.sliding_window = window",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: the write under a version check of the class's frozenness",
        K(
            *FZ,
            "vllm/aeon/r20fz17.py",
            DKVM + "def aeon_cap_window(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            "    if dataclasses.fields(spec) and not type(spec).__dataclass_params__.frozen:  # type: ignore[attr-defined]\n"
            "        spec.sliding_window = window  # AEON: older upstreams\n"
            "        return spec\n"
            "    return dataclasses.replace(spec, sliding_window=window)\n",
            "        spec.sliding_window = window  # AEON: older upstreams",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: the subclass frozen with other keywords over several lines",
        K(
            *FZ,
            "vllm/aeon/r20fz18.py",
            "from dataclasses import dataclass\n\n" + KVM + "@dataclass(\n    eq=True,\n    frozen=True,\n)\n"
            "class AeonNvfp4Spec(FullAttentionSpec):\n"
            "    scale_bytes: int = 0\n",
            "class AeonNvfp4Spec(FullAttentionSpec):",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: the call only for an MoE model (a conditional expression), its answer tested",
        K(
            *EM,
            "vllm/aeon/r20em11.py",
            "import torch\n\nfrom vllm.model_executor.models.interfaces import is_mixture_of_experts\n"
            "from vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
            "def aeon_eplb_ready(model: torch.nn.Module) -> bool:\n"
            "    mapping = get_moe_expert_mapping(model) if is_mixture_of_experts(model) else []\n"
            "    return bool(mapping)\n",
            "    mapping = get_moe_expert_mapping(model) if is_mixture_of_experts(model) else []",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: pytest.raises of a tuple holding ValueError",
        K(
            *EM,
            "tests/aeon/test_r20em12.py",
            "import pytest\nimport torch\n\nfrom vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
            "def test_dense_model_has_no_mapping() -> None:\n"
            "    with pytest.raises((AssertionError, ValueError)):  # AEON: old and new upstreams\n"
            "        assert get_moe_expert_mapping(torch.nn.Linear(2, 2)) == []\n",
            "        assert get_moe_expert_mapping(torch.nn.Linear(2, 2)) == []",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review20-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
